import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { evaluateSalesTax, formatRate, parseRate, salesTaxCents, type TaxJurisdiction, taxOf } from "./sales-tax";

// Dallas: 6.25% state, 1% city, 1% DART.
const DALLAS: TaxJurisdiction[] = [
  { id: 1, state: "TX", kind: "state", name: "Texas", ratePpm: 62_500 },
  { id: 2, state: "TX", kind: "city", name: "Dallas", ratePpm: 10_000 },
  { id: 3, state: "TX", kind: "transit", name: "Dallas MTA", ratePpm: 10_000 },
];

describe("sales tax", () => {
  it("taxes each line in each jurisdiction, rounded half up once per line", () => {
    const lines = evaluateSalesTax({
      lines: [{ position: 0, productId: 7, productClass: "glass", baseCents: 100_05 }],
      jurisdictions: DALLAS,
      certificates: [],
    });
    // 100.05 × 6.25% = 6.253125 → 6.25; × 1% = 1.0005 → 1.00 (twice).
    expect(lines.map((l) => l.taxCents)).toEqual([6_25, 1_00, 1_00]);
    expect(salesTaxCents(lines)).toBe(8_25);
    expect(taxOf(8, 62_500)).toBe(1); // 0.5 cent rounds up
    expect(taxOf(7, 62_500)).toBe(0); // 0.4375 cent rounds down
  });

  it("exempts the lines a certificate in force describes, and taxes the rest", () => {
    const lines = evaluateSalesTax({
      lines: [
        { position: 0, productId: 1, productClass: "nicotine-vape", baseCents: 500_00 },
        { position: 1, productId: 2, productClass: "glass", baseCents: 100_00 },
      ],
      jurisdictions: DALLAS,
      certificates: [{ id: "c1", productClasses: ["nicotine-vape"] }],
    });
    const vape = lines.filter((l) => l.position === 0);
    expect(vape.every((l) => l.exempt && l.taxCents === 0 && l.certificateId === "c1")).toBe(true);
    expect(salesTaxCents(lines)).toBe(8_25);
  });

  it("taxes the delivery fee in the share of the goods that is taxed", () => {
    const half = evaluateSalesTax({
      lines: [
        { position: 0, productId: 1, productClass: "kratom", baseCents: 100_00 },
        { position: 1, productId: 2, productClass: "glass", baseCents: 100_00 },
      ],
      taxableDeliveryCents: 25_00,
      jurisdictions: DALLAS.slice(0, 1),
      certificates: [{ id: "c1", productClasses: ["kratom"] }],
    });
    const fee = half.filter((l) => l.position === null);
    expect(fee.map((l) => [l.baseCents, l.taxCents, l.exempt])).toEqual([
      [12_50, 78, false],
      [12_50, 0, true],
    ]);
    const none = evaluateSalesTax({
      lines: [{ position: 0, productId: 1, productClass: null, baseCents: 10_00 }],
      taxableDeliveryCents: 25_00,
      jurisdictions: DALLAS,
      certificates: [{ id: "c1", productClasses: ["other"] }],
    });
    expect(salesTaxCents(none)).toBe(0);
  });

  it("charges nothing where the store does not collect", () => {
    expect(
      evaluateSalesTax({
        lines: [{ position: 0, productId: 1, productClass: "glass", baseCents: 10_00 }],
        jurisdictions: [],
        certificates: [],
      }),
    ).toEqual([]);
  });

  it("keeps its invariants for any sale", () => {
    const line = fc.record({
      productClass: fc.constantFrom("nicotine-vape", "kratom", "glass", null),
      baseCents: fc.integer({ min: 0, max: 5_000_000 }),
    });
    fc.assert(
      fc.property(
        fc.array(line, { maxLength: 12 }),
        fc.integer({ min: 0, max: 50_000 }),
        fc.subarray(["nicotine-vape", "kratom", "glass", "other"]),
        fc.array(fc.integer({ min: 0, max: 100_000 }), { minLength: 1, maxLength: 4 }),
        (specs, fee, covered, rates) => {
          const jurisdictions = rates.map((ratePpm, i) => ({
            id: i + 1,
            state: "TX",
            kind: "city" as const,
            name: `J${i}`,
            ratePpm,
          }));
          const lines = specs.map((s, position) => ({ position, productId: position + 1, ...s }));
          const taxed = evaluateSalesTax({
            lines,
            taxableDeliveryCents: fee,
            jurisdictions,
            certificates: covered.length > 0 ? [{ id: "c", productClasses: covered }] : [],
          });
          for (const l of lines) {
            const rows = taxed.filter((t) => t.position === l.position);
            // One row per jurisdiction, each rounded once from the line's own base.
            expect(rows).toHaveLength(jurisdictions.length);
            const exempt = covered.includes(l.productClass ?? "other");
            for (const r of rows) {
              expect(r.exempt).toBe(exempt);
              expect(r.taxCents).toBe(exempt ? 0 : Math.round((l.baseCents * r.ratePpm) / 1_000_000 + 1e-9));
            }
          }
          // The fee's rows split it whole, taxed plus exempt.
          const feeRows = taxed.filter((t) => t.position === null && t.jurisdictionId === 1);
          const goods = lines.reduce((s, l) => s + l.baseCents, 0);
          expect(feeRows.reduce((s, r) => s + r.baseCents, 0)).toBe(goods > 0 ? fee : 0);
          expect(salesTaxCents(taxed)).toBe(taxed.reduce((s, t) => s + t.taxCents, 0));
          expect(Number.isSafeInteger(salesTaxCents(taxed))).toBe(true);
        },
      ),
    );
  });

  it("reads and writes rates as people do", () => {
    expect(parseRate("6.25")).toBe(62_500);
    expect(parseRate("1%")).toBe(10_000);
    expect(parseRate("0.125")).toBe(1_250);
    expect(parseRate("21")).toBeNull();
    expect(parseRate("6.25.1")).toBeNull();
    expect(parseRate("abc")).toBeNull();
    expect(formatRate(62_500)).toBe("6.25%");
    expect(formatRate(10_000)).toBe("1%");
    expect(formatRate(82_500)).toBe("8.25%");
  });
});

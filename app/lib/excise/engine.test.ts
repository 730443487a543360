import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { rateToMicros } from "../schemas/excise";
import {
  collectedCents,
  divideHalfUp,
  type ExciseFacts,
  type ExciseRule,
  evaluateExcise,
  findExciseContradiction,
  lineExcise,
  summarizeExcise,
} from "./engine";

function facts(id: number, over: Partial<ExciseFacts> = {}): ExciseFacts {
  return {
    id,
    category: "disposable-vapes",
    brand: "Vaporlux",
    productClass: "nicotine-vape",
    flavorClass: "flavored",
    country: "US",
    thcMg: null,
    nicotineMgMl: null,
    options: {},
    directoryStates: [],
    mlPerUnit: 120,
    cartridgesPerUnit: 10,
    system: "closed",
    nicotine: true,
    ...over,
  };
}

function rule(id: number, over: Partial<ExciseRule> = {}): ExciseRule {
  return {
    id,
    name: `Rule ${id}`,
    state: "LA",
    zips: [],
    scope: { classes: ["nicotine-vape"] },
    method: "per-ml",
    rateMicros: 150_000,
    effectiveFrom: "2025-01-01",
    effectiveUntil: null,
    owedBy: "store",
    wording: "Louisiana vapor tax",
    source: null,
    sourceDate: null,
    enabled: true,
    example: false,
    updatedAt: "",
    ...over,
  };
}

const LA = { state: "LA", zip: "70112" };

describe("excise engine", () => {
  it("taxes Louisiana per ml: 2 displays of 10 × 12 ml at $0.15 is $36.00", () => {
    const [line] = evaluateExcise(
      [{ productId: 1, quantity: 2, lineCents: 10_000 }],
      new Map([[1, facts(1)]]),
      LA,
      "2026-11-27",
      [rule(1)],
    );
    expect(line?.amountCents).toBe(3600);
    expect(line?.mlMilli).toBe(240_000);
  });

  it("taxes Kentucky per closed cartridge and a percentage of open systems, each by its own rule", () => {
    const rules = [
      rule(1, { state: "KY", method: "per-unit", rateMicros: 1_500_000, scope: { all: true, systems: ["closed"] } }),
      rule(2, { state: "KY", method: "percent", rateMicros: 15_000_000, scope: { all: true, systems: ["open"] } }),
    ];
    const lines = evaluateExcise(
      [
        { productId: 1, quantity: 3, lineCents: 30_000 },
        { productId: 2, quantity: 1, lineCents: 1_999 },
      ],
      new Map([
        [1, facts(1)],
        [2, facts(2, { system: "open", cartridgesPerUnit: null, mlPerUnit: 60 })],
      ]),
      { state: "KY", zip: "40202" },
      "2026-11-27",
      rules,
    );
    expect(lines.map((l) => [l.productId, l.ruleId, l.amountCents])).toEqual([
      [1, 1, 4500],
      [2, 2, 300], // 15% of $19.99 = 299.85 cents, half up: 300
    ]);
  });

  it("rounds once per line, half up", () => {
    expect(divideHalfUp(5n, 10n)).toBe(1n);
    expect(divideHalfUp(4n, 10n)).toBe(0n);
    expect(divideHalfUp(15n, 10n)).toBe(2n);
    // 1 unit of 0.5 ml at $0.15: 7.5 cents → 8
    const l = lineExcise(rule(1), facts(1, { mlPerUnit: 0.5 }), { productId: 1, quantity: 1, lineCents: 100 });
    expect(l.amountCents).toBe(8);
  });

  it("leaves out rules of other states, ZIPs, dates, disabled rules and products out of scope", () => {
    const rules = [
      rule(1, { state: "NJ" }),
      rule(2, { zips: ["70001"] }),
      rule(3, { effectiveFrom: "2027-01-01" }),
      rule(4, { effectiveUntil: "2026-01-01" }),
      rule(5, { enabled: false }),
      rule(6, { scope: { classes: ["kratom"] } }),
      rule(7, { scope: { all: true, nicotineOnly: true } }),
    ];
    const lines = evaluateExcise(
      [{ productId: 1, quantity: 1, lineCents: 100 }],
      new Map([[1, facts(1, { nicotine: false })]]),
      LA,
      "2026-11-27",
      rules,
    );
    expect(lines).toEqual([]);
  });

  it("flags a per-ml tax on a product whose ml is not set, and taxes it nothing", () => {
    const [l] = evaluateExcise(
      [{ productId: 1, quantity: 1, lineCents: 100 }],
      new Map([[1, facts(1, { mlPerUnit: null })]]),
      LA,
      "2026-11-27",
      [rule(1)],
    );
    expect(l).toMatchObject({ amountCents: 0, missingFact: true });
  });

  it("adds only what the store collects to the total", () => {
    const lines = evaluateExcise(
      [{ productId: 1, quantity: 1, lineCents: 10_000 }],
      new Map([[1, facts(1)]]),
      { state: "NM", zip: "87101" },
      "2026-11-27",
      [
        rule(1, {
          state: "NM",
          method: "per-unit",
          rateMicros: 500_000,
          owedBy: "buyer",
          scope: { systems: ["closed"] },
        }),
      ],
    );
    expect(summarizeExcise(lines)).toMatchObject([{ owedBy: "buyer", amountCents: 500 }]);
    expect(collectedCents(lines)).toBe(0);
  });

  it("reports overlapping rules of one state as a contradiction, and not rules apart", () => {
    const catalog = [facts(1), facts(2, { system: "open" })];
    const closed = rule(1, { state: "KY", scope: { all: true, systems: ["closed"] } });
    expect(
      findExciseContradiction(
        rule(0, { state: "KY", scope: { all: true, systems: ["open"] } }),
        [closed],
        null,
        catalog,
      ),
    ).toBeNull();
    expect(
      findExciseContradiction(rule(0, { state: "KY", scope: { classes: ["nicotine-vape"] } }), [closed], null, catalog)
        ?.id,
    ).toBe(1);
    expect(findExciseContradiction(rule(0, { state: "TN", scope: { all: true } }), [closed], null, catalog)).toBeNull();
    expect(
      findExciseContradiction(
        rule(0, { state: "KY", scope: { all: true }, effectiveUntil: "2024-12-31", effectiveFrom: "2024-01-01" }),
        [closed],
        null,
        catalog,
      ),
    ).toBeNull();
    expect(
      findExciseContradiction(rule(0, { state: "KY", zips: ["40202"], scope: { all: true } }), [closed], null, catalog)
        ?.id,
    ).toBe(1);
    expect(findExciseContradiction(rule(0, { state: "KY", scope: { all: true } }), [closed], 1, catalog)).toBeNull();
  });

  it("reads rates exactly", () => {
    expect(rateToMicros("0.15")).toBe(150_000);
    expect(rateToMicros("15")).toBe(15_000_000);
    expect(rateToMicros("12.5")).toBe(12_500_000);
    expect(rateToMicros("0.000001")).toBe(1);
  });

  it("line amounts add up to the totals for any cart (property)", () => {
    const product = fc.record({
      mlPerUnit: fc.option(fc.integer({ min: 0, max: 100_000 }).map((n) => n / 1000)),
      cartridgesPerUnit: fc.option(fc.integer({ min: 0, max: 50 })),
      system: fc.option(fc.constantFrom("open" as const, "closed" as const)),
    });
    const ruleArb = fc.record({
      method: fc.constantFrom("per-ml" as const, "per-unit" as const, "percent" as const),
      rateMicros: fc.integer({ min: 0, max: 100_000_000 }),
      owedBy: fc.constantFrom("store" as const, "buyer" as const),
      systems: fc.option(fc.constantFrom<("open" | "closed")[]>(["open"], ["closed"])),
    });
    fc.assert(
      fc.property(
        fc.array(product, { minLength: 1, maxLength: 8 }),
        fc.array(
          fc.record({
            quantity: fc.integer({ min: 1, max: 10_000 }),
            unitCents: fc.integer({ min: 0, max: 1_000_000 }),
          }),
          {
            minLength: 1,
            maxLength: 8,
          },
        ),
        fc.array(ruleArb, { minLength: 1, maxLength: 4 }),
        (products, cart, ruleSpecs) => {
          const factsMap = new Map(products.map((p, i) => [i + 1, facts(i + 1, p)]));
          const lines = cart.map((c, i) => ({
            productId: (i % products.length) + 1,
            quantity: c.quantity,
            lineCents: c.unitCents * c.quantity,
          }));
          const rules = ruleSpecs.map((r, i) =>
            rule(i + 1, {
              method: r.method,
              rateMicros: r.rateMicros,
              owedBy: r.owedBy,
              scope: r.systems ? { all: true, systems: r.systems } : { all: true },
            }),
          );
          const out = evaluateExcise(lines, factsMap, LA, "2026-11-27", rules);
          // Every amount is whole cents, never negative, and within half a cent of the exact tax.
          for (const l of out) {
            expect(Number.isSafeInteger(l.amountCents)).toBe(true);
            const p = factsMap.get(l.productId) as ExciseFacts;
            const rate = l.rateMicros / 1_000_000;
            const exact =
              l.method === "per-ml"
                ? l.quantity * (p.mlPerUnit ?? 0) * rate * 100
                : l.method === "per-unit"
                  ? l.quantity * (p.cartridgesPerUnit ?? 1) * rate * 100
                  : (l.wholesaleCents * rate) / 100;
            expect(Math.abs(l.amountCents - exact)).toBeLessThanOrEqual(0.5 + exact * 1e-9);
          }
          const summary = summarizeExcise(out);
          const sum = (xs: { amountCents: number }[]) => xs.reduce((s, x) => s + x.amountCents, 0);
          expect(sum(summary)).toBe(sum(out));
          expect(collectedCents(summary)).toBe(collectedCents(out));
          expect(collectedCents(out)).toBe(sum(out.filter((l) => l.owedBy === "store")));
        },
      ),
      { numRuns: 300 },
    );
  });
});

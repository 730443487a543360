import { describe, expect, it } from "vitest";
import type { ScopeFacts } from "./rule-book/scope";
import { evaluateSalesTax, salesTaxCents } from "./sales-tax";
import { exemptingRule, feeTaxable, findTaxabilityClash, type TaxabilityRule } from "./sales-tax-rules";

function product(over: Partial<ScopeFacts> = {}): ScopeFacts {
  return {
    id: 1,
    category: "novelty",
    brand: "Acme",
    productClass: "kratom",
    flavorClass: null,
    country: null,
    thcMg: null,
    nicotineMgMl: null,
    options: {},
    ...over,
  };
}

let nextId = 1;
function rule(over: Partial<TaxabilityRule> = {}): TaxabilityRule {
  const id = nextId++;
  return {
    id,
    name: `Rule ${id}`,
    enabled: true,
    example: false,
    updatedAt: "",
    state: "TX",
    subject: "products",
    scope: { classes: ["kratom"] },
    verdict: "exempt",
    effectiveFrom: "2026-01-01",
    effectiveUntil: null,
    ...over,
  };
}

describe("taxability rules", () => {
  it("exempts the products a rule in force covers, on its days only and while enabled", () => {
    const kratom = rule({ effectiveUntil: "2026-06-30" });
    expect(exemptingRule([kratom], product(), "2026-03-01")).toEqual({ id: kratom.id, name: kratom.name });
    expect(exemptingRule([kratom], product(), "2025-12-31")).toBeNull();
    expect(exemptingRule([kratom], product(), "2026-07-01")).toBeNull();
    expect(exemptingRule([kratom], product({ productClass: "glass" }), "2026-03-01")).toBeNull();
    expect(exemptingRule([{ ...kratom, enabled: false }], product(), "2026-03-01")).toBeNull();
    // A fee's rule says nothing of products.
    expect(exemptingRule([rule({ subject: "delivery", scope: { all: true } })], product(), "2026-03-01")).toBeNull();
  });

  it("taxes a product two rules in force disagree on", () => {
    const exempt = rule({ scope: { classes: ["kratom"] } });
    const taxable = rule({ scope: { brands: ["acme"] }, verdict: "taxable" });
    expect(exemptingRule([exempt, taxable], product(), "2026-03-01")).toBeNull();
    expect(exemptingRule([exempt, taxable], product({ brand: "Other" }), "2026-03-01")?.id).toBe(exempt.id);
  });

  it("taxes a fee only where a rule in force says it is taxable", () => {
    const delivery = rule({
      subject: "delivery",
      scope: { all: true },
      verdict: "taxable",
      effectiveFrom: "2026-02-01",
    });
    const excise = rule({ subject: "excise", scope: { all: true }, verdict: "exempt" });
    expect(feeTaxable([delivery, excise], "delivery", "2026-02-01")).toBe(true);
    expect(feeTaxable([delivery, excise], "delivery", "2026-01-31")).toBe(false);
    expect(feeTaxable([delivery, excise], "excise", "2026-02-01")).toBe(false);
    expect(feeTaxable([], "delivery", "2026-02-01")).toBe(false);
  });

  it("finds the rule a candidate contradicts: same state and subject, overlapping days and products, other verdict", () => {
    const catalog = [product({ id: 1 }), product({ id: 2, productClass: "glass", brand: "Clear" })];
    const stored = rule({ name: "Kratom exempt", effectiveUntil: "2026-12-31" });
    const clash = (over: Partial<TaxabilityRule>) =>
      findTaxabilityClash({ ...rule(), verdict: "taxable", ...over }, [stored], null, catalog);
    expect(clash({})?.name).toBe("Kratom exempt");
    // The same verdict agrees.
    expect(clash({ verdict: "exempt" })).toBeNull();
    // Another state, other days, other products, another subject: no contradiction.
    expect(clash({ state: "OK" })).toBeNull();
    expect(clash({ effectiveFrom: "2027-01-01" })).toBeNull();
    expect(clash({ scope: { classes: ["glass"] } })).toBeNull();
    expect(clash({ subject: "excise", scope: { all: true } })).toBeNull();
    // A brand filter meets the class filter on a product of the catalog.
    expect(clash({ scope: { brands: ["acme"] } })?.id).toBe(stored.id);
    expect(clash({ scope: { brands: ["clear"] } })).toBeNull();
    // Editing the rule itself, or a disabled stored rule, is no contradiction.
    expect(findTaxabilityClash({ ...stored, verdict: "taxable" }, [stored], stored.id, catalog)).toBeNull();
    expect(
      findTaxabilityClash({ ...stored, verdict: "taxable" }, [{ ...stored, enabled: false }], null, catalog),
    ).toBeNull();
    // Fees: any two rules of the same fee overlap.
    const fee = rule({ subject: "delivery", scope: { all: true }, verdict: "taxable" });
    expect(findTaxabilityClash({ ...fee, verdict: "exempt" }, [fee], null, [])?.id).toBe(fee.id);
  });

  it("names the rule of an exempt line instead of a certificate, and shares the delivery fee by the taxed goods", () => {
    const lines = evaluateSalesTax({
      lines: [
        { position: 0, productId: 1, productClass: "kratom", baseCents: 100_00, exemptRule: { id: 9, name: "Kratom" } },
        { position: 1, productId: 2, productClass: "glass", baseCents: 100_00 },
      ],
      taxableDeliveryCents: 10_00,
      jurisdictions: [{ id: 1, state: "TX", kind: "state", name: "Texas", ratePpm: 62_500 }],
      certificates: [{ id: "c1", productClasses: ["kratom"] }],
    });
    const exempt = lines.find((l) => l.position === 0);
    expect(exempt).toMatchObject({ exempt: true, taxCents: 0, ruleId: 9, ruleName: "Kratom", certificateId: null });
    // Glass 100.00 and half the fee (5.00) are taxed at 6.25%.
    expect(salesTaxCents(lines)).toBe(6_25 + 31);
  });
});

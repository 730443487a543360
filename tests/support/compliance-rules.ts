import type { ProductFacts, Rule } from "../../app/lib/compliance/engine";

/** Rules and product facts for the compliance engine's tests: every field filled, each rule its own id. */
let nextId = 1;
export function rule(fields: Partial<Rule> & Pick<Rule, "scope">): Rule {
  return {
    id: nextId++,
    name: `Rule ${nextId}`,
    states: [],
    zips: [],
    effectiveFrom: "2025-01-01",
    effectiveUntil: null,
    effect: "block",
    licenseType: null,
    reason: "Not here.",
    label: "state ban",
    enabled: true,
    example: false,
    updatedAt: "",
    ...fields,
  };
}

export function product(fields: Partial<ProductFacts>): ProductFacts {
  return {
    id: 1,
    category: "novelty",
    brand: null,
    productClass: "novelty",
    flavorClass: null,
    country: "US",
    thcMg: null,
    nicotineMgMl: null,
    options: {},
    directoryStates: [],
    ...fields,
  };
}

/** A valid rule as the admin's form posts it (lib/schemas/compliance.ts ruleSchema). */
export const VALID_RULE_INPUT = {
  name: "Kratom bans",
  classes: "kratom",
  states: "IN, AL",
  effectiveFrom: "2025-01-01",
  effect: "block",
  reason: "Kratom cannot be shipped to Indiana (state ban).",
  label: "state ban",
};

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LICENSE_TYPES, licenseCountsIn, licenseTypeStateBound } from "./business";
import {
  type BuyerLicense,
  bulkComplianceSchema,
  type Destination,
  describeEffect,
  destinationStates,
  evaluateSale,
  fillState,
  findContradiction,
  licenseCoversAddress,
  type ProductFacts,
  productComplianceSchema,
  type Rule,
  ruleSchema,
  scopeOf,
  scopesOverlap,
  stateName,
  validUpc,
} from "./compliance";
import * as MESSAGES from "./messages";
import { US_STATE_CODES } from "./us-states";
import { ZIP_PREFIX_RANGES } from "./zip-states";

let nextId = 1;
function rule(fields: Partial<Rule> & Pick<Rule, "scope">): Rule {
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

function product(fields: Partial<ProductFacts>): ProductFacts {
  return {
    id: 1,
    category: "novelty",
    brand: null,
    productClass: "novelty",
    flavorClass: null,
    country: "US",
    thcMg: null,
    directoryStates: [],
    ...fields,
  };
}

const KRATOM_BAN = rule({
  name: "Kratom bans",
  scope: { classes: ["kratom"] },
  states: ["AL", "AR", "IN", "VT", "WI", "LA"],
  reason: "Kratom cannot be shipped to this state (state ban).",
});
const FLAVOR_BAN = rule({
  name: "Flavored vape bans",
  scope: { classes: ["nicotine-vape", "non-nicotine-vape"], flavors: ["flavored"] },
  states: ["MA", "NJ", "NY", "RI", "UT"],
  reason: "Flavored vapes cannot be shipped to this state.",
});
const TX_CHINA_VAPES = rule({
  name: "Texas: vapes made in China",
  scope: { classes: ["nicotine-vape", "non-nicotine-vape"], countries: ["CN"] },
  states: ["TX"],
  effectiveFrom: "2025-09-01",
  reason: "Texas bans vapes made in China (since 2025-09-01).",
});
const FEDERAL_HEMP = rule({
  name: "Federal hemp redefinition",
  scope: { classes: ["cannabinoid"], minThcMg: 0.4 },
  effectiveFrom: "2026-11-12",
  reason: "Hemp products with more than 0.4 mg THC per container are no longer legal hemp.",
});
const TX_HEMP_LICENSE = rule({
  name: "Texas hemp registration",
  scope: { classes: ["cannabinoid"] },
  states: ["TX"],
  effect: "require-license",
  licenseType: "tx-dshs-hemp",
  reason: "Texas requires a DSHS hemp retail registration.",
  label: "hemp registration required",
});
const ZIP_RULE = rule({
  name: "One town",
  scope: { categories: ["glass"] },
  states: ["CA"],
  zips: ["94110"],
  effectiveUntil: "2026-06-30",
  reason: "Not in this town.",
});
const DISABLED = rule({ name: "Off", scope: { all: true }, enabled: false });
const DIRECTORY = rule({
  name: "State vape directories",
  scope: { classes: ["nicotine-vape"] },
  states: ["KY", "NC", "AL", "LA", "OK", "VA", "AR", "WI"],
  effect: "require-listing",
  reason: "{state} allows only vapes listed in its state directory.",
  label: "not in state directory",
});
const RULES = [KRATOM_BAN, FLAVOR_BAN, TX_CHINA_VAPES, FEDERAL_HEMP, TX_HEMP_LICENSE, ZIP_RULE, DISABLED, DIRECTORY];

const dest = (state: string, zip = "00000", addressId: string | null = "addr-1"): Destination => ({
  state,
  zip,
  addressId,
});
const hemp: BuyerLicense = {
  type: "tx-dshs-hemp",
  status: "approved",
  expiresOn: "2027-01-01",
  issuingState: "TX",
  addressId: null,
  addressBound: false,
};

const kratom = product({ productClass: "kratom", category: "kratom" });
const flavoredVape = product({ productClass: "nicotine-vape", flavorClass: "flavored", category: "disposable-vapes" });
const tobaccoVapeChina = product({ productClass: "nicotine-vape", flavorClass: "tobacco", country: "CN" });
const tobaccoVapeUs = product({ productClass: "nicotine-vape", flavorClass: "tobacco", country: "US" });
const cbd = product({ productClass: "cannabinoid", thcMg: 0 });
const delta8 = product({ productClass: "cannabinoid", thcMg: 25 });
const glass = product({ productClass: "glass", category: "glass" });
const unlistedVape = product({ productClass: "nicotine-vape", flavorClass: "tobacco", category: "disposable-vapes" });
const kyListedVape = product({ ...unlistedVape, directoryStates: ["KY", "NC"] });

type Case = [
  string,
  ProductFacts,
  Destination,
  BuyerLicense[],
  string,
  "allowed" | "blocked" | "license-required",
  number[],
];

// class × state × ZIP × license × date → outcome, deciding rules
const CASES: Case[] = [
  ["kratom to Indiana", kratom, dest("IN"), [], "2026-01-01", "blocked", [KRATOM_BAN.id]],
  ["kratom to Texas", kratom, dest("TX"), [], "2026-01-01", "allowed", []],
  ["kratom, lower-case state", kratom, dest("in"), [], "2026-01-01", "blocked", [KRATOM_BAN.id]],
  ["kratom before the rule starts", kratom, dest("IN"), [], "2024-12-31", "allowed", []],
  ["flavored vape to New York", flavoredVape, dest("NY"), [], "2026-01-01", "blocked", [FLAVOR_BAN.id]],
  ["flavored vape to Texas", flavoredVape, dest("TX"), [], "2026-01-01", "allowed", []],
  ["tobacco vape to New York", tobaccoVapeUs, dest("NY"), [], "2026-01-01", "allowed", []],
  [
    "Chinese vape to Texas after the ban",
    tobaccoVapeChina,
    dest("TX"),
    [],
    "2025-09-01",
    "blocked",
    [TX_CHINA_VAPES.id],
  ],
  ["Chinese vape to Texas the day before", tobaccoVapeChina, dest("TX"), [], "2025-08-31", "allowed", []],
  ["US vape to Texas", tobaccoVapeUs, dest("TX"), [], "2026-01-01", "allowed", []],
  ["delta-8 anywhere after the federal change", delta8, dest("CO"), [], "2026-11-12", "blocked", [FEDERAL_HEMP.id]],
  ["delta-8 before the federal change", delta8, dest("CO"), [], "2026-11-11", "allowed", []],
  ["CBD to Texas without registration", cbd, dest("TX"), [], "2026-11-20", "license-required", [TX_HEMP_LICENSE.id]],
  ["CBD to Texas with registration", cbd, dest("TX"), [hemp], "2026-11-20", "allowed", [TX_HEMP_LICENSE.id]],
  [
    "CBD to Texas, registration expired",
    cbd,
    dest("TX"),
    [hemp],
    "2027-01-02",
    "license-required",
    [TX_HEMP_LICENSE.id],
  ],
  [
    "CBD to Texas, registration valid its last day",
    cbd,
    dest("TX"),
    [hemp],
    "2027-01-01",
    "allowed",
    [TX_HEMP_LICENSE.id],
  ],
  [
    "CBD to Texas, registration pending",
    cbd,
    dest("TX"),
    [{ ...hemp, status: "pending" }],
    "2026-11-20",
    "license-required",
    [TX_HEMP_LICENSE.id],
  ],
  [
    "CBD to Texas, registration for another address",
    cbd,
    dest("TX", "75201", "addr-1"),
    [{ ...hemp, addressId: "addr-2", addressBound: true }],
    "2026-11-20",
    "license-required",
    [TX_HEMP_LICENSE.id],
  ],
  [
    "CBD to Texas, registration for this address",
    cbd,
    dest("TX", "75201", "addr-2"),
    [{ ...hemp, addressId: "addr-2", addressBound: true }],
    "2026-11-20",
    "allowed",
    [TX_HEMP_LICENSE.id],
  ],
  [
    "delta-8 to Texas with registration: the block wins",
    delta8,
    dest("TX"),
    [hemp],
    "2026-11-20",
    "blocked",
    [FEDERAL_HEMP.id],
  ],
  ["CBD to Oklahoma", cbd, dest("OK"), [], "2026-11-20", "allowed", []],
  ["glass to the listed ZIP", glass, dest("CA", "94110"), [], "2026-01-01", "blocked", [ZIP_RULE.id]],
  ["glass to a ZIP+4 of the listed ZIP", glass, dest("CA", "94110-1234"), [], "2026-01-01", "blocked", [ZIP_RULE.id]],
  ["glass elsewhere in the state", glass, dest("CA", "90001"), [], "2026-01-01", "allowed", []],
  ["glass after the rule ends", glass, dest("CA", "94110"), [], "2026-07-01", "allowed", []],
  ["glass on the rule's last day", glass, dest("CA", "94110"), [], "2026-06-30", "blocked", [ZIP_RULE.id]],
  ["novelty: the disabled rule decides nothing", product({}), dest("IN"), [], "2026-01-01", "allowed", []],
  ["unlisted vape to Kentucky", unlistedVape, dest("KY"), [], "2026-01-01", "blocked", [DIRECTORY.id]],
  ["vape listed in Kentucky, to Kentucky", kyListedVape, dest("KY"), [], "2026-01-01", "allowed", [DIRECTORY.id]],
  ["vape listed in Kentucky, lower-case state", kyListedVape, dest("ky"), [], "2026-01-01", "allowed", [DIRECTORY.id]],
  ["vape listed in Kentucky, to Virginia", kyListedVape, dest("VA"), [], "2026-01-01", "blocked", [DIRECTORY.id]],
  ["unlisted vape to Texas (no directory rule)", unlistedVape, dest("TX"), [], "2026-01-01", "allowed", []],
  ["a listing does not cover glass", glass, dest("KY"), [], "2026-01-01", "allowed", []],
  [
    "flavored vape listed in Kentucky",
    product({ ...flavoredVape, directoryStates: ["KY"] }),
    dest("KY"),
    [],
    "2026-01-01",
    "allowed",
    [DIRECTORY.id],
  ],
  [
    "kratom with unknown class is not covered",
    product({ productClass: null }),
    dest("IN"),
    [],
    "2026-01-01",
    "allowed",
    [],
  ],
];

describe("evaluating a sale", () => {
  it.each(CASES)("%s", (_name, facts, destination, licenses, date, outcome, deciding) => {
    const verdict = evaluateSale(facts, destination, licenses, date, RULES);
    expect(verdict.outcome).toBe(outcome);
    expect(verdict.deciding.map((d) => d.id)).toEqual(deciding);
    if (outcome === "allowed") expect(verdict.reason).toBeNull();
    else
      expect(verdict.reason).toBe(fillState(RULES.find((r) => r.id === deciding[0])?.reason ?? "", destination.state));
    if (outcome === "license-required") expect(verdict.licenseType).toBe("tx-dshs-hemp");
  });

  it("puts the buyer's state into a reason that names {state}", () => {
    const ban = rule({
      scope: { classes: ["kratom"] },
      states: ["IN", "AL"],
      reason: "Kratom cannot be shipped to {state} (state ban).",
    });
    expect(evaluateSale(kratom, dest("IN"), [], "2026-01-01", [ban]).reason).toBe(
      "Kratom cannot be shipped to Indiana (state ban).",
    );
  });

  it("refuses an unlisted vape with the directory rule's reason for the buyer's state", () => {
    const verdict = evaluateSale(unlistedVape, dest("KY"), [], "2026-01-01", RULES);
    expect(verdict.reason).toBe("Kentucky allows only vapes listed in its state directory.");
    expect(verdict.label).toBe("not in state directory");
    expect(verdict.licenseType).toBeNull();
    expect(verdict.applied).toEqual([
      { id: DIRECTORY.id, name: DIRECTORY.name, effect: "require-listing", result: "not-listed" },
    ]);
    expect(evaluateSale(kyListedVape, dest("KY"), [], "2026-01-01", RULES).applied[0]?.result).toBe("listed");
  });

  it("a listing does not lift a block, and an unlisted product is refused before a license is asked for", () => {
    const kyBan = rule({ scope: { classes: ["nicotine-vape"] }, states: ["KY"], reason: "Banned." });
    expect(evaluateSale(kyListedVape, dest("KY"), [], "2026-01-01", [DIRECTORY, kyBan]).outcome).toBe("blocked");
    const kyLicense = rule({
      scope: { classes: ["nicotine-vape"] },
      states: ["KY"],
      effect: "require-license",
      licenseType: "state-tobacco-vape",
      reason: "License.",
    });
    expect(evaluateSale(unlistedVape, dest("KY"), [], "2026-01-01", [kyLicense, DIRECTORY]).outcome).toBe("blocked");
    expect(evaluateSale(kyListedVape, dest("KY"), [], "2026-01-01", [kyLicense, DIRECTORY]).outcome).toBe(
      "license-required",
    );
  });

  it("names every rule that applied, the first blocking reason first", () => {
    const second = rule({ name: "Second", scope: { all: true }, states: ["IN"], reason: "Second reason." });
    const verdict = evaluateSale(kratom, dest("IN"), [], "2026-01-01", [second, KRATOM_BAN]);
    expect(verdict.reason).toBe(KRATOM_BAN.reason);
    expect(verdict.deciding.map((d) => d.id)).toEqual([KRATOM_BAN.id, second.id]);
  });
});

const classes = [
  "nicotine-vape",
  "non-nicotine-vape",
  "cannabinoid",
  "kratom",
  "glass",
  "accessory",
  "novelty",
] as const;
const arbProduct = fc.record({
  id: fc.integer({ min: 1, max: 5 }),
  category: fc.constantFrom("kratom", "glass", "novelty", "disposable-vapes", "delta"),
  brand: fc.option(fc.constantFrom("Acme", "Zephyr"), { nil: null }),
  productClass: fc.option(fc.constantFrom(...classes), { nil: null }),
  flavorClass: fc.option(fc.constantFrom("tobacco" as const, "menthol" as const, "flavored" as const), { nil: null }),
  country: fc.option(fc.constantFrom("US", "CN"), { nil: null }),
  thcMg: fc.option(fc.double({ min: 0, max: 50, noNaN: true }), { nil: null }),
  directoryStates: fc.subarray(["TX", "IN", "NY"]),
});
const arbDate = fc
  .integer({ min: 0, max: 900 })
  .map((d) => new Date(Date.UTC(2025, 0, 1 + d)).toISOString().slice(0, 10));
const arbRule = fc
  .record({
    id: fc.integer({ min: 1, max: 1000 }),
    all: fc.boolean(),
    classes: fc.subarray([...classes]),
    states: fc.subarray(["TX", "IN", "NY"]),
    zips: fc.subarray(["75201", "46201"]),
    from: arbDate,
    length: fc.option(fc.integer({ min: 0, max: 400 }), { nil: null }),
    effect: fc.constantFrom("block" as const, "require-license" as const, "require-listing" as const),
    enabled: fc.boolean(),
  })
  .map(
    (r): Rule =>
      rule({
        id: r.id,
        scope: r.all ? { all: true } : { classes: r.classes.length ? r.classes : ["kratom"] },
        states: r.states,
        zips: r.states.length ? r.zips : [],
        effectiveFrom: r.from,
        effectiveUntil:
          r.length === null
            ? null
            : new Date(Date.parse(`${r.from}T00:00:00Z`) + r.length * 86_400_000).toISOString().slice(0, 10),
        effect: r.effect,
        licenseType: r.effect === "require-license" ? "tx-dshs-hemp" : null,
        enabled: r.enabled,
      }),
  );
const arbLicense = fc
  .record({
    type: fc.constantFrom("tx-dshs-hemp", "sales-tax-permit"),
    status: fc.constantFrom("approved", "pending", "expired", "rejected"),
    expiresOn: fc.option(arbDate, { nil: null }),
    issuingState: fc.constantFrom("TX", "IN", "NY", "CA"),
    addressId: fc.option(fc.constantFrom("a1", "a2"), { nil: null }),
    // A bound license without an address: its address was deleted.
    addressBound: fc.boolean(),
  })
  .map((l): BuyerLicense => ({ ...l, addressBound: l.addressBound || l.addressId !== null }));

/** The property's own reading of the ZIPs it uses (not the table under test). */
const ZIP_STATE: Record<string, string> = { "75201": "TX", "46201": "IN", "10001": "NY" };

describe("evaluation, for any product, place, licenses, date and rules", () => {
  it("blocks exactly when an enabled rule in force covering the product and the place blocks", () => {
    fc.assert(
      fc.property(
        arbProduct,
        fc.constantFrom("TX", "IN", "NY", "CA"),
        fc.constantFrom("75201", "46201", "10001"),
        fc.array(arbLicense, { maxLength: 3 }),
        arbDate,
        fc.array(arbRule, { maxLength: 6 }),
        (p, state, zip, licenses, date, rules) => {
          const d = { state, zip, addressId: "a1" };
          const verdict = evaluateSale(p, d, licenses, date, rules);
          // The typed state and the ZIP's, when they differ: each one's rules must allow the sale.
          const states = [...new Set([state, ZIP_STATE[zip] ?? state])];
          const inForceIn = (s: string) =>
            rules.filter(
              (r) =>
                r.enabled &&
                r.effectiveFrom <= date &&
                (r.effectiveUntil === null || date <= r.effectiveUntil) &&
                (r.states.length === 0 || (r.states.includes(s) && (r.zips.length === 0 || r.zips.includes(zip)))) &&
                (r.scope.all || (p.productClass !== null && (r.scope.classes ?? []).includes(p.productClass))),
            );
          const blocking = states.flatMap((s) =>
            inForceIn(s).filter(
              (r) => r.effect === "block" || (r.effect === "require-listing" && !p.directoryStates.includes(s)),
            ),
          );
          expect(verdict.outcome === "blocked").toBe(blocking.length > 0);
          if (verdict.outcome === "allowed") {
            // Every license rule in force in each state is met by an approved, unexpired license
            // for this address (or the whole business), issued by that state.
            for (const s of states) {
              for (const r of inForceIn(s).filter((x) => x.effect === "require-license")) {
                expect(
                  licenses.some(
                    (l) =>
                      l.type === r.licenseType &&
                      l.status === "approved" &&
                      (l.expiresOn === null || l.expiresOn >= date) &&
                      (l.addressId === "a1" || (l.addressId === null && !l.addressBound)) &&
                      l.issuingState === s,
                  ),
                ).toBe(true);
              }
            }
          }
          // Adding rules never turns a refused sale into an allowed one.
          const more = evaluateSale(p, d, licenses, date, [...rules, rule({ id: 5000, scope: { all: true } })]);
          if (verdict.outcome !== "allowed") expect(more.outcome).not.toBe("allowed");
        },
      ),
      { numRuns: 500 },
    );
  });
});

const validRule = {
  name: "Kratom bans",
  classes: "kratom",
  states: "IN, AL",
  effectiveFrom: "2025-01-01",
  effect: "block",
  reason: "Kratom cannot be shipped to Indiana (state ban).",
  label: "state ban",
};

function issues(input: Record<string, unknown>): string[] {
  const result = ruleSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => i.message);
}

describe("rule input", () => {
  it("takes a valid rule", () => {
    const parsed = ruleSchema.parse(validRule);
    expect(parsed.states).toEqual(["IN", "AL"]);
    expect(scopeOf(parsed)).toEqual({ classes: ["kratom"] });
  });

  it("refuses an empty scope", () => {
    expect(issues({ ...validRule, classes: undefined })).toEqual([MESSAGES.ruleScopeEmpty]);
  });

  it("refuses an unknown state code", () => {
    expect(issues({ ...validRule, states: "IN, XX" })).toEqual([MESSAGES.ruleStateUnknown]);
    expect(issues({ ...validRule, states: "Indiana" })).toEqual([MESSAGES.ruleStateUnknown]);
  });

  it("refuses an end before the start", () => {
    expect(issues({ ...validRule, effectiveUntil: "2024-12-31" })).toEqual([MESSAGES.ruleEndBeforeStart]);
    expect(issues({ ...validRule, effectiveUntil: "2025-01-01" })).toEqual([]);
  });

  it("refuses malformed dates, ZIPs without a state, a license rule without a license, a missing reason", () => {
    expect(issues({ ...validRule, effectiveFrom: "2025-02-30" })).toEqual([MESSAGES.ruleDateFormat]);
    expect(issues({ ...validRule, states: "", zips: "46201" })).toEqual([MESSAGES.ruleZipsNeedStates]);
    expect(issues({ ...validRule, zips: "4620" })).toEqual([MESSAGES.ruleZipFormat]);
    expect(issues({ ...validRule, effect: "require-license" })).toEqual([MESSAGES.ruleLicenseTypeRequired]);
    expect(issues({ ...validRule, effect: "allow" })).toEqual([MESSAGES.ruleEffectRequired]);
    expect(issues({ ...validRule, reason: " " })).toEqual([MESSAGES.ruleReasonRequired]);
    expect(issues({ ...validRule, label: "" })).toEqual([MESSAGES.ruleLabelRequired]);
    expect(issues({ ...validRule, name: "" })).toEqual([MESSAGES.ruleNameRequired]);
  });

  it("finds a contradicting rule: same products, overlapping places and dates, another effect", () => {
    const base = rule({ name: "Indiana kratom", scope: { classes: ["kratom"] }, states: ["IN", "AL"] });
    const candidate = { ...base, id: 0, effect: "require-license" as const, states: ["IN"] };
    expect(findContradiction(candidate, [base], null)?.name).toBe("Indiana kratom");
    expect(findContradiction({ ...candidate, states: ["TX"] }, [base], null)).toBeNull();
    expect(findContradiction({ ...candidate, effect: "block" }, [base], null)).toBeNull();
    expect(findContradiction({ ...candidate, scope: { classes: ["glass"] } }, [base], null)).toBeNull();
    expect(findContradiction(candidate, [{ ...base, enabled: false }], null)).toBeNull();
    expect(
      findContradiction(candidate, [{ ...base, effectiveUntil: "2024-12-31", effectiveFrom: "2024-01-01" }], null),
    ).toBeNull();
    expect(findContradiction(candidate, [base], base.id)).toBeNull();
  });

  it("finds a contradiction between overlapping scopes, not only identical ones", () => {
    const license = (scope: Rule["scope"]) =>
      rule({ name: "Indiana license", scope, states: ["IN"], effect: "require-license", licenseType: "other" });
    const block = (scope: Rule["scope"]) => ({ ...rule({ scope, states: ["IN"] }), id: 0 });
    // "All products" overlaps everything: a ban on all of them leaves the license rule nothing.
    expect(findContradiction(block({ all: true }), [license({ classes: ["kratom"] })], null)?.name).toBe(
      "Indiana license",
    );
    // Same filter: overlapping lists contradict, disjoint ones do not.
    expect(
      findContradiction(block({ classes: ["kratom", "glass"] }), [license({ classes: ["kratom"] })], null)?.name,
    ).toBe("Indiana license");
    expect(findContradiction(block({ classes: ["glass"] }), [license({ classes: ["kratom"] })], null)).toBeNull();
    expect(
      findContradiction(
        block({ classes: ["nicotine-vape"], countries: ["CN", "VN"] }),
        [license({ classes: ["nicotine-vape", "non-nicotine-vape"], countries: ["CN"] })],
        null,
      )?.name,
    ).toBe("Indiana license");
    expect(
      findContradiction(
        block({ classes: ["kratom"], brands: ["Acme"] }),
        [license({ classes: ["kratom"], brands: [" acme"] })],
        null,
      )?.name,
    ).toBe("Indiana license");
    // Different filters: they overlap when a product of the catalog falls under both.
    const acmeGlass = product({ id: 7, productClass: "glass", brand: "Acme" });
    const acmeKratom = product({ id: 8, productClass: "kratom", brand: "Acme" });
    const byBrand = block({ brands: ["Acme"] });
    const kratomLicense = license({ classes: ["kratom"] });
    expect(findContradiction(byBrand, [kratomLicense], null, [acmeGlass])).toBeNull();
    expect(findContradiction(byBrand, [kratomLicense], null, [acmeGlass, acmeKratom])?.name).toBe("Indiana license");
    expect(
      findContradiction(block({ productIds: [8] }), [license({ countries: ["ID"] })], null, [acmeKratom]),
    ).toBeNull();
    expect(
      findContradiction(block({ productIds: [8, 9] }), [license({ categories: ["novelty"] })], null, [acmeKratom])
        ?.name,
    ).toBe("Indiana license");
    // Places and dates must still overlap.
    expect(findContradiction({ ...block({ all: true }), states: ["TX"] }, [kratomLicense], null)).toBeNull();
  });

  it("takes a ban carved out of a license rule (a narrower block): the law's layers, not a contradiction", () => {
    const registration = rule({
      name: "Texas hemp registration",
      scope: { classes: ["cannabinoid"] },
      states: ["TX"],
      effect: "require-license",
      licenseType: "tx-dshs-hemp",
    });
    const federal = { ...rule({ scope: { classes: ["cannabinoid"], minThcMg: 0.4 } }), id: 0 };
    expect(findContradiction(federal, [registration], null)).toBeNull();
    // The other way round, a license rule narrower than a ban is left with nothing: refused.
    const strictLicense = { ...registration, id: 0, scope: { classes: ["cannabinoid" as const], minThcMg: 0.4 } };
    expect(
      findContradiction(
        strictLicense,
        [{ ...federal, id: 50, name: "Federal", scope: { classes: ["cannabinoid"] } }],
        null,
      )?.name,
    ).toBe("Federal");
    // Named products that are all hemp, inside the hemp registration: carved out, judged from the catalog.
    const cart = product({ id: 21, category: "delta", productClass: "cannabinoid", thcMg: 900 });
    const gummy = product({ id: 22, category: "delta", productClass: "cannabinoid", thcMg: 0 });
    const vapeBan = { ...rule({ scope: { productIds: [21] }, states: ["TX"] }), id: 0 };
    expect(findContradiction(vapeBan, [registration], null, [cart, gummy])).toBeNull();
    // A ban on products that are not all under the license rule overlaps it and is refused.
    const glass = product({ id: 23, productClass: "glass" });
    expect(
      findContradiction({ ...vapeBan, scope: { productIds: [21, 23] } }, [registration], null, [cart, gummy, glass])
        ?.name,
    ).toBe("Texas hemp registration");
  });

  it("knows when two scopes overlap", () => {
    expect(scopesOverlap({ all: true }, { productIds: [1] }, [])).toBe(true);
    expect(scopesOverlap({ flavors: ["flavored"] }, { flavors: ["tobacco"] }, [])).toBe(false);
    expect(scopesOverlap({ flavors: ["flavored", "menthol"] }, { flavors: ["menthol"] }, [])).toBe(true);
    expect(scopesOverlap({ flavors: ["menthol"] }, { countries: ["CN"] }, [])).toBe(false);
    const menthol = product({ productClass: "nicotine-vape", flavorClass: "menthol", country: "CN" });
    expect(scopesOverlap({ flavors: ["menthol"] }, { countries: ["CN"] }, [menthol])).toBe(true);
    // A shared filter with disjoint lists: no product can be under both, whatever the catalog.
    expect(scopesOverlap({ flavors: ["tobacco"], countries: ["CN"] }, { flavors: ["menthol"] }, [menthol])).toBe(false);
  });

  it("takes a directory listing rule; it contradicts a block, not a license rule", () => {
    const parsed = ruleSchema.parse({ ...validRule, effect: "require-listing", licenseType: "tx-dshs-hemp" });
    expect(parsed.effect).toBe("require-listing");
    expect(describeEffect({ effect: "require-listing", licenseType: null })).toBe(MESSAGES.requireDirectoryListing);
    const listing = rule({ name: "Kentucky directory", scope: { classes: ["nicotine-vape"] }, states: ["KY"] });
    const listingRule = { ...listing, effect: "require-listing" as const };
    const block = { ...listing, id: 0, name: "Kentucky vape ban", effect: "block" as const };
    const license = { ...block, effect: "require-license" as const, licenseType: "state-tobacco-vape" };
    expect(findContradiction(block, [listingRule], null)?.name).toBe("Kentucky directory");
    expect(findContradiction(listingRule, [{ ...block, id: 999 }], listingRule.id)?.name).toBe("Kentucky vape ban");
    expect(findContradiction(license, [listingRule], null)).toBeNull();
    expect(findContradiction(listingRule, [{ ...listingRule, id: 998 }], listingRule.id)).toBeNull();
  });
});

describe("product compliance input", () => {
  it("checks UPC check digits, country codes and numbers", () => {
    expect(validUpc("036000291452")).toBe(true);
    expect(validUpc("036000291453")).toBe(false);
    const ok = productComplianceSchema.parse({ upc: "0 36000-29145 2", country: "cn", thcMg: "0.3" });
    expect(ok).toMatchObject({ upc: "036000291452", country: "CN", thcMg: 0.3, brand: null, productClass: null });
    const bad = productComplianceSchema.safeParse({ upc: "123", country: "China", thcMg: "-1", productClass: "drug" });
    expect(bad.success ? [] : bad.error.issues.map((i) => i.message)).toEqual([
      "Choose a product class from the list.",
      MESSAGES.countryFormat,
      MESSAGES.upcFormat,
      MESSAGES.numberFormat,
    ]);
  });

  it("reads the directory states: two-letter US codes, upper-cased, sorted, without repeats", () => {
    expect(productComplianceSchema.parse({}).directoryStates).toEqual([]);
    expect(productComplianceSchema.parse({ directoryStates: "nc, ky KY" }).directoryStates).toEqual(["KY", "NC"]);
    const bad = productComplianceSchema.safeParse({ directoryStates: "KY, Kentucky" });
    expect(bad.success ? [] : bad.error.issues.map((i) => i.message)).toEqual([MESSAGES.directoryStateUnknown]);
    const bulk = bulkComplianceSchema.parse({ ids: ["1"], addDirectoryStates: "va" });
    expect(bulk.addDirectoryStates).toEqual(["VA"]);
    expect(bulkComplianceSchema.parse({ ids: ["1"], brand: "X", addDirectoryStates: "" }).addDirectoryStates).toBe(
      undefined,
    );
    const none = bulkComplianceSchema.safeParse({ ids: ["1"], addDirectoryStates: "XX" });
    expect(none.success ? [] : none.error.issues.map((i) => i.message)).toEqual([MESSAGES.directoryStateUnknown]);
  });
});

describe("a ZIP of another state than the one typed (issue 26)", () => {
  const alKratom = rule({
    name: "Alabama kratom ban",
    scope: { classes: ["kratom"] },
    states: ["AL"],
    reason: "Kratom cannot be shipped to {state} (state ban).",
  });

  it("refuses kratom to 'TX 35203' (a Birmingham, Alabama ZIP) as it refuses 'AL 35203'", () => {
    const typedTexas = evaluateSale(kratom, dest("TX", "35203"), [], "2026-01-01", [alKratom]);
    expect(typedTexas.outcome).toBe("blocked");
    expect(typedTexas.state).toBe("AL");
    expect(typedTexas.reason).toBe("Kratom cannot be shipped to Alabama (state ban).");
    expect(evaluateSale(kratom, dest("AL", "35203"), [], "2026-01-01", [alKratom]).outcome).toBe("blocked");
    expect(evaluateSale(kratom, dest("TX", "75201"), [], "2026-01-01", [alKratom]).outcome).toBe("allowed");
    expect(destinationStates(dest("TX", "35203-1234"))).toEqual(["TX", "AL"]);
    expect(destinationStates(dest("tx", "75201"))).toEqual(["TX"]);
    // A ZIP of no state leaves the typed state alone.
    expect(destinationStates(dest("TX", "00012"))).toEqual(["TX"]);
  });

  it("for every state's ZIP prefixes: a ban there refuses an address typed in any other state", () => {
    const states = [...new Set(ZIP_PREFIX_RANGES.map(([, , s]) => s))].filter((s) => US_STATE_CODES.includes(s));
    expect(states).toHaveLength(51);
    for (const [from, to, region] of ZIP_PREFIX_RANGES) {
      if (!US_STATE_CODES.includes(region)) continue;
      const ban = rule({ scope: { classes: ["kratom"] }, states: [region], reason: "Banned in {state}." });
      const typed = region === "TX" ? "OK" : "TX";
      for (const prefix of [from, to]) {
        const zip = `${String(prefix).padStart(3, "0")}10`;
        const verdict = evaluateSale(kratom, dest(typed, zip), [], "2026-01-01", [ban]);
        expect(verdict.outcome, `${typed} ${zip}`).toBe("blocked");
        expect(verdict.reason).toBe(`Banned in ${stateName(region)}.`);
        // The typed state's own rules still decide too.
        const typedBan = rule({ scope: { classes: ["kratom"] }, states: [typed], reason: "Typed." });
        expect(evaluateSale(kratom, dest(typed, zip), [], "2026-01-01", [typedBan]).outcome).toBe("blocked");
      }
    }
  });

  it("allows a sale only when both states allow it: a license held for one state does not lift the other's rule", () => {
    const alLicense = rule({
      name: "Alabama vape license",
      scope: { classes: ["nicotine-vape"] },
      states: ["AL"],
      effect: "require-license",
      licenseType: "state-tobacco-vape",
      reason: "{state} requires a tobacco license.",
    });
    const license = (issuingState: string): BuyerLicense => ({
      type: "state-tobacco-vape",
      status: "approved",
      expiresOn: "2027-01-01",
      issuingState,
      addressId: null,
      addressBound: false,
    });
    const texasZipAl = dest("TX", "35203");
    expect(evaluateSale(tobaccoVapeUs, texasZipAl, [license("TX")], "2026-01-01", [alLicense]).outcome).toBe(
      "license-required",
    );
    const allowed = evaluateSale(tobaccoVapeUs, texasZipAl, [license("AL")], "2026-01-01", [alLicense]);
    expect(allowed.outcome).toBe("allowed");
    expect(allowed.applied).toEqual([
      { id: alLicense.id, name: alLicense.name, effect: "require-license", result: "license-held" },
    ]);
  });
});

describe("a license counts in the state that issued it (issue 26)", () => {
  it("for every license type, a rule requiring it is met by one issued for the destination's state only", () => {
    for (const { value: type } of LICENSE_TYPES) {
      // Every type the store knows is bound to its issuing state (lib/business.ts says why, per type).
      expect(licenseTypeStateBound(type)).toBe(true);
      const caRule = rule({
        scope: { all: true },
        states: ["CA"],
        effect: "require-license",
        licenseType: type,
        reason: "License needed.",
      });
      const held = (issuingState: string): BuyerLicense[] => [
        { type, status: "approved", expiresOn: null, issuingState, addressId: null, addressBound: false },
      ];
      expect(evaluateSale(glass, dest("CA", "94110"), held("NV"), "2026-01-01", [caRule]).outcome, type).toBe(
        "license-required",
      );
      expect(evaluateSale(glass, dest("CA", "94110"), held("CA"), "2026-01-01", [caRule]).outcome, type).toBe(
        "allowed",
      );
    }
  });

  it("a type the store does not know counts only in its issuing state; a type declared not state-bound counts everywhere", () => {
    expect(licenseTypeStateBound("some-new-type")).toBe(true);
    expect(licenseCountsIn("some-new-type", "NV", "CA")).toBe(false);
    expect(licenseCountsIn("state-tobacco-vape", "nv", "NV")).toBe(true);
  });

  it("Texas's own permits are issued by Texas only", () => {
    expect(LICENSE_TYPES.filter((t) => t.issuedBy !== null).map((t) => [t.value, t.issuedBy])).toEqual([
      ["tx-ecig-retailer", "TX"],
      ["tx-dshs-hemp", "TX"],
    ]);
  });
});

describe("a license uploaded for one address covers that address only (issue 26)", () => {
  const base: BuyerLicense = { ...hemp, expiresOn: null };
  it("covers its address, the whole business's covers every address, and one whose address was deleted covers none", () => {
    const at = (addressId: string | null) => dest("TX", "75201", addressId);
    expect(licenseCoversAddress({ addressId: "addr-1", addressBound: true }, "addr-1")).toBe(true);
    expect(licenseCoversAddress({ addressId: "addr-1", addressBound: true }, "addr-2")).toBe(false);
    expect(licenseCoversAddress({ addressId: null, addressBound: false }, "addr-2")).toBe(true);
    for (const addressId of ["addr-1", "addr-2", null]) {
      expect(licenseCoversAddress({ addressId: null, addressBound: true }, addressId)).toBe(false);
      const lapsed = evaluateSale(cbd, at(addressId), [{ ...base, addressBound: true }], "2026-11-20", RULES);
      expect(lapsed.outcome).toBe("license-required");
    }
  });
});

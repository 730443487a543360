import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { product, rule } from "../../../tests/support/compliance-rules";
import { LICENSE_TYPES, licenseCountsIn, licenseTypeStateBound } from "../business";
import { US_STATE_CODES } from "../us-states";
import { ZIP_PREFIX_RANGES } from "../zip-states";
import {
  type BuyerLicense,
  type Destination,
  destinationStates,
  evaluateSale,
  fillState,
  licenseCoversAddress,
  type ProductFacts,
  type Rule,
} from "./engine";
import { stateName } from "./vocabulary";

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
  nicotineMgMl: fc.option(fc.constantFrom(0, 20, 50), { nil: null }),
  options: fc.constantFrom<Record<string, string>>({}, { Flavor: "Tobacco" }, { Flavor: "Mango", Nicotine: "50 mg" }),
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

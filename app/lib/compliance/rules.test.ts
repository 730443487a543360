import { describe, expect, it } from "vitest";
import { product, rule, VALID_RULE_INPUT } from "../../../tests/support/compliance-rules";
import * as MESSAGES from "../messages";
import { scopesOverlap } from "../rule-book/scope";
import { ruleSchema } from "../schemas/compliance";
import type { Rule } from "./engine";
import { describeEffect, findContradiction } from "./rules";

describe("contradicting rules", () => {
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
    const parsed = ruleSchema.parse({ ...VALID_RULE_INPUT, effect: "require-listing", licenseType: "tx-dshs-hemp" });
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

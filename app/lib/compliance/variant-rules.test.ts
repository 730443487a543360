import { describe, expect, it } from "vitest";
import { product, rule, VALID_RULE_INPUT } from "../../../tests/support/compliance-rules";
import * as MESSAGES from "../messages";
import { describeScope, sameScope, scopeCovers, scopesOverlap } from "../rule-book/scope";
import { ruleSchema } from "../schemas/compliance";
import { evaluateSale } from "./engine";
import { findContradiction, scopeOf } from "./rules";

/**
 * Rules that target variants (issue 38): by a value of their line's option ("Flavor is not
 * Tobacco, Menthol") and by nicotine strength (a cap), decided per variant.
 */

const vape = (id: number, flavor: string, nicotineMgMl: number | null = 50) =>
  product({ id, productClass: "nicotine-vape", options: { Flavor: flavor, Nicotine: "50 mg" }, nicotineMgMl });
const tobacco = vape(1, "Tobacco");
const menthol = vape(2, "Menthol");
const mango = vape(3, "Mango");
const glass = product({ id: 4, productClass: "glass" });

const flavorBan = { option: { name: "Flavor", values: ["Tobacco", "Menthol"], except: true } };
const destination = { state: "MA", zip: "02108", addressId: null };

describe("a rule by a line's option value", () => {
  it("a flavor ban that spares tobacco and menthol refuses the other flavors only, per variant", () => {
    const ban = rule({ scope: flavorBan, states: ["MA"], reason: "Flavored vapes cannot ship to {state}." });
    const verdict = (p: typeof tobacco) => evaluateSale(p, destination, [], "2025-06-01", [ban]);
    expect(verdict(mango).outcome).toBe("blocked");
    expect(verdict(mango).reason).toBe("Flavored vapes cannot ship to Massachusetts.");
    expect(verdict(tobacco).outcome).toBe("allowed");
    expect(verdict(menthol).outcome).toBe("allowed");
    // A product whose line has no Flavor option is not covered (an unknown fact matches no filter).
    expect(verdict(glass).outcome).toBe("allowed");
    // Names and values compare without case or outer spaces.
    expect(scopeCovers({ option: { name: " flavor", values: ["tobacco "], except: false } }, tobacco)).toBe(true);
    expect(scopeCovers({ option: { name: "Flavor", values: ["Tobacco"], except: false } }, mango)).toBe(false);
    // Other filters still apply with it.
    expect(scopeCovers({ ...flavorBan, classes: ["kratom"] }, mango)).toBe(false);
  });

  it("a nicotine cap refuses what is stronger than the cap, not what is at it or unknown", () => {
    const cap = rule({ scope: { nicotineAboveMgMl: 20 }, states: ["MA"], reason: "Over the nicotine cap." });
    const verdict = (p: typeof tobacco) => evaluateSale(p, destination, [], "2025-06-01", [cap]);
    expect(verdict(vape(5, "Tobacco", 50)).outcome).toBe("blocked");
    expect(verdict(vape(6, "Tobacco", 20)).outcome).toBe("allowed");
    expect(verdict(vape(7, "Tobacco", null)).outcome).toBe("allowed");
    expect(scopeCovers({ all: true, nicotineAboveMgMl: 20 }, vape(8, "Mango", 35))).toBe(true);
    expect(scopeCovers({ all: true, nicotineAboveMgMl: 20 }, vape(9, "Mango", 5))).toBe(false);
  });

  it("reads the form: the option's name, its values, is or is not, and the cap; says it in words", () => {
    const parsed = ruleSchema.parse({
      ...VALID_RULE_INPUT,
      classes: "nicotine-vape",
      optionName: " Flavor ",
      optionValues: "Tobacco, Menthol",
      optionExcept: "except",
      nicotineAboveMgMl: "20",
    });
    const scope = scopeOf(parsed);
    expect(scope).toEqual({
      classes: ["nicotine-vape"],
      option: { name: "Flavor", values: ["Tobacco", "Menthol"], except: true },
      nicotineAboveMgMl: 20,
    });
    expect(describeScope(scope)).toBe("Nicotine vape; Flavor is not Tobacco, Menthol; over 20 mg/mL nicotine");
    // The option or the cap alone is a scope.
    expect(
      scopeOf(
        ruleSchema.parse({ ...VALID_RULE_INPUT, classes: undefined, optionName: "Flavor", optionValues: "Mango" }),
      ),
    ).toEqual({ option: { name: "Flavor", values: ["Mango"], except: false } });
    expect(scopeOf(ruleSchema.parse({ ...VALID_RULE_INPUT, classes: undefined, nicotineAboveMgMl: "35" }))).toEqual({
      nicotineAboveMgMl: 35,
    });
  });

  it("refuses an option without values and values without an option", () => {
    const issues = (input: Record<string, unknown>) => {
      const result = ruleSchema.safeParse({ ...VALID_RULE_INPUT, ...input });
      return result.success ? [] : result.error.issues.map((i) => [i.path.join("."), i.message]);
    };
    expect(issues({ optionName: "Flavor" })).toEqual([["optionValues", MESSAGES.ruleOptionValuesRequired]]);
    expect(issues({ optionValues: "Mango" })).toEqual([["optionName", MESSAGES.ruleOptionNameRequired]]);
    expect(issues({ optionName: "x".repeat(61), optionValues: "Mango" })).toEqual([
      ["optionName", MESSAGES.ruleOptionNameTooLong],
    ]);
    expect(issues({ nicotineAboveMgMl: "twenty" })).toEqual([["nicotineAboveMgMl", MESSAGES.numberFormat]]);
    expect(issues({ classes: undefined, optionName: "", optionValues: "" })).toEqual([
      ["all", MESSAGES.ruleScopeEmpty],
    ]);
  });

  it("tells the same option filter whatever the case and order of its values", () => {
    expect(sameScope(flavorBan, { option: { name: "flavor", values: ["menthol", "TOBACCO"], except: true } })).toBe(
      true,
    );
    expect(sameScope(flavorBan, { option: { ...flavorBan.option, except: false } })).toBe(false);
    expect(sameScope({ nicotineAboveMgMl: 20 }, { nicotineAboveMgMl: 35 })).toBe(false);
  });
});

describe("contradictions with option filters and nicotine caps", () => {
  it("option filters on the same option overlap when a value passes both", () => {
    const only = (values: string[], except = false) => ({ option: { name: "Flavor", values, except } });
    expect(scopesOverlap(only(["Mango"]), only(["mango", "Grape"]), [])).toBe(true);
    expect(scopesOverlap(only(["Mango"]), only(["Grape"]), [])).toBe(false);
    expect(scopesOverlap(only(["Tobacco"]), only(["Tobacco", "Menthol"], true), [])).toBe(false);
    expect(scopesOverlap(only(["Mango"]), only(["Tobacco", "Menthol"], true), [])).toBe(true);
    expect(scopesOverlap(only(["Tobacco"], true), only(["Menthol"], true), [])).toBe(true);
    // Another option, or another filter: judged from the catalog.
    const byNicotine = { option: { name: "Nicotine", values: ["50 mg"], except: false } };
    expect(scopesOverlap(only(["Mango"]), byNicotine, [])).toBe(false);
    expect(scopesOverlap(only(["Mango"]), byNicotine, [mango])).toBe(true);
  });

  it("a tobacco-only license rule and a flavor ban sparing tobacco do not contradict; a tobacco ban does", () => {
    const license = rule({
      name: "Massachusetts tobacco license",
      scope: { option: { name: "Flavor", values: ["Tobacco"], except: false } },
      states: ["MA"],
      effect: "require-license",
      licenseType: "state-tobacco-vape",
    });
    const block = (scope: typeof flavorBan | object) => ({ ...rule({ scope, states: ["MA"] }), id: 0 });
    const catalog = [tobacco, menthol, mango, glass];
    expect(findContradiction(block(flavorBan), [license], null, catalog)).toBeNull();
    expect(
      findContradiction(
        block({ option: { name: "flavor", values: ["tobacco"], except: false } }),
        [license],
        null,
        catalog,
      )?.name,
    ).toBe("Massachusetts tobacco license");
  });

  it("a ban narrower than a license rule is carved out of it: a nicotine cap, or some of its flavors", () => {
    const license = rule({
      name: "Vape license",
      scope: { classes: ["nicotine-vape"], nicotineAboveMgMl: 0 },
      states: ["MA"],
      effect: "require-license",
      licenseType: "state-tobacco-vape",
    });
    const cap = { ...rule({ scope: { classes: ["nicotine-vape"], nicotineAboveMgMl: 20 }, states: ["MA"] }), id: 0 };
    expect(findContradiction(cap, [license], null)).toBeNull();
    // A cap below the license rule's floor covers products the license rule does not: refused.
    const looser = { ...license, id: 0, scope: { classes: ["nicotine-vape" as const], nicotineAboveMgMl: 30 } };
    expect(
      findContradiction(
        { ...cap, scope: { classes: ["nicotine-vape"], nicotineAboveMgMl: 20 } },
        [{ ...looser, id: 77, name: "Strong vapes" }],
        null,
      )?.name,
    ).toBe("Strong vapes");
    const flavoredLicense = rule({
      name: "Flavored license",
      scope: flavorBan,
      states: ["MA"],
      effect: "require-license",
      licenseType: "state-tobacco-vape",
    });
    const mangoBan = {
      ...rule({ scope: { option: { name: "Flavor", values: ["Mango"], except: false } }, states: ["MA"] }),
      id: 0,
    };
    expect(findContradiction(mangoBan, [flavoredLicense], null)).toBeNull();
    const fruitBan = {
      ...mangoBan,
      scope: { option: { name: "Flavor", values: ["Mango", "Tobacco"], except: false } },
    };
    expect(findContradiction(fruitBan, [flavoredLicense], null)?.name).toBe("Flavored license");
  });
});

import { describe, expect, it } from "vitest";
import { VALID_RULE_INPUT as validRule } from "../../../tests/support/compliance-rules";
import { FIRST_DAY, lastDayOfNextYear } from "../calendar-days";
import { scopeOf } from "../compliance/rules";
import * as MESSAGES from "../messages";
import * as FORM_MESSAGES from "../messages/forms";
import { bulkComplianceSchema, productComplianceSchema, ruleSchema, validUpc } from "./compliance";

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
    const dayMessage = (field: string) => FORM_MESSAGES.dayFormat(field, FIRST_DAY, lastDayOfNextYear());
    for (const day of ["2025-02-30", "0000-01-01", "0001-01-01", "9999-12-31", "2025-1-1"])
      expect(issues({ ...validRule, effectiveFrom: day }), day).toEqual([dayMessage("effective date")]);
    expect(issues({ ...validRule, effectiveUntil: "2025-04-31" })).toEqual([dayMessage("last day")]);
    expect(issues({ ...validRule, states: "", zips: "46201" })).toEqual([MESSAGES.ruleZipsNeedStates]);
    expect(issues({ ...validRule, zips: "4620" })).toEqual([MESSAGES.ruleZipFormat]);
    expect(issues({ ...validRule, effect: "require-license" })).toEqual([MESSAGES.ruleLicenseTypeRequired]);
    expect(issues({ ...validRule, effect: "allow" })).toEqual([MESSAGES.ruleEffectRequired]);
    expect(issues({ ...validRule, reason: " " })).toEqual([MESSAGES.ruleReasonRequired]);
    expect(issues({ ...validRule, label: "" })).toEqual([MESSAGES.ruleLabelRequired]);
    expect(issues({ ...validRule, name: "" })).toEqual([MESSAGES.ruleNameRequired]);
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

import { describe, expect, it } from "vitest";
import * as MESSAGES from "./messages";
import * as ACCOUNT_MESSAGES from "./messages/account";
import * as FORM_MESSAGES from "./messages/forms";
import { addressSchema, registerSchema } from "./schemas/account";
import { licenseSchema } from "./schemas/business";
import { US_STATE_CODES } from "./us-states";
import { regionName, ZIP_PREFIX_RANGES, zipInState, zipRegion, zipStateMismatch } from "./zip-states";

describe("the ZIP prefix table", () => {
  it("is sorted, its ranges do not overlap, and every state of the address form has prefixes", () => {
    let last = -1;
    for (const [from, to] of ZIP_PREFIX_RANGES) {
      expect(from).toBeGreaterThan(last);
      expect(to).toBeGreaterThanOrEqual(from);
      expect(to).toBeLessThan(1000);
      last = to;
    }
    const regions = new Set(ZIP_PREFIX_RANGES.map(([, , region]) => region));
    for (const state of US_STATE_CODES) expect(regions.has(state), state).toBe(true);
    // Beyond the states and DC: territories and military mail, named for what they are.
    expect([...regions].filter((r) => !US_STATE_CODES.includes(r)).sort()).toEqual([
      "AA",
      "AE",
      "AP",
      "GU",
      "PR",
      "VI",
    ]);
    for (const region of regions) expect(regionName(region)).not.toBe(region);
  });

  it.each([
    ["35203", "AL"],
    ["75201", "TX"],
    ["73301", "TX"],
    ["88510", "TX"],
    ["73102", "OK"],
    ["00501", "NY"],
    ["10001", "NY"],
    ["20500", "DC"],
    ["56901", "DC"],
    ["20101", "VA"],
    ["21201", "MD"],
    ["05501", "MA"],
    ["05401", "VT"],
    ["03904", "ME"],
    ["83814", "ID"],
    ["99403", "WA"],
    ["96813", "HI"],
    ["99501", "AK"],
    ["89101", "NV"],
    ["87101", "NM"],
    ["39901", "GA"],
    ["38671", "MS"],
    ["00901", "PR"],
    ["00802", "VI"],
    ["96910", "GU"],
    ["09001", "AE"],
    ["34001", "AA"],
    ["96201", "AP"],
    ["35203-1234", "AL"],
    ["352031234", "AL"],
  ])("%s is in %s", (zip, region) => {
    expect(zipRegion(zip)).toBe(region);
  });

  it("knows no state for a prefix of none, nor for what is not a ZIP", () => {
    for (const zip of ["00012", "09912", "26901", "56801", "71501", "88601", "3520", "ABCDE", ""]) {
      expect(zipRegion(zip), zip).toBeNull();
    }
    expect(zipInState("35203", "al")).toBe(true);
    expect(zipInState("35203", "TX")).toBe(false);
  });
});

const address = {
  businessName: "Shop",
  street: "1 Main St",
  city: "Town",
  phone: "",
};

describe("saving an address whose ZIP is of another state (issue 26)", () => {
  it("refuses it next to the ZIP field, naming both states", () => {
    const parsed = addressSchema.safeParse({ ...address, state: "TX", zip: "35203" });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues).toEqual([
      expect.objectContaining({
        path: ["zip"],
        message: "ZIP code 35203 is in Alabama, not Texas. Check the ZIP code and the state.",
      }),
    ]);
    expect(addressSchema.safeParse({ ...address, state: "AL", zip: "35203" }).success).toBe(true);
    expect(addressSchema.safeParse({ ...address, state: "al", zip: "352031234" }).data?.zip).toBe("35203-1234");
  });

  it("refuses every state's ZIPs typed with any other state, and a ZIP of no state or of a territory", () => {
    for (const [from, to, region] of ZIP_PREFIX_RANGES) {
      for (const prefix of [from, to]) {
        const zip = `${String(prefix).padStart(3, "0")}01`;
        for (const state of ["TX", "CA", "DC"]) {
          const parsed = addressSchema.safeParse({ ...address, state, zip });
          expect(parsed.success, `${state} ${zip}`).toBe(state === region);
          if (!parsed.success) expect(parsed.error.issues[0]?.path).toEqual(["zip"]);
        }
      }
    }
    expect(zipStateMismatch("00012", "TX")).toBe(FORM_MESSAGES.zipNotInState("00012", null, "Texas"));
    expect(zipStateMismatch("00901", "TX")).toBe(
      "ZIP code 00901 is in Puerto Rico, not Texas. Check the ZIP code and the state.",
    );
  });

  it("registration says it too, together with the other fields' problems", () => {
    const parsed = registerSchema.safeParse({
      legalName: "Shop LLC",
      businessType: "grocery",
      name: "Pat",
      username: "pat_1",
      email: "pat@shop.test",
      password: "short",
      address: "1 Main St",
      city: "Dallas",
      state: "TX",
      zip: "35203",
    });
    expect(parsed.success).toBe(false);
    const messages = Object.fromEntries((parsed.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));
    expect(messages.zip).toBe(FORM_MESSAGES.zipNotInState("35203", "Alabama", "Texas"));
    expect(messages.password).toBe(MESSAGES.passwordTooShort);
  });
});

describe("a license of a state's own permit type (issue 26)", () => {
  const license = {
    number: "EC-12345",
    expiresOn: "2099-01-01",
  };
  it("is refused with another issuing state, and taken with Texas", () => {
    const schema = licenseSchema("2026-01-01");
    for (const type of ["tx-ecig-retailer", "tx-dshs-hemp"]) {
      const parsed = schema.safeParse({ ...license, type, issuingState: "NV" });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]).toMatchObject({ path: ["issuingState"] });
      expect(parsed.error?.issues[0]?.message).toMatch(/ is issued by Texas\. Choose Texas as the issuing state\.$/);
      expect(schema.safeParse({ ...license, type, issuingState: "TX" }).success).toBe(true);
    }
    expect(schema.safeParse({ ...license, type: "state-tobacco-vape", issuingState: "NV" }).success).toBe(true);
    expect(ACCOUNT_MESSAGES.licenseIssuedOnlyBy("Texas e-cigarette retailer permit", "Texas")).toBe(
      "A Texas e-cigarette retailer permit is issued by Texas. Choose Texas as the issuing state.",
    );
  });
});

import { describe, expect, it } from "vitest";
import { businessDisplayName } from "./business";

describe("businessDisplayName", () => {
  it("shows the trade name with the legal name in brackets when both are known and differ", () => {
    expect(businessDisplayName({ legalName: "Demo Corner Store LLC", dba: "Demo Corner Store" })).toBe(
      "Demo Corner Store (Demo Corner Store LLC)",
    );
  });

  it("shows one name when they are the same (case and spacing aside) or one is missing", () => {
    expect(businessDisplayName({ legalName: "Pat's Smoke & Vape LLC", dba: null })).toBe("Pat's Smoke & Vape LLC");
    expect(businessDisplayName({ legalName: "Corner Mart", dba: "corner  mart" })).toBe("corner  mart");
    expect(businessDisplayName({ legalName: " ", dba: "Corner Mart " })).toBe("Corner Mart");
    expect(businessDisplayName({ legalName: "Corner Mart LLC", dba: "" })).toBe("Corner Mart LLC");
  });

  it("falls back to the account holder's name when the business has no name or there is no business", () => {
    expect(businessDisplayName(null, "Dana Buyer")).toBe("Dana Buyer");
    expect(businessDisplayName({ legalName: null, dba: null }, "Dana Buyer")).toBe("Dana Buyer");
    expect(businessDisplayName(undefined)).toBe("");
  });
});

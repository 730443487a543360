import { describe, expect, it } from "vitest";
import * as MESSAGES from "../messages";
import { productComplianceSchema } from "./compliance";

/** The product's compliance facts take a UPC-A, an EAN-13 or an EAN-8 only with its check digit. */
describe("the UPC of a product's compliance facts", () => {
  const upcOf = (upc: string) => {
    const parsed = productComplianceSchema.safeParse({ upc });
    return parsed.success ? { upc: parsed.data.upc } : { error: parsed.error.issues.map((i) => i.message) };
  };

  it("keeps a UPC-A, an EAN-13 or an EAN-8 as its digits", () => {
    expect(upcOf("0 36000-29145 2")).toEqual({ upc: "036000291452" });
    expect(upcOf("4006381333931")).toEqual({ upc: "4006381333931" });
    expect(upcOf("9638 5074")).toEqual({ upc: "96385074" });
    expect(upcOf("")).toEqual({ upc: null });
  });

  it("refuses a wrong check digit or length, saying what a UPC is", () => {
    for (const upc of ["036000291453", "4006381333932", "96385075", "0360002914", "ABCDEFGHIJKL"]) {
      expect(upcOf(upc), upc).toEqual({ error: [MESSAGES.upcFormat] });
    }
    expect(MESSAGES.upcFormat).toBe("A UPC or EAN has 8, 12 or 13 digits, the last one its check digit.");
  });
});

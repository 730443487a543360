import { describe, expect, it } from "vitest";
import { cleanGtin, gtinCheckDigit, gtinProblem, isValidGtin, readGtin, sameGtins, storedGtinForms } from "./gtin";

describe("barcode numbers (GTIN)", () => {
  it("takes a UPC-A, an EAN-13 and an EAN-8 whose last digit is their check digit", () => {
    expect(isValidGtin("036000291452")).toBe(true);
    expect(isValidGtin("4006381333931")).toBe(true);
    expect(isValidGtin("96385074")).toBe(true);
    expect(gtinCheckDigit("03600029145")).toBe(2);
    expect(gtinCheckDigit("400638133393")).toBe(1);
    expect(gtinCheckDigit("9638507")).toBe(4);
  });

  it("refuses a wrong check digit, and other lengths or characters", () => {
    expect(gtinProblem("036000291453")).toBe("check-digit");
    expect(gtinProblem("4006381333930")).toBe("check-digit");
    expect(gtinProblem("96385075")).toBe("check-digit");
    for (const code of ["", "123", "03600029145", "0360002914521", "00360002914521", "03600029145X", "9638507 4"]) {
      expect(gtinProblem(code), code).toBe(code === "0360002914521" ? "check-digit" : "length");
    }
  });

  it("finds the check digit wrong whichever one digit is mistyped", () => {
    const good = "036000291452";
    for (let i = 0; i < good.length; i++) {
      for (let d = 0; d <= 9; d++) {
        if (String(d) === good[i]) continue;
        const typo = `${good.slice(0, i)}${d}${good.slice(i + 1)}`;
        expect(isValidGtin(typo), typo).toBe(false);
      }
    }
  });

  it("reads a code as printed, and knows a UPC-A and its EAN-13 are one code", () => {
    expect(cleanGtin("0 36000-29145 2")).toBe("036000291452");
    expect(sameGtins("036000291452")).toEqual(["036000291452", "0036000291452"]);
    expect(sameGtins("0036000291452")).toEqual(["0036000291452", "036000291452"]);
    expect(sameGtins("4006381333931")).toEqual(["4006381333931"]);
    expect(sameGtins("96385074")).toEqual(["96385074"]);
  });

  it("reads a code scanned or typed to find a product in every form GS1 writes it", () => {
    // UPC-A, as itself, as an EAN-13 with a leading 0 and as a GTIN-14.
    for (const code of ["036000291452", "0036000291452", "00036000291452", "0 36000-29145 2"]) {
      expect(readGtin(code), code).toBe("gtin");
      expect(storedGtinForms(code), code).toEqual(["036000291452", "0036000291452"]);
    }
    // EAN-13, as itself and as a GTIN-14.
    expect(storedGtinForms("4006381333931")).toEqual(["4006381333931"]);
    expect(storedGtinForms("04006381333931")).toEqual(["4006381333931"]);
    // EAN-8, as itself and padded to 13 and 14 digits.
    for (const code of ["96385074", "0000096385074", "00000096385074"]) {
      expect(storedGtinForms(code), code).toEqual(["96385074", "000096385074", "0000096385074"]);
    }
    // A case's GTIN-14 (indicator digit 1) is a code of its own, not the item's.
    expect(readGtin("10036000291459")).toBe("gtin");
    expect(storedGtinForms("10036000291459")).toEqual([]);
  });

  it("finds nothing for a misread digit, and tells a barcode number from a SKU", () => {
    for (const code of ["036000291453", "0036000291453", "00036000291453", "4006381333930", "96385075"]) {
      expect(readGtin(code), code).toBe("check-digit");
      expect(storedGtinForms(code), code).toEqual([]);
    }
    for (const code of ["VAP-001", "1234567", "03600029145", "123456789012345", ""]) {
      expect(readGtin(code), code).toBe("none");
      expect(storedGtinForms(code), code).toEqual([]);
    }
  });
});

import { describe, expect, it } from "vitest";
import { formatCents, parseDollarsToCents } from "./money";

describe("money", () => {
  it("formats cents as dollars with two decimals and a $ prefix", () => {
    expect(formatCents(0)).toBe("$0.00");
    expect(formatCents(5)).toBe("$0.05");
    expect(formatCents(123450)).toBe("$1,234.50");
  });

  it("reads typed amounts into integer cents", () => {
    expect(parseDollarsToCents("12")).toBe(1200);
    expect(parseDollarsToCents("12.5")).toBe(1250);
    expect(parseDollarsToCents("$1,234.56")).toBe(123456);
    expect(parseDollarsToCents("0.1")).toBe(10);
  });

  it("refuses what is not an amount", () => {
    for (const bad of [
      "",
      "-1",
      "1.234",
      "abc",
      "1e3",
      "12.",
      "NaN",
      "9999999999",
      "1,00",
      "12,50",
      "1,0,0",
      "1,2345",
    ]) {
      expect(parseDollarsToCents(bad)).toBeNull();
    }
  });
});

import { describe, expect, it } from "vitest";
import { fitListQuantity, listQuantityCap, listStepDown, listStepUp } from "./saved-lists";

const cases = { casePack: 10, minQuantity: 20, maxQuantity: 40 };
const singles = { casePack: 1, minQuantity: 1, maxQuantity: null };

describe("a list line's quantity: whole cases from the minimum to the maximum, stock left out", () => {
  it("steps one case at a time and stops at the minimum and the maximum", () => {
    expect(listStepUp(20, cases)).toBe(30);
    expect(listStepUp(40, cases)).toBe(40);
    expect(listStepDown(30, cases)).toBe(20);
    // Below the minimum the line stays: it leaves a list only by Remove.
    expect(listStepDown(20, cases)).toBe(20);
    // From an odd quantity (the case pack changed): the next whole case either way.
    expect(listStepUp(25, cases)).toBe(30);
    expect(listStepDown(25, cases)).toBe(20);
    expect(listStepUp(9_999, singles)).toBe(10_000);
    expect(listStepUp(10_000, singles)).toBe(10_000);
  });

  it("fits carried-over quantities to the nearest whole number of cases within the limits", () => {
    expect(fitListQuantity(7, cases)).toBe(20);
    expect(fitListQuantity(34, cases)).toBe(30);
    expect(fitListQuantity(35, cases)).toBe(40);
    expect(fitListQuantity(500, cases)).toBe(40);
    expect(fitListQuantity(Number.NaN, singles)).toBe(1);
    expect(listQuantityCap({ casePack: 12, minQuantity: 12, maxQuantity: null })).toBe(9_996);
  });
});

import { describe, expect, it } from "vitest";
import { addLine, addNotice, addToCart, type CartProduct, decreaseLine, increaseLine, parseCart } from "./cart";
import * as MESSAGES from "./messages";
import * as CART_MESSAGES from "./messages/cart";
import * as SELLING_MESSAGES from "./messages/selling";
import * as VOLUME_MESSAGES from "./messages/volume-prices";
import {
  largestQuantity,
  nearestQuantity,
  quantityProblem,
  type SellingUnit,
  sellingUnitOf,
  smallestQuantity,
  stepDown,
  stepUp,
} from "./quantity";

const cases: SellingUnit = { casePack: 10, minQuantity: 20, maxQuantity: 60 };
const name = "Blue Razz 10-pack";

describe("the quantity rule", () => {
  it("accepts whole cases from the minimum to the maximum and the stock", () => {
    for (const q of [20, 30, 60]) expect(quantityProblem(name, q, cases, 100)).toBeNull();
    expect(quantityProblem(name, 10, SINGLE(), 10)).toBeNull();
  });

  it("refuses every other quantity with a message that says why", () => {
    expect(quantityProblem(name, 2.5, cases, 100)).toBe(MESSAGES.quantityNotWhole);
    expect(quantityProblem(name, Number.NaN, cases, 100)).toBe(MESSAGES.quantityNotWhole);
    expect(quantityProblem(name, "20", cases, 100)).toBe(MESSAGES.quantityNotWhole);
    expect(quantityProblem(name, 0, cases, 100)).toBe(MESSAGES.enterQuantityAtLeastOne);
    expect(quantityProblem(name, -10, cases, 100)).toBe(MESSAGES.enterQuantityAtLeastOne);
    expect(quantityProblem(name, 1e12, cases, 100)).toBe(SELLING_MESSAGES.quantityTooLarge(10_000));
    expect(quantityProblem(name, 25, cases, 100)).toBe(SELLING_MESSAGES.quantityNotPackMultiple(name, 10));
    expect(quantityProblem(name, 10, cases, 100)).toBe(SELLING_MESSAGES.quantityBelowMinimum(name, 20));
    expect(quantityProblem(name, 70, cases, 100)).toBe(SELLING_MESSAGES.quantityAboveMaximum(name, 60));
    expect(quantityProblem(name, 50, cases, 40)).toBe(SELLING_MESSAGES.quantityAboveStock(name, 40));
    expect(SELLING_MESSAGES.quantityNotPackMultiple(name, 10)).toBe(
      "Blue Razz 10-pack is sold in cases of 10: order a multiple of 10.",
    );
  });

  it("steps in whole cases between the minimum and the most that can be ordered", () => {
    expect(smallestQuantity(cases)).toBe(20);
    expect(largestQuantity(cases, 45)).toBe(40);
    expect(largestQuantity(cases, 15)).toBe(0);
    expect(stepUp(20, cases, 100)).toBe(30);
    expect(stepUp(60, cases, 100)).toBe(60);
    expect(stepUp(7, cases, 100)).toBe(20);
    expect(stepDown(30, cases)).toBe(20);
    expect(stepDown(20, cases)).toBe(0);
    expect(stepDown(27, cases)).toBe(20);
    expect(nearestQuantity(33, cases, 100)).toBe(30);
    expect(nearestQuantity(1, cases, 100)).toBe(20);
    expect(nearestQuantity(500, cases, 45)).toBe(40);
  });

  it("reads a missing or odd selling unit as single units", () => {
    expect(sellingUnitOf(undefined)).toEqual(SINGLE());
    expect(sellingUnitOf({ casePack: -3, minQuantity: 2.5, maxQuantity: null })).toEqual(SINGLE());
    expect(sellingUnitOf({ casePack: 6, minQuantity: 1 })).toEqual({ casePack: 6, minQuantity: 6, maxQuantity: null });
  });
});

function SINGLE(): SellingUnit {
  return { casePack: 1, minQuantity: 1, maxQuantity: null };
}

describe("the cart with case packs", () => {
  const gum: CartProduct = { id: 3, name: "Gum", priceCents: 100, stock: 45, image: null, ...cases };

  it("adds whole cases within the limits and says when it could not add all", () => {
    expect(addLine([], gum, 20)[0]?.quantity).toBe(20);
    expect(addLine([], gum, 10)).toEqual([]);
    const outcome = addToCart(addLine([], gum, 30), gum, 30);
    expect(outcome.inCart).toBe(40);
    expect(addNotice(outcome).message).toBe(
      "Only 10 of 30 added: there are only 45 in stock. Your cart now holds 40 of Gum.",
    );
    const capped = addToCart([], { ...gum, stock: 500 }, 80);
    expect(capped.inCart).toBe(60);
    expect(addNotice(capped).message).toContain(CART_MESSAGES.atMostPerOrder(60));
  });

  it("moves the steppers a case at a time and drops the line below the minimum", () => {
    const lines = addLine([], gum, 20);
    expect(increaseLine(lines, 3)[0]?.quantity).toBe(30);
    expect(increaseLine(increaseLine(lines, 3), 3)[0]?.quantity).toBe(40);
    expect(increaseLine(addLine([], gum, 40), 3)[0]?.quantity).toBe(40);
    expect(decreaseLine(increaseLine(lines, 3), 3)[0]?.quantity).toBe(20);
    expect(decreaseLine(lines, 3)).toEqual([]);
  });

  it("keeps the selling unit of stored lines, and reads older lines as single units", () => {
    const stored = JSON.stringify([
      { ...gum, quantity: 20 },
      { id: 4, name: "Old", priceCents: 5, stock: 9, quantity: 2 },
    ]);
    const [withUnit, older] = parseCart(stored);
    expect(withUnit).toMatchObject({ casePack: 10, minQuantity: 20, maxQuantity: 60, quantity: 20 });
    expect(increaseLine([older as never], 4)[0]).toMatchObject({ quantity: 3 });
  });
});

describe("the volume price table's rows", () => {
  it("counts units for a product sold singly and whole cases for one sold by the case", () => {
    expect(VOLUME_MESSAGES.tierFrom(1, 4)).toBe("1–4 units");
    expect(VOLUME_MESSAGES.tierFrom(5, null)).toBe("5+ units");
    expect(VOLUME_MESSAGES.tierFrom(5, 5)).toBe("5 units");
    expect(VOLUME_MESSAGES.tierFrom(10, 49, 10)).toBe("1–4 cases");
    expect(VOLUME_MESSAGES.tierFrom(50, null, 10)).toBe("5+ cases");
    expect(VOLUME_MESSAGES.tierFrom(10, 19, 10)).toBe("1 case");
    expect(VOLUME_MESSAGES.tierFrom(20, 29, 10)).toBe("2 cases");
    expect(VOLUME_MESSAGES.casePrice("$129.00", "$12.90")).toBe("$129.00 a case ($12.90 each)");
  });
});

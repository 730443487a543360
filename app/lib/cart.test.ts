import { describe, expect, it } from "vitest";
import {
  addLine,
  type CartProduct,
  cartItemCount,
  cartTotalCents,
  decreaseLine,
  increaseLine,
  parseCart,
  removeLine,
} from "./cart";

const soda: CartProduct = { id: 1, name: "Soda", priceCents: 250, stock: 5, image: null };
const chips: CartProduct = { id: 2, name: "Chips", priceCents: 1099, stock: 100, image: null };

describe("cart rules", () => {
  it("adds one by default and merges the same product by id", () => {
    const once = addLine([], soda);
    expect(once).toEqual([{ ...soda, quantity: 1 }]);
    const twice = addLine(once, soda, 3);
    expect(twice).toHaveLength(1);
    expect(twice[0]?.quantity).toBe(4);
  });

  it("never holds more than the stock", () => {
    expect(addLine([], soda, 99)[0]?.quantity).toBe(5);
    const full = addLine([], soda, 5);
    expect(increaseLine(full, 1)[0]?.quantity).toBe(5);
    expect(addLine(full, soda, 2)[0]?.quantity).toBe(5);
  });

  it("does not add an out-of-stock product", () => {
    expect(addLine([], { ...soda, stock: 0 })).toEqual([]);
  });

  it("decreases by one and drops the line at zero", () => {
    const lines = addLine(addLine([], soda, 2), chips);
    const once = decreaseLine(lines, 1);
    expect(once.find((l) => l.id === 1)?.quantity).toBe(1);
    const gone = decreaseLine(once, 1);
    expect(gone.map((l) => l.id)).toEqual([2]);
  });

  it("removes a line and totals price times quantity", () => {
    const lines = addLine(addLine([], soda, 3), chips, 2);
    expect(cartTotalCents(lines)).toBe(3 * 250 + 2 * 1099);
    expect(cartItemCount(lines)).toBe(5);
    expect(removeLine(lines, 2).map((l) => l.id)).toEqual([1]);
    expect(cartTotalCents([])).toBe(0);
  });

  it("reads only well-formed lines from storage", () => {
    const stored = JSON.stringify([
      { ...soda, quantity: 2 },
      { id: "x", name: 1 },
      { ...chips, quantity: -1 },
      { ...soda, quantity: 9 },
    ]);
    expect(parseCart(stored)).toEqual([{ ...soda, quantity: 2 }]);
    expect(parseCart("not json")).toEqual([]);
    expect(parseCart(null)).toEqual([]);
  });
});

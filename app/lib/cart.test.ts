import { describe, expect, it } from "vitest";
import {
  addLine,
  addNotice,
  addToCart,
  type CartProduct,
  cartItemCount,
  cartTotalCents,
  decreaseLine,
  increaseLine,
  parseCart,
  removeLine,
} from "./cart";
import { blocksOrder, type CheckedLine } from "./cart-check";
import { addCheckedLines } from "./cart-checked";
import { buyableLines, type CartLine } from "./cart-lines";

const soda: CartProduct = { id: 1, name: "Soda", priceCents: 250, stock: 5, image: null };
const chips: CartProduct = { id: 2, name: "Chips", priceCents: 1099, stock: 100, image: null };

describe("what an Add to Cart says (issue 12, point 3)", () => {
  const three: CartProduct = { id: 7, name: "Glass Pipe", priceCents: 1500, stock: 3, image: null };

  it("says the spec's message only when the full quantity went in", () => {
    const first = addToCart([], three, 2);
    expect(first).toMatchObject({ added: 2, inCart: 2, limit: 3 });
    expect(addNotice(first)).toEqual({ type: "success", message: "Glass Pipe added to cart!" });
  });

  it("with stock 3, adding 2 then 2 more adds 1 and names the limit", () => {
    const second = addToCart(addToCart([], three, 2).lines, three, 2);
    expect(second).toMatchObject({ requested: 2, added: 1, inCart: 3 });
    const notice = addNotice(second);
    expect(notice.type).toBe("info");
    expect(notice.message).toBe("Only 1 of 2 added: there are only 3 in stock. Your cart now holds 3 of Glass Pipe.");
    expect(notice.message).not.toContain("added to cart!");
  });

  it("refuses, and says so, when the line already holds the whole stock", () => {
    const full = addToCart([], three, 3).lines;
    const again = addToCart(full, three, 1);
    expect(again).toMatchObject({ added: 0, inCart: 3 });
    expect(again.lines).toEqual(full);
    expect(addNotice(again)).toEqual({
      type: "error",
      message: "Not added: your cart already holds 3 of Glass Pipe, and there are only 3 in stock.",
    });
  });
});

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

  it("counts for the header only what can be bought: out-of-stock lines out, quantities to the stock", () => {
    const lines: CartLine[] = [
      { ...soda, quantity: 3 },
      { ...chips, stock: 0, quantity: 2 },
      { ...soda, id: 3, stock: 2, quantity: 4 },
      // A case of 6 with 5 left cannot be bought.
      { ...chips, id: 4, stock: 5, quantity: 6, casePack: 6, minQuantity: 6, maxQuantity: null },
    ];
    const buyable = buyableLines(lines);
    expect(buyable.map((l) => [l.id, l.quantity])).toEqual([
      [1, 3],
      [3, 2],
    ]);
    expect(cartTotalCents(buyable)).toBe(5 * 250);
    expect(cartItemCount(buyable)).toBe(5);
    expect(buyableLines([{ ...soda, quantity: 2 }])).toEqual([{ ...soda, quantity: 2 }]);
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

describe("addCheckedLines: what the server said of each line", () => {
  const checked = (id: number, quantity: number, status: "ok" | "capped" | "out-of-stock" | "gone", stock = 50) => ({
    id,
    product:
      status === "gone"
        ? null
        : { name: `P${id}`, priceCents: 100 * id, stock, image: null, casePack: 1, minQuantity: 1, maxQuantity: null },
    requested: quantity,
    quantity: status === "out-of-stock" || status === "gone" ? 0 : quantity,
    status,
  });

  it("adds what can be ordered at today's price, merges with a line already there, leaves out the rest", () => {
    const start = addLine([], { ...soda, id: 3, priceCents: 1, stock: 50 }, 2);
    const next = addCheckedLines(start, [
      checked(3, 4, "ok"),
      checked(4, 3, "capped", 3),
      checked(5, 2, "out-of-stock", 0),
      checked(6, 1, "gone"),
    ]);
    expect(next.map((l) => [l.id, l.quantity, l.priceCents])).toEqual([
      [3, 6, 300],
      [4, 3, 400],
    ]);
    // Nothing to add: the cart is unchanged.
    expect(addCheckedLines(start, [checked(5, 2, "out-of-stock", 0)])).toEqual(start);
  });
});

describe("addCheckedLines: lines the server checked go into the cart", () => {
  const product = (name: string, priceCents: number, stock = 100) => ({
    name,
    priceCents,
    stock,
    image: null,
    casePack: 10,
    minQuantity: 20,
    maxQuantity: 40,
  });

  it("adds orderable lines at the server's price and selling unit, and leaves out the others", () => {
    const checked: CheckedLine[] = [
      { id: 1, product: product("Soda", 1161), requested: 20, quantity: 20, status: "ok" },
      { id: 2, product: null, requested: 5, quantity: 0, status: "gone" },
      { id: 3, product: product("Gum", 99, 0), requested: 20, quantity: 0, status: "out-of-stock" },
      {
        id: 4,
        product: product("Kratom", 500),
        requested: 20,
        quantity: 20,
        status: "ok",
        compliance: { outcome: "blocked", reason: "State ban.", licenseLabel: null },
      },
    ];
    const cart = addCheckedLines([{ ...chips, quantity: 1 }], checked);
    // The lines left out are exactly those the cart's one rule says stop an order.
    expect(checked.filter((l) => !blocksOrder(l)).map((l) => l.id)).toEqual([1]);
    expect(cart).toEqual([
      { ...chips, quantity: 1 },
      {
        id: 1,
        name: "Soda",
        priceCents: 1161,
        stock: 100,
        image: null,
        casePack: 10,
        minQuantity: 20,
        maxQuantity: 40,
        quantity: 20,
      },
    ]);
  });

  it("merges with a line already in the cart, within its maximum", () => {
    const once = addCheckedLines(
      [],
      [{ id: 1, product: product("Soda", 1161), requested: 30, quantity: 30, status: "ok" }],
    );
    const twice = addCheckedLines(once, [
      { id: 1, product: product("Soda", 1100), requested: 30, quantity: 30, status: "ok" },
    ]);
    // 60 would pass the maximum of 40: the line holds the maximum, at the new price.
    expect(twice).toEqual([expect.objectContaining({ id: 1, quantity: 40, priceCents: 1100 })]);
  });
});

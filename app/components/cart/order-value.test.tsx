import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import * as MESSAGES from "~/lib/messages";
import * as CART_MESSAGES from "~/lib/messages/cart";
import { OrderValueHints } from "./order-value";

/** The cart's hints (issue 16) as the page draws them, text only. */
function hints(totalCents: number, minOrderCents: number, freeShippingCents: number): string {
  const html = renderToStaticMarkup(
    <OrderValueHints totalCents={totalCents} minOrderCents={minOrderCents} freeShippingCents={freeShippingCents} />,
  );
  return html
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

describe("the cart's order-value hints", () => {
  it("says how much is missing to the store's minimum order and to free shipping", () => {
    const text = hints(18_000, 30_000, 50_000);
    expect(text).toContain(CART_MESSAGES.belowMinimumOrder(30_000, 12_000));
    expect(CART_MESSAGES.belowMinimumOrder(30_000, 12_000)).toBe(
      "The minimum order is $300.00: add $120.00 more to check out.",
    );
    expect(text).toContain(CART_MESSAGES.moreForFreeShipping(32_000));
  });

  it("says nothing of a minimum once it is reached, or when the store has none", () => {
    expect(hints(30_000, 30_000, 50_000)).not.toContain("minimum");
    expect(hints(100, 0, 50_000)).not.toContain("minimum");
  });

  it("says the order ships free once it reaches the threshold, and shows no shipping hint when there is none", () => {
    expect(hints(50_000, 0, 50_000)).toContain(MESSAGES.freeShippingReached);
    expect(hints(100, 0, 0)).toBe("");
  });
});

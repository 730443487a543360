import * as CART_MESSAGES from "~/lib/messages/cart";
import { env } from "../runtime/env";

/** The store's order-value settings, for the cart's hints (buyers only). */
export function orderValueSettings(): { minOrderCents: number; freeShippingCents: number } {
  return { minOrderCents: env().MIN_ORDER_CENTS, freeShippingCents: env().FREE_SHIPPING_CENTS };
}

/** Why an order of `totalCents` cannot be placed (below the store's minimum), or null. */
export function orderValueProblem(totalCents: number): string | null {
  const min = env().MIN_ORDER_CENTS;
  return totalCents < min ? CART_MESSAGES.belowMinimumOrder(min, min - totalCents) : null;
}

import { formatCents } from "../money";
import { shortDollars } from "./shell";

/**
 * The sentences of changing and checking the cart (Add to Cart, the cart page, checkout): only the
 * pages that change the cart carry them. The store's shared sentences are in ../messages.ts; these
 * live apart so that a page carries only the sentences its code names (decisions 0020 and 0078).
 * Import as a namespace:
 * `import * as CART_MESSAGES from "~/lib/messages/cart"`.
 */

/** '{product name} added to cart!' */
export function addedToCart(productName: string): string {
  return `${productName} added to cart!`;
}

export const orderNotesHint = (max: number) =>
  `Delivery instructions or anything the store should know (up to ${max} characters).`;

/** Why fewer units were added to the cart: the stock, or the per-line maximum. */
export const onlyInStock = (stock: number) => `only ${stock} in stock`;

export const atMostPerLine = (max: number) => `at most ${max.toLocaleString("en-US")} per line`;

export const notAddedCartFull = (inCart: number, name: string, why: string) =>
  `Not added: your cart already holds ${inCart} of ${name}, and there are ${why}.`;

export const partlyAdded = (added: number, requested: number, why: string, inCart: number, name: string) =>
  `Only ${added} of ${requested} added: there are ${why}. Your cart now holds ${inCart} of ${name}.`;

export const quantityLowered = (stock: number, requested: number) =>
  `Only ${stock} in stock: quantity lowered from ${requested}.`;

export const cartShippingNote = (freeShippingCents: number) =>
  freeShippingCents > 0
    ? `Free shipping on orders ${shortDollars(freeShippingCents)}+. No tax or fees are added online.`
    : "No tax or fees are added online.";

export function quantityAdjusted(from: number, to: number): string {
  return `Quantity changed from ${from} to ${to} to match how this product is sold.`;
}

export function atMostPerOrder(maximum: number): string {
  return `at most ${maximum} per order`;
}

// ---- Wholesale ordering (issue 16): minimum order value ----
export function belowMinimumOrder(minCents: number, missingCents: number): string {
  return `The minimum order is ${formatCents(minCents)}: add ${formatCents(missingCents)} more to check out.`;
}

export function moreForFreeShipping(missingCents: number): string {
  return `${formatCents(missingCents)} more for free shipping`;
}

import { MAX_LINE_QUANTITY, MAX_ORDER_LINES } from "./orders";
import { type SellingUnit, smallestQuantity } from "./quantity";

/**
 * Saved lists and back-in-stock alerts (issue 16, faster ordering): the limits and the quantity
 * rule of a list, shared by the server (which enforces them) and the pages (steppers, hints).
 *
 * A list line holds whole cases from the product's minimum up to its maximum per order (or
 * MAX_LINE_QUANTITY): the rule of lib/quantity.ts without the stock, since a list is kept for
 * later and the stock is checked when it goes to the cart.
 */

/** Lists one customer may keep. */
export const MAX_LISTS = 50;
/**
 * Products one list may hold: as many lines as one order may have (the cart check and checkout
 * refuse more), so "Add all to cart" always makes a cart that can be ordered.
 */
export const MAX_LIST_LINES = MAX_ORDER_LINES;
export const LIST_NAME_MAX = 60;
/** Back-in-stock alerts one customer may have waiting at once. */
export const MAX_PENDING_ALERTS = 200;

/** The list picker's value for "a new list" (the name comes in `newName`). */
export const NEW_LIST = "new";

/** A list to pick: what the product page, cart and order panel offer. */
export interface ListChoice {
  id: number;
  name: string;
}

/** The most a list line may hold of a product: whole cases within its maximum and the line limit. */
export function listQuantityCap(unit: SellingUnit): number {
  const cap = Math.min(unit.maxQuantity ?? MAX_LINE_QUANTITY, MAX_LINE_QUANTITY);
  return Math.max(Math.floor(cap / unit.casePack) * unit.casePack, smallestQuantity(unit));
}

/**
 * A carried-over quantity (a cart line, a past order's line) fitted to how the product is sold
 * now: the nearest whole number of cases, from the minimum to the cap.
 */
export function fitListQuantity(quantity: number, unit: SellingUnit): number {
  const wanted = Number.isFinite(quantity) ? quantity : 0;
  const rounded = Math.round(wanted / unit.casePack) * unit.casePack;
  return Math.min(Math.max(rounded, smallestQuantity(unit)), listQuantityCap(unit));
}

/** One case more, or the same at the cap. */
export function listStepUp(quantity: number, unit: SellingUnit): number {
  const next = Math.max(Math.floor(quantity / unit.casePack) * unit.casePack + unit.casePack, smallestQuantity(unit));
  return next <= listQuantityCap(unit) ? next : quantity;
}

/** One case fewer, or the same at the minimum (a line leaves a list only by Remove). */
export function listStepDown(quantity: number, unit: SellingUnit): number {
  const next = Math.ceil(quantity / unit.casePack) * unit.casePack - unit.casePack;
  return next >= smallestQuantity(unit) ? next : quantity;
}

/**
 * What a product page shows of one signed-in customer (issue 28): the lists holding the product,
 * with the quantity in each (null: not in it), and their back-in-stock alert. Answered by
 * /api/product-personal/:id after the shared page has loaded.
 */
export interface ProductPersonalData {
  productId: number;
  lists: (ListChoice & { quantity: number | null })[];
  alert: "none" | "pending" | "notified";
}

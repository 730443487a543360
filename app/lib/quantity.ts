import * as MESSAGES from "./messages";
import * as SELLING_MESSAGES from "./messages/selling";
import { MAX_LINE_QUANTITY } from "./order-limits";
import { largestQuantity, type SellingUnit, smallestQuantity } from "./selling-unit";

/**
 * The one quantity rule of the store (issue 16, selling units), used by the product page's input,
 * the cart's steppers, the cart check, Add to Cart without JavaScript and order placement: a line
 * holds a whole number of units that is a multiple of the case pack, at least the minimum, at
 * most the maximum per order, the stock and MAX_LINE_QUANTITY.
 */
export {
  largestQuantity,
  MAX_SELLING_UNIT,
  type SellingUnit,
  SINGLE_UNITS,
  sellingUnitOf,
  smallestQuantity,
} from "./selling-unit";
/** "Case of 10", or null for single units. */
export function casePackLabel(unit: SellingUnit): string | null {
  return unit.casePack > 1 ? SELLING_MESSAGES.caseOf(unit.casePack) : null;
}

/** The largest low-stock threshold a product or the store may have (issue 17). */
export const MAX_LOW_STOCK_THRESHOLD = 1_000_000;

/**
 * Why `quantity` of a product cannot be ordered, in words the customer can act on, or null when
 * it can. `stock` is left out where the stock is checked elsewhere (placing an order takes it
 * with its own conditional update).
 */
export function quantityProblem(name: string, quantity: unknown, unit: SellingUnit, stock?: number): string | null {
  if (typeof quantity !== "number" || !Number.isInteger(quantity)) return MESSAGES.quantityNotWhole;
  if (quantity < 1) return MESSAGES.enterQuantityAtLeastOne;
  if (quantity > MAX_LINE_QUANTITY) return SELLING_MESSAGES.quantityTooLarge(MAX_LINE_QUANTITY);
  if (quantity % unit.casePack !== 0) return SELLING_MESSAGES.quantityNotPackMultiple(name, unit.casePack);
  if (quantity < smallestQuantity(unit)) return SELLING_MESSAGES.quantityBelowMinimum(name, smallestQuantity(unit));
  if (unit.maxQuantity !== null && quantity > unit.maxQuantity)
    return SELLING_MESSAGES.quantityAboveMaximum(name, unit.maxQuantity);
  if (stock !== undefined && quantity > stock) return SELLING_MESSAGES.quantityAboveStock(name, Math.max(0, stock));
  return null;
}

/** The valid quantity closest to what was typed: whole cases, within the minimum and the limits (0: none can be ordered). */
export function nearestQuantity(quantity: number, unit: SellingUnit, stock: number): number {
  const top = largestQuantity(unit, stock);
  if (top === 0) return 0;
  const wanted = Number.isFinite(quantity) ? quantity : 0;
  const rounded = Math.round(wanted / unit.casePack) * unit.casePack;
  return Math.min(Math.max(rounded, smallestQuantity(unit)), top);
}

/** One case more (from an odd quantity: the next whole case), or the same when at the limit. */
export function stepUp(quantity: number, unit: SellingUnit, stock: number): number {
  const next = Math.max(Math.floor(quantity / unit.casePack) * unit.casePack + unit.casePack, smallestQuantity(unit));
  return next <= largestQuantity(unit, stock) ? next : quantity;
}

/** One case fewer (from an odd quantity: the case below); 0 when that goes below the minimum (the line goes). */
export function stepDown(quantity: number, unit: SellingUnit): number {
  const next = Math.ceil(quantity / unit.casePack) * unit.casePack - unit.casePack;
  return next >= smallestQuantity(unit) ? next : 0;
}

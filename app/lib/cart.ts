import type { CartLine, CartProduct } from "./cart-lines";
import * as CART_MESSAGES from "./messages/cart";
import { MAX_LINE_QUANTITY } from "./orders";
import { largestQuantity, type SellingUnit, sellingUnitOf, smallestQuantity, stepDown, stepUp } from "./quantity";

export {
  CART_STORAGE_KEY,
  type CartLine,
  type CartProduct,
  cartItemCount,
  cartTotalCents,
  parseCart,
} from "./cart-lines";
export { MAX_LINE_QUANTITY };

/** The most of `quantity` a line may hold: whole cases within its limits (0: none). */
function clampQuantity(quantity: number, stock: number, unit: SellingUnit): number {
  const top = largestQuantity(unit, stock);
  const fitted = Math.floor(Math.min(Math.floor(quantity), top) / unit.casePack) * unit.casePack;
  return fitted >= smallestQuantity(unit) ? fitted : 0;
}

/** Adds `quantity` (default 1) of a product, merging with an existing line; never above stock. */
export function addLine(lines: CartLine[], product: CartProduct, quantity = 1): CartLine[] {
  const existing = lines.find((l) => l.id === product.id);
  if (existing) {
    return lines.map((l) =>
      l.id === product.id
        ? {
            ...l,
            ...product,
            quantity: clampQuantity(l.quantity + quantity, product.stock, sellingUnitOf(product)) || l.quantity,
          }
        : l,
    );
  }
  const q = clampQuantity(quantity, product.stock, sellingUnitOf(product));
  return q > 0 ? [...lines, { ...product, quantity: q }] : lines;
}

/** What an Add to Cart did: how much was asked for, how much went in, and the line's limit. */
export interface AddOutcome {
  lines: CartLine[];
  name: string;
  requested: number;
  added: number;
  /** The line's quantity afterwards. */
  inCart: number;
  /** The most the line may hold: the stock, or MAX_LINE_QUANTITY when that is lower. */
  limit: number;
  /** The product's maximum per order, when it has one (issue 16). */
  maxPerOrder: number | null;
}

/** addLine, reporting what happened (the message must say it: issue 12, point 3). */
export function addToCart(lines: CartLine[], product: CartProduct, quantity = 1): AddOutcome {
  const requested = Math.max(1, Math.floor(quantity));
  const before = lines.find((l) => l.id === product.id)?.quantity ?? 0;
  const next = addLine(lines, product, requested);
  const inCart = next.find((l) => l.id === product.id)?.quantity ?? 0;
  return {
    lines: next,
    name: product.name,
    requested,
    added: Math.max(0, inCart - before),
    inCart,
    limit: Math.max(0, Math.min(product.stock, MAX_LINE_QUANTITY)),
    maxPerOrder: sellingUnitOf(product).maxQuantity,
  };
}

/**
 * The message of an Add to Cart: the spec's '{name} added to cart!' only when the full quantity
 * went in; otherwise what was added and the limit that stopped the rest.
 */
export function addNotice(outcome: AddOutcome): { type: "success" | "info" | "error"; message: string } {
  const { name, requested, added, inCart, limit, maxPerOrder } = outcome;
  if (added === requested) return { type: "success", message: CART_MESSAGES.addedToCart(name) };
  const why =
    maxPerOrder !== null && maxPerOrder < limit
      ? CART_MESSAGES.atMostPerOrder(maxPerOrder)
      : limit < MAX_LINE_QUANTITY
        ? CART_MESSAGES.onlyInStock(limit)
        : CART_MESSAGES.atMostPerLine(MAX_LINE_QUANTITY);
  if (added === 0) {
    return {
      type: "error",
      message: CART_MESSAGES.notAddedCartFull(inCart, name, why),
    };
  }
  return {
    type: "info",
    message: CART_MESSAGES.partlyAdded(added, requested, why, inCart, name),
  };
}

/** One more case (a unit for single units), unless that would exceed the stock or the maximum. */
export function increaseLine(lines: CartLine[], id: number): CartLine[] {
  return lines.map((l) => (l.id === id ? { ...l, quantity: stepUp(l.quantity, sellingUnitOf(l), l.stock) } : l));
}

/** One case fewer; the line goes away below the minimum. */
export function decreaseLine(lines: CartLine[], id: number): CartLine[] {
  return lines.flatMap((l) => {
    if (l.id !== id) return [l];
    const next = stepDown(l.quantity, sellingUnitOf(l));
    return next > 0 ? [{ ...l, quantity: next }] : [];
  });
}

export function removeLine(lines: CartLine[], id: number): CartLine[] {
  return lines.filter((l) => l.id !== id);
}

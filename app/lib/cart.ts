import type { ProductImage } from "./images";
import * as MESSAGES from "./messages";

/** The cart lives in the browser's localStorage under this key (spec section 3). */
export const CART_STORAGE_KEY = "cart";
export const MAX_LINE_QUANTITY = 10_000;

export interface CartLine {
  id: number;
  name: string;
  /** Price per unit in cents, as last confirmed by the server. */
  priceCents: number;
  quantity: number;
  /** Stock when last seen; plus never goes above it. */
  stock: number;
  image: ProductImage | null;
}

export type CartProduct = Omit<CartLine, "quantity">;

function clampQuantity(quantity: number, stock: number): number {
  return Math.max(0, Math.min(Math.floor(quantity), stock, MAX_LINE_QUANTITY));
}

/** Adds `quantity` (default 1) of a product, merging with an existing line; never above stock. */
export function addLine(lines: CartLine[], product: CartProduct, quantity = 1): CartLine[] {
  const existing = lines.find((l) => l.id === product.id);
  if (existing) {
    return lines.map((l) =>
      l.id === product.id
        ? { ...l, ...product, quantity: clampQuantity(l.quantity + quantity, product.stock) || l.quantity }
        : l,
    );
  }
  const q = clampQuantity(quantity, product.stock);
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
  };
}

/**
 * The message of an Add to Cart: the spec's '{name} added to cart!' only when the full quantity
 * went in; otherwise what was added and the limit that stopped the rest.
 */
export function addNotice(outcome: AddOutcome): { type: "success" | "info" | "error"; message: string } {
  const { name, requested, added, inCart, limit } = outcome;
  if (added === requested) return { type: "success", message: MESSAGES.addedToCart(name) };
  const why =
    limit < MAX_LINE_QUANTITY
      ? `only ${limit} in stock`
      : `at most ${MAX_LINE_QUANTITY.toLocaleString("en-US")} per line`;
  if (added === 0) {
    return {
      type: "error",
      message: `Not added: your cart already holds ${inCart} of ${name}, and there are ${why}.`,
    };
  }
  return {
    type: "info",
    message: `Only ${added} of ${requested} added: there are ${why}. Your cart now holds ${inCart} of ${name}.`,
  };
}

/** One more unit, unless that would exceed the stock. */
export function increaseLine(lines: CartLine[], id: number): CartLine[] {
  return lines.map((l) => (l.id === id ? { ...l, quantity: clampQuantity(l.quantity + 1, l.stock) || l.quantity } : l));
}

/** One fewer unit; the line goes away at zero. */
export function decreaseLine(lines: CartLine[], id: number): CartLine[] {
  return lines.flatMap((l) => {
    if (l.id !== id) return [l];
    return l.quantity - 1 > 0 ? [{ ...l, quantity: l.quantity - 1 }] : [];
  });
}

export function removeLine(lines: CartLine[], id: number): CartLine[] {
  return lines.filter((l) => l.id !== id);
}

export function cartTotalCents(lines: CartLine[]): number {
  return lines.reduce((sum, l) => sum + l.priceCents * l.quantity, 0);
}

export function cartItemCount(lines: CartLine[]): number {
  return lines.reduce((sum, l) => sum + l.quantity, 0);
}

function isImage(value: unknown): value is ProductImage {
  if (!value || typeof value !== "object") return false;
  const v = value as Record<string, unknown>;
  return typeof v.key === "string" && typeof v.width === "number" && typeof v.height === "number";
}

/** Reads what localStorage holds, dropping anything malformed (it is user-editable). */
export function parseCart(raw: string | null): CartLine[] {
  if (!raw) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  const lines: CartLine[] = [];
  for (const item of parsed) {
    if (!item || typeof item !== "object") continue;
    const v = item as Record<string, unknown>;
    if (
      !Number.isSafeInteger(v.id) ||
      typeof v.name !== "string" ||
      !Number.isSafeInteger(v.priceCents) ||
      !Number.isSafeInteger(v.quantity) ||
      !Number.isSafeInteger(v.stock) ||
      (v.quantity as number) <= 0
    ) {
      continue;
    }
    if (lines.some((l) => l.id === v.id)) continue;
    lines.push({
      id: v.id as number,
      name: v.name,
      priceCents: v.priceCents as number,
      quantity: Math.min(v.quantity as number, MAX_LINE_QUANTITY),
      stock: v.stock as number,
      image: isImage(v.image) ? v.image : null,
    });
  }
  return lines;
}

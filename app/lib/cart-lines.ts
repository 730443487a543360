import type { ProductImage } from "./images";
import { MAX_LINE_QUANTITY } from "./order-limits";
import { largestQuantity, type SellingUnit, sellingUnitOf } from "./selling-unit";

/**
 * The browser cart's lines as stored, read and counted: what the header and the cart's storage
 * need on every page. Changing lines (adding, steps, the notices) is in cart.ts, which only the
 * pages that change the cart load.
 */
/** The cart lives in the browser's localStorage under this key (spec section 3). */
export const CART_STORAGE_KEY = "cart";

export interface CartLine {
  id: number;
  name: string;
  /** Price per unit in cents, as last confirmed by the server. */
  priceCents: number;
  quantity: number;
  /** Stock when last seen; plus never goes above it. */
  stock: number;
  image: ProductImage | null;
  /** How it is sold, as last confirmed by the server (issue 16); absent: single units. */
  casePack?: number;
  minQuantity?: number;
  maxQuantity?: number | null;
}

export type CartProduct = Omit<CartLine, "quantity">;

export function cartTotalCents(lines: CartLine[]): number {
  return lines.reduce((sum, l) => sum + l.priceCents * l.quantity, 0);
}

export function cartItemCount(lines: CartLine[]): number {
  return lines.reduce((sum, l) => sum + l.quantity, 0);
}

/**
 * The lines as they can be bought by what the store last said of their stock (the cart check
 * writes it into the stored cart): a line with no stock for one selling quantity is left out, a
 * quantity above the stock counts as much as can be had. The header's total and count.
 */
export function buyableLines(lines: CartLine[]): CartLine[] {
  const buyable: CartLine[] = [];
  for (const line of lines) {
    const most = largestQuantity(sellingUnitOf(line), line.stock);
    if (most > 0) buyable.push(line.quantity > most ? { ...line, quantity: most } : line);
  }
  return buyable;
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
      ...(v.casePack === undefined ? {} : sellingUnitOf(v as Partial<SellingUnit>)),
    });
  }
  return lines;
}

import type { ProductImage } from "./images";

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

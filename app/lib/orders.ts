import type { ExciseSummary } from "./excise/engine";
import type { OrderMoney } from "./order-money";

/** Order statuses, in the order the admin filter lists them (spec section 4). */
export const ORDER_STATUSES = ["Processing", "In Review", "Completed", "Cancelled"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === "string" && (ORDER_STATUSES as readonly string[]).includes(value);
}

export interface ShippingSnapshot {
  businessName: string;
  street: string;
  city: string;
  state: string;
  zip: string;
  phone: string;
}

/** One line of an order, as it was when the order was placed. */
export interface OrderLine {
  productId: number | null;
  name: string;
  sku: string;
  unitPriceCents: number;
  quantity: number;
}

export interface OrderSummary {
  id: number;
  status: string;
  createdAt: string;
  /** What the business owes for it, in parts and one total (lib/order-money.ts). */
  money: OrderMoney;
  itemCount: number;
  /** Who placed it, by name as it was then (issue 29); null for orders from before it was kept. */
  placedBy: string | null;
  /** Why it waits In Review: the owner's approval of a buyer's order above their limit. */
  holdReason: HoldReason | null;
  /** The route day of a local delivery (YYYY-MM-DD, issue 40), or null: shipped by carrier. */
  deliveryDate: string | null;
}

/** An order above its buyer's limit waits for an owner (orders.hold_reason). */
export const OWNER_APPROVAL = "owner-approval";
/** Also: a credit hold, or a prepaid order waiting for its payment (issue 30, lib/receivables.ts). */
export const HOLD_REASONS = [OWNER_APPROVAL, "credit-hold", "prepaid"] as const;
export type HoldReason = (typeof HOLD_REASONS)[number];

export function isHoldReason(value: unknown): value is HoldReason {
  return typeof value === "string" && (HOLD_REASONS as readonly string[]).includes(value);
}

export interface OrderDetail extends OrderSummary {
  shipping: ShippingSnapshot;
  items: OrderLine[];
  /** Its excise per rule as stored (issue 31): what the store collects is in money.exciseCents. */
  excise: ExciseSummary;
  /** The customer's purchase order number, or null (issue 16). */
  poNumber: string | null;
  /** The customer's notes to the store, or null. */
  notes: string | null;
}

import { MAX_ORDER_LINES } from "./order-limits";

export { MAX_LINE_QUANTITY, MAX_NOTES_LENGTH, MAX_ORDER_LINES, MAX_PO_NUMBER_LENGTH } from "./order-limits";

/** "Nov 22, 2026, 5:01 AM" in the store's time zone (Dallas). */
export function formatOrderDate(iso: string): string {
  return new Intl.DateTimeFormat("en-US", {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: "America/Chicago",
  }).format(new Date(iso));
}

/** The order's lines as the admin's page showed them: product id to quantity. */
export type SeenLines = ReadonlyMap<number, number>;

/**
 * Reads the page's copy of the lines ("12:3,15:1", product id and quantity, as seenLinesOf
 * writes it); null when it is not one (a hand-made post).
 */
export function parseSeenLines(text: string): SeenLines | null {
  const seen = new Map<number, number>();
  if (text === "") return seen;
  const pairs = text.split(",");
  if (pairs.length > MAX_ORDER_LINES) return null;
  for (const pair of pairs) {
    const match = /^(\d{1,12}):(\d{1,5})$/.exec(pair);
    if (!match) return null;
    const id = Number(match[1]);
    // The first line of a product is the one an addition adds to.
    if (!seen.has(id)) seen.set(id, Number(match[2]));
  }
  return seen;
}

/** The page's copy of an order's lines, for the form that adds a product (parseSeenLines reads it). */
export function seenLinesOf(lines: readonly { productId: number | null; quantity: number }[]): string {
  return lines
    .filter((l) => l.productId !== null)
    .map((l) => `${l.productId}:${l.quantity}`)
    .join(",");
}

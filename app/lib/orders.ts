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
  totalCents: number;
  itemCount: number;
}

export interface OrderDetail extends OrderSummary {
  shipping: ShippingSnapshot;
  items: OrderLine[];
  /** The customer's purchase order number, or null (issue 16). */
  poNumber: string | null;
  /** The customer's notes to the store, or null. */
  notes: string | null;
}

/** Limits of one order (checked on the server; the form uses them too). */
export const MAX_ORDER_LINES = 500;
export const MAX_LINE_QUANTITY = 10_000;
/** Longest purchase order number and order notes a customer may give at checkout. */
export const MAX_PO_NUMBER_LENGTH = 40;
export const MAX_NOTES_LENGTH = 500;

/** "Nov 22, 2026, 5:01 AM" in the store's time zone (Dallas). */
export function formatOrderDate(iso: string): string {
  return new Intl.DateTimeFormat("en-US", {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: "America/Chicago",
  }).format(new Date(iso));
}

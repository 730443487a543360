/**
 * Webhooks (issue 42, decision 0073): the events an endpoint may ask for, in the order the admin
 * sees them, with their labels. The payloads are described in decision 0073.
 */
export const WEBHOOK_EVENTS = [
  "order.placed",
  "order.status_changed",
  "invoice.issued",
  "payment.recorded",
  "stock.low",
  "business.approved",
  "lot.recalled",
  "delivery.done",
] as const;

export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  "order.placed": "Order placed",
  "order.status_changed": "Order status changed",
  "invoice.issued": "Invoice issued",
  "payment.recorded": "Payment recorded",
  "stock.low": "Stock low",
  "business.approved": "Business approved",
  "lot.recalled": "Lot recalled",
  "delivery.done": "Delivery done",
};

export function isWebhookEvent(value: unknown): value is WebhookEvent {
  return typeof value === "string" && (WEBHOOK_EVENTS as readonly string[]).includes(value);
}

/** Where a message's delivery stands. */
export type WebhookMessageStatus = "pending" | "delivered" | "failed";

/** Words of stock coming in (issue 39) that the server and the pages share. */
export type PurchaseOrderStatus = "draft" | "sent" | "partly_received" | "received" | "closed" | "cancelled";
export type LotStatus = "available" | "quarantined" | "recalled" | "expired";

export const PO_STATUS_LABELS: Record<PurchaseOrderStatus, string> = {
  draft: "Draft",
  sent: "Sent",
  partly_received: "Partly received",
  received: "Received",
  closed: "Closed",
  cancelled: "Cancelled",
};

export const LOT_STATUS_LABELS: Record<LotStatus, string> = {
  available: "Available",
  quarantined: "Quarantined",
  recalled: "Recalled",
  expired: "Expired",
};

/** Micrograms as milligrams for a person: 250 → "0.25". */
export function microgramsAsMg(ug: number): string {
  return (ug / 1000).toFixed(3).replace(/\.?0+$/, "");
}

/** What the gross margin report groups by (issue 39). */
export const MARGIN_KINDS = ["product", "category", "brand", "business"] as const;
export type MarginKind = (typeof MARGIN_KINDS)[number];

export function isMarginKind(value: string | null): value is MarginKind {
  return (MARGIN_KINDS as readonly string[]).includes(value ?? "");
}

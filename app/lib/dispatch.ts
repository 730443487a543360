/**
 * Dispatch of local delivery (issue 40): a route's and a stop's statuses as the admin reads them.
 * Shared by the dispatch pages (browser) and the dispatch domain (server).
 */
export const ROUTE_STATUSES = ["planned", "loaded", "out", "done", "settled"] as const;
export type RouteStatus = (typeof ROUTE_STATUSES)[number];

export const ROUTE_STATUS_LABELS: Record<RouteStatus, string> = {
  planned: "Planned",
  loaded: "Loaded",
  out: "Out for delivery",
  done: "Done",
  settled: "Settled",
};

export function isRouteStatus(value: unknown): value is RouteStatus {
  return typeof value === "string" && (ROUTE_STATUSES as readonly string[]).includes(value);
}

/** The statuses the dispatcher sets (done and settled come from the driver and the settlement). */
export const DISPATCH_STATUSES = ["planned", "loaded", "out"] as const;
export type DispatchStatus = (typeof DISPATCH_STATUSES)[number];

export const STOP_STATUS_LABELS: Record<string, string> = {
  pending: "Pending",
  delivered: "Delivered",
  partial: "Partly delivered",
  not_delivered: "Not delivered",
};

/** The warehouse the trucks leave from: stop order is suggested by distance from it. */
export const WAREHOUSE = { address: "2400 Irving Blvd, Dallas, TX 75207", zip: "75207" } as const;

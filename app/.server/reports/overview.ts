import type { Kysely } from "kysely";
import { countPendingReviews } from "../business/queue";
import { countStockLevels } from "../catalog/low-stock";
import type { DB } from "../db/schema";
import { orderFigures } from "../orders/queries";

export interface OverviewFigures {
  ordersToday: number;
  ordersLast7Days: number;
  revenueLast7DaysCents: number;
  ordersWaiting: number;
  productsOutOfStock: number;
  productsLowStock: number;
  /** Licenses and businesses waiting for an admin's review. */
  reviewsWaiting: number;
}

/** Midnight in Dallas (the store's day), as an ISO UTC instant. */
function storeDayStart(now = new Date()): Date {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: "America/Chicago",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  }).formatToParts(now);
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value ?? 0);
  const sinceMidnightMs = ((get("hour") * 60 + get("minute")) * 60 + get("second")) * 1000 + now.getMilliseconds();
  return new Date(now.getTime() - sinceMidnightMs);
}

/** The strip of figures at the top of the admin dashboard. Every count is served by an index. */
export async function getOverviewFigures(db: Kysely<DB>, now = new Date()): Promise<OverviewFigures> {
  const today = storeDayStart(now).toISOString();
  const weekAgo = new Date(now.getTime() - 7 * 24 * 60 * 60 * 1000).toISOString();
  const [orders, stock, reviews] = await Promise.all([
    orderFigures(db, { today, weekAgo }),
    countStockLevels(db),
    countPendingReviews(db),
  ]);
  return {
    ordersToday: orders.today,
    ordersLast7Days: orders.week,
    revenueLast7DaysCents: orders.weekRevenueCents,
    ordersWaiting: orders.waiting,
    productsOutOfStock: stock.out,
    productsLowStock: stock.low,
    reviewsWaiting: reviews.pendingLicenses + reviews.pendingBusinesses,
  };
}

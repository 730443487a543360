import type { Kysely } from "kysely";
import { storeToday } from "~/lib/business";
import { storeDayStart } from "~/lib/store-time";
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

/** The strip of figures at the top of the admin dashboard. Every count is served by an index. */
export async function getOverviewFigures(db: Kysely<DB>, now = new Date()): Promise<OverviewFigures> {
  // Since midnight in Dallas (the store's day), as an ISO UTC instant.
  const today = storeDayStart(storeToday(now));
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

import { type Kysely, sql } from "kysely";
import type { DB } from "../db/schema";

export const LOW_STOCK_THRESHOLD = 5;

export interface OverviewFigures {
  ordersToday: number;
  ordersLast7Days: number;
  revenueLast7DaysCents: number;
  ordersWaiting: number;
  productsOutOfStock: number;
  productsLowStock: number;
}

/** Midnight in Dallas (the store's day), as an ISO UTC instant. */
export function storeDayStart(now = new Date()): Date {
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
  const [todayRow, weekRow, waitingRow, outRow, lowRow] = await Promise.all([
    db
      .selectFrom("orders")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("created_at", ">=", today)
      .where("status", "!=", "Cancelled")
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("orders")
      .select((eb) => [eb.fn.countAll<number>().as("n"), sql<number>`coalesce(sum(total_cents), 0)`.as("revenue")])
      .where("created_at", ">=", weekAgo)
      .where("status", "!=", "Cancelled")
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("orders")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("status", "in", ["Processing", "In Review"])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("products")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("stock", "<=", 0)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("products")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("stock", ">", 0)
      .where("stock", "<=", LOW_STOCK_THRESHOLD)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    ordersToday: Number(todayRow.n),
    ordersLast7Days: Number(weekRow.n),
    revenueLast7DaysCents: Number(weekRow.revenue),
    ordersWaiting: Number(waitingRow.n),
    productsOutOfStock: Number(outRow.n),
    productsLowStock: Number(lowRow.n),
  };
}

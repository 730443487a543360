import { type Kysely, sql } from "kysely";
import { addDays, businessDisplayName, storeToday } from "~/lib/business";
import { storeDayStart } from "~/lib/store-time";
import { type LowStockItem, listLowStock } from "../catalog/low-stock";
import type { DB } from "../db/schema";
import { nearExpiryLots, reorderAlerts } from "../inventory/alerts";
import { agingReport, type Buckets } from "../receivables/statement";
import { type DayRange, previousRange } from "./range";
import { type SalesRow, salesBy, salesByPeriod, sumRows } from "./sales";

/**
 * The overview's pictures (issue 32): sales over the last 30 days by day and the last 12 months
 * by month, each beside the period just before it; orders by status, the average order, new
 * businesses, the best products and businesses, sales by state and by product class, licenses
 * expiring and low stock. All figures but the last two are of the last 30 days (store days, today
 * included), from the same reads as the reports (cancelled orders left out of sales).
 */

export interface PeriodComparison {
  current: SalesRow[];
  previous: SalesRow[];
  currentRange: DayRange;
  previousRange: DayRange;
  totals: { current: number; previous: number };
}

export interface ExpiringLicense {
  id: string;
  userId: string;
  business: string;
  type: string;
  number: string;
  expiresOn: string;
}

export interface Dashboard {
  today: string;
  last30: PeriodComparison;
  last12Months: PeriodComparison;
  ordersByStatus: { status: string; orders: number }[];
  averageOrder: { currentCents: number; previousCents: number; orders: number };
  newBusinesses: { current: number; previous: number };
  topProducts: SalesRow[];
  topBusinesses: SalesRow[];
  byState: SalesRow[];
  byClass: SalesRow[];
  expiringLicenses: ExpiringLicense[];
  lowStock: { items: LowStockItem[]; total: number };
  /** Lots expiring within 30 days, and products at their reorder point (issue 39). */
  nearExpiry: Awaited<ReturnType<typeof nearExpiryLots>>;
  reorder: Awaited<ReturnType<typeof reorderAlerts>>;
  /** Money owed on account, by how late (issue 30's aging), and the credit held. */
  owed: { buckets: Buckets; balanceCents: number; creditCents: number };
}

/** The first day of the month `months` months before the month of `day`. */
function monthStart(day: string, months: number): string {
  const d = new Date(`${day.slice(0, 7)}-01T12:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() - months);
  return d.toISOString().slice(0, 10);
}

async function comparison(
  db: Kysely<DB>,
  current: DayRange,
  previous: DayRange,
  grain: "day" | "month",
): Promise<PeriodComparison> {
  const [now, before] = await Promise.all([salesByPeriod(db, current, grain), salesByPeriod(db, previous, grain)]);
  return {
    current: now,
    previous: before,
    currentRange: current,
    previousRange: previous,
    totals: { current: sumRows(now).salesCents, previous: sumRows(before).salesCents },
  };
}

/** Orders placed in a range, by status (cancelled ones too: they are a status an owner reads). */
async function ordersByStatus(db: Kysely<DB>, range: DayRange): Promise<{ status: string; orders: number }[]> {
  const rows = await db
    .selectFrom("orders")
    .select(["status", sql<number>`count(*)`.as("orders")])
    .where("created_at", ">=", storeDayStart(range.from))
    .where("created_at", "<", storeDayStart(addDays(range.to, 1)))
    .groupBy("status")
    .execute();
  return rows.map((r) => ({ status: r.status, orders: Number(r.orders) }));
}

async function countNewBusinesses(db: Kysely<DB>, range: DayRange): Promise<number> {
  const row = await db
    .selectFrom("businesses")
    .select(sql<number>`count(*)`.as("n"))
    .where("created_at", ">=", storeDayStart(range.from))
    .where("created_at", "<", storeDayStart(addDays(range.to, 1)))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Approved licenses whose expiry falls from today to 30 days on, soonest first. */
async function expiringLicenses(db: Kysely<DB>, today: string, limit = 10): Promise<ExpiringLicense[]> {
  const rows = await db
    .selectFrom("licenses as l")
    .leftJoin("businesses as b", "b.user_id", "l.user_id")
    .leftJoin("users as u", "u.id", "l.user_id")
    .select(["l.id", "l.user_id", "l.type", "l.number", "l.expires_on", "b.legal_name", "b.dba", "u.name"])
    .where("l.status", "=", "approved")
    .where("l.expires_on", ">=", today)
    .where("l.expires_on", "<=", addDays(today, 30))
    .orderBy("l.expires_on")
    .orderBy("l.id")
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    userId: r.user_id,
    business: businessDisplayName({ legalName: r.legal_name, dba: r.dba }, r.name ?? ""),
    type: r.type,
    number: r.number,
    expiresOn: r.expires_on ?? "",
  }));
}

export async function loadDashboard(db: Kysely<DB>, today: string = storeToday()): Promise<Dashboard> {
  const last30: DayRange = { from: addDays(today, -29), to: today };
  const before30 = previousRange(last30);
  const year: DayRange = { from: monthStart(today, 11), to: today };
  const yearBefore: DayRange = { from: monthStart(today, 23), to: addDays(year.from, -1) };
  const [
    days,
    months,
    statuses,
    topProducts,
    topBusinesses,
    byState,
    byClass,
    newNow,
    newBefore,
    licenses,
    low,
    aging,
    nearExpiry,
    reorder,
  ] = await Promise.all([
    comparison(db, last30, before30, "day"),
    comparison(db, year, yearBefore, "month"),
    ordersByStatus(db, last30),
    salesBy(db, "product", last30, { pageSize: 10 }),
    salesBy(db, "business", last30, { pageSize: 10 }),
    salesBy(db, "state", last30, { pageSize: 10 }),
    salesBy(db, "class", last30, { pageSize: 10 }),
    countNewBusinesses(db, last30),
    countNewBusinesses(db, before30),
    expiringLicenses(db, today),
    listLowStock(db, 10),
    agingReport(db, { today }),
    nearExpiryLots(db, today),
    reorderAlerts(db),
  ]);
  const ordersNow = sumRows(days.current).orders;
  const ordersBefore = sumRows(days.previous).orders;
  return {
    today,
    last30: days,
    last12Months: months,
    ordersByStatus: statuses,
    averageOrder: {
      currentCents: ordersNow ? Math.round(days.totals.current / ordersNow) : 0,
      previousCents: ordersBefore ? Math.round(days.totals.previous / ordersBefore) : 0,
      orders: ordersNow,
    },
    newBusinesses: { current: newNow, previous: newBefore },
    topProducts: topProducts.rows,
    topBusinesses: topBusinesses.rows,
    byState: byState.rows,
    byClass: byClass.rows,
    expiringLicenses: licenses,
    lowStock: { items: low.items, total: low.total },
    nearExpiry,
    reorder,
    owed: {
      buckets: aging.totals,
      balanceCents: aging.totals.balance,
      creditCents: aging.totals.credit,
    },
  };
}

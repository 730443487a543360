import { type Kysely, type SelectQueryBuilder, sql } from "kysely";
import { addDays } from "~/lib/business";
import * as REPORT_MESSAGES from "~/lib/messages/reports";
import type { ReportKind } from "~/lib/reports";
import type { DB } from "../db/schema";
import { storeDayStart } from "../orders/export";
import type { DayRange } from "./report-range";

/**
 * Sales reports of the back office (issue 32), read from the orders themselves: every order line
 * of an order placed in the range (store days) whose status is not Cancelled. Sales are the
 * lines' unit price times quantity, in cents (what the customer was charged for the goods);
 * orders are counted once per group. Product attributes (category, class, brand) are the
 * product's today (decision 0037). Reports by period, business and state read the orders alone
 * (an order's total_cents and item_count are its lines' sums); those by product, category, class
 * and brand read the lines. Every read is a range scan of orders_report_idx, joined to
 * order_items_report_idx for lines (migration 0025), both covering the columns read.
 */

export { isReportKind, REPORT_KINDS, type ReportKind } from "~/lib/reports";

export interface SalesRow {
  /** What the row is of: a day or month, a product id, a category, a class, a brand, a user id, a state; null when unknown. */
  key: string | null;
  label: string;
  orders: number;
  units: number;
  salesCents: number;
  /** A business's account email (what the users list finds it by). */
  email?: string;
}

export interface SalesPage {
  rows: SalesRow[];
  /** Rows of the whole report (every page). */
  total: number;
  /** The whole report's sums (every page). */
  sums: { orders: number; units: number; salesCents: number };
}

export type Grain = "day" | "month";

/** Days for ranges up to about two months, months beyond. */
export function grainOf(range: DayRange): Grain {
  const days = (Date.parse(`${range.to}T00:00:00Z`) - Date.parse(`${range.from}T00:00:00Z`)) / 86_400_000 + 1;
  return days <= 62 ? "day" : "month";
}

/** The UTC instants bounding a range of store days: [start of from, start of the day after to). */
function bounds(range: DayRange): { start: string; end: string } {
  return { start: storeDayStart(range.from), end: storeDayStart(addDays(range.to, 1)) };
}

/** Order lines of the range, cancelled orders left out. */
function salesLines(db: Kysely<DB>, range: DayRange) {
  const { start, end } = bounds(range);
  return db
    .selectFrom("orders as o")
    .innerJoin("order_items as i", "i.order_id", "o.id")
    .where("o.created_at", ">=", start)
    .where("o.created_at", "<", end)
    .where("o.status", "<>", "Cancelled");
}

/**
 * Orders of the range, cancelled ones left out: the reports by period, business and state read
 * only these rows (an order's total_cents and item_count are the sums of its lines, kept so by
 * placing and editing orders), never their lines.
 */
function salesOrders(db: Kysely<DB>, range: DayRange) {
  const { start, end } = bounds(range);
  return db
    .selectFrom("orders as o")
    .where("o.created_at", ">=", start)
    .where("o.created_at", "<", end)
    .where("o.status", "<>", "Cancelled");
}

const n = (v: unknown) => Number(v ?? 0);

let storeDay: Intl.DateTimeFormat | undefined;
/** The store day (YYYY-MM-DD) an ISO hour ("2026-11-27T05") falls in: the zone's offsets are whole hours. */
function storeDayOfHour(hour: string): string {
  storeDay ??= new Intl.DateTimeFormat("en-CA", { timeZone: "America/Chicago" });
  return storeDay.format(new Date(`${hour}:30:00Z`));
}

/** Every bucket of a range, in order: its days, or its months (YYYY-MM). */
export function bucketsOf(range: DayRange, grain: Grain): string[] {
  const out: string[] = [];
  for (let d = range.from; d <= range.to; d = addDays(d, 1)) {
    const key = grain === "day" ? d : d.slice(0, 7);
    if (out.at(-1) !== key) out.push(key);
  }
  return out;
}

/**
 * Sales by day or month, every bucket of the range present (zero when nothing sold). Grouped by
 * UTC hour in the database (a few thousand groups at most), folded into store days here. Read
 * from the orders alone (their totals), not their lines.
 */
export async function salesByPeriod(
  db: Kysely<DB>,
  range: DayRange,
  grain: Grain = grainOf(range),
): Promise<SalesRow[]> {
  const hour = sql<string>`substr(o.created_at, 1, 13)`;
  const rows = await salesOrders(db, range)
    .select([
      hour.as("hour"),
      sql<number>`count(*)`.as("orders"),
      sql<number>`sum(o.item_count)`.as("units"),
      sql<number>`sum(o.total_cents)`.as("sales"),
    ])
    .groupBy(hour)
    .execute();
  const byBucket = new Map(
    bucketsOf(range, grain).map((key) => [key, { key, label: key, orders: 0, units: 0, salesCents: 0 }]),
  );
  for (const r of rows) {
    const day = storeDayOfHour(r.hour);
    const bucket = byBucket.get(grain === "day" ? day : day.slice(0, 7));
    if (!bucket) continue;
    bucket.orders += n(r.orders);
    bucket.units += n(r.units);
    bucket.salesCents += n(r.sales);
  }
  return [...byBucket.values()];
}

/** Rows of the report pages. */
export const REPORT_PAGE_SIZE = 25;

/**
 * One page of a report grouped by something other than the period, best selling first (sales,
 * then the key). The groups are counted and summed in the same read (window functions).
 */
export async function salesBy(
  db: Kysely<DB>,
  kind: Exclude<ReportKind, "period">,
  range: DayRange,
  options: { page?: number; pageSize?: number } = {},
): Promise<SalesPage> {
  const pageSize = options.pageSize ?? REPORT_PAGE_SIZE;
  const page = Math.max(1, options.page ?? 1);
  const base = salesLines(db, range);
  const lineFigures = [
    sql<number>`count(distinct o.id)`.as("orders"),
    sql<number>`sum(i.quantity)`.as("units"),
    sql<number>`sum(i.quantity * i.unit_price_cents)`.as("sales"),
    sql<number>`count(*) over ()`.as("groups"),
    sql<number>`sum(sum(i.quantity)) over ()`.as("all_units"),
    sql<number>`sum(sum(i.quantity * i.unit_price_cents)) over ()`.as("all_sales"),
  ] as const;
  const orderFigures = [
    sql<number>`count(*)`.as("orders"),
    sql<number>`sum(o.item_count)`.as("units"),
    sql<number>`sum(o.total_cents)`.as("sales"),
    sql<number>`count(*) over ()`.as("groups"),
    sql<number>`sum(sum(o.item_count)) over ()`.as("all_units"),
    sql<number>`sum(sum(o.total_cents)) over ()`.as("all_sales"),
  ] as const;
  const byOrder = kind === "business" || kind === "rep" || kind === "state";
  // Each report groups the same lines (or orders) by its own column; the figures and paging are shared.
  const run = (
    // biome-ignore lint/suspicious/noExplicitAny: the joined tables differ by report, the selection does not
    q: SelectQueryBuilder<any, any, { key: string | null; label: string | null }>,
  ) =>
    q
      .select(byOrder ? orderFigures : lineFigures)
      .orderBy(byOrder ? sql`sum(o.total_cents)` : sql`sum(i.quantity * i.unit_price_cents)`, "desc")
      .orderBy(sql`1`)
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute();
  const orderRows = salesOrders(db, range);
  const grouped = {
    product: () =>
      base
        .select([sql<string | null>`cast(i.product_id as text)`.as("key"), sql<string>`max(i.name)`.as("label")])
        .groupBy("i.product_id"),
    category: () =>
      base
        .leftJoin("products as p", "p.id", "i.product_id")
        .select([sql<string | null>`p.category`.as("key"), sql<string | null>`p.category`.as("label")])
        .groupBy("p.category"),
    class: () =>
      base
        .leftJoin("product_compliance as c", "c.product_id", "i.product_id")
        .select([sql<string | null>`c.product_class`.as("key"), sql<string | null>`c.product_class`.as("label")])
        .groupBy("c.product_class"),
    brand: () =>
      base
        .leftJoin("product_compliance as c", "c.product_id", "i.product_id")
        .select([sql<string | null>`c.brand`.as("key"), sql<string | null>`c.brand`.as("label")])
        .groupBy("c.brand"),
    business: () =>
      orderRows
        .leftJoin("businesses as b", "b.user_id", "o.user_id")
        .leftJoin("users as u", "u.id", "o.user_id")
        .select([
          sql<string | null>`o.user_id`.as("key"),
          sql<string | null>`coalesce(max(b.dba), max(b.legal_name), max(u.name))`.as("label"),
        ])
        .groupBy("o.user_id"),
    // Orders a sales rep placed for a business they acted for (issue 29, decision 0033).
    rep: () =>
      orderRows
        .innerJoin("users as r", "r.id", "o.placed_by_id")
        .where("r.role", "=", "rep")
        .select([sql<string | null>`o.placed_by_id`.as("key"), sql<string | null>`max(r.name)`.as("label")])
        .groupBy("o.placed_by_id"),
    state: () =>
      orderRows
        .select([sql<string | null>`o.ship_state`.as("key"), sql<string | null>`o.ship_state`.as("label")])
        .groupBy("o.ship_state"),
  };
  const rows = await run(grouped[kind]());
  const first = rows[0];
  // A page past the last has no rows to carry the sums: the first page does.
  if (!first && page > 1) {
    const whole = await salesBy(db, kind, range, { page: 1, pageSize });
    return { rows: [], total: whole.total, sums: whole.sums };
  }
  const ids = kind === "business" ? rows.flatMap((r) => (r.key ? [r.key] : [])) : [];
  const [orders, emails] = await Promise.all([
    first ? countOrders(db, range) : 0,
    ids.length ? db.selectFrom("users").select(["id", "email"]).where("id", "in", ids).execute() : Promise.resolve([]),
  ]);
  const emailOf = new Map(emails.map((u) => [u.id, u.email]));
  return {
    rows: rows.map((r) => ({
      key: r.key,
      label: r.label ?? REPORT_MESSAGES.reportUnknown(kind),
      orders: n(r.orders),
      units: n(r.units),
      salesCents: n(r.sales),
      ...(r.key && emailOf.has(r.key) ? { email: emailOf.get(r.key) } : {}),
    })),
    total: n(first?.groups),
    sums: { orders, units: n(first?.all_units), salesCents: n(first?.all_sales) },
  };
}

/** Orders of the range (not cancelled): a count of the orders alone, not their lines. */
export async function countOrders(db: Kysely<DB>, range: DayRange): Promise<number> {
  const row = await salesOrders(db, range).select(sql<number>`count(*)`.as("orders")).executeTakeFirst();
  return n(row?.orders);
}

/** Sums of a list of period rows (the period report's totals). */
export function sumRows(rows: SalesRow[]): { orders: number; units: number; salesCents: number } {
  return rows.reduce(
    (s, r) => ({ orders: s.orders + r.orders, units: s.units + r.units, salesCents: s.salesCents + r.salesCents }),
    { orders: 0, units: 0, salesCents: 0 },
  );
}

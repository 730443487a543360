import { type Kysely, sql } from "kysely";
import { addDays, businessDisplayName } from "~/lib/business";
import { categoryLabel } from "~/lib/categories";
import { PRODUCT_CLASSES } from "~/lib/compliance/vocabulary";
import * as REPORT_MESSAGES from "~/lib/messages/reports";
import { optionValues, parseOptionNames } from "~/lib/product-lines";
import type { ReportKind } from "~/lib/reports";
import { storeDayStart } from "~/lib/store-time";
import { dialectOf } from "../db/connect";
import type { DB } from "../db/schema";
import { type DayRange, daysIn } from "./range";
import type { SalesDim } from "./summary";

/**
 * Sales reports of the back office (issue 32), read from the sales summary (sales_hourly,
 * migration 0031, decision 0041) that triggers keep in every order transaction: the orders
 * placed in the range (store days) whose status is not Cancelled. Sales are the lines' unit
 * price times quantity, in cents (what the customer was charged for the goods); orders are
 * counted once per group. Category, class, brand and product line are the order line's as sold
 * (a variant moved to another line later leaves its past sales with the line it was sold in,
 * decision 0060). Reports by period, business, rep and state count each order with its
 * goods_cents and item_count; those by product, line, variant, category, class and brand its
 * lines. A variant is a product: the variant report reads the product rows and names them by
 * their line and option values. Every report is one read of one dimension's
 * rows in the range's hours (the index by dimension and hour), or for products over long ranges
 * the years' rows less the hours left out (sourceRows), no join; labels are read for the page's
 * rows.
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
  /** A product line that no longer exists (named as it was sold; nothing to link to). */
  gone?: true;
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
  return daysIn(range) <= 62 ? "day" : "month";
}

/** The UTC instants bounding a range of store days: [start of from, start of the day after to). */
function bounds(range: DayRange): { start: string; end: string } {
  return { start: storeDayStart(range.from), end: storeDayStart(addDays(range.to, 1)) };
}

/** The summary's hours of a range: [hour of the start of from, hour of the start of the day after to). */
function hours(range: DayRange): { start: string; end: string } {
  const { start, end } = bounds(range);
  return { start: start.slice(0, 13), end: end.slice(0, 13) };
}

/** Rows of one dimension of the sales summary in the range's hours. */
function summaryRows(db: Kysely<DB>, dim: SalesDim, range: DayRange) {
  const { start, end } = hours(range);
  return db
    .selectFrom("sales_hourly as s")
    .where("s.dim", "=", dim)
    .where("s.hour", ">=", start)
    .where("s.hour", "<", end);
}

/**
 * The summary rows a report's groups are summed from, as (key, label, orders, units,
 * sales_cents). For every dimension but product, the range's hours. For products, whose hours
 * hold about one row per line sold, each store year the range covers for more than half is read
 * from its "product-year" rows (one per product sold that year) less the hours of the year the
 * range leaves out; a smaller part of a year is read from its hours. A year of sales by product
 * is then about a fifth of the rows (decision 0041). Subtracted rows carry a negative count, so
 * a product sold only outside the range sums to no order and is left out by the caller.
 */
/** The dimensions also kept by store year, and their year rows' dimension. */
const YEAR_DIM: Partial<Record<SalesDim, SalesDim>> = { product: "product-year", line: "line-year" };

function sourceRows(db: Kysely<DB>, dim: SalesDim, range: DayRange) {
  const rows = (r: DayRange, sign: 1 | -1) =>
    summaryRows(db, dim, r).select([
      "s.key",
      sign > 0 ? "s.label" : sql<string | null>`null`.as("label"),
      sql<number>`${sign} * s.orders`.as("orders"),
      sql<number>`${sign} * s.units`.as("units"),
      sql<number>`${sign} * s.sales_cents`.as("sales_cents"),
    ]);
  const yearDim = YEAR_DIM[dim];
  if (!yearDim) return rows(range, 1);
  const parts = [];
  for (let year = Number(range.from.slice(0, 4)); year <= Number(range.to.slice(0, 4)); year++) {
    const whole = { from: `${year}-01-01`, to: `${year}-12-31` };
    // Dates as YYYY-MM-DD compare as text.
    const covered = {
      from: [range.from, whole.from].sort()[1] ?? whole.from,
      to: [range.to, whole.to].sort()[0] ?? whole.to,
    };
    if (daysIn(covered) * 2 <= daysIn(whole)) {
      parts.push(rows(covered, 1));
      continue;
    }
    parts.push(
      db
        .selectFrom("sales_hourly as s")
        .where("s.dim", "=", yearDim)
        .where("s.hour", "=", String(year))
        .select(["s.key", "s.label", "s.orders", "s.units", "s.sales_cents"]),
    );
    if (covered.from > whole.from) parts.push(rows({ from: whole.from, to: addDays(covered.from, -1) }, -1));
    if (covered.to < whole.to) parts.push(rows({ from: addDays(covered.to, 1), to: whole.to }, -1));
  }
  const [first, ...rest] = parts;
  if (!first) return rows(range, 1);
  return rest.reduce((union, part) => union.unionAll(part), first);
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
  const rows = await summaryRows(db, "all", range)
    .where("s.key", "=", "")
    .select(["s.hour", "s.orders", "s.units", "s.sales_cents as sales"])
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

/** The summary's dimension each report groups by (a rep is the order's placer). */
const DIM_OF: Record<Exclude<ReportKind, "period">, SalesDim> = {
  product: "product",
  line: "line",
  variant: "product",
  category: "category",
  class: "class",
  brand: "brand",
  business: "business",
  rep: "placer",
  state: "state",
};

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
  // The summary's groups of the range (an order is in one hour, so its hours' distinct counts
  // add up), read in key order from the primary key; the window figures are of every group.
  const source = () => db.selectFrom(sourceRows(db, DIM_OF[kind], range).as("s"));
  let groups = source();
  // Orders a sales rep placed for a business they acted for (issue 29, decision 0033): placers who are reps today.
  if (kind === "rep")
    groups = groups.where("s.key", "in", db.selectFrom("users").select("id").where("role", "=", "rep"));
  // Units and cents are summed as doubles: exact for whole numbers below 2^53, and PostgreSQL
  // sums bigints as numeric, several times slower over a year's products.
  const units = sql`cast(s.units as double precision)`;
  const cents = sql`cast(s.sales_cents as double precision)`;
  const query = groups
    // A product sold only in the part of a year the range leaves out sums to no order.
    .having(sql`sum(s.orders)`, ">", 0)
    .select([
      sql<string | null>`nullif(s.key, '')`.as("key"),
      sql<number>`sum(s.orders)`.as("orders"),
      sql<number>`sum(${units})`.as("units"),
      sql<number>`sum(${cents})`.as("sales"),
      sql<number>`count(*) over ()`.as("groups"),
      sql<number>`sum(sum(${units})) over ()`.as("all_units"),
      sql<number>`sum(sum(${cents})) over ()`.as("all_sales"),
    ])
    .groupBy("s.key")
    .orderBy(sql`sum(${cents})`, "desc")
    .orderBy(sql`1`)
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  // PostgreSQL: a year's products are grouped in memory rather than spilled to disk.
  const rows =
    dialectOf(db) === "postgres"
      ? await db.transaction().execute(async (trx) => {
          await sql`set local work_mem = '64MB'`.execute(trx);
          return trx.executeQuery(query.compile()).then((r) => r.rows);
        })
      : await query.execute();
  const first = rows[0];
  // A page past the last has no rows to carry the sums: the first page does.
  if (!first && page > 1) {
    const whole = await salesBy(db, kind, range, { page: 1, pageSize });
    return { rows: [], total: whole.total, sums: whole.sums };
  }
  const keys = rows.flatMap((r) => (r.key ? [r.key] : []));
  // Deleted products' rows carry the name their lines saved: read only when the page shows them.
  const byProduct = kind === "product" || kind === "variant";
  const saved =
    byProduct && rows.some((r) => r.key === null)
      ? source()
          .where("s.key", "=", "")
          .select(sql<string | null>`max(s.label)`.as("label"))
          .executeTakeFirst()
          .then((r) => r?.label ?? null)
      : Promise.resolve(null);
  const [orders, labels, deleted] = await Promise.all([
    first ? countOrders(db, range) : 0,
    labelsOf(db, kind, keys),
    saved,
  ]);
  // Lines that are gone: named as they were sold (their year rows carry it).
  const soldAs =
    kind === "line"
      ? await lineNamesAsSold(
          db,
          keys.filter((k) => !labels.has(k)),
        )
      : new Map();
  return {
    rows: rows.map((r) => {
      const known = r.key ? labels.get(r.key) : undefined;
      const gone = kind === "line" && r.key !== null && !known;
      return {
        key: r.key,
        label:
          known?.label ??
          (byProduct
            ? r.key === null
              ? deleted
              : null
            : kind === "line"
              ? r.key
                ? soldAs.get(r.key)
                : null
              : r.key) ??
          REPORT_MESSAGES.reportUnknown(kind),
        ...(gone ? { gone: true as const } : {}),
        orders: n(r.orders),
        units: n(r.units),
        salesCents: n(r.sales),
        ...(known?.email ? { email: known.email } : {}),
      };
    }),
    total: n(first?.groups),
    sums: { orders, units: n(first?.all_units), salesCents: n(first?.all_sales) },
  };
}

/**
 * Labels of a page's keys: a product's name (a deleted product's rows carry the name its lines
 * saved), a business's name as shown everywhere (businessDisplayName, else its account's name),
 * with the account's email; a rep's name; a category's and a product class's label as the store
 * shows them (Accessories, Nicotine vape), not their codes.
 */
async function labelsOf(
  db: Kysely<DB>,
  kind: Exclude<ReportKind, "period">,
  keys: string[],
): Promise<Map<string, { label: string; email?: string }>> {
  if (keys.length === 0) return new Map();
  if (kind === "product") {
    const ids = keys.map(Number).filter(Number.isSafeInteger);
    const rows = ids.length
      ? await db.selectFrom("products").select(["id", "name"]).where("id", "in", ids).execute()
      : [];
    return new Map(rows.map((p) => [String(p.id), { label: p.name }]));
  }
  if (kind === "line") {
    const ids = keys.map(Number).filter(Number.isSafeInteger);
    const rows = ids.length
      ? await db.selectFrom("product_lines").select(["id", "name"]).where("id", "in", ids).execute()
      : [];
    return new Map(rows.map((l) => [String(l.id), { label: l.name }]));
  }
  if (kind === "variant") {
    const ids = keys.map(Number).filter(Number.isSafeInteger);
    const rows = ids.length
      ? await db
          .selectFrom("products as p")
          .leftJoin("product_lines as l", "l.id", "p.line_id")
          .select(["p.id", "p.name", "p.option1", "p.option2", "p.option3", "l.name as line", "l.option_names"])
          .where("p.id", "in", ids)
          .execute()
      : [];
    return new Map(rows.map((p) => [String(p.id), { label: variantLabel(p) }]));
  }
  if (kind === "business") {
    const rows = await db
      .selectFrom("users as u")
      .leftJoin("businesses as b", "b.user_id", "u.id")
      .select(["u.id", "u.email", "u.name", "b.legal_name", "b.dba"])
      .where("u.id", "in", keys)
      .execute();
    return new Map(
      rows.map((u) => [
        u.id,
        { label: businessDisplayName({ legalName: u.legal_name, dba: u.dba }, u.name), email: u.email },
      ]),
    );
  }
  // The store's own words for its categories and classes (a code it no longer knows as it is).
  if (kind === "category") return new Map(keys.map((k) => [k, { label: categoryLabel(k) }]));
  if (kind === "class") {
    return new Map(keys.map((k) => [k, { label: PRODUCT_CLASSES.find((c) => c.value === k)?.label ?? k }]));
  }
  if (kind === "rep") {
    const rows = await db.selectFrom("users").select(["id", "name"]).where("id", "in", keys).execute();
    return new Map(rows.map((u) => [u.id, { label: u.name }]));
  }
  return new Map();
}

/** The names lines were sold by (the greatest of each), read from their "line-year" rows (the primary key). */
async function lineNamesAsSold(db: Kysely<DB>, keys: string[]): Promise<Map<string, string>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .selectFrom("sales_hourly")
    .select(["key", sql<string | null>`max(label)`.as("label")])
    .where("dim", "=", "line-year")
    .where("key", "in", keys)
    .groupBy("key")
    .execute();
  return new Map(rows.flatMap((r) => (r.label === null ? [] : [[r.key, r.label] as const])));
}

/**
 * A variant as the variant report names it: its line, then its values of the line's options
 * ("Vaporlux 6000 — Blue Razz / 5%"); the line alone when it has no options.
 */
export function variantLabel(p: {
  name: string;
  option1: string;
  option2: string;
  option3: string;
  line: string | null;
  option_names: string | null;
}): string {
  if (p.line === null) return p.name;
  const values = optionValues(p, parseOptionNames(p.option_names ?? "[]").length).filter((v) => v !== "");
  return values.length ? `${p.line} — ${values.join(" / ")}` : p.line;
}

/** Orders of the range (not cancelled): a count of the orders alone, not their lines. */
export async function countOrders(db: Kysely<DB>, range: DayRange): Promise<number> {
  const row = await summaryRows(db, "all", range)
    .where("s.key", "=", "")
    .select(sql<number>`sum(s.orders)`.as("orders"))
    .executeTakeFirst();
  return n(row?.orders);
}

/** Sums of a list of period rows (the period report's totals). */
export function sumRows(rows: SalesRow[]): { orders: number; units: number; salesCents: number } {
  return rows.reduce(
    (s, r) => ({ orders: s.orders + r.orders, units: s.units + r.units, salesCents: s.salesCents + r.salesCents }),
    { orders: 0, units: 0, salesCents: 0 },
  );
}

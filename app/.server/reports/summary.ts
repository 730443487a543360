import { type Kysely, type RawBuilder, sql, type Transaction } from "kysely";
import type { DB } from "../db/schema";

type Db = Kysely<DB> | Transaction<DB>;

/**
 * The sales summary (sales_hourly, migration 0031, decision 0041): what the reports read instead
 * of the orders. Triggers on orders and order_items keep it in every transaction that changes an
 * order's sales; this module recounts it from the orders and their lines (the reference the
 * tests compare it with) and rebuilds it (bulk loads, a repair).
 *
 * Order dimensions count an order once with its item_count and goods_cents (its sales, without excise, delivery or tax); line dimensions the
 * distinct orders with a line in the group, the lines' units and quantity × unit price, by the
 * category, class and brand saved on the line when it was written, and by the product line it
 * was sold in ("line", "line-year": migration 0039, decision 0060). Cancelled orders count
 * nothing. key '' is none.
 */
export const ORDER_DIMS = ["all", "business", "placer", "state"] as const;
export const LINE_DIMS = ["product", "product-year", "category", "class", "brand", "line", "line-year"] as const;
export type SalesDim = (typeof ORDER_DIMS)[number] | (typeof LINE_DIMS)[number];

export interface SalesSummaryRow {
  dim: string;
  key: string;
  hour: string;
  orders: number;
  units: number;
  salesCents: number;
  label: string | null;
}

const orderKey: Record<(typeof ORDER_DIMS)[number], RawBuilder<string>> = {
  all: sql<string>`''`,
  business: sql<string>`coalesce(o.user_id, '')`,
  placer: sql<string>`coalesce(o.placed_by_id, '')`,
  state: sql<string>`coalesce(o.ship_state, '')`,
};

const lineKey: Record<(typeof LINE_DIMS)[number], RawBuilder<string>> = {
  product: sql<string>`coalesce(cast(i.product_id as text), '')`,
  "product-year": sql<string>`coalesce(cast(i.product_id as text), '')`,
  category: sql<string>`coalesce(i.category, '')`,
  class: sql<string>`coalesce(i.product_class, '')`,
  brand: sql<string>`coalesce(i.brand, '')`,
  line: sql<string>`coalesce(cast(i.line_id as text), '')`,
  "line-year": sql<string>`coalesce(cast(i.line_id as text), '')`,
};

const hour = sql<string>`substr(o.created_at, 1, 13)`;

/**
 * The store year of an order's hour: "product-year" rows are the product dimension by store year
 * (a Dallas year begins at 06:00 UTC on January 1, Central Standard Time); migration 0031 keeps
 * the same expression.
 */
const storeYear = sql<string>`(case when substr(o.created_at, 6, 8) >= '01-01T06' then substr(o.created_at, 1, 4) else cast(cast(substr(o.created_at, 1, 4) as integer) - 1 as text) end)`;
const periodOf = (dim: (typeof LINE_DIMS)[number]) =>
  dim === "product-year" || dim === "line-year" ? storeYear : hour;

/** Every row the summary should hold, counted from the orders and their lines: one read per dimension. */
function recountQueries(db: Db) {
  const byOrder = ORDER_DIMS.map((dim) =>
    db
      .selectFrom("orders as o")
      .where("o.status", "<>", "Cancelled")
      .select([
        sql<string>`${sql.lit(dim)}`.as("dim"),
        orderKey[dim].as("key"),
        hour.as("hour"),
        sql<number>`count(*)`.as("orders"),
        sql<number>`sum(o.item_count)`.as("units"),
        sql<number>`sum(o.goods_cents)`.as("sales_cents"),
        sql<string | null>`null`.as("label"),
      ])
      // (PostgreSQL refuses a constant in GROUP BY: the period's one key is not grouped by.)
      .groupBy(dim === "all" ? [hour] : [orderKey[dim], hour]),
  );
  const byLine = LINE_DIMS.map((dim) =>
    db
      .selectFrom("orders as o")
      .innerJoin("order_items as i", "i.order_id", "o.id")
      .where("o.status", "<>", "Cancelled")
      .select([
        sql<string>`${sql.lit(dim)}`.as("dim"),
        lineKey[dim].as("key"),
        periodOf(dim).as("hour"),
        sql<number>`count(distinct o.id)`.as("orders"),
        sql<number>`sum(i.quantity)`.as("units"),
        sql<number>`sum(i.quantity * i.unit_price_cents)`.as("sales_cents"),
        // A deleted product's lines keep their saved name (the greatest of them in the hour); a
        // product line's year rows the line's name as sold (migration 0039).
        (dim === "product" || dim === "product-year"
          ? sql<string | null>`case when ${lineKey[dim]} = '' then max(i.name) end`
          : dim === "line-year"
            ? sql<string | null>`max(i.line_name)`
            : sql<string | null>`null`
        ).as("label"),
      ])
      .groupBy([lineKey[dim], periodOf(dim)]),
  );
  return [...byOrder, ...byLine];
}

const toRow = (r: {
  dim: string;
  key: string;
  hour: string;
  orders: unknown;
  units: unknown;
  sales_cents: unknown;
  label: string | null;
}): SalesSummaryRow => ({
  dim: r.dim,
  key: r.key,
  hour: r.hour,
  orders: Number(r.orders),
  units: Number(r.units),
  salesCents: Number(r.sales_cents),
  label: r.label,
});

/** The summary recounted from the orders, ordered by dimension, key and hour. */
export async function recountSales(db: Db): Promise<SalesSummaryRow[]> {
  const rows = await Promise.all(recountQueries(db).map((q) => q.execute()));
  return rows.flat().map(toRow).sort(byPrimaryKey);
}

/** The summary as kept, ordered by dimension, key and hour. */
export async function readSalesSummary(db: Db): Promise<SalesSummaryRow[]> {
  const rows = await db.selectFrom("sales_hourly").selectAll().execute();
  return rows.map(toRow).sort(byPrimaryKey);
}

function byPrimaryKey(a: SalesSummaryRow, b: SalesSummaryRow): number {
  const ka = `${a.dim}\u0000${a.key}\u0000${a.hour}`;
  const kb = `${b.dim}\u0000${b.key}\u0000${b.hour}`;
  return ka < kb ? -1 : ka > kb ? 1 : 0;
}

/** Recounts the whole summary from the orders (bulk data loads, a repair). */
export async function rebuildSalesSummary(db: Db): Promise<void> {
  await db.deleteFrom("sales_hourly").execute();
  for (const q of recountQueries(db)) {
    await db
      .insertInto("sales_hourly")
      .columns(["dim", "key", "hour", "orders", "units", "sales_cents", "label"])
      .expression(q)
      .execute();
  }
}

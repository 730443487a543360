import { type Kysely, sql } from "kysely";
import { addDays } from "~/lib/business";
import type { MarginKind } from "~/lib/inventory";
import { storeDayStart } from "~/lib/store-time";
import type { DB } from "../db/schema";
import type { DayRange } from "./range";

/**
 * Gross margin (issue 39): what units sold from lots brought in and what they cost. Each
 * order_lots row is units of one lot sold on one order (decision 0066): revenue is those units at
 * the order line's unit price, cost those units at the lot's unit cost. Units sold from no lot
 * (stock counted before lots) have no known cost and are left out; orders cancelled are left out.
 */

export interface MarginRow {
  key: string;
  label: string;
  units: number;
  revenueCents: number;
  costCents: number;
  marginCents: number;
}

export async function grossMargin(
  db: Kysely<DB>,
  kind: MarginKind,
  range: DayRange,
  limit = 200,
): Promise<{ rows: MarginRow[]; totals: Omit<MarginRow, "key" | "label"> }> {
  const start = storeDayStart(range.from);
  const end = storeDayStart(addDays(range.to, 1));
  const base = db
    .selectFrom("order_lots as ol")
    .innerJoin("orders as o", "o.id", "ol.order_id")
    .innerJoin("order_items as oi", (j) =>
      j.onRef("oi.order_id", "=", "ol.order_id").onRef("oi.product_id", "=", "ol.product_id"),
    )
    .innerJoin("lots as l", "l.id", "ol.lot_id")
    .leftJoin("businesses as b", "b.user_id", "o.user_id")
    .where("o.status", "<>", "Cancelled")
    .where("o.created_at", ">=", start)
    .where("o.created_at", "<", end);
  const key =
    kind === "product"
      ? sql<string>`cast(ol.product_id as text)`
      : kind === "category"
        ? sql<string>`coalesce(oi.category, '')`
        : kind === "brand"
          ? sql<string>`coalesce(oi.brand, '')`
          : sql<string>`coalesce(o.user_id, '')`;
  const label =
    kind === "product"
      ? sql<string>`max(oi.name)`
      : kind === "business"
        ? sql<string>`max(coalesce(b.dba, b.legal_name, o.ship_business_name))`
        : sql<string>`max(coalesce(${key}, ''))`;
  const figures = [
    sql<number>`sum(ol.quantity)`.as("units"),
    sql<number>`sum(ol.quantity * oi.unit_price_cents)`.as("revenue"),
    sql<number>`sum(ol.quantity * l.unit_cost_cents)`.as("cost"),
  ] as const;
  const rows = await base
    .select([key.as("key"), label.as("label"), ...figures])
    .groupBy(key)
    .orderBy(sql`sum(ol.quantity * (oi.unit_price_cents - l.unit_cost_cents))`, "desc")
    .limit(limit)
    .execute();
  const total = await base.select([...figures]).executeTakeFirst();
  const row = (units: unknown, revenue: unknown, cost: unknown) => ({
    units: Number(units ?? 0),
    revenueCents: Number(revenue ?? 0),
    costCents: Number(cost ?? 0),
    marginCents: Number(revenue ?? 0) - Number(cost ?? 0),
  });
  return {
    rows: rows.map((r) => ({ key: r.key, label: r.label || "(none)", ...row(r.units, r.revenue, r.cost) })),
    totals: row(total?.units, total?.revenue, total?.cost),
  };
}

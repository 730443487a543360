import { type Kysely, sql } from "kysely";
import { isHoldReason, type OrderDetail, type OrderLine, type OrderSummary } from "~/lib/orders";
import type { DB, OrderRow } from "../db/schema";
import { type ExciseSummary, findOrderExcise, loadOrderExcise } from "../excise/orders";
import { MONEY_COLUMNS, moneyOf } from "./money";

type Db = Kysely<DB>;

export const SUMMARY_COLUMNS = [
  "id",
  "status",
  "created_at",
  ...MONEY_COLUMNS,
  "item_count",
  "placed_by_name",
  "hold_reason",
  "delivery_date",
] as const;

export function toSummary(row: Pick<OrderRow, (typeof SUMMARY_COLUMNS)[number]>): OrderSummary {
  return {
    id: row.id,
    status: row.status,
    createdAt: row.created_at,
    money: moneyOf(row),
    itemCount: row.item_count,
    placedBy: row.placed_by_name,
    holdReason: isHoldReason(row.hold_reason) && row.status === "In Review" ? row.hold_reason : null,
    deliveryDate: row.delivery_date,
  };
}

export async function loadOrderItems(db: Db, orderIds: number[]): Promise<Map<number, OrderLine[]>> {
  const byOrder = new Map<number, OrderLine[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .selectFrom("order_items")
    .select(["order_id", "product_id", "name", "sku", "unit_price_cents", "quantity"])
    .where("order_id", "in", orderIds)
    .orderBy("order_id")
    .orderBy("position")
    .execute();
  for (const r of rows) {
    const list = byOrder.get(r.order_id) ?? [];
    list.push({
      productId: r.product_id,
      name: r.name,
      sku: r.sku,
      unitPriceCents: r.unit_price_cents,
      quantity: r.quantity,
    });
    byOrder.set(r.order_id, list);
  }
  return byOrder;
}

export const NO_EXCISE: ExciseSummary = { lines: [], collectedCents: 0 };

/** The lines and stored excise of several orders (pages that list orders in detail). */
export async function loadOrderDetails(db: Db, orderIds: number[]) {
  const [items, excise] = await Promise.all([loadOrderItems(db, orderIds), loadOrderExcise(db, orderIds)]);
  return (row: OrderRow) => toDetail(row, items.get(row.id) ?? [], excise.get(row.id) ?? NO_EXCISE);
}

export function toDetail(row: OrderRow, items: OrderLine[], excise: ExciseSummary): OrderDetail {
  return {
    ...toSummary(row),
    excise,
    shipping: {
      businessName: row.ship_business_name,
      street: row.ship_street,
      city: row.ship_city,
      state: row.ship_state,
      zip: row.ship_zip,
      phone: row.ship_phone,
    },
    items,
    poNumber: row.po_number,
    notes: row.notes,
  };
}

/**
 * An account's orders (its business's, decision 0032), newest first; `placedBy` keeps those one
 * member placed.
 */
export async function listOrdersForUser(
  db: Db,
  userId: string,
  limit = 50,
  placedBy: string | null = null,
): Promise<OrderSummary[]> {
  let q = db.selectFrom("orders").select(SUMMARY_COLUMNS).where("user_id", "=", userId);
  if (placedBy) q = q.where("placed_by_id", "=", placedBy);
  const rows = await q.orderBy("created_at", "desc").orderBy("id", "desc").limit(limit).execute();
  return rows.map(toSummary);
}

/** One of the customer's own orders; null when it does not exist or belongs to someone else. */
export async function findOrderForUser(db: Db, userId: string, orderId: number): Promise<OrderDetail | null> {
  return findOrderDetail(db, orderId, userId);
}

/**
 * An order with its lines, excise and business (userId); of that account only, unless `accountId`
 * is null (the back office). Null when it does not exist, or is another account's.
 */
export async function findOrderDetail(
  db: Db,
  orderId: number,
  accountId: string | null,
): Promise<(OrderDetail & { userId: string | null }) | null> {
  let q = db.selectFrom("orders").selectAll().where("id", "=", orderId);
  if (accountId !== null) q = q.where("user_id", "=", accountId);
  const row = await q.executeTakeFirst();
  if (!row) return null;
  const [items, excise] = await Promise.all([loadOrderItems(db, [row.id]), findOrderExcise(db, row.id)]);
  return { ...toDetail(row, items.get(row.id) ?? [], excise), userId: row.user_id };
}

/** Order counts for the back office: placed since `today` and since `weekAgo` (not cancelled, with
 * the week's revenue: the goods sold, as the reports count them), and waiting for the store (Processing or In Review). */
export async function orderFigures(
  db: Kysely<DB>,
  since: { today: string; weekAgo: string },
): Promise<{ today: number; week: number; weekRevenueCents: number; waiting: number }> {
  const [todayRow, weekRow, waitingRow] = await Promise.all([
    db
      .selectFrom("orders")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("created_at", ">=", since.today)
      .where("status", "!=", "Cancelled")
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("orders")
      .select((eb) => [eb.fn.countAll<number>().as("n"), sql<number>`coalesce(sum(goods_cents), 0)`.as("revenue")])
      .where("created_at", ">=", since.weekAgo)
      .where("status", "!=", "Cancelled")
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("orders")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("status", "in", ["Processing", "In Review"])
      .executeTakeFirstOrThrow(),
  ]);
  return {
    today: Number(todayRow.n),
    week: Number(weekRow.n),
    weekRevenueCents: Number(weekRow.revenue),
    waiting: Number(waitingRow.n),
  };
}

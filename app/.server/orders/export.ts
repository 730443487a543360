import { stringify } from "csv-stringify/sync";
import type { Kysely } from "kysely";
import { isStoreDay } from "~/lib/calendar-days";
import * as MESSAGES from "~/lib/messages";
import type { OrderStatus } from "~/lib/orders";
import { storeDayStart } from "~/lib/store-time";
import { neutralizeFormula } from "../catalog/csv/file";
import type { DB } from "../db/schema";
import { moneyOf } from "./money";
import { loadOrderItems } from "./queries";

/**
 * Orders and their lines as CSV for the back office (issue 17): one row per order line, the
 * order's own columns repeated on each of its lines, for the days asked in the store's time zone.
 */

// Where a store day begins is lib/store-time.ts's; re-exported for the code that imports it from here.
export { storeDayStart };

/**
 * A day a filter of the back office or a statement may name: a calendar day from 2000-01-01 to
 * the end of next year (lib/calendar-days.ts). Nothing else reaches storeDayStart, whose date
 * arithmetic has no answer for the years 0000 or 10000 (issue 36: a 500 at the calendar's ends).
 */
export function isDay(value: string | null): value is string {
  return isStoreDay(value);
}

/** The day after a YYYY-MM-DD day. */
function nextDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

export const ORDER_EXPORT_HEADER = [
  "order_id",
  "order_date",
  "status",
  "customer",
  "email",
  "ship_business_name",
  "ship_street",
  "ship_city",
  "ship_state",
  "ship_zip",
  "ship_phone",
  "order_subtotal",
  "order_excise",
  "order_delivery",
  "order_tax",
  "order_total",
  "po_number",
  "notes",
  "sku",
  "product",
  "quantity",
  "unit_price",
  "line_total",
];

const BATCH = 500;
const dollars = (cents: number) => (cents / 100).toFixed(2);

/** Orders placed from `from` to `to` (inclusive days, store time), optionally of one status. */
export async function* exportOrdersCsv(
  db: Kysely<DB>,
  filter: { from: string | null; to: string | null; status: OrderStatus | null },
): AsyncGenerator<string> {
  yield stringify([ORDER_EXPORT_HEADER]);
  let afterId = 0;
  for (;;) {
    let q = db
      .selectFrom("orders")
      .leftJoin("users", "users.id", "orders.user_id")
      .selectAll("orders")
      .select(["users.name as customer_name", "users.email as customer_email"])
      .where("orders.id", ">", afterId)
      .orderBy("orders.id")
      .limit(BATCH);
    if (filter.from) q = q.where("orders.created_at", ">=", storeDayStart(filter.from));
    if (filter.to) q = q.where("orders.created_at", "<", storeDayStart(nextDay(filter.to)));
    if (filter.status) q = q.where("orders.status", "=", filter.status);
    const orders = await q.execute();
    if (orders.length === 0) return;
    const items = await loadOrderItems(
      db,
      orders.map((o) => o.id),
    );
    const rows: string[][] = [];
    for (const o of orders) {
      const money = moneyOf(o);
      const own = [
        String(o.id),
        o.created_at,
        o.status,
        o.customer_name ?? MESSAGES.unknownUser,
        o.customer_email ?? "",
        o.ship_business_name,
        o.ship_street,
        o.ship_city,
        o.ship_state,
        o.ship_zip,
        o.ship_phone,
        dollars(money.goodsCents),
        dollars(money.exciseCents),
        dollars(money.deliveryCents),
        dollars(money.taxCents),
        dollars(money.totalCents),
        o.po_number ?? "",
        o.notes ?? "",
      ];
      for (const line of items.get(o.id) ?? []) {
        rows.push(
          [
            ...own,
            line.sku,
            line.name,
            String(line.quantity),
            dollars(line.unitPriceCents),
            dollars(line.unitPriceCents * line.quantity),
          ].map(neutralizeFormula),
        );
      }
    }
    yield stringify(rows);
    afterId = orders.at(-1)?.id ?? afterId;
    if (orders.length < BATCH) return;
  }
}

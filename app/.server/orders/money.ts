import { type Kysely, sql, type Transaction } from "kysely";
import { formatCents } from "~/lib/money";
import { type BillLine, moneyRows, type OrderMoney, orderMoney } from "~/lib/order-money";
import { dialectOf } from "../db/connect";
import type { DB, OrderRow } from "../db/schema";
import { sqlNow } from "../db/time";
import { type ExciseSummary, findOrderExcise } from "../excise/orders";

type Db = Kysely<DB> | Transaction<DB>;

/**
 * An order's money as stored (lib/order-money.ts; decision 0052): every reader of an order's money
 * selects these columns and maps them with moneyOf, every writer writes moneyColumns.
 */
export const MONEY_COLUMNS = ["goods_cents", "excise_cents", "delivery_cents", "tax_cents", "total_cents"] as const;

type MoneyRow = Pick<OrderRow, (typeof MONEY_COLUMNS)[number]>;

export function moneyOf(row: MoneyRow): OrderMoney {
  const money = orderMoney({
    goodsCents: Number(row.goods_cents),
    exciseCents: Number(row.excise_cents),
    deliveryCents: Number(row.delivery_cents),
    taxCents: Number(row.tax_cents),
  });
  if (money.totalCents !== Number(row.total_cents))
    throw new Error(`An order's total ${row.total_cents} is not the sum of its parts (${money.totalCents})`);
  return money;
}

/** The columns an order's money is written to. */
export function moneyColumns(money: OrderMoney): MoneyRow {
  return {
    goods_cents: money.goodsCents,
    excise_cents: money.exciseCents,
    delivery_cents: money.deliveryCents,
    tax_cents: money.taxCents,
    total_cents: money.totalCents,
  };
}

/** An order's money read from the database; null when there is no such order. */
export async function findOrderMoney(db: Db, orderId: number): Promise<OrderMoney | null> {
  const row = await db.selectFrom("orders").select(MONEY_COLUMNS).where("id", "=", orderId).executeTakeFirst();
  return row ? moneyOf(row) : null;
}

/**
 * Makes the order's stored money what its lines and stored excise now say (after it was placed,
 * or its lines or excise changed): the goods from the lines, the excise the store collects from
 * the stored excise lines, the tax from its stored tax lines, the delivery fee as stored. Returns
 * the money written.
 */
export async function recordOrderMoney(trx: Transaction<DB>, orderId: number): Promise<OrderMoney> {
  const [lines, excise, stored, tax] = await Promise.all([
    trx
      .selectFrom("order_items")
      .select([
        sql<number>`coalesce(sum(unit_price_cents * quantity), 0)`.as("goods"),
        sql<number>`coalesce(sum(quantity), 0)`.as("units"),
      ])
      .where("order_id", "=", orderId)
      .executeTakeFirstOrThrow(),
    trx
      .selectFrom("order_line_excise")
      .select(sql<number>`coalesce(sum(amount_cents), 0)`.as("cents"))
      .where("order_id", "=", orderId)
      .where("owed_by", "=", "store")
      .executeTakeFirstOrThrow(),
    trx.selectFrom("orders").select(["delivery_cents"]).where("id", "=", orderId).executeTakeFirstOrThrow(),
    trx
      .selectFrom("order_line_tax")
      .select(sql<number>`coalesce(sum(tax_cents), 0)`.as("cents"))
      .where("order_id", "=", orderId)
      .executeTakeFirstOrThrow(),
  ]);
  const money = orderMoney({
    goodsCents: Number(lines.goods),
    exciseCents: Number(excise.cents),
    deliveryCents: Number(stored.delivery_cents),
    taxCents: Number(tax.cents),
  });
  await trx
    .updateTable("orders")
    .set({ ...moneyColumns(money), item_count: Number(lines.units), updated_at: sqlNow(dialectOf(trx)) })
    .where("id", "=", orderId)
    .execute();
  return money;
}

/** The code an excise rule's line is billed under: "EXCISE-LA-3". */
export function exciseCode(state: string, ruleId: number): string {
  return `EXCISE-${state}-${ruleId}`;
}

/** The charges of an order besides its goods, as bill lines (excise the store collects, delivery, tax). */
export function chargeLines(money: OrderMoney, excise: ExciseSummary): BillLine[] {
  const lines: BillLine[] = excise.lines
    .filter((l) => l.owedBy === "store" && l.amountCents > 0)
    .map((l) => ({ sku: exciseCode(l.state, l.ruleId), name: l.wording, unitPriceCents: l.amountCents, quantity: 1 }));
  if (money.deliveryCents > 0)
    lines.push({ sku: "DELIVERY", name: "Delivery", unitPriceCents: money.deliveryCents, quantity: 1 });
  if (money.taxCents > 0)
    lines.push({ sku: "SALES-TAX", name: "Sales tax", unitPriceCents: money.taxCents, quantity: 1 });
  return lines;
}

/** Everything an order bills: its product lines, then its charges; they sum to its total. */
export async function billLines(db: Db, orderId: number): Promise<{ money: OrderMoney; lines: BillLine[] }> {
  const [money, items, excise] = await Promise.all([
    findOrderMoney(db, orderId),
    db
      .selectFrom("order_items")
      .select(["name", "sku", "unit_price_cents", "quantity"])
      .where("order_id", "=", orderId)
      .orderBy("position")
      .execute(),
    findOrderExcise(db, orderId),
  ]);
  if (!money) throw new Error(`Order ${orderId} not found`);
  const lines = [
    ...items.map((i) => ({ sku: i.sku, name: i.name, unitPriceCents: i.unit_price_cents, quantity: i.quantity })),
    ...chargeLines(money, excise),
  ];
  return { money, lines };
}

/** An order's money as lines of text (mails): the rows above the total, then "Total: $…". */
export function moneyTextLines(money: OrderMoney, excise: ExciseSummary | null | undefined): string[] {
  return [
    ...moneyRows(money, excise).map((r) => `${r.label}: ${formatCents(r.amountCents)}${r.note ? ` (${r.note})` : ""}`),
    `Total: ${formatCents(money.totalCents)}`,
  ];
}

import type { Kysely, Transaction } from "kysely";
import { storeToday } from "~/lib/business";
import { owedByLabel } from "~/lib/excise/describe";
import {
  collectedCents,
  type ExciseLine,
  type ExciseSummary,
  evaluateExcise,
  type OwedBy,
  summarizeExcise,
  type TaxableLine,
} from "~/lib/excise/engine";
import { dialectOf } from "../db/connect";
import type { DB } from "../db/schema";
import { sqlNow } from "../db/time";
import { loadExciseFacts } from "./facts";
import { exciseRulesOfState } from "./rules";

type Db = Kysely<DB> | Transaction<DB>;

export type { ExciseSummary };

export function summaryOf(lines: readonly ExciseLine[]): ExciseSummary {
  return { lines: summarizeExcise(lines), collectedCents: collectedCents(lines) };
}

/** The excise of some lines shipped to a destination on a store date, with the rules as they are. */
export async function computeExcise(
  db: Db,
  lines: readonly TaxableLine[],
  destination: { state: string; zip: string },
  date: string = storeToday(),
): Promise<ExciseLine[]> {
  if (lines.length === 0) return [];
  const [rules, facts] = await Promise.all([
    exciseRulesOfState(db, destination.state),
    loadExciseFacts(
      db,
      lines.map((l) => l.productId),
    ),
  ]);
  if (rules.length === 0) return [];
  return evaluateExcise(lines, facts, destination, date, rules);
}

/** The store date an order was placed on (its excise is the rules in force that day). */
export function saleDateOf(createdAt: string): string {
  return storeToday(new Date(createdAt));
}

/**
 * Computes and stores an order's excise from its lines and shipping address as they are in this
 * transaction, replacing what was stored: called by an admin's edit. The rules in force on the day
 * the order was placed apply; what is stored stays when a rule changes later.
 */
export async function recordOrderExcise(trx: Transaction<DB>, orderId: number): Promise<ExciseLine[]> {
  const order = await trx
    .selectFrom("orders")
    .select(["ship_state", "ship_zip", "created_at"])
    .where("id", "=", orderId)
    .executeTakeFirstOrThrow();
  const items = await trx
    .selectFrom("order_items")
    .select(["product_id", "quantity", "unit_price_cents"])
    .where("order_id", "=", orderId)
    .orderBy("position")
    .execute();
  await trx.deleteFrom("order_line_excise").where("order_id", "=", orderId).execute();
  const lines = await computeExcise(
    trx,
    items.flatMap((i) =>
      i.product_id === null
        ? []
        : [{ productId: i.product_id, quantity: i.quantity, lineCents: i.unit_price_cents * i.quantity }],
    ),
    { state: order.ship_state, zip: order.ship_zip },
    saleDateOf(order.created_at),
  );
  await storeOrderExcise(trx, orderId, lines);
  return lines;
}

/**
 * Stores excise lines computed for an order (by computeExcise, in this transaction) against its
 * lines: the order transaction computes them before it writes the order, whose total they are part of.
 */
export async function storeOrderExcise(trx: Transaction<DB>, orderId: number, lines: readonly ExciseLine[]) {
  if (lines.length === 0) return;
  const items = await trx
    .selectFrom("order_items")
    .select(["id", "product_id"])
    .where("order_id", "=", orderId)
    .execute();
  const itemOf = new Map(items.map((i) => [i.product_id, i.id]));
  const now = sqlNow(dialectOf(trx));
  await trx
    .insertInto("order_line_excise")
    .values(
      lines.map((l) => ({
        order_id: orderId,
        order_item_id: itemOf.get(l.productId) as number,
        product_id: l.productId,
        rule_id: l.ruleId,
        state: l.state,
        rule_name: l.ruleName,
        wording: l.wording,
        owed_by: l.owedBy,
        method: l.method,
        rate_micros: l.rateMicros,
        quantity: l.quantity,
        ml_milli: l.mlMilli,
        cartridges: l.cartridges,
        wholesale_cents: l.wholesaleCents,
        amount_cents: l.amountCents,
        created_at: now,
      })),
    )
    .execute();
}

/** The stored excise of an order, per rule (the invoice, the packing slip, the mail, the order pages). */
export async function findOrderExcise(db: Db, orderId: number): Promise<ExciseSummary> {
  return (await loadOrderExcise(db, [orderId])).get(orderId) ?? { lines: [], collectedCents: 0 };
}

/** The stored excise of several orders, per rule (every order with none has none in the map). */
export async function loadOrderExcise(db: Db, orderIds: readonly number[]): Promise<Map<number, ExciseSummary>> {
  const byOrder = new Map<number, ExciseSummary>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .selectFrom("order_line_excise")
    .select(["order_id", "rule_id", "state", "wording", "owed_by", "amount_cents"])
    .where("order_id", "in", orderIds)
    .orderBy("id")
    .execute();
  for (const r of rows) {
    const summary = byOrder.get(r.order_id) ?? { lines: [], collectedCents: 0 };
    byOrder.set(r.order_id, summary);
    const owedBy: OwedBy = r.owed_by === "buyer" ? "buyer" : "store";
    const amountCents = Number(r.amount_cents);
    const found = summary.lines.find(
      (l) => l.ruleId === (r.rule_id ?? 0) && l.wording === r.wording && l.owedBy === owedBy,
    );
    if (found) found.amountCents += amountCents;
    else
      summary.lines.push({
        ruleId: r.rule_id ?? 0,
        state: r.state,
        wording: r.wording,
        owedBy,
        amountCents,
        missingFact: false,
      });
    if (owedBy === "store") summary.collectedCents += amountCents;
  }
  return byOrder;
}

/** The packing slip's excise: each tax's wording and who owes it, without amounts (none without excise). */
export function exciseSlipLines(excise: ExciseSummary | undefined): string[] {
  return (excise?.lines ?? []).map((l) => `${l.wording} (${owedByLabel(l.owedBy).toLowerCase()})`);
}

import type { Kysely, Transaction } from "kysely";
import { storeToday } from "~/lib/business";
import { owedByLabel } from "~/lib/excise/describe";
import {
  collectedCents,
  type ExciseLine,
  type ExciseSummary,
  type ExciseSummaryLine,
  evaluateExcise,
  type OwedBy,
  summarizeExcise,
  type TaxableLine,
} from "~/lib/excise/engine";
import * as EXCISE_MESSAGES from "~/lib/messages/excise";
import { formatCents } from "~/lib/money";
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
 * transaction, replacing what was stored: called by the order transaction and by an admin's
 * edit. The rules in force on the day the order was placed apply; what is stored stays when a
 * rule changes later.
 */
export async function recordOrderExcise(trx: Transaction<DB>, orderId: number): Promise<ExciseLine[]> {
  const order = await trx
    .selectFrom("orders")
    .select(["ship_state", "ship_zip", "created_at"])
    .where("id", "=", orderId)
    .executeTakeFirstOrThrow();
  const items = await trx
    .selectFrom("order_items")
    .select(["id", "product_id", "quantity", "unit_price_cents"])
    .where("order_id", "=", orderId)
    .orderBy("position")
    .execute();
  await trx.deleteFrom("order_line_excise").where("order_id", "=", orderId).execute();
  const taxable = items.filter((i) => i.product_id !== null);
  const itemOf = new Map(taxable.map((i) => [i.product_id as number, i.id]));
  const lines = await computeExcise(
    trx,
    taxable.map((i) => ({
      productId: i.product_id as number,
      quantity: i.quantity,
      lineCents: i.unit_price_cents * i.quantity,
    })),
    { state: order.ship_state, zip: order.ship_zip },
    saleDateOf(order.created_at),
  );
  if (lines.length === 0) return lines;
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
  return lines;
}

/** The stored excise of an order, per rule (the invoice, the packing slip, the mail, the order pages). */
export async function findOrderExcise(db: Db, orderId: number): Promise<ExciseSummary> {
  const rows = await db
    .selectFrom("order_line_excise")
    .select(["rule_id", "state", "wording", "owed_by", "amount_cents"])
    .where("order_id", "=", orderId)
    .orderBy("id")
    .execute();
  const lines: ExciseSummaryLine[] = [];
  for (const r of rows) {
    const owedBy: OwedBy = r.owed_by === "buyer" ? "buyer" : "store";
    const found = lines.find((l) => l.ruleId === (r.rule_id ?? 0) && l.wording === r.wording && l.owedBy === owedBy);
    if (found) found.amountCents += Number(r.amount_cents);
    else
      lines.push({
        ruleId: r.rule_id ?? 0,
        state: r.state,
        wording: r.wording,
        owedBy,
        amountCents: Number(r.amount_cents),
        missingFact: false,
      });
  }
  return { lines, collectedCents: collectedCents(lines) };
}

/**
 * The excise lines a printed document shows above its total: on the invoice the goods subtotal,
 * then each tax with its amount (a tax the buyer owes says so and is not in the total); on the
 * packing slip each tax's wording without amounts. None when the order has no excise.
 */
export function exciseDocumentLines(
  excise: ExciseSummary | undefined,
  kind: "invoice" | "packing-slip",
  goodsCents: number,
): string[] {
  if (!excise || excise.lines.length === 0) return [];
  if (kind === "packing-slip") return excise.lines.map((l) => `${l.wording} (${owedByLabel(l.owedBy).toLowerCase()})`);
  return [
    `Subtotal: ${formatCents(goodsCents)}`,
    ...excise.lines.map(
      (l) =>
        `${l.wording}: ${formatCents(l.amountCents)}${l.owedBy === "buyer" ? ` (${EXCISE_MESSAGES.buyerOwesExcise})` : ""}`,
    ),
  ];
}

import { type Kysely, sql, type Transaction } from "kysely";
import { addDays, storeToday } from "~/lib/business";
import { CREDIT_HOLD, PREPAID_HOLD, termsDays } from "~/lib/receivables";
import { type Actor, recordAudit } from "../audit/log";
import { dialectOf } from "../db/connect";
import type { DB } from "../db/schema";
import { sqlNow } from "../db/time";
import { enqueueInvoiceMail } from "./mails";
import { businessCredit } from "./settings";

type Trx = Kysely<DB> | Transaction<DB>;

/**
 * Invoices and credit notes (issue 30; decision 0040). An order becomes an invoice when it is
 * completed, in the transaction of that status change; cancelling a completed order issues a
 * credit note, which pays what it can of its invoice and leaves the rest as credit. Both take the
 * next number of one series: an UPDATE of the counter row in the same transaction, so a rolled
 * back change leaves no gap, and two servers wait for each other on that row.
 */
export async function nextDocumentNumber(trx: Trx, series = "invoice"): Promise<number> {
  const row = await trx
    .updateTable("doc_counters")
    .set({ value: sql`value + 1` })
    .where("name", "=", series)
    .returning("value")
    .executeTakeFirstOrThrow();
  return row.value;
}

async function businessOfOrder(trx: Trx, orderId: number) {
  return trx.selectFrom("orders").select(["id", "user_id", "total_cents"]).where("id", "=", orderId).executeTakeFirst();
}

/**
 * Called by the order's status change, inside its transaction: Completed issues the invoice (once
 * per order), Completed to Cancelled its credit note, and leaving In Review ends a credit or
 * prepaid hold.
 */
export async function onOrderStatusChange(
  trx: Transaction<DB>,
  orderId: number,
  from: string,
  to: string,
  actor: Actor,
): Promise<void> {
  if (from === "In Review" && to !== "In Review") {
    await trx
      .updateTable("orders")
      .set({ hold_reason: null })
      .where("id", "=", orderId)
      .where("hold_reason", "in", [CREDIT_HOLD, PREPAID_HOLD])
      .execute();
  }
  if (to === "Completed") await issueInvoice(trx, orderId, actor);
  if (from === "Completed" && to === "Cancelled") await issueCreditNote(trx, orderId, actor);
}

export async function issueInvoice(trx: Transaction<DB>, orderId: number, actor: Actor): Promise<number | null> {
  const order = await businessOfOrder(trx, orderId);
  if (!order?.user_id) return null;
  const existing = await trx
    .selectFrom("invoices")
    .select("id")
    .where("order_id", "=", orderId)
    .where("kind", "=", "invoice")
    .executeTakeFirst();
  if (existing) return null;
  const credit = await businessCredit(trx, order.user_id);
  if (!credit) return null;
  const lines = await trx
    .selectFrom("order_items")
    .select(["position", "name", "sku", "unit_price_cents", "quantity"])
    .where("order_id", "=", orderId)
    .orderBy("position")
    .execute();
  // The order's total as it stands (after any edit): what the lines add up to, and whatever else the
  // order carries in its total (the excise taxes of issue 31 when they land).
  const total = order.total_cents;
  const issuedOn = storeToday();
  const number = await nextDocumentNumber(trx);
  const invoice = await trx
    .insertInto("invoices")
    .values({
      number,
      kind: "invoice",
      business_id: order.user_id,
      order_id: orderId,
      terms: credit.terms,
      issued_on: issuedOn,
      due_on: addDays(issuedOn, termsDays(credit.terms)),
      total_cents: total,
      balance_cents: total,
      created_at: sqlNow(dialectOf(trx)),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  if (lines.length > 0) {
    await trx
      .insertInto("invoice_lines")
      .values(lines.map((l, position) => ({ invoice_id: invoice.id, ...l, position })))
      .execute();
  }
  await recordAudit(trx, actor, {
    action: "invoice.issue",
    subjectType: "order",
    subjectId: orderId,
    summary: `Invoice ${number} for order #${orderId}`,
    after: { number, totalCents: total, terms: credit.terms },
  });
  await applyCredits(trx, order.user_id, actor);
  const dueOn = addDays(issuedOn, termsDays(credit.terms));
  await enqueueInvoiceMail(trx, order.user_id, { number, orderId, totalCents: total, dueOn });
  return number;
}

async function issueCreditNote(trx: Transaction<DB>, orderId: number, actor: Actor): Promise<void> {
  let read = trx.selectFrom("invoices").selectAll().where("order_id", "=", orderId).where("kind", "=", "invoice");
  if (dialectOf(trx) === "postgres") read = read.forUpdate();
  const invoice = await read.executeTakeFirst();
  if (!invoice) return;
  const already = await trx
    .selectFrom("invoices")
    .select("id")
    .where("order_id", "=", orderId)
    .where("kind", "=", "credit")
    .executeTakeFirst();
  if (already) return;
  const number = await nextDocumentNumber(trx);
  const pays = Math.min(invoice.balance_cents, invoice.total_cents);
  const today = storeToday();
  const note = await trx
    .insertInto("invoices")
    .values({
      number,
      kind: "credit",
      business_id: invoice.business_id,
      order_id: orderId,
      terms: invoice.terms,
      issued_on: today,
      due_on: today,
      total_cents: invoice.total_cents,
      balance_cents: invoice.total_cents - pays,
      created_at: sqlNow(dialectOf(trx)),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  if (pays > 0) {
    await trx
      .updateTable("invoices")
      .set({ balance_cents: sql`balance_cents - ${pays}` })
      .where("id", "=", invoice.id)
      .execute();
    await trx
      .insertInto("payment_applications")
      .values({
        invoice_id: invoice.id,
        payment_id: null,
        credit_id: note.id,
        amount_cents: pays,
        reversed_at: null,
        created_at: sqlNow(dialectOf(trx)),
      })
      .execute();
  }
  await recordAudit(trx, actor, {
    action: "invoice.credit-note",
    subjectType: "order",
    subjectId: orderId,
    summary: `Credit note ${number} for invoice ${invoice.number} (order #${orderId} cancelled)`,
    after: { number, totalCents: invoice.total_cents, appliedCents: pays },
  });
}

/** Open invoices of a business, oldest due first, locked on PostgreSQL (by id, one order for all). */
export async function lockOpenInvoices(trx: Trx, businessId: string) {
  let read = trx
    .selectFrom("invoices")
    .select(["id", "number", "due_on", "balance_cents"])
    .where("business_id", "=", businessId)
    .where("kind", "=", "invoice")
    .where("balance_cents", ">", 0)
    .orderBy("id");
  if (dialectOf(trx) === "postgres") read = read.forUpdate();
  const rows = await read.execute();
  return rows.sort((a, b) => a.due_on.localeCompare(b.due_on) || a.number - b.number);
}

/** Pays part of an invoice; refused (false) when its balance no longer allows it. */
export async function payInvoice(
  trx: Trx,
  invoiceId: number,
  amountCents: number,
  source: { paymentId: number } | { creditId: number },
): Promise<boolean> {
  const updated = await trx
    .updateTable("invoices")
    .set({ balance_cents: sql`balance_cents - ${amountCents}` })
    .where("id", "=", invoiceId)
    .where("balance_cents", ">=", amountCents)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) return false;
  await trx
    .insertInto("payment_applications")
    .values({
      invoice_id: invoiceId,
      payment_id: "paymentId" in source ? source.paymentId : null,
      credit_id: "creditId" in source ? source.creditId : null,
      amount_cents: amountCents,
      reversed_at: null,
      created_at: sqlNow(dialectOf(trx)),
    })
    .execute();
  return true;
}

/**
 * Applies what the business has to its credit (unapplied payments, then credit notes, oldest
 * first) to its open invoices, oldest due first.
 */
export async function applyCredits(trx: Trx, businessId: string, actor: Actor): Promise<void> {
  const invoices = await lockOpenInvoices(trx, businessId);
  if (invoices.length === 0) return;
  const pg = dialectOf(trx) === "postgres";
  let payments = trx
    .selectFrom("payments")
    .select(["id", "unapplied_cents"])
    .where("business_id", "=", businessId)
    .where("voided_at", "is", null)
    .where("unapplied_cents", ">", 0)
    .orderBy("id");
  if (pg) payments = payments.forUpdate();
  let credits = trx
    .selectFrom("invoices")
    .select(["id", "balance_cents as unapplied_cents"])
    .where("business_id", "=", businessId)
    .where("kind", "=", "credit")
    .where("balance_cents", ">", 0)
    .orderBy("id");
  if (pg) credits = credits.forUpdate();
  const sources = [
    ...(await payments.execute()).map((p) => ({ ...p, kind: "payment" as const })),
    ...(await credits.execute()).map((c) => ({ ...c, kind: "credit" as const })),
  ];
  for (const source of sources) {
    let left = source.unapplied_cents;
    for (const invoice of invoices) {
      if (left === 0) break;
      const amount = Math.min(left, invoice.balance_cents);
      if (amount === 0) continue;
      const ok = await payInvoice(
        trx,
        invoice.id,
        amount,
        source.kind === "payment" ? { paymentId: source.id } : { creditId: source.id },
      );
      if (!ok) continue;
      invoice.balance_cents -= amount;
      left -= amount;
      await recordAudit(trx, actor, {
        action: "invoice.apply",
        subjectType: "business",
        subjectId: businessId,
        summary: `${source.kind === "payment" ? `Payment ${source.id}` : `Credit note ${source.id}`} applied to invoice ${invoice.number}`,
        after: { invoice: invoice.number, amountCents: amount },
      });
    }
    if (left !== source.unapplied_cents) {
      if (source.kind === "payment") {
        await trx.updateTable("payments").set({ unapplied_cents: left }).where("id", "=", source.id).execute();
      } else {
        await trx.updateTable("invoices").set({ balance_cents: left }).where("id", "=", source.id).execute();
      }
    }
  }
}

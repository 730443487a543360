import { type Kysely, sql, type Transaction } from "kysely";
import { addDays, storeToday } from "~/lib/business";
import { type BillLine, billLinesCents } from "~/lib/order-money";
import { termsDays } from "~/lib/receivables";
import { type Actor, recordAudit } from "../audit/log";
import { dialectOf } from "../db/connect";
import type { DB } from "../db/schema";
import { sqlNow } from "../db/time";
import { emitWebhook } from "../webhooks/events";
import { enqueueInvoiceMail } from "./mails";
import { businessCredit } from "./settings";

type Trx = Kysely<DB> | Transaction<DB>;

/**
 * Invoices and credit notes (issue 30; decisions 0040 and 0052): the next number of the one series
 * of documents, taken by an UPDATE of its counter row in the writing transaction.
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

/**
 * PostgreSQL: one writer of a business's ledger at a time (its row in businesses is the lock):
 * taken first by every change of what a business owes (an order's billing, a payment, a void, the
 * credit check of an order being placed), so two of them never lock its invoices in opposite
 * orders. SQLite has one writer already.
 */
export async function lockBusinessLedger(trx: Trx, businessId: string): Promise<void> {
  if (dialectOf(trx) !== "postgres") return;
  await trx.selectFrom("businesses").select("user_id").where("user_id", "=", businessId).forUpdate().execute();
}

/**
 * What an order should have billed now, as the order's life decides it (flows/order-life.ts): its
 * total while it is Completed, nothing otherwise; with its bill lines (summing to its total) for
 * an invoice, and why, in words, for a credit note or a correction.
 */
export interface OrderBilling {
  orderId: number;
  businessId: string;
  targetCents: number;
  /** Its bill lines (products, then charges), read only when an invoice is issued. */
  lines: () => Promise<readonly BillLine[]>;
  /** "Order #12 cancelled", "Order #12 back to Processing", "Excise not billed on invoice 3". */
  reason: string;
}

/**
 * Brings what an order has billed (its invoices less its credit notes) to its target, in the
 * transaction of the change that moved it: an invoice for what is missing (the whole order when
 * nothing is billed: completed, or completed again after a cancellation; a correction otherwise),
 * a credit note for what is billed too much (cancelled, or sent back, after it was invoiced). Both
 * take the next number of one series: an UPDATE of the counter row in the same transaction, so a
 * rolled back change leaves no gap, and two servers wait for each other on that row. The order's
 * documents are read under a lock (PostgreSQL; SQLite has one writer), so two changes never both
 * issue. Returns the document issued, if any.
 */
export async function settleBilling(
  trx: Transaction<DB>,
  billing: OrderBilling,
  actor: Actor,
): Promise<{ kind: "invoice" | "credit"; number: number } | null> {
  await lockBusinessLedger(trx, billing.businessId);
  let read = trx
    .selectFrom("invoices")
    .select(["id", "kind", "number", "total_cents", "balance_cents"])
    .where("order_id", "=", billing.orderId)
    .orderBy("id");
  if (dialectOf(trx) === "postgres") read = read.forUpdate();
  const docs = await read.execute();
  const billed = docs.reduce((sum, d) => sum + (d.kind === "invoice" ? d.total_cents : -d.total_cents), 0);
  const difference = billing.targetCents - billed;
  if (difference > 0) {
    const number = await issueInvoice(trx, billing, difference, billed === 0 ? null : docs, actor);
    return number === null ? null : { kind: "invoice", number };
  }
  if (difference < 0) return { kind: "credit", number: await issueCreditNote(trx, billing, -difference, docs, actor) };
  return null;
}

type OrderDocs = { id: number; kind: string; number: number; total_cents: number; balance_cents: number }[];

/**
 * The lines of a correction: the order's lines its invoices do not carry yet (a charge missing
 * from them, by code), when they make up what is missing; otherwise one adjustment line.
 */
async function correctionLines(trx: Transaction<DB>, billing: OrderBilling, cents: number, docs: OrderDocs) {
  const invoiced = await trx
    .selectFrom("invoice_lines")
    .select("sku")
    .where(
      "invoice_id",
      "in",
      docs.filter((d) => d.kind === "invoice").map((d) => d.id),
    )
    .execute();
  const onInvoices = new Set(invoiced.map((l) => l.sku));
  const missing = (await billing.lines()).filter((l) => !onInvoices.has(l.sku));
  if (missing.length > 0 && billLinesCents(missing) === cents) return missing;
  return [{ sku: "ADJUSTMENT", name: billing.reason, unitPriceCents: cents, quantity: 1 }];
}

async function issueInvoice(
  trx: Transaction<DB>,
  billing: OrderBilling,
  cents: number,
  correcting: OrderDocs | null,
  actor: Actor,
): Promise<number | null> {
  const credit = await businessCredit(trx, billing.businessId);
  if (!credit) return null;
  const lines = correcting ? await correctionLines(trx, billing, cents, correcting) : await billing.lines();
  if (billLinesCents(lines) !== cents)
    throw new Error(`Order ${billing.orderId}: its lines make ${billLinesCents(lines)}, its invoice ${cents}`);
  const issuedOn = storeToday();
  const dueOn = addDays(issuedOn, termsDays(credit.terms));
  const number = await nextDocumentNumber(trx);
  const memo = correcting ? billing.reason : null;
  const invoice = await trx
    .insertInto("invoices")
    .values({
      number,
      kind: "invoice",
      business_id: billing.businessId,
      order_id: billing.orderId,
      terms: credit.terms,
      issued_on: issuedOn,
      due_on: dueOn,
      total_cents: cents,
      balance_cents: cents,
      memo,
      created_at: sqlNow(dialectOf(trx)),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  if (lines.length > 0) {
    await trx
      .insertInto("invoice_lines")
      .values(
        lines.map((l, position) => ({
          invoice_id: invoice.id,
          position,
          name: l.name,
          sku: l.sku,
          unit_price_cents: l.unitPriceCents,
          quantity: l.quantity,
        })),
      )
      .execute();
  }
  await recordAudit(trx, actor, {
    action: "invoice.issue",
    subjectType: "order",
    subjectId: billing.orderId,
    summary: memo
      ? `Invoice ${number} for order #${billing.orderId}: ${memo}`
      : `Invoice ${number} for order #${billing.orderId}`,
    after: { number, totalCents: cents, terms: credit.terms, ...(memo ? { memo } : {}) },
  });
  await applyCredits(trx, billing.businessId, actor);
  await enqueueInvoiceMail(trx, billing.businessId, { number, orderId: billing.orderId, totalCents: cents, dueOn });
  await emitWebhook(trx, "invoice.issued", {
    invoiceId: invoice.id,
    number,
    orderId: billing.orderId,
    businessId: billing.businessId,
    totalCents: cents,
    dueOn,
  });
  return number;
}

/**
 * A credit note for what the order billed too much: it pays what it can of the order's own open
 * invoices (newest first) and leaves the rest as credit for the business's next invoices.
 */
async function issueCreditNote(
  trx: Transaction<DB>,
  billing: OrderBilling,
  cents: number,
  docs: OrderDocs,
  actor: Actor,
): Promise<number> {
  const invoices = docs.filter((d) => d.kind === "invoice" && d.balance_cents > 0).reverse();
  const terms = (await businessCredit(trx, billing.businessId))?.terms ?? "prepaid";
  const number = await nextDocumentNumber(trx);
  const today = storeToday();
  const note = await trx
    .insertInto("invoices")
    .values({
      number,
      kind: "credit",
      business_id: billing.businessId,
      order_id: billing.orderId,
      terms,
      issued_on: today,
      due_on: today,
      total_cents: cents,
      balance_cents: cents,
      memo: billing.reason,
      created_at: sqlNow(dialectOf(trx)),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  let left = cents;
  const paid: { invoice: number; amountCents: number }[] = [];
  for (const invoice of invoices) {
    if (left === 0) break;
    const amount = Math.min(left, invoice.balance_cents);
    if (!(await payInvoice(trx, invoice.id, amount, { creditId: note.id }))) continue;
    left -= amount;
    paid.push({ invoice: invoice.number, amountCents: amount });
  }
  if (left !== cents)
    await trx.updateTable("invoices").set({ balance_cents: left }).where("id", "=", note.id).execute();
  await recordAudit(trx, actor, {
    action: "invoice.credit-note",
    subjectType: "order",
    subjectId: billing.orderId,
    summary: `Credit note ${number} for order #${billing.orderId} (${billing.reason})`,
    after: { number, totalCents: cents, applied: paid },
  });
  return number;
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

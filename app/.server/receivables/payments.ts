import type { Kysely, Transaction } from "kysely";
import * as RECEIVABLES from "~/lib/messages/receivables";
import { formatCents } from "~/lib/money";
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from "~/lib/receivables";
import { type Actor, recordAudit } from "../audit/log";
import { dialectOf } from "../db/connect";
import type { DB } from "../db/schema";
import { sqlNow } from "../db/time";
import { kickJobRunners } from "../jobs/wake";
import { DomainError } from "../runtime/domain-error";
import { emitWebhook } from "../webhooks/events";
import { applyCredits, lockBusinessLedger, lockOpenInvoices, payInvoice } from "./invoices";
import { enqueueReceiptMail } from "./mails";

/** A payment refused: the field it is about and why; nothing was written. */
export class PaymentError extends DomainError {
  constructor(message: string, field: "amount" | "invoiceId" | "form" = "form") {
    super(message, { status: 409, field });
  }
}

export interface PaymentInput {
  businessId: string;
  amountCents: number;
  method: PaymentMethod;
  reference: string | null;
  /** YYYY-MM-DD. */
  receivedOn: string;
  /** Apply to this invoice only (by id); otherwise to the open invoices, oldest due first. */
  invoiceId?: number | null;
  /** The form's one-time key: the same key twice records one payment. */
  idempotencyKey: string;
}

/**
 * Records a payment and applies it (issue 30): to the chosen invoice (refused beyond its open
 * balance, or when it is not this business's open invoice), or to the open invoices oldest due
 * first; what is left stays as credit for the next invoice. The insert is keyed by the form's
 * idempotency key (ON CONFLICT DO NOTHING), so a double click or two admins posting the same form
 * record it once: the second waits for the first and finds its row.
 */
export async function recordPayment(
  db: Kysely<DB>,
  input: PaymentInput,
  actor: Actor,
): Promise<{ paymentId: number; created: boolean }> {
  const result = await db.transaction().execute((trx) => recordPaymentIn(trx, input, actor));
  // Its receipt mail and webhook run now, not at the next poll.
  kickJobRunners();
  return result !== null ? { paymentId: result, created: true } : earlierPayment(db, input);
}

/**
 * recordPayment inside the caller's transaction (the order's life releases the prepaid orders
 * it pays for in the same one). Returns the payment's id, or null when the form's key recorded it
 * already (earlierPayment finds it once this transaction is over).
 */
export async function recordPaymentIn(trx: Transaction<DB>, input: PaymentInput, actor: Actor): Promise<number | null> {
  if (!Number.isInteger(input.amountCents) || input.amountCents <= 0)
    throw new PaymentError(RECEIVABLES.amountPositive, "amount");
  await lockBusinessLedger(trx, input.businessId);
  const inserted = await trx
    .insertInto("payments")
    .values({
      business_id: input.businessId,
      received_on: input.receivedOn,
      amount_cents: input.amountCents,
      method: input.method,
      reference: input.reference,
      unapplied_cents: input.amountCents,
      idempotency_key: input.idempotencyKey,
      recorded_by: actor.id,
      voided_at: null,
      created_at: sqlNow(dialectOf(trx)),
    })
    .onConflict((oc) => oc.column("idempotency_key").doNothing())
    .returning("id")
    .executeTakeFirst();
  if (!inserted) return null;
  await recordAudit(trx, actor, {
    action: "payment.record",
    subjectType: "business",
    subjectId: input.businessId,
    summary: `Payment ${inserted.id}: ${formatCents(input.amountCents)} by ${PAYMENT_METHOD_LABELS[input.method]}${input.reference ? ` (${input.reference})` : ""}`,
    after: {
      paymentId: inserted.id,
      amountCents: input.amountCents,
      method: input.method,
      reference: input.reference,
    },
  });
  if (input.invoiceId != null) {
    const open = await lockOpenInvoices(trx, input.businessId);
    const invoice = open.find((i) => i.id === input.invoiceId);
    if (!invoice) throw new PaymentError(RECEIVABLES.invoiceNotOpen, "invoiceId");
    if (input.amountCents > invoice.balance_cents)
      throw new PaymentError(RECEIVABLES.amountBeyondBalance(formatCents(invoice.balance_cents)), "amount");
    if (!(await payInvoice(trx, invoice.id, input.amountCents, { paymentId: inserted.id })))
      throw new PaymentError(RECEIVABLES.amountBeyondBalance(formatCents(invoice.balance_cents)), "amount");
    await trx.updateTable("payments").set({ unapplied_cents: 0 }).where("id", "=", inserted.id).execute();
    await recordAudit(trx, actor, {
      action: "invoice.apply",
      subjectType: "business",
      subjectId: input.businessId,
      summary: `Payment ${inserted.id} applied to invoice ${invoice.number}`,
      after: { invoice: invoice.number, amountCents: input.amountCents },
    });
  } else {
    await applyCredits(trx, input.businessId, actor);
  }
  await emitWebhook(trx, "payment.recorded", {
    paymentId: inserted.id,
    businessId: input.businessId,
    amountCents: input.amountCents,
    method: input.method,
    receivedOn: input.receivedOn,
  });
  await enqueueReceiptMail(trx, input.businessId, {
    id: inserted.id,
    amountCents: input.amountCents,
    receivedOn: input.receivedOn,
  });
  return inserted.id;
}

/** The payment an earlier post of the same form recorded (refused when it is another business's). */
export async function earlierPayment(
  db: Kysely<DB>,
  input: PaymentInput,
): Promise<{ paymentId: number; created: false }> {
  const earlier = await db
    .selectFrom("payments")
    .select(["id", "business_id"])
    .where("idempotency_key", "=", input.idempotencyKey)
    .executeTakeFirst();
  if (!earlier || earlier.business_id !== input.businessId) throw new PaymentError(RECEIVABLES.paymentNotFound);
  return { paymentId: earlier.id, created: false };
}

/**
 * Voids a payment (never deleted): its applications are reversed, reopening what it paid, and it
 * leaves no credit. Refused when it does not exist for this business or is void already.
 */
export async function voidPayment(db: Kysely<DB>, businessId: string, paymentId: number, actor: Actor): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockBusinessLedger(trx, businessId);
    const now = sqlNow(dialectOf(db));
    const voided = await trx
      .updateTable("payments")
      .set({ voided_at: now, unapplied_cents: 0 })
      .where("id", "=", paymentId)
      .where("business_id", "=", businessId)
      .where("voided_at", "is", null)
      .returning(["id", "amount_cents"])
      .executeTakeFirst();
    if (!voided) throw new PaymentError(RECEIVABLES.paymentNotFound);
    const applications = await trx
      .selectFrom("payment_applications")
      .select(["id", "invoice_id", "amount_cents"])
      .where("payment_id", "=", paymentId)
      .where("reversed_at", "is", null)
      .orderBy("invoice_id")
      .execute();
    for (const a of applications) {
      await trx
        .updateTable("invoices")
        .set((eb) => ({ balance_cents: eb("balance_cents", "+", a.amount_cents) }))
        .where("id", "=", a.invoice_id)
        .execute();
      await trx.updateTable("payment_applications").set({ reversed_at: now }).where("id", "=", a.id).execute();
    }
    await recordAudit(trx, actor, {
      action: "payment.void",
      subjectType: "business",
      subjectId: businessId,
      summary: `Payment ${paymentId} of ${formatCents(voided.amount_cents)} voided`,
      before: { paymentId, amountCents: voided.amount_cents },
      after: {
        voided: true,
        reopened: applications.map((a) => ({ invoiceId: a.invoice_id, amountCents: a.amount_cents })),
      },
    });
  });
}

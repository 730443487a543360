import type { Kysely, Transaction } from "kysely";
import { addDays, storeToday } from "~/lib/business";
import * as RECEIVABLES from "~/lib/messages/receivables";
import { formatCents } from "~/lib/money";
import { ownersOf } from "../business/team";
import type { DB } from "../db/schema";
import { enqueueJob } from "../jobs/enqueue";
import { defineJob } from "../jobs/registry";
import { kickJobRunners } from "../jobs/wake";
import { enqueueMail, MAIL_JOB } from "../mail/outbox";
import { layout } from "../mail/templates";
import { env } from "../runtime/env";

type Trx = Kysely<DB> | Transaction<DB>;

/** Who is mailed about the business's account: its owners (the founder when it has no team yet). */
async function recipients(trx: Trx, businessId: string): Promise<string[]> {
  const owners = await ownersOf(trx, businessId);
  if (owners.length > 0) return owners.map((o) => o.email);
  const founder = await trx.selectFrom("users").select("email").where("id", "=", businessId).executeTakeFirst();
  return founder ? [founder.email] : [];
}

/** The invoice, queued in the transaction that issues it (issue 30). */
export async function enqueueInvoiceMail(
  trx: Trx,
  businessId: string,
  invoice: { number: number; orderId: number; totalCents: number; dueOn: string },
): Promise<void> {
  for (const to of await recipients(trx, businessId)) {
    await enqueueMail(
      trx,
      {
        to,
        subject: RECEIVABLES.invoiceMailSubject(invoice.number, invoice.orderId),
        ...layout([RECEIVABLES.invoiceMailBody(invoice.number, formatCents(invoice.totalCents), invoice.dueOn)], {
          label: "View the invoice",
          url: `${env().BASE_URL}/orders/${invoice.orderId}/invoice.pdf`,
        }),
      },
      `invoice ${invoice.number}`,
    );
  }
}

/** The receipt of a payment, queued in the transaction that records it. */
export async function enqueueReceiptMail(
  trx: Trx,
  businessId: string,
  payment: { id: number; amountCents: number; receivedOn: string },
): Promise<void> {
  for (const to of await recipients(trx, businessId)) {
    await enqueueMail(
      trx,
      {
        to,
        subject: RECEIVABLES.receiptMailSubject(formatCents(payment.amountCents)),
        ...layout([RECEIVABLES.receiptMailBody(formatCents(payment.amountCents), payment.receivedOn)], {
          label: "View your statement",
          url: `${env().BASE_URL}/account/statement`,
        }),
      },
      `payment ${payment.id} receipt`,
    );
  }
}

/** Days before its due date an open invoice is recalled to its business. */
export const REMINDER_DAYS_BEFORE = 3;

/**
 * Reminders (issue 30): each open invoice falling due within REMINDER_DAYS_BEFORE days is recalled
 * once, and each past due is noticed once (the jobs' unique keys make both once per invoice,
 * whatever the number of runs or servers). Returns how many mails were queued.
 */
export async function runInvoiceReminders(db: Kysely<DB>, today = storeToday()): Promise<number> {
  const open = await db
    .selectFrom("invoices")
    .select(["id", "number", "order_id", "business_id", "due_on", "balance_cents"])
    .where("kind", "=", "invoice")
    .where("balance_cents", ">", 0)
    .where("due_on", "<=", addDays(today, REMINDER_DAYS_BEFORE))
    .orderBy("id")
    .execute();
  let queued = 0;
  for (const invoice of open) {
    const late = invoice.due_on < today;
    const subject = late
      ? RECEIVABLES.pastDueMailSubject(invoice.number)
      : RECEIVABLES.reminderMailSubject(invoice.number, invoice.due_on);
    const body = late
      ? RECEIVABLES.pastDueMailBody(invoice.number, formatCents(invoice.balance_cents), invoice.due_on)
      : RECEIVABLES.reminderMailBody(invoice.number, formatCents(invoice.balance_cents), invoice.due_on);
    for (const to of await recipients(db, invoice.business_id)) {
      const id = await enqueueJob(db, {
        name: MAIL_JOB,
        payload: {
          mail: {
            to,
            subject,
            ...layout([body], { label: "View your statement", url: `${env().BASE_URL}/account/statement` }),
          },
          context: `invoice ${invoice.number} ${late ? "past due" : "reminder"}`,
        },
        uniqueKey: `invoice-${late ? "past-due" : "reminder"}-${invoice.id}-${to}`,
      });
      if (id !== null) queued++;
    }
  }
  if (queued) kickJobRunners();
  return queued;
}

export const invoiceRemindersJob = defineJob("invoice-reminders", async (_payload, { db, now }) => {
  await runInvoiceReminders(db, storeToday(new Date(now)));
});

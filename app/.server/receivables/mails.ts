import type { Kysely, Transaction } from "kysely";
import * as RECEIVABLES from "~/lib/messages/receivables";
import { formatCents } from "~/lib/money";
import { ownersOf } from "../business/team";
import type { DB } from "../db/schema";
import { enqueueMail } from "../mail/outbox";
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

import type { Kysely } from "kysely";
import { deliveryDayLabel } from "~/lib/delivery";
import * as MESSAGES from "~/lib/messages";
import * as DELIVERY_MESSAGES from "~/lib/messages/delivery";
import { formatCents } from "~/lib/money";
import type { OrderDetail } from "~/lib/orders";
import { oneLine } from "~/lib/text";
import { findUserById } from "../accounts/users";
import type { DB } from "../db/schema";
import { enqueueMail } from "../mail/outbox";
import { layout } from "../mail/templates";
import { env } from "../runtime/env";
import { moneyTextLines } from "./money";

function lines(order: OrderDetail): string {
  return order.items
    .map(
      (i) =>
        `${i.quantity} × ${oneLine(i.name)} (${i.sku}) @ ${formatCents(i.unitPriceCents)} = ${formatCents(i.unitPriceCents * i.quantity)}`,
    )
    .join("\n");
}

/** The delivery day, the customer's PO number and notes, as lines of a mail (none when there are none). */
function reference(order: OrderDetail): string[] {
  return [
    ...(order.deliveryDate ? [`${DELIVERY_MESSAGES.deliveryDayHeading}: ${deliveryDayLabel(order.deliveryDate)}`] : []),
    ...(order.poNumber ? [`PO number: ${oneLine(order.poNumber)}`] : []),
    ...(order.notes ? [`Order notes:\n${order.notes}`] : []),
  ];
}

function shipTo(order: OrderDetail): string {
  const s = order.shipping;
  return [
    oneLine(s.businessName),
    oneLine(s.street),
    `${oneLine(s.city)}, ${s.state} ${s.zip}`,
    ...(s.phone ? [oneLine(s.phone)] : []),
  ].join("\n");
}

/**
 * Queues the confirmation to the customer and the notice to the store. Called inside the
 * transaction that places the order, so the mails exist exactly when the order does.
 */
export async function enqueueOrderMails(db: Kysely<DB>, userId: string, order: OrderDetail): Promise<void> {
  const e = env();
  const user = await findUserById(db, userId);
  const ordersUrl = `${e.BASE_URL}/orders/${order.id}`;
  if (user) {
    await enqueueMail(
      db,
      {
        to: user.email,
        subject: MESSAGES.orderConfirmedMailSubject(order.id),
        ...layout(
          [
            MESSAGES.mailGreeting(oneLine(user.name)),
            MESSAGES.orderThanks(order.id),
            ...reference(order),
            lines(order),
            ...moneyTextLines(order.money, order.excise),
            `Ship to:\n${shipTo(order)}`,
            `Invoice (PDF): ${ordersUrl}/invoice.pdf`,
          ],
          { label: "View my orders", url: ordersUrl },
        ),
      },
      `order ${order.id} confirmation`,
    );
  }
  await enqueueMail(
    db,
    {
      to: e.STORE_INBOX,
      subject: MESSAGES.newOrderMailSubject(order.id, user ? oneLine(user.name) : MESSAGES.unknownUser),
      ...layout([
        MESSAGES.newOrderSummary(order.id, order.itemCount, formatCents(order.money.totalCents)),
        `Customer: ${user ? `${oneLine(user.name)} <${user.email}>` : MESSAGES.unknownUser}`,
        ...reference(order),
        lines(order),
        `Ship to:\n${shipTo(order)}`,
      ]),
    },
    `order ${order.id} store notice`,
  );
}

/** Queues the mail telling the customer their order's status changed (inside the change's transaction). */
export async function enqueueStatusMail(db: Kysely<DB>, userId: string | null, orderId: number, status: string) {
  if (!userId) return;
  const user = await findUserById(db, userId);
  if (!user) return;
  await enqueueMail(
    db,
    {
      to: user.email,
      subject: MESSAGES.orderStatusMailSubject(orderId, status),
      ...layout([MESSAGES.mailGreeting(oneLine(user.name)), MESSAGES.orderStatusMailBody(orderId, status)], {
        label: "View my orders",
        url: `${env().BASE_URL}/orders/${orderId}`,
      }),
    },
    `order ${orderId} status`,
  );
}

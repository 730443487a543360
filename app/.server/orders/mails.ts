import type { Kysely } from "kysely";
import { formatCents } from "~/lib/money";
import type { OrderDetail } from "~/lib/orders";
import { oneLine } from "~/lib/text";
import { findUserById } from "../accounts/users";
import type { DB } from "../db/schema";
import { env } from "../env";
import { enqueueMail } from "../mail/outbox";
import { layout } from "../mail/templates";

function lines(order: OrderDetail): string {
  return order.items
    .map(
      (i) =>
        `${i.quantity} × ${oneLine(i.name)} (${i.sku}) @ ${formatCents(i.unitPriceCents)} = ${formatCents(i.unitPriceCents * i.quantity)}`,
    )
    .join("\n");
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
        subject: `Order #${order.id} confirmed`,
        ...layout(
          [
            `Hi ${oneLine(user.name)},`,
            `Thank you for your order #${order.id}. We are processing it now.`,
            lines(order),
            `Total: ${formatCents(order.totalCents)}`,
            `Ship to:\n${shipTo(order)}`,
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
      subject: `New order #${order.id} from ${user ? oneLine(user.name) : "Unknown User"}`,
      ...layout([
        `New order #${order.id} (${order.itemCount} units, ${formatCents(order.totalCents)}).`,
        `Customer: ${user ? `${oneLine(user.name)} <${user.email}>` : "Unknown User"}`,
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
      subject: `Order #${orderId} is now ${status}`,
      ...layout([`Hi ${oneLine(user.name)},`, `The status of your order #${orderId} is now: ${status}.`], {
        label: "View my orders",
        url: `${env().BASE_URL}/orders/${orderId}`,
      }),
    },
    `order ${orderId} status`,
  );
}

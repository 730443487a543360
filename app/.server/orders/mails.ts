import type { Kysely } from "kysely";
import { formatCents } from "~/lib/money";
import type { OrderDetail } from "~/lib/orders";
import { findUserById } from "../accounts/users";
import type { DB } from "../db/schema";
import { env } from "../env";
import { layout } from "../mail/templates";
import { sendMailSafely } from "../mail/transport";

function lines(order: OrderDetail): string {
  return order.items
    .map(
      (i) =>
        `${i.quantity} × ${i.name} (${i.sku}) @ ${formatCents(i.unitPriceCents)} = ${formatCents(i.unitPriceCents * i.quantity)}`,
    )
    .join("\n");
}

function shipTo(order: OrderDetail): string {
  const s = order.shipping;
  return `${s.businessName}\n${s.street}\n${s.city}, ${s.state} ${s.zip}${s.phone ? `\n${s.phone}` : ""}`;
}

/** After an order is committed: confirmation to the customer, notice to the store. Failures are logged only. */
export async function sendOrderMails(db: Kysely<DB>, userId: string, order: OrderDetail): Promise<void> {
  const e = env();
  const user = await findUserById(db, userId);
  const ordersUrl = `${e.BASE_URL}/orders/${order.id}`;
  if (user) {
    await sendMailSafely(
      {
        to: user.email,
        subject: `Order #${order.id} confirmed`,
        ...layout(
          [
            `Hi ${user.name},`,
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
  await sendMailSafely(
    {
      to: e.STORE_INBOX,
      subject: `New order #${order.id} from ${user?.name ?? "Unknown User"}`,
      ...layout([
        `New order #${order.id} (${order.itemCount} units, ${formatCents(order.totalCents)}).`,
        `Customer: ${user ? `${user.name} <${user.email}>` : "Unknown User"}`,
        lines(order),
        `Ship to:\n${shipTo(order)}`,
      ]),
    },
    `order ${order.id} store notice`,
  );
}

/** Tells the customer their order's status changed. */
export async function sendStatusMail(db: Kysely<DB>, userId: string | null, orderId: number, status: string) {
  if (!userId) return;
  const user = await findUserById(db, userId);
  if (!user) return;
  await sendMailSafely(
    {
      to: user.email,
      subject: `Order #${orderId} is now ${status}`,
      ...layout([`Hi ${user.name},`, `The status of your order #${orderId} is now: ${status}.`], {
        label: "View my orders",
        url: `${env().BASE_URL}/orders/${orderId}`,
      }),
    },
    `order ${orderId} status`,
  );
}

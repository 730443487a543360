import type { Kysely } from "kysely";
import { isOrderStatus, type OrderStatus } from "~/lib/orders";
import { type Actor, recordAudit } from "../audit/log";
import { returnStock, takeStock } from "../catalog/stock";
import { dialectOf } from "../db/connect";
import type { DB } from "../db/schema";
import { sqlNow } from "../db/time";
import { kickJobRunners } from "../jobs/wake";
import { addUnitsSold } from "./best-sellers";
import { enqueueStatusMail } from "./mails";
import { loadOrderItems } from "./queries";

export class StatusChangeError extends Error {}

/**
 * Sets an order's status. Cancelling puts its items back in stock; leaving Cancelled takes
 * them again and is refused when the stock no longer allows it. The change is conditional on
 * the status the admin saw, so two admins cannot both move the same stock. The mail telling the
 * customer is queued in the same transaction and sent after the answer.
 */
export async function setOrderStatus(
  db: Kysely<DB>,
  orderId: number,
  next: string,
  actor: Actor,
): Promise<OrderStatus> {
  if (!isOrderStatus(next)) throw new StatusChangeError("Unknown status.");
  const result = await db.transaction().execute(async (trx) => {
    const order = await trx
      .selectFrom("orders")
      .select(["id", "status", "user_id"])
      .where("id", "=", orderId)
      .executeTakeFirst();
    if (!order) throw new StatusChangeError(`Order #${orderId} does not exist.`);
    if (order.status === next) return { changed: false };
    const items = (await loadOrderItems(trx, [orderId])).get(orderId) ?? [];
    if (next === "Cancelled") {
      for (const item of items) {
        if (item.productId === null) continue;
        await returnStock(trx, item.productId, item.quantity);
        await addUnitsSold(trx, item.productId, -item.quantity);
      }
    } else if (order.status === "Cancelled") {
      for (const item of items) {
        if (item.productId === null || !(await takeStock(trx, item.productId, item.quantity))) {
          throw new StatusChangeError(
            `Order #${orderId} cannot leave Cancelled: not enough stock of ${item.name} to take ${item.quantity} again.`,
          );
        }
        await addUnitsSold(trx, item.productId, item.quantity);
      }
    }
    const updated = await trx
      .updateTable("orders")
      .set({ status: next, updated_at: sqlNow(dialectOf(db)) })
      .where("id", "=", orderId)
      .where("status", "=", order.status)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1)
      throw new StatusChangeError(`Order #${orderId} was changed by someone else. Reload and try again.`);
    await recordAudit(trx, actor, {
      action: "order.status",
      subjectType: "order",
      subjectId: orderId,
      summary: `Order #${orderId}: ${order.status} to ${next}`,
      before: { status: order.status },
      after: { status: next },
    });
    await enqueueStatusMail(trx, order.user_id, orderId, next);
    return { changed: true };
  });
  if (result.changed) kickJobRunners();
  return next;
}

import type { Kysely } from "kysely";
import * as MESSAGES from "~/lib/messages";
import { isOrderStatus, type OrderStatus } from "~/lib/orders";
import { type Actor, recordAudit } from "../audit/log";
import { lockProducts } from "../catalog/product-locks";
import { returnStock, takeStock } from "../catalog/stock";
import { checkOrderAgain } from "../compliance/check";
import { dialectOf } from "../db/connect";
import type { DB } from "../db/schema";
import { sqlNow } from "../db/time";
import { kickJobRunners } from "../jobs/wake";
import { onOrderStatusChange } from "../receivables/invoices";
import { DomainError } from "../runtime/domain-error";
import { addUnitsSold } from "./best-sellers";
import { enqueueStatusMail } from "./mails";
import { loadOrderItems } from "./queries";

/** A status change refused: the order is not where the admin saw it, or may not go there. */
export class StatusChangeError extends DomainError {
  constructor(message: string) {
    super(message, { status: 409 });
  }
}

/**
 * A status change as the admin asked for it: the status they want, and the status the order had
 * on the page they asked from. Both are required: a change made from a page that no longer shows
 * the order as it is must be refused, not applied over someone else's (issue 26).
 */
export interface StatusChange {
  /** The status the admin saw when they chose (the page's copy of the order). */
  seen: string;
  next: string;
}

/**
 * Sets an order's status. Cancelling puts its items back in stock; leaving Cancelled takes
 * them again and is refused when the stock no longer allows it. The change is conditional on
 * the status the admin saw: when the order moved since their page showed it (another admin
 * cancelled it, say), it is refused with the status it has now, and nothing moves (no stock, no
 * mail). So two admins cannot both move the same stock, and a stale page never turns someone
 * else's Cancelled into Completed. The mail telling the customer is queued in the same
 * transaction and sent after the answer.
 */
export async function setOrderStatus(
  db: Kysely<DB>,
  orderId: number,
  { seen, next }: StatusChange,
  actor: Actor,
): Promise<OrderStatus> {
  if (!isOrderStatus(next) || !isOrderStatus(seen)) throw new StatusChangeError(MESSAGES.unknownStatus);
  const result = await db.transaction().execute(async (trx) => {
    // PostgreSQL: hold the order first, as an edit of its lines does (./edit.ts), so the two never deadlock.
    let read = trx.selectFrom("orders").select(["id", "status", "user_id"]).where("id", "=", orderId);
    if (dialectOf(db) === "postgres") read = read.forUpdate();
    const order = await read.executeTakeFirst();
    if (!order) throw new StatusChangeError(MESSAGES.orderDoesNotExist(orderId));
    // Read under the order's lock (PostgreSQL) or the one writer (SQLite): nobody moves it now.
    if (order.status !== seen)
      throw new StatusChangeError(MESSAGES.orderStatusChangedSinceOpened(orderId, order.status));
    if (order.status === next) return { changed: false };
    const items = (await loadOrderItems(trx, [orderId])).get(orderId) ?? [];
    // Then its products, by id (decision 0005), before any stock moves or facts are read: the
    // lines are in the order they were added, not the order other transactions take rows in.
    const productIds = items.map((i) => i.productId);
    if (next === "Cancelled" || order.status === "Cancelled") await lockProducts(trx, productIds, "no key update");
    else if (next === "Processing") await lockProducts(trx, productIds, "share");
    if (next === "Cancelled") {
      for (const item of items) {
        if (item.productId === null) continue;
        await returnStock(trx, item.productId, item.quantity);
        await addUnitsSold(trx, item.productId, -item.quantity);
      }
    } else if (order.status === "Cancelled") {
      // Back in play: the compliance rules and licenses of today decide again (issue 15).
      const refusal = await checkOrderAgain(trx, orderId);
      if (refusal) throw new StatusChangeError(MESSAGES.orderCannotLeaveCancelled(orderId, refusal));
      for (const item of items) {
        if (item.productId === null || !(await takeStock(trx, item.productId, item.quantity))) {
          throw new StatusChangeError(MESSAGES.cannotLeaveCancelled(orderId, item.name, item.quantity));
        }
        await addUnitsSold(trx, item.productId, item.quantity);
      }
    } else if (next === "Processing") {
      // Back to Processing (from In Review or Completed) means shipping it again: the rules and
      // licenses of today decide, as for a new order (issue 15).
      const refusal = await checkOrderAgain(trx, orderId);
      if (refusal) throw new StatusChangeError(MESSAGES.cannotReturnToProcessing(orderId, refusal));
    }
    const updated = await trx
      .updateTable("orders")
      .set({ status: next, updated_at: sqlNow(dialectOf(db)) })
      .where("id", "=", orderId)
      .where("status", "=", order.status)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw new StatusChangeError(MESSAGES.orderChangedBySomeoneElse(orderId));
    await recordAudit(trx, actor, {
      action: "order.status",
      subjectType: "order",
      subjectId: orderId,
      summary: `Order #${orderId}: ${order.status} to ${next}`,
      before: { status: order.status },
      after: { status: next },
    });
    // Paid on account (issue 30): Completed issues the invoice, a completed order cancelled its credit note.
    await onOrderStatusChange(trx, orderId, order.status, next, actor);
    await enqueueStatusMail(trx, order.user_id, orderId, next);
    return { changed: true };
  });
  if (result.changed) kickJobRunners();
  return next;
}

import type { Kysely } from "kysely";
import * as MESSAGES from "~/lib/messages";
import { isOrderStatus, type OrderDetail, type OrderStatus } from "~/lib/orders";
import { returnStock, takeStock } from "../catalog/stock";
import { dialectOf } from "../db/connect";
import type { DB } from "../db/schema";
import { sqlNow } from "../db/time";
import { kickJobRunners } from "../jobs/wake";
import { addUnitsSold } from "../orders/best-sellers";
import { enqueueStatusMail } from "../orders/mails";
import { loadOrderItems, toDetail } from "../orders/queries";

export const ORDERS_PAGE_SIZE = 20;

export interface AdminOrder extends OrderDetail {
  customerName: string;
  customerEmail: string | null;
}

/** Every order, newest first, optionally of one status, with its customer ('Unknown User' once deleted). */
export async function listAllOrders(
  db: Kysely<DB>,
  options: { status?: OrderStatus | null; page?: number; pageSize?: number },
): Promise<{ items: AdminOrder[]; total: number; page: number; pageSize: number }> {
  const pageSize = options.pageSize ?? ORDERS_PAGE_SIZE;
  const page = Math.max(1, options.page ?? 1);
  let base = db.selectFrom("orders");
  if (options.status) base = base.where("orders.status", "=", options.status);
  const [rows, count] = await Promise.all([
    base
      .leftJoin("users", "users.id", "orders.user_id")
      .selectAll("orders")
      .select(["users.name as customer_name", "users.email as customer_email"])
      .orderBy("orders.created_at", "desc")
      .orderBy("orders.id", "desc")
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  const items = await loadOrderItems(
    db,
    rows.map((r) => r.id),
  );
  return {
    items: rows.map((r) => ({
      ...toDetail(r, items.get(r.id) ?? []),
      customerName: r.customer_name ?? MESSAGES.unknownUser,
      customerEmail: r.customer_email ?? null,
    })),
    total: Number(count.n),
    page,
    pageSize,
  };
}

export class StatusChangeError extends Error {}

/**
 * Sets an order's status. Cancelling puts its items back in stock; leaving Cancelled takes
 * them again and is refused when the stock no longer allows it. The change is conditional on
 * the status the admin saw, so two admins cannot both move the same stock. The mail telling the
 * customer is queued in the same transaction and sent after the answer.
 */
export async function setOrderStatus(db: Kysely<DB>, orderId: number, next: string): Promise<OrderStatus> {
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
    await enqueueStatusMail(trx, order.user_id, orderId, next);
    return { changed: true };
  });
  if (result.changed) kickJobRunners();
  return next;
}

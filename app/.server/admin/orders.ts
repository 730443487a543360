import type { Kysely } from "kysely";
import * as MESSAGES from "~/lib/messages";
import type { OrderDetail, OrderStatus } from "~/lib/orders";
import type { DB } from "../db/schema";
import { loadOrderDetails } from "../orders/queries";

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
  const detail = await loadOrderDetails(
    db,
    rows.map((r) => r.id),
  );
  return {
    items: rows.map((r) => ({
      ...detail(r),
      customerName: r.customer_name ?? MESSAGES.unknownUser,
      customerEmail: r.customer_email ?? null,
    })),
    total: Number(count.n),
    page,
    pageSize,
  };
}

// Changing an order's status (stock, units sold, its invoice or credit note, the customer's mail)
// is the order's life: see ../flows/order-life.ts.

import type { Kysely } from "kysely";
import { oneLine } from "~/lib/text";
import { findUserById } from "../accounts/users";
import { findBusiness } from "../business/profile";
import type { DB } from "../db/schema";
import { orderLotsOf } from "../inventory/lots";
import type { OrderDocument } from "../orders/documents";
import { findOrderDetail } from "../orders/queries";
import { invoiceAccount } from "../receivables/statement";
import { storeInfo } from "../runtime/store-info";

/**
 * The order as its documents print it (orders/documents.ts draws them), with its account's
 * invoices and credit notes; null when it does not exist or, for a viewer who is not an admin,
 * belongs to someone else (the two answers must look the same).
 */
export async function findOrderDocument(
  db: Kysely<DB>,
  orderId: number,
  viewer: { id: string; role: string; accountId?: string },
): Promise<OrderDocument | null> {
  const order = await findOrderDetail(db, orderId, viewer.role === "admin" ? null : (viewer.accountId ?? viewer.id));
  if (!order) return null;
  const productIds = order.items.flatMap((i) => (i.productId === null ? [] : [i.productId]));
  const [customer, business, account, lots, bins] = await Promise.all([
    order.userId ? findUserById(db, order.userId) : null,
    order.userId ? findBusiness(db, order.userId) : null,
    invoiceAccount(db, order.id),
    orderLotsOf(db, order.id),
    productIds.length
      ? db
          .selectFrom("products")
          .select(["id", "bin"])
          .where("id", "in", productIds)
          .where("bin", "is not", null)
          .execute()
      : [],
  ]);
  return {
    order,
    store: storeInfo(),
    customer: customer ? { name: customer.name, email: customer.email } : null,
    business: business ? { legalName: business.legalName, dba: business.dba, taxPermit: business.taxPermit } : null,
    poNumber: order.poNumber ? oneLine(order.poNumber) : null,
    account,
    lots,
    bins: new Map(bins.map((b) => [b.id, b.bin as string])),
  };
}

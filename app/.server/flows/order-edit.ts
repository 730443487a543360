import type { Kysely, Transaction } from "kysely";
import { storeToday } from "~/lib/business";
import * as MESSAGES from "~/lib/messages";
import * as BACK_OFFICE_MESSAGES from "~/lib/messages/back-office";
import { formatCents } from "~/lib/money";
import { MAX_LINE_QUANTITY, MAX_ORDER_LINES, type SeenLines } from "~/lib/orders";
import { oneLine } from "~/lib/text";
import { type Actor, recordAudit } from "../audit/log";
import { lockProducts } from "../catalog/product-locks";
import { checkOrderAgain } from "../compliance/check";
import type { DB } from "../db/schema";
import { releaseOrderStock, takeOrderStock } from "../inventory/lots";
import { kickJobRunners } from "../jobs/wake";
import { enqueueMail } from "../mail/outbox";
import { layout } from "../mail/templates";
import { addUnitsSold } from "../orders/best-sellers";
import { findOrderMoney } from "../orders/money";
import { loadPriceBook, unitPriceCents } from "../pricing/prices";
import { DomainError } from "../runtime/domain-error";
import { env } from "../runtime/env";
import { sellingUnitProblem } from "../wholesale/selling-units";
import { lockOrder, recountOrder } from "./order-life";

/**
 * Editing a placed order from the back office (issue 17): change a line's quantity, remove a
 * line, add a product. Each edit is one transaction that holds the order (a row lock on
 * PostgreSQL; SQLite runs one writer at a time) and then the products it touches, by id, takes or
 * returns the stock with the same conditional update as checkout (never oversold, decision 0005),
 * recomputes the total from the order's own prices, records the change in the order's history
 * (the audit log) and queues the mail telling the customer. Every edit names what the admin saw
 * (issue 26): a quantity change or a removal the line's quantity, an addition the quantity of each
 * product on the order. If another admin changed that line or added that product
 * first, the edit is refused rather than silently replacing or doubling theirs.
 * Cancelling is the status change of ./status.ts, which names the status the admin saw.
 */
export type OrderEdit =
  | { kind: "quantity"; lineId: number; quantity: number; seen: number }
  | { kind: "remove"; lineId: number; seen: number }
  | { kind: "add"; sku: string; quantity: number; seen: SeenLines };

/** An order edit refused (the order changed, or the line cannot change so): nothing was written. */
export class OrderEditError extends DomainError {
  constructor(message: string) {
    super(message, { status: 409 });
  }
}

/** Orders that may still change: not yet completed or cancelled. */
export const EDITABLE_STATUSES = ["Processing", "In Review"];

export interface EditedOrder {
  summary: string;
  totalCents: number;
}

type Trx = Transaction<DB>;

/** Moves `delta` units between the product's stock and the order (positive: taken from stock). */
async function moveStock(
  trx: Trx,
  orderId: number,
  productId: number | null,
  name: string,
  delta: number,
): Promise<void> {
  if (productId === null || delta === 0) return;
  if (delta > 0) {
    if (!(await takeOrderStock(trx, orderId, productId, delta, storeToday()))) {
      const left = await trx.selectFrom("products").select("stock").where("id", "=", productId).executeTakeFirst();
      throw new OrderEditError(MESSAGES.orderEditNoStock(name, left?.stock ?? 0));
    }
  } else await releaseOrderStock(trx, orderId, productId, -delta);
  await addUnitsSold(trx, productId, delta);
}

/**
 * Refuses a line quantity the product's selling unit does not allow (not whole cases, under the
 * minimum, over the maximum per order), with the words the cart uses: the rule of issue 16 holds
 * for the back office too. A product deleted since the order has no rule.
 */
async function refuseOffUnit(trx: Trx, productId: number | null, quantity: number): Promise<void> {
  if (productId === null) return;
  const problem = await sellingUnitProblem(trx, [{ id: productId, quantity }]);
  if (problem) throw new OrderEditError(problem);
}

export async function editOrder(db: Kysely<DB>, orderId: number, edit: OrderEdit, actor: Actor): Promise<EditedOrder> {
  const result = await db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, orderId);
    if (!order) throw new OrderEditError(MESSAGES.orderNotFound);
    if (!EDITABLE_STATUSES.includes(order.status))
      throw new OrderEditError(BACK_OFFICE_MESSAGES.orderNotEditable(order.status));
    const lines = await trx
      .selectFrom("order_items")
      .select(["id", "product_id", "name", "sku", "unit_price_cents", "quantity", "position"])
      .where("order_id", "=", orderId)
      .orderBy("position")
      .execute();
    // What changed, as the customer's mail says it; the history says it with the order's number.
    let change: string;
    let before: Record<string, unknown>;
    let after: Record<string, unknown>;
    let addsUnits = edit.kind === "add";

    if (edit.kind === "add") {
      if (edit.quantity < 1 || edit.quantity > MAX_LINE_QUANTITY) throw new OrderEditError(MESSAGES.orderEditQuantity);
      const product = await trx
        .selectFrom("products")
        .select(["id", "sku", "name", "price_cents"])
        .where("sku", "=", edit.sku)
        .executeTakeFirst();
      if (!product) throw new OrderEditError(MESSAGES.orderEditUnknownSku(edit.sku));
      const existing = lines.find((l) => l.product_id === product.id);
      // The product as the admin saw it on the order: added or changed since, the addition would
      // double or undo someone else's, so it is refused.
      if ((existing?.quantity ?? 0) !== (edit.seen.get(product.id) ?? 0))
        throw new OrderEditError(MESSAGES.orderEditProductChanged(existing?.name ?? product.name));
      // More units: the order is checked again, which reads all its products (decision 0005).
      await lockProducts(trx, [product.id, ...lines.map((l) => l.product_id)], "no key update");
      // The line as it would be must be a quantity the product is sold in, as in the cart.
      await refuseOffUnit(trx, product.id, (existing?.quantity ?? 0) + edit.quantity);
      await moveStock(trx, orderId, product.id, product.name, edit.quantity);
      if (existing) {
        // The product is already on the order: more of it, at the order's price.
        const quantity = existing.quantity + edit.quantity;
        if (quantity > MAX_LINE_QUANTITY) throw new OrderEditError(MESSAGES.orderEditQuantity);
        await trx.updateTable("order_items").set({ quantity }).where("id", "=", existing.id).execute();
        change = MESSAGES.orderEditQuantityChange(existing.name, existing.sku, existing.quantity, quantity);
        before = { sku: existing.sku, quantity: existing.quantity };
        after = { sku: existing.sku, quantity };
      } else {
        if (lines.length >= MAX_ORDER_LINES) throw new OrderEditError(MESSAGES.orderEditTooManyLines);
        // The customer's own price (price group and quantity breaks), as checkout would charge.
        const book = await loadPriceBook(trx, order.user_id, [product.id]);
        const unitPrice = unitPriceCents(book, { id: product.id, priceCents: product.price_cents }, edit.quantity);
        await trx
          .insertInto("order_items")
          .values({
            order_id: orderId,
            product_id: product.id,
            position: (lines.at(-1)?.position ?? -1) + 1,
            name: product.name,
            sku: product.sku,
            unit_price_cents: unitPrice,
            quantity: edit.quantity,
          })
          .execute();
        change = MESSAGES.orderEditAddedChange(edit.quantity, product.name, product.sku, formatCents(unitPrice));
        before = {};
        after = { sku: product.sku, quantity: edit.quantity, unitPriceCents: unitPrice };
      }
    } else {
      const line = lines.find((l) => l.id === edit.lineId);
      if (!line) throw new OrderEditError(MESSAGES.orderEditChanged);
      const quantity = edit.kind === "remove" ? 0 : edit.quantity;
      if (quantity < 0 || quantity > MAX_LINE_QUANTITY) throw new OrderEditError(MESSAGES.orderEditQuantity);
      if (quantity === 0 && lines.length === 1) throw new OrderEditError(MESSAGES.orderEditLastLine);
      // The line as the admin saw it: another admin's change to it is never silently replaced.
      if (line.quantity !== edit.seen) throw new OrderEditError(MESSAGES.orderEditChanged);
      if (quantity === line.quantity) return null;
      // A product deleted since the order was placed has no stock to take more from.
      if (line.product_id === null && quantity > line.quantity) throw new OrderEditError(MESSAGES.orderEditGone);
      // The line's product; with more units, all the order's products: the order is checked again.
      await lockProducts(
        trx,
        quantity > line.quantity ? lines.map((l) => l.product_id) : [line.product_id],
        "no key update",
      );
      // A new quantity is one the product is sold in (removing the line always is allowed).
      if (quantity > 0) await refuseOffUnit(trx, line.product_id, quantity);
      await moveStock(trx, orderId, line.product_id, line.name, quantity - line.quantity);
      addsUnits = quantity > line.quantity;
      if (quantity === 0) {
        await trx.deleteFrom("order_items").where("id", "=", line.id).execute();
        change = MESSAGES.orderEditRemovedChange(line.quantity, line.name, line.sku);
      } else {
        await trx.updateTable("order_items").set({ quantity }).where("id", "=", line.id).execute();
        change = MESSAGES.orderEditQuantityChange(line.name, line.sku, line.quantity, quantity);
      }
      before = { sku: line.sku, quantity: line.quantity };
      after = { sku: line.sku, quantity };
    }
    const summary = MESSAGES.orderEditSummary(orderId, change);

    // More units go out only if the rules and licenses allow them now, as for a new order
    // (issue 15); fewer units or a removed line never need a check.
    if (addsUnits) {
      const refusal = await checkOrderAgain(trx, orderId);
      if (refusal) throw new OrderEditError(refusal);
    }

    // The excise of the lines as they now are (issue 31), the money and the billing (issue 36).
    const money = await recountOrder(trx, orderId, actor);
    const totalCents = money.totalCents;
    await recordAudit(trx, actor, {
      action: "order.edit",
      subjectType: "order",
      subjectId: orderId,
      summary: MESSAGES.orderEditAuditSummary(summary, formatCents(order.total_cents), formatCents(totalCents)),
      before: { ...before, totalCents: order.total_cents },
      after: { ...after, totalCents },
    });
    await mailCustomer(trx, order.user_id, orderId, change, totalCents);
    return { summary, totalCents };
  });
  if (!result) {
    const money = await findOrderMoney(db, orderId);
    return { summary: MESSAGES.orderEditNothing, totalCents: money?.totalCents ?? 0 };
  }
  kickJobRunners();
  return result;
}

async function mailCustomer(trx: Trx, userId: string | null, orderId: number, change: string, totalCents: number) {
  if (!userId) return;
  const user = await trx.selectFrom("users").select(["name", "email"]).where("id", "=", userId).executeTakeFirst();
  if (!user) return;
  await enqueueMail(
    trx,
    {
      to: user.email,
      subject: MESSAGES.orderChangedMailSubject(orderId),
      ...layout(
        [
          MESSAGES.mailGreeting(oneLine(user.name)),
          MESSAGES.orderChangedMail(orderId, oneLine(change)),
          MESSAGES.orderNewTotal(formatCents(totalCents)),
        ],
        { label: "View the order", url: `${env().BASE_URL}/orders/${orderId}` },
      ),
    },
    `order ${orderId} edit`,
  );
}

export interface OrderHistoryEntry {
  id: number;
  at: string;
  actor: string;
  summary: string;
}

/** Every recorded change of an order (edits, status changes), oldest first. */
export async function orderHistory(db: Kysely<DB>, orderId: number): Promise<OrderHistoryEntry[]> {
  const rows = await db
    .selectFrom("audit_log")
    .select(["id", "created_at", "actor_name", "summary"])
    .where("subject_type", "=", "order")
    .where("subject_id", "=", String(orderId))
    .orderBy("id")
    .limit(500)
    .execute();
  return rows.map((r) => ({ id: r.id, at: r.created_at, actor: r.actor_name, summary: r.summary }));
}

/** The name of line `lineId` of order `orderId`, or null when the order has no such line. */
export async function orderLineName(db: Kysely<DB>, orderId: number, lineId: number): Promise<string | null> {
  const line = await db
    .selectFrom("order_items")
    .select("name")
    .where("id", "=", lineId)
    .where("order_id", "=", orderId)
    .executeTakeFirst();
  return line?.name ?? null;
}

/** The lines of an order with their ids, for the edit form. */
export async function editableLines(db: Kysely<DB>, orderId: number) {
  return db
    .selectFrom("order_items")
    .leftJoin("products", "products.id", "order_items.product_id")
    .select([
      "order_items.id",
      "order_items.product_id as productId",
      "order_items.name",
      "order_items.sku",
      "order_items.unit_price_cents as unitPriceCents",
      "order_items.quantity",
      "products.stock",
    ])
    .where("order_items.order_id", "=", orderId)
    .orderBy("order_items.position")
    .execute();
}

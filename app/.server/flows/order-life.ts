import type { Kysely, Transaction } from "kysely";
import { storeToday } from "~/lib/business";
import * as MESSAGES from "~/lib/messages";
import * as RECEIVABLES from "~/lib/messages/receivables";
import * as TEAM from "~/lib/messages/team";
import { type HoldReason, isOrderStatus, type OrderStatus, OWNER_APPROVAL } from "~/lib/orders";
import { CREDIT_HOLD, PREPAID_HOLD } from "~/lib/receivables";
import { oneLine } from "~/lib/text";
import { findUserById } from "../accounts/users";
import type { Viewer } from "../accounts/viewer";
import { type Actor, recordAudit, SYSTEM_ACTOR } from "../audit/log";
import { assertOwner, assertStillOwner, TeamError } from "../business/team";
import { lockProducts } from "../catalog/product-locks";
import { checkOrderAgain } from "../compliance/check";
import { dialectOf } from "../db/connect";
import type { DB } from "../db/schema";
import { sqlNow } from "../db/time";
import { recordOrderExcise } from "../excise/orders";
import { releaseOrderStock, takeOrderStock } from "../inventory/lots";
import { defineJob } from "../jobs/registry";
import { kickJobRunners } from "../jobs/wake";
import { enqueueMail } from "../mail/outbox";
import { layout } from "../mail/templates";
import { addUnitsSold } from "../orders/best-sellers";
import { enqueueStatusMail } from "../orders/mails";
import { billLines, findOrderMoney, MONEY_COLUMNS, moneyOf, recordOrderMoney } from "../orders/money";
import { loadOrderItems } from "../orders/queries";
import { creditHoldFor, creditPosition } from "../receivables/credit";
import { settleBilling } from "../receivables/invoices";
import { earlierPayment, type PaymentInput, recordPaymentIn } from "../receivables/payments";
import { DomainError } from "../runtime/domain-error";
import { env } from "../runtime/env";
import { log } from "../runtime/log";
import { recordOrderSalesTax } from "../tax/sales-tax";
import { emitWebhook } from "../webhooks/events";

/**
 * The order's life (issue 36; decision 0052): every change of an order's status or hold (an
 * admin's status change, the store's decision on a credit or prepaid hold, an owner's decision on
 * a buyer's order, a payment releasing prepaid orders) and the money of an admin's edit go through
 * here. Each is one transaction that changes the status, sets or clears the hold, moves the stock,
 * issues the invoice or the credit note (settleBilling: what the order has billed becomes its total
 * while it is Completed, nothing otherwise), writes the audit line and queues the mails.
 *
 * Locks, on PostgreSQL, always in this order (SQLite has one writer): the orders' rows (by id),
 * then their products' rows (by id, decision 0005), then the business's ledger row
 * (receivables/invoices.ts, lockBusinessLedger), then its documents and payments. Placing an order
 * takes products then the ledger, the same way round.
 */

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

type Trx = Transaction<DB>;

interface LockedOrder {
  id: number;
  status: string;
  user_id: string | null;
  hold_reason: string | null;
  placed_by_id: string | null;
  total_cents: number;
}

/** The order's row, held for this transaction on PostgreSQL (SQLite: the one writer). */
export async function lockOrder(trx: Trx, orderId: number): Promise<LockedOrder | undefined> {
  let read = trx
    .selectFrom("orders")
    .select(["id", "status", "user_id", "hold_reason", "placed_by_id", "total_cents"])
    .where("id", "=", orderId);
  if (dialectOf(trx) === "postgres") read = read.forUpdate();
  return read.executeTakeFirst();
}

/** The order's products, held before anything else is read of them (after the order's row). */
async function lockOrderProducts(trx: Trx, orderId: number, next: OrderStatus, from: string) {
  const items = (await loadOrderItems(trx, [orderId])).get(orderId) ?? [];
  const productIds = items.map((i) => i.productId);
  if (next === "Cancelled" || from === "Cancelled") await lockProducts(trx, productIds, "no key update");
  else if (next === "Processing") await lockProducts(trx, productIds, "share");
  return items;
}

/**
 * What the order has billed made equal to what it should have: its total while Completed, nothing
 * otherwise (an order of a deleted customer bills nobody).
 */
async function settleOrder(trx: Trx, order: { id: number; user_id: string | null; status: string }, actor: Actor) {
  if (!order.user_id) return;
  const money = await findOrderMoney(trx, order.id);
  if (!money) return;
  await settleBilling(
    trx,
    {
      orderId: order.id,
      businessId: order.user_id,
      targetCents: order.status === "Completed" ? money.totalCents : 0,
      lines: async () => (await billLines(trx, order.id)).lines,
      reason: RECEIVABLES.billingReason(order.id, order.status),
    },
    actor,
  );
}

/**
 * The one move of an order from its status to another, in the caller's transaction, the order's
 * row held: cancelling puts its items back in stock; leaving Cancelled takes them again (refused
 * when the stock or today's rules no longer allow it); going back to Processing checks today's
 * rules and licenses again (issue 15). The hold is `hold` when the order goes to In Review, none
 * otherwise. Then its billing is settled, the change audited and the customer's mail queued.
 */
async function moveOrder(
  trx: Trx,
  order: LockedOrder,
  next: OrderStatus,
  actor: Actor,
  hold: HoldReason | null = null,
): Promise<void> {
  const items = await lockOrderProducts(trx, order.id, next, order.status);
  if (next === "Cancelled") {
    for (const item of items) {
      if (item.productId === null) continue;
      await releaseOrderStock(trx, order.id, item.productId, item.quantity);
      await addUnitsSold(trx, item.productId, -item.quantity);
    }
  } else if (order.status === "Cancelled") {
    const refusal = await checkOrderAgain(trx, order.id);
    if (refusal) throw new StatusChangeError(MESSAGES.orderCannotLeaveCancelled(order.id, refusal));
    const today = storeToday();
    for (const item of items) {
      if (item.productId === null || !(await takeOrderStock(trx, order.id, item.productId, item.quantity, today))) {
        throw new StatusChangeError(MESSAGES.cannotLeaveCancelled(order.id, item.name, item.quantity));
      }
      await addUnitsSold(trx, item.productId, item.quantity);
    }
  } else if (next === "Processing") {
    const refusal = await checkOrderAgain(trx, order.id);
    if (refusal) throw new StatusChangeError(MESSAGES.cannotReturnToProcessing(order.id, refusal));
  }
  const updated = await trx
    .updateTable("orders")
    .set({ status: next, hold_reason: next === "In Review" ? hold : null, updated_at: sqlNow(dialectOf(trx)) })
    .where("id", "=", order.id)
    .where("status", "=", order.status)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) throw new StatusChangeError(MESSAGES.orderChangedBySomeoneElse(order.id));
  await recordAudit(trx, actor, {
    action: "order.status",
    subjectType: "order",
    subjectId: order.id,
    summary: `Order #${order.id}: ${order.status} to ${next}`,
    before: { status: order.status, hold: order.hold_reason },
    after: { status: next, hold: next === "In Review" ? hold : null },
  });
  await settleOrder(trx, { id: order.id, user_id: order.user_id, status: next }, actor);
  await enqueueStatusMail(trx, order.user_id, order.id, next);
  await emitWebhook(trx, "order.status_changed", {
    orderId: order.id,
    businessId: order.user_id,
    from: order.status,
    to: next,
  });
}

/** An order staying In Review for another reason (an owner approved it, the store's credit has not). */
async function changeHold(trx: Trx, order: LockedOrder, hold: HoldReason, actor: Actor): Promise<void> {
  await trx.updateTable("orders").set({ hold_reason: hold }).where("id", "=", order.id).execute();
  await recordAudit(trx, actor, {
    action: "order.hold",
    subjectType: "order",
    subjectId: order.id,
    summary: `Order #${order.id}: waits In Review (${hold})`,
    before: { hold: order.hold_reason },
    after: { hold },
  });
}

/**
 * Sets an order's status, as an admin asks (the back office's order page). The change is
 * conditional on the status the admin saw: when the order moved since their page showed it
 * (another admin cancelled it, say), it is refused with the status it has now, and nothing moves
 * (no stock, no document, no mail). So two admins cannot both move the same stock, and a stale
 * page never turns someone else's Cancelled into Completed.
 */
export async function changeOrderStatus(
  db: Kysely<DB>,
  orderId: number,
  { seen, next }: StatusChange,
  actor: Actor,
): Promise<OrderStatus> {
  if (!isOrderStatus(next) || !isOrderStatus(seen)) throw new StatusChangeError(MESSAGES.unknownStatus);
  const changed = await db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, orderId);
    if (!order) throw new StatusChangeError(MESSAGES.orderDoesNotExist(orderId));
    if (order.status !== seen)
      throw new StatusChangeError(MESSAGES.orderStatusChangedSinceOpened(orderId, order.status));
    if (order.status === next) return false;
    await moveOrder(trx, order, next, actor);
    return true;
  });
  if (changed) kickJobRunners();
  return next;
}

/** A business's orders on a credit or prepaid hold, oldest first, with what each owes. */
export async function heldOrders(db: Kysely<DB> | Trx, businessId: string) {
  const rows = await db
    .selectFrom("orders")
    .select(["id", "hold_reason", "created_at", ...MONEY_COLUMNS])
    .where("user_id", "=", businessId)
    .where("status", "=", "In Review")
    .where("hold_reason", "in", [CREDIT_HOLD, PREPAID_HOLD])
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return rows.map((r) => ({ id: r.id, holdReason: r.hold_reason, createdAt: r.created_at, money: moneyOf(r) }));
}

/** The store's decision on an order on a credit or prepaid hold: release it (Processing) or cancel it. */
export async function decideHold(
  db: Kysely<DB>,
  businessId: string,
  orderId: number,
  release: boolean,
  actor: Actor,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, orderId);
    const held =
      order?.user_id === businessId &&
      order.status === "In Review" &&
      (order.hold_reason === CREDIT_HOLD || order.hold_reason === PREPAID_HOLD);
    if (!order || !held) throw new HoldError(RECEIVABLES.orderNotHeld(orderId));
    await moveOrder(trx, order, release ? "Processing" : "Cancelled", actor);
  });
  kickJobRunners();
}

/** A decision on a hold refused: the order is not on hold (any more). */
export class HoldError extends DomainError {
  constructor(message: string) {
    super(message, { status: 409, field: "form" });
  }
}

/**
 * Releases the business's prepaid orders its credit now pays for (unapplied payments and credit
 * notes, less what the orders already released will take when invoiced), oldest first, in the
 * caller's transaction; the orders' rows are held first (the lock order above). Returns the orders
 * released.
 */
async function releasePaidPrepaid(trx: Trx, businessId: string, actor: Actor): Promise<number[]> {
  const released: number[] = [];
  for (const held of await heldOrders(trx, businessId)) {
    if (held.holdReason !== PREPAID_HOLD) continue;
    const order = await lockOrder(trx, held.id);
    if (order?.status !== "In Review" || order.hold_reason !== PREPAID_HOLD) continue;
    const position = await creditPosition(trx, businessId);
    if (!position) break;
    const prepaid = -position.balanceCents - position.uninvoicedCents;
    if (prepaid < held.money.totalCents) break;
    await moveOrder(trx, order, "Processing", actor);
    released.push(order.id);
  }
  return released;
}

/**
 * Records a payment and releases the prepaid orders it pays for, in one transaction: a payment
 * recorded never leaves the orders it paid waiting. The held orders' rows are taken before the
 * payment's ledger (the lock order above).
 */
export async function recordPaymentAndRelease(
  db: Kysely<DB>,
  input: PaymentInput,
  actor: Actor,
): Promise<{ paymentId: number; created: boolean; released: number[] }> {
  const result = await db.transaction().execute(async (trx) => {
    for (const held of await heldOrders(trx, input.businessId)) await lockOrder(trx, held.id);
    const paymentId = await recordPaymentIn(trx, input, actor);
    if (paymentId === null) return null;
    return { paymentId, created: true, released: await releasePaidPrepaid(trx, input.businessId, actor) };
  });
  kickJobRunners();
  return result ?? { ...(await earlierPayment(db, input)), released: [] };
}

/**
 * An owner's decision on an order waiting for them (issue 29), in one transaction: approved, it
 * goes to Processing with today's rules checked again, or stays In Review on the store's credit
 * hold when the business's credit does not cover it (issue 30); declined, it is cancelled and its
 * stock returned. The buyer is mailed the decision. Refused (and nothing changes) when the order
 * is not their business's or no longer waits.
 */
export async function decideApproval(db: Kysely<DB>, owner: Viewer, orderId: number, approve: boolean): Promise<void> {
  assertOwner(owner);
  const actor = { id: owner.id, name: `${owner.name} <${owner.email}>` };
  await db.transaction().execute(async (trx) => {
    await assertStillOwner(trx, owner);
    const order = await lockOrder(trx, orderId);
    if (
      !order ||
      order.user_id !== owner.accountId ||
      order.status !== "In Review" ||
      order.hold_reason !== OWNER_APPROVAL
    )
      throw new TeamError(TEAM.orderNotWaiting(orderId));
    if (approve) {
      // Products before the business's ledger row (the lock order above).
      await lockOrderProducts(trx, orderId, "Processing", order.status);
      const money = await findOrderMoney(trx, orderId);
      const creditHold = money ? await creditHoldFor(trx, owner.accountId, money.totalCents) : null;
      if (creditHold) await changeHold(trx, order, creditHold.reason, actor);
      else await moveOrder(trx, order, "Processing", actor);
    } else {
      await moveOrder(trx, order, "Cancelled", actor);
    }
    const buyer = order.placed_by_id ? await findUserById(trx, order.placed_by_id) : null;
    if (buyer) {
      await enqueueMail(
        trx,
        {
          to: buyer.email,
          subject: TEAM.approvalDecidedMailSubject(orderId, approve),
          ...layout([TEAM.approvalDecidedMailBody(orderId, approve, oneLine(owner.name))], {
            label: "View the order",
            url: `${env().BASE_URL}/orders/${orderId}`,
          }),
        },
        `order ${orderId} approval decision`,
      );
    }
  });
  kickJobRunners();
}

/**
 * After an admin's edit of an order's lines, in the edit's transaction: its excise for the lines
 * as they now are (the rules in force the day it was placed), its money, and its billing (an
 * order that may be edited is not Completed, so it bills nothing). Returns the new money.
 */
export async function recountOrder(trx: Trx, orderId: number, actor: Actor) {
  await recordOrderExcise(trx, orderId);
  await recordOrderSalesTax(trx, orderId);
  const money = await recordOrderMoney(trx, orderId);
  const order = await trx
    .selectFrom("orders")
    .select(["id", "user_id", "status"])
    .where("id", "=", orderId)
    .executeTakeFirstOrThrow();
  await settleOrder(trx, order, actor);
  return money;
}

/**
 * Orders whose billing is not what their life says (orders invoiced without their excise before
 * issue 36): each gets the correction its billing needs (an invoice for what is missing, audited,
 * with its reason), one order per transaction. Run once by a job after the upgrade (decision
 * 0052); running it again finds nothing to do. Returns the orders corrected.
 */
export async function correctOrderBilling(db: Kysely<DB>, actor: Actor): Promise<number[]> {
  const docs = db
    .selectFrom("invoices")
    .select((eb) => [
      "order_id",
      eb.fn
        .sum<number>(
          eb
            .case()
            .when("kind", "=", "invoice")
            .then(eb.ref("total_cents"))
            .else(eb.neg(eb.ref("total_cents")))
            .end(),
        )
        .as("billed"),
    ])
    .groupBy("order_id")
    .as("d");
  const wrong = await db
    .selectFrom("orders")
    .innerJoin(docs, "d.order_id", "orders.id")
    .select(["orders.id"])
    .where((eb) =>
      eb.or([
        eb.and([eb("orders.status", "=", "Completed"), eb("d.billed", "<>", eb.ref("orders.total_cents"))]),
        eb.and([eb("orders.status", "<>", "Completed"), eb("d.billed", "<>", 0)]),
      ]),
    )
    .orderBy("orders.id")
    .execute();
  const corrected: number[] = [];
  for (const { id } of wrong) {
    await db.transaction().execute(async (trx) => {
      const order = await lockOrder(trx, id);
      if (order) await settleOrder(trx, order, actor);
    });
    corrected.push(id);
  }
  if (corrected.length) {
    log.warn({ orders: corrected }, "order billing corrected: what these orders billed was not their total");
    kickJobRunners();
  }
  return corrected;
}

/**
 * Daily (startup.ts): corrects any order whose billing is not what its life says. After the
 * upgrade of issue 36 it issues the corrections of orders invoiced without their excise; after
 * that it should find nothing, and says so in the log when it does.
 */
export const orderBillingJob = defineJob("order-billing-check", async (_payload, { db }) => {
  await correctOrderBilling(db, SYSTEM_ACTOR);
});

import type { Kysely } from "kysely";
import * as RECEIVABLES from "~/lib/messages/receivables";
import { CREDIT_HOLD, PREPAID_HOLD } from "~/lib/receivables";
import type { Actor } from "../audit/log";
import type { DB } from "../db/schema";
import { setOrderStatus } from "../orders/status";
import { creditPosition } from "../receivables/credit";
import { PaymentError, type PaymentInput, recordPayment } from "../receivables/payments";

/**
 * Paid on account across orders and receivables (issue 30): a payment recorded releases the
 * prepaid orders it covers; the admin releases or cancels an order on hold.
 */

/** The business's orders on a credit or prepaid hold, oldest first. */
export async function heldOrders(db: Kysely<DB>, businessId: string) {
  return db
    .selectFrom("orders")
    .select(["id", "total_cents", "hold_reason", "created_at"])
    .where("user_id", "=", businessId)
    .where("status", "=", "In Review")
    .where("hold_reason", "in", [CREDIT_HOLD, PREPAID_HOLD])
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

/**
 * Releases the prepaid orders the business's credit now pays for (unapplied payments and credit
 * notes, less what the orders already released will take when invoiced), oldest first. Returns
 * the orders released.
 */
export async function releasePaidPrepaidOrders(db: Kysely<DB>, businessId: string, actor: Actor): Promise<number[]> {
  const released: number[] = [];
  for (const order of await heldOrders(db, businessId)) {
    if (order.hold_reason !== PREPAID_HOLD) continue;
    const position = await creditPosition(db, businessId);
    if (!position) break;
    const prepaid = -position.balanceCents - position.uninvoicedCents;
    if (prepaid < order.total_cents) break;
    await setOrderStatus(db, order.id, { seen: "In Review", next: "Processing" }, actor);
    released.push(order.id);
  }
  return released;
}

/** Records a payment (see recordPayment) and releases the prepaid orders it pays for. */
export async function recordPaymentAndRelease(db: Kysely<DB>, input: PaymentInput, actor: Actor) {
  const result = await recordPayment(db, input, actor);
  const released = await releasePaidPrepaidOrders(db, input.businessId, actor);
  return { ...result, released };
}

/** The admin's decision on an order on hold: release it (Processing) or cancel it. */
export async function decideHold(
  db: Kysely<DB>,
  businessId: string,
  orderId: number,
  release: boolean,
  actor: Actor,
): Promise<void> {
  const held = (await heldOrders(db, businessId)).find((o) => o.id === orderId);
  if (!held) throw new PaymentError(RECEIVABLES.orderNotHeld(orderId));
  await setOrderStatus(db, orderId, { seen: "In Review", next: release ? "Processing" : "Cancelled" }, actor);
}

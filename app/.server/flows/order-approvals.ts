import type { Kysely, Transaction } from "kysely";
import * as TEAM from "~/lib/messages/team";
import { formatCents } from "~/lib/money";
import { type OrderDetail, type OrderSummary, OWNER_APPROVAL } from "~/lib/orders";
import { oneLine } from "~/lib/text";
import { findUserById } from "../accounts/users";
import type { Viewer } from "../accounts/viewer";
import { assertOwner, assertStillOwner, ownersOf, TeamError } from "../business/team";
import type { DB } from "../db/schema";
import { kickJobRunners } from "../jobs/wake";
import { enqueueMail } from "../mail/outbox";
import { layout } from "../mail/templates";
import { SUMMARY_COLUMNS, toSummary } from "../orders/queries";
import { setOrderStatus } from "../orders/status";
import { creditHoldFor } from "../receivables/credit";
import { env } from "../runtime/env";

/**
 * Spending approval (issue 29): a buyer's order above their limit is placed In Review with the
 * hold 'owner-approval'; the business's owners are mailed, and one of them approves it (it goes to
 * Processing, with today's rules checked again) or declines it (it is cancelled and its stock
 * returned). The buyer is mailed the decision.
 */

/** Queued inside the transaction that places the order: the owners are asked. */
export async function enqueueApprovalRequest(
  trx: Kysely<DB> | Transaction<DB>,
  businessId: string,
  order: OrderDetail,
  limitCents: number,
): Promise<void> {
  const url = `${env().BASE_URL}/account/approvals`;
  for (const owner of await ownersOf(trx, businessId)) {
    await enqueueMail(
      trx,
      {
        to: owner.email,
        subject: TEAM.approvalNeededMailSubject(order.id),
        ...layout(
          [
            TEAM.approvalNeededMailBody(
              order.id,
              oneLine(order.placedBy ?? ""),
              formatCents(order.totalCents),
              formatCents(limitCents),
            ),
          ],
          { label: "Review the order", url },
        ),
      },
      `order ${order.id} approval request`,
    );
  }
}

/** The business's orders waiting for an owner's approval, oldest first. */
export async function listAwaitingApproval(db: Kysely<DB>, businessId: string): Promise<OrderSummary[]> {
  const rows = await db
    .selectFrom("orders")
    .select(SUMMARY_COLUMNS)
    .where("user_id", "=", businessId)
    .where("status", "=", "In Review")
    .where("hold_reason", "=", OWNER_APPROVAL)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return rows.map(toSummary);
}

/**
 * An owner's decision on an order waiting for them. Refused (and nothing changes) when the order
 * is not their business's or no longer waits.
 */
export async function decideApproval(db: Kysely<DB>, owner: Viewer, orderId: number, approve: boolean): Promise<void> {
  assertOwner(owner);
  await assertStillOwner(db, owner);
  const order = await db
    .selectFrom("orders")
    .select(["id", "placed_by_id", "total_cents"])
    .where("id", "=", orderId)
    .where("user_id", "=", owner.accountId)
    .where("status", "=", "In Review")
    .where("hold_reason", "=", OWNER_APPROVAL)
    .executeTakeFirst();
  if (!order) throw new TeamError(TEAM.orderNotWaiting(orderId));
  const actor = { id: owner.id, name: `${owner.name} <${owner.email}>` };
  // Approved but over the business's credit, or prepaid (issue 30): it stays In Review for the store.
  const creditHold = approve ? await creditHoldFor(db, owner.accountId, order.total_cents) : null;
  if (creditHold) {
    const moved = await db
      .updateTable("orders")
      .set({ hold_reason: creditHold.reason })
      .where("id", "=", orderId)
      .where("status", "=", "In Review")
      .where("hold_reason", "=", OWNER_APPROVAL)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) throw new TeamError(TEAM.orderNotWaiting(orderId));
  } else {
    // The status change is conditional on In Review: a second decision, or the store's own, wins once.
    await setOrderStatus(db, orderId, { seen: "In Review", next: approve ? "Processing" : "Cancelled" }, actor);
  }
  await db.transaction().execute(async (trx) => {
    if (!creditHold) await trx.updateTable("orders").set({ hold_reason: null }).where("id", "=", orderId).execute();
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

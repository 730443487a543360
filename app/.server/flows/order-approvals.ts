import type { Kysely, Transaction } from "kysely";
import * as TEAM from "~/lib/messages/team";
import { formatCents } from "~/lib/money";
import { type OrderDetail, type OrderSummary, OWNER_APPROVAL } from "~/lib/orders";
import { oneLine } from "~/lib/text";
import { ownersOf } from "../business/team";
import type { DB } from "../db/schema";
import { enqueueMail } from "../mail/outbox";
import { layout } from "../mail/templates";
import { SUMMARY_COLUMNS, toSummary } from "../orders/queries";
import { env } from "../runtime/env";

/**
 * Spending approval (issue 29): a buyer's order above their limit is placed In Review with the
 * hold 'owner-approval'; the business's owners are mailed, and one of them decides
 * (flows/order-life.ts, decideApproval).
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
              formatCents(order.money.totalCents),
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

import type { Kysely } from "kysely";
import * as MESSAGES from "~/lib/messages";
import * as EXCISE_MESSAGES from "~/lib/messages/excise";
import type { ShipmentInput } from "~/lib/schemas/excise";
import { oneLine } from "~/lib/text";
import { type Actor, changedFields, recordAudit } from "../audit/log";
import { dialectOf } from "../db/connect";
import type { DB } from "../db/schema";
import { sqlNow } from "../db/time";
import { enqueueMail } from "../mail/outbox";
import { layout } from "../mail/templates";
import { DomainError } from "../runtime/domain-error";
import { env } from "../runtime/env";

/**
 * A completed order's shipment (issue 31): the carrier and tracking number an admin enters. The
 * customer sees them on the order page and gets a mail; the PACT file lists them.
 */
export interface Shipment {
  carrier: string;
  tracking: string;
}

export class ShipmentError extends DomainError {
  constructor(message: string) {
    super(message, { status: 409 });
  }
}

export async function findShipment(db: Kysely<DB>, orderId: number): Promise<Shipment | null> {
  const row = await db
    .selectFrom("order_shipments")
    .select(["carrier", "tracking"])
    .where("order_id", "=", orderId)
    .executeTakeFirst();
  return row ?? null;
}

/**
 * Records (or corrects) a completed order's shipment, with its audit entry and the customer's
 * mail, in one transaction. An order that is not completed is refused; the same shipment again
 * changes nothing and mails nobody.
 */
export async function recordShipment(
  db: Kysely<DB>,
  orderId: number,
  input: ShipmentInput,
  actor: Actor,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    let q = trx.selectFrom("orders").select(["status", "user_id"]).where("id", "=", orderId);
    if (dialectOf(trx) === "postgres") q = q.forUpdate();
    const order = await q.executeTakeFirst();
    if (!order) throw new ShipmentError(MESSAGES.orderNotFound);
    if (order.status !== "Completed") throw new ShipmentError(EXCISE_MESSAGES.shipmentOnlyCompleted);
    const before = await trx
      .selectFrom("order_shipments")
      .select(["carrier", "tracking"])
      .where("order_id", "=", orderId)
      .executeTakeFirst();
    const diff = changedFields(before ?? {}, { carrier: input.carrier, tracking: input.tracking });
    if (!diff) return false;
    const cols = {
      carrier: input.carrier,
      tracking: input.tracking,
      recorded_by: actor.name,
      recorded_at: sqlNow(dialectOf(trx)),
    };
    await trx
      .insertInto("order_shipments")
      .values({ order_id: orderId, ...cols })
      .onConflict((oc) => oc.column("order_id").doUpdateSet(cols))
      .execute();
    await recordAudit(trx, actor, {
      action: "order.shipment",
      subjectType: "order",
      subjectId: orderId,
      summary: `Order #${orderId}: shipped with ${oneLine(input.carrier)}, tracking ${input.tracking}`,
      ...diff,
    });
    if (order.user_id) {
      const user = await trx
        .selectFrom("users")
        .select(["name", "email"])
        .where("id", "=", order.user_id)
        .executeTakeFirst();
      if (user) {
        const url = `${env().BASE_URL}/orders/${orderId}`;
        await enqueueMail(
          trx,
          {
            to: user.email,
            subject: EXCISE_MESSAGES.shipmentMailSubject(orderId),
            ...layout(
              [
                MESSAGES.mailGreeting(oneLine(user.name)),
                EXCISE_MESSAGES.shipmentMailBody(orderId, oneLine(input.carrier), input.tracking),
              ],
              { label: "View my orders", url },
            ),
          },
          `order ${orderId} shipment`,
        );
      }
    }
    return true;
  });
}

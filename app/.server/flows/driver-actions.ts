import type { Kysely } from "kysely";
import { storeToday } from "~/lib/business";
import type { DriverAction, DriverActionResult, Proof, StopStatus } from "~/lib/driver";
import * as DRIVER from "~/lib/messages/driver";
import { formatCents } from "~/lib/money";
import { oneLine } from "~/lib/text";
import type { Actor } from "../audit/log";
import { dialectOf } from "../db/connect";
import type { DB } from "../db/schema";
import { sqlNow } from "../db/time";
import { type Driver, DriverActionError, type DriverStop, requireDriverStop } from "../delivery/driver";
import { kickJobRunners } from "../jobs/wake";
import { enqueueMail } from "../mail/outbox";
import { layout } from "../mail/templates";
import { DocumentRejectedError, storeDocument } from "../media/documents";
import { DomainError } from "../runtime/domain-error";
import { env } from "../runtime/env";
import { emitWebhook } from "../webhooks/events";
import { editOrder } from "./order-edit";
import { changeOrderStatus, recordPaymentAndRelease } from "./order-life";

/**
 * A driver's action at a stop (issue 40; decision 0070), composed of the order's own flows: every
 * action carries the idempotency key the phone made. It is claimed first (delivery_sync_actions),
 * then applied through order-edit (a line lowered), order-life (the order completed, and so
 * invoiced; a collection recorded as a receivables payment keyed by the action), then its answer
 * is stored with the stop's new status in one transaction. The same key again answers the stored
 * answer and changes nothing. Each step is convergent (a line already lowered, an order already
 * completed, a payment already recorded by its key are left as they are), so an action cut off
 * halfway is finished by its retry.
 */
function actorOf(driver: Driver): Actor {
  return { id: driver.id, name: `${driver.name} <${driver.email}>` };
}

function dataUrlBytes(dataUrl: string): Buffer {
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(",") + 1), "base64");
}

async function storeImage(dataUrl: string, name: string, refusal: string): Promise<string> {
  try {
    return (await storeDocument(dataUrlBytes(dataUrl), name)).key;
  } catch (error) {
    if (error instanceof DocumentRejectedError) throw new DriverActionError(refusal, 400);
    throw error;
  }
}

/**
 * Applies one action from the driver's phone; the same key again answers what it answered the
 * first time and changes nothing. Refused (DriverActionError, nothing written) when the stop is
 * not on the driver's route for today (403), the order was cancelled, the stop is already
 * recorded, or the action does not fit the order.
 */
export async function applyDriverAction(
  db: Kysely<DB>,
  driver: Driver,
  action: DriverAction,
): Promise<DriverActionResult> {
  const earlier = await db
    .selectFrom("delivery_sync_actions")
    .selectAll()
    .where("key", "=", action.key)
    .executeTakeFirst();
  if (earlier) {
    if (earlier.driver_id !== driver.id) throw new DriverActionError(DRIVER.notYourStop, 403);
    if (earlier.stop_id !== action.stopId || earlier.kind !== action.kind)
      throw new DriverActionError(DRIVER.keyReused);
    if (earlier.result)
      return { ...(JSON.parse(earlier.result) as DriverActionResult), replayed: true } as DriverActionResult;
  }
  const stop = await requireDriverStop(db, driver.id, action.stopId);
  const order = await db
    .selectFrom("orders")
    .select(["id", "status", "user_id"])
    .where("id", "=", stop.orderId)
    .executeTakeFirstOrThrow();
  if (order.status === "Cancelled") throw new DriverActionError(DRIVER.orderCancelled(order.id));
  // A half-applied action (cut off before its answer was stored) is finished, not refused.
  const resuming = earlier !== undefined;
  if (action.kind !== "collection" && !resuming) {
    if (stop.status !== "pending") throw new DriverActionError(DRIVER.stopClosed);
    if (order.status !== "Processing") throw new DriverActionError(DRIVER.orderNotDeliverable(order.id, order.status));
  }
  if (action.kind === "partial") await checkPartial(db, stop, action.lines);
  if (action.kind === "collection" && action.method === "check" && !action.checkNumber)
    throw new DriverActionError(DRIVER.checkNumberRequired, 400);
  if (action.kind === "collection" && !order.user_id) throw new DriverActionError(DRIVER.notYourStop, 403);

  if (!earlier) {
    const now = sqlNow(dialectOf(db));
    const claimed = await db
      .insertInto("delivery_sync_actions")
      .values({ key: action.key, driver_id: driver.id, stop_id: stop.id, kind: action.kind, received_at: now })
      .onConflict((oc) => oc.column("key").doNothing())
      .executeTakeFirst();
    // Two posts of the same key at once: the second answers what the first stored, once it has.
    if (Number(claimed.numInsertedOrUpdatedRows ?? 0n) === 0) return applyDriverAction(db, driver, action);
  }

  try {
    return await apply(db, driver, action, stop, order);
  } catch (error) {
    // Refused halfway (a quantity the product is not sold in, say): the key is free again, and
    // its retry finds what this try did (each step is convergent).
    if (error instanceof DomainError)
      await db.deleteFrom("delivery_sync_actions").where("key", "=", action.key).where("result", "is", null).execute();
    throw error;
  }
}

async function apply(
  db: Kysely<DB>,
  driver: Driver,
  action: DriverAction,
  stop: DriverStop,
  order: { id: number; user_id: string | null },
): Promise<DriverActionResult> {
  const actor = actorOf(driver);
  let status: StopStatus = stop.status;
  let message: string;
  switch (action.kind) {
    case "delivered":
    case "partial": {
      await saveProof(db, stop, action.proof);
      if (action.kind === "partial") await lowerLines(db, stop, action.lines, actor);
      const now = await db.selectFrom("orders").select("status").where("id", "=", order.id).executeTakeFirstOrThrow();
      if (now.status === "Processing")
        await changeOrderStatus(db, order.id, { seen: "Processing", next: "Completed" }, actor);
      status = action.kind;
      message =
        action.kind === "delivered" ? DRIVER.deliveredSummary(stop.position) : DRIVER.partialSummary(stop.position);
      break;
    }
    case "not_delivered":
      status = "not_delivered";
      message = DRIVER.notDeliveredSummary(stop.position);
      break;
    case "collection": {
      const { paymentId } = await recordPaymentAndRelease(
        db,
        {
          businessId: order.user_id as string,
          amountCents: action.amountCents,
          method: action.method,
          reference: action.method === "check" ? `Check ${action.checkNumber}` : `Cash, order #${order.id}`,
          receivedOn: storeToday(),
          idempotencyKey: `driver-${action.key}`,
        },
        actor,
      );
      await db
        .insertInto("delivery_collections")
        .values({
          stop_id: stop.id,
          route_id: stop.routeId,
          driver_id: driver.id,
          method: action.method,
          check_number: action.method === "check" ? (action.checkNumber ?? null) : null,
          amount_cents: action.amountCents,
          payment_id: paymentId,
          collected_at: action.at,
        })
        .onConflict((oc) => oc.column("payment_id").doNothing())
        .execute();
      message = DRIVER.collectedSummary(formatCents(action.amountCents));
      break;
    }
  }
  const result: DriverActionResult = { key: action.key, ok: true, replayed: false, message, stopStatus: status };
  await db.transaction().execute(async (trx) => {
    const now = sqlNow(dialectOf(trx));
    if (action.kind !== "collection") {
      await trx
        .updateTable("delivery_stops")
        .set({
          status,
          reason: action.kind === "not_delivered" ? action.reason : null,
          updated_at: now,
          ...(action.kind === "not_delivered" ? {} : { delivered_at: action.proof.at }),
        })
        .where("id", "=", stop.id)
        .execute();
      if (action.kind !== "not_delivered")
        await mailDelivered(trx, order.user_id, order.id, action.proof, action.kind === "partial");
      if (action.kind !== "not_delivered")
        await emitWebhook(trx, "delivery.done", {
          orderId: order.id,
          businessId: order.user_id,
          stopId: stop.id,
          partial: action.kind === "partial",
          deliveredAt: action.proof.at,
        });
    }
    await trx
      .updateTable("delivery_sync_actions")
      .set({ result: JSON.stringify(result), applied_at: now })
      .where("key", "=", action.key)
      .execute();
  });
  kickJobRunners();
  return result;
}

type PartialLines = Extract<DriverAction, { kind: "partial" }>["lines"];

/** A partial delivery names each line it changes, no more than ordered, a reason where less, and hands something over. */
async function checkPartial(db: Kysely<DB>, stop: DriverStop, lines: PartialLines) {
  const [items, recorded] = await Promise.all([
    db.selectFrom("order_items").select(["id", "quantity"]).where("order_id", "=", stop.orderId).execute(),
    db.selectFrom("delivery_stop_lines").select(["order_item_id", "ordered"]).where("stop_id", "=", stop.id).execute(),
  ]);
  // What was ordered: as recorded by an earlier, cut-off try of this action, else the order's line.
  const byId = new Map([
    ...items.map((i) => [i.id, i.quantity] as const),
    ...recorded.map((r) => [r.order_item_id, r.ordered] as const),
  ]);
  for (const line of lines) {
    const ordered = byId.get(line.itemId);
    if (ordered === undefined) throw new DriverActionError(DRIVER.notYourStop, 403);
    if (line.delivered > ordered) throw new DriverActionError(DRIVER.deliveredTooMany, 400);
    if (line.delivered < ordered && !line.reason) throw new DriverActionError(DRIVER.reasonRequired, 400);
  }
  const handedOver = items.some((i) => {
    const line = lines.find((l) => l.itemId === i.id);
    return (line ? line.delivered : i.quantity) > 0;
  });
  if (!handedOver) throw new DriverActionError(DRIVER.nothingDelivered, 400);
}

/** Records what each line handed over, then lowers the order's lines through its own edit flow. */
async function lowerLines(db: Kysely<DB>, stop: DriverStop, lines: PartialLines, actor: Actor) {
  const items = await db
    .selectFrom("order_items")
    .select(["id", "name", "sku", "quantity"])
    .where("order_id", "=", stop.orderId)
    .execute();
  for (const line of lines) {
    const item = items.find((i) => i.id === line.itemId);
    if (!item) continue; // refused whole on an earlier, cut-off try: already gone from the order
    await db
      .insertInto("delivery_stop_lines")
      .values({
        stop_id: stop.id,
        order_item_id: item.id,
        name: item.name,
        sku: item.sku,
        ordered: item.quantity,
        delivered: line.delivered,
        reason: line.delivered < item.quantity ? (line.reason ?? null) : null,
      })
      .onConflict((oc) => oc.columns(["stop_id", "order_item_id"]).doNothing())
      .execute();
  }
  for (const line of lines) {
    const item = items.find((i) => i.id === line.itemId);
    if (!item || line.delivered >= item.quantity) continue;
    await editOrder(
      db,
      stop.orderId,
      line.delivered === 0
        ? { kind: "remove", lineId: item.id, seen: item.quantity }
        : { kind: "quantity", lineId: item.id, quantity: line.delivered, seen: item.quantity },
      actor,
    );
  }
}

/** Keeps the signature and photo as private documents and the receiver's name, time and place on the stop. */
async function saveProof(db: Kysely<DB>, stop: DriverStop, proof: Proof) {
  const signatureKey =
    stop.signatureKey ?? (await storeImage(proof.signature, "signature.png", DRIVER.signatureUnreadable));
  const photoKey =
    stop.photoKey ?? (proof.photo ? await storeImage(proof.photo, "photo.jpg", DRIVER.photoUnreadable) : null);
  await db
    .updateTable("delivery_stops")
    .set({
      receiver_name: proof.receiverName,
      signature_key: signatureKey,
      photo_key: photoKey,
      latitude_e6: proof.latitude == null ? null : Math.round(proof.latitude * 1e6),
      longitude_e6: proof.longitude == null ? null : Math.round(proof.longitude * 1e6),
    })
    .where("id", "=", stop.id)
    .execute();
}

async function mailDelivered(
  trx: Kysely<DB>,
  businessId: string | null,
  orderId: number,
  proof: Proof,
  partial: boolean,
) {
  if (!businessId) return;
  const user = await trx.selectFrom("users").select(["email"]).where("id", "=", businessId).executeTakeFirst();
  if (!user) return;
  const at = new Date(proof.at).toLocaleString("en-US", { timeZone: "America/Chicago" });
  await enqueueMail(
    trx,
    {
      to: user.email,
      subject: DRIVER.deliveryMailSubject(orderId),
      ...layout(
        [
          DRIVER.deliveryMailBody(orderId, oneLine(proof.receiverName), at),
          ...(partial ? [DRIVER.partialMailBody(orderId)] : []),
        ],
        { label: "View the order", url: `${env().BASE_URL}/orders/${orderId}` },
      ),
    },
    `order ${orderId} delivered`,
  );
}

import type { Kysely } from "kysely";
import { storeToday } from "~/lib/business";
import {
  type CollectKind,
  type DriverAction,
  type DriverActionResult,
  type Manifest,
  type ManifestLine,
  type ManifestRoute,
  type ManifestStop,
  type Proof,
  STOP_STATUSES,
  type StopStatus,
} from "~/lib/driver";

export type { CollectKind, Manifest, ManifestLine, ManifestRoute, ManifestStop };

import * as DRIVER from "~/lib/messages/driver";
import { formatCents } from "~/lib/money";
import { TERMS_LABELS, type Terms } from "~/lib/receivables";
import { oneLine } from "~/lib/text";
import type { Actor } from "../audit/log";
import { dialectOf } from "../db/connect";
import type { DB } from "../db/schema";
import { sqlNow } from "../db/time";
import { editOrder } from "../flows/order-edit";
import { changeOrderStatus, recordPaymentAndRelease } from "../flows/order-life";
import { enqueueMail } from "../mail/outbox";
import { layout } from "../mail/templates";
import { DocumentRejectedError, storeDocument } from "../media/documents";
import { findOrderMoney } from "../orders/money";
import { businessCredit } from "../receivables/settings";
import { DomainError } from "../runtime/domain-error";
import { env } from "../runtime/env";

/**
 * The driver's day (issue 40; decision 0070): the manifest of their own route for the store's
 * today, and the actions their phone sends from each stop. Every action carries the idempotency
 * key the phone made: it is claimed first (delivery_sync_actions), then applied through the
 * order's own flows (order-edit lowers a line, order-life completes the order, which invoices it,
 * and records a collection as a payment), then its answer is stored with the stop's new status in
 * one transaction. The same key again answers the stored answer and changes nothing. Each step is
 * convergent (a line already lowered, an order already completed, a payment already recorded by
 * its key are left as they are), so an action cut off halfway is finished by its retry.
 */

/** An action refused: nothing was written. 403 when the stop is not the driver's own today. */
export class DriverActionError extends DomainError {
  constructor(message: string, status = 409) {
    super(message, { status });
  }
}

export interface Driver {
  id: string;
  name: string;
  email: string;
}

function stopStatus(value: string): StopStatus {
  return (STOP_STATUSES as readonly string[]).includes(value) ? (value as StopStatus) : "pending";
}

/** What the driver collects for an order: its total on cash on delivery, nothing prepaid or on terms. */
function collectFor(terms: Terms, totalCents: number): ManifestStop["collect"] {
  if (terms === "cod") return { kind: "cod", terms: TERMS_LABELS[terms], dueCents: totalCents };
  if (terms === "prepaid") return { kind: "prepaid", terms: TERMS_LABELS[terms], dueCents: 0 };
  return { kind: "terms", terms: TERMS_LABELS[terms], dueCents: 0 };
}

/** The driver's own routes for `day` (the store's today by default), stops in order. */
export async function driverManifest(db: Kysely<DB>, driverId: string, day = storeToday()): Promise<Manifest> {
  const routes = await db
    .selectFrom("delivery_routes")
    .innerJoin("delivery_zones", "delivery_zones.id", "delivery_routes.zone_id")
    .leftJoin("vehicles", "vehicles.id", "delivery_routes.vehicle_id")
    .select([
      "delivery_routes.id",
      "delivery_routes.status",
      "delivery_zones.name as zoneName",
      "vehicles.name as vehicle",
    ])
    .where("delivery_routes.driver_id", "=", driverId)
    .where("delivery_routes.day", "=", day)
    .orderBy("delivery_routes.id")
    .execute();
  const result: ManifestRoute[] = [];
  for (const route of routes) {
    const stops = await db
      .selectFrom("delivery_stops")
      .innerJoin("orders", "orders.id", "delivery_stops.order_id")
      .select([
        "delivery_stops.id",
        "delivery_stops.position",
        "delivery_stops.status",
        "delivery_stops.reason",
        "delivery_stops.receiver_name",
        "delivery_stops.delivered_at",
        "orders.id as orderId",
        "orders.user_id as businessId",
        "orders.status as orderStatus",
        "orders.ship_business_name",
        "orders.ship_street",
        "orders.ship_city",
        "orders.ship_state",
        "orders.ship_zip",
        "orders.ship_phone",
      ])
      .where("delivery_stops.route_id", "=", route.id)
      .orderBy("delivery_stops.position")
      .orderBy("delivery_stops.id")
      .execute();
    const manifestStops: ManifestStop[] = [];
    for (const s of stops) {
      manifestStops.push({
        id: s.id,
        position: s.position,
        status: stopStatus(s.status),
        reason: s.reason,
        orderId: s.orderId,
        cancelled: s.orderStatus === "Cancelled",
        businessName: s.ship_business_name,
        street: s.ship_street,
        city: s.ship_city,
        state: s.ship_state,
        zip: s.ship_zip,
        phone: s.ship_phone,
        lines: await stopLines(db, s.id, s.orderId),
        collect: await collectOf(db, s.businessId, s.orderId),
        collectedCents: await collectedAt(db, s.id),
        receiverName: s.receiver_name,
        deliveredAt: s.delivered_at,
      });
    }
    result.push({
      id: route.id,
      zoneName: route.zoneName,
      status: route.status,
      vehicle: route.vehicle,
      stops: manifestStops,
    });
  }
  return { day, routes: result };
}

async function collectOf(db: Kysely<DB>, businessId: string | null, orderId: number) {
  const money = await findOrderMoney(db, orderId);
  const credit = businessId ? await businessCredit(db, businessId) : null;
  return collectFor(credit?.terms ?? "cod", money?.totalCents ?? 0);
}

async function collectedAt(db: Kysely<DB>, stopId: number): Promise<number> {
  const rows = await db
    .selectFrom("delivery_collections")
    .select("amount_cents")
    .where("stop_id", "=", stopId)
    .execute();
  return rows.reduce((sum, r) => sum + Number(r.amount_cents), 0);
}

/** The order's lines as they are now, with what a partial delivery recorded (lines refused whole are gone from the order). */
async function stopLines(db: Kysely<DB>, stopId: number, orderId: number): Promise<ManifestLine[]> {
  const [items, recorded] = await Promise.all([
    db
      .selectFrom("order_items")
      .select(["id", "name", "sku", "quantity"])
      .where("order_id", "=", orderId)
      .orderBy("position")
      .execute(),
    db
      .selectFrom("delivery_stop_lines")
      .select(["order_item_id", "name", "sku", "ordered", "delivered", "reason"])
      .where("stop_id", "=", stopId)
      .orderBy("id")
      .execute(),
  ]);
  const byItem = new Map(recorded.map((r) => [r.order_item_id, r]));
  const lines: ManifestLine[] = items.map((i) => {
    const r = byItem.get(i.id);
    return {
      itemId: i.id,
      name: i.name,
      sku: i.sku,
      quantity: r ? r.ordered : i.quantity,
      delivered: r ? r.delivered : null,
      reason: r?.reason ?? null,
    };
  });
  for (const r of recorded) {
    if (!items.some((i) => i.id === r.order_item_id))
      lines.push({
        itemId: r.order_item_id,
        name: r.name,
        sku: r.sku,
        quantity: r.ordered,
        delivered: 0,
        reason: r.reason,
      });
  }
  return lines;
}

interface DriverStop {
  id: number;
  routeId: number;
  position: number;
  status: StopStatus;
  orderId: number;
  signatureKey: string | null;
  photoKey: string | null;
}

/**
 * The stop, when it is on the driver's own route for the store's today and the route is not
 * settled; refused (403) otherwise, with the same words whether the stop exists or not.
 */
export async function requireDriverStop(db: Kysely<DB>, driverId: string, stopId: number): Promise<DriverStop> {
  const row = await db
    .selectFrom("delivery_stops")
    .innerJoin("delivery_routes", "delivery_routes.id", "delivery_stops.route_id")
    .select([
      "delivery_stops.id",
      "delivery_stops.route_id",
      "delivery_stops.position",
      "delivery_stops.status",
      "delivery_stops.order_id",
      "delivery_stops.signature_key",
      "delivery_stops.photo_key",
      "delivery_routes.driver_id",
      "delivery_routes.day",
      "delivery_routes.status as routeStatus",
    ])
    .where("delivery_stops.id", "=", stopId)
    .executeTakeFirst();
  if (!row || row.driver_id !== driverId || row.day !== storeToday() || row.routeStatus === "settled")
    throw new DriverActionError(DRIVER.notYourStop, 403);
  return {
    id: row.id,
    routeId: row.route_id,
    position: row.position,
    status: stopStatus(row.status),
    orderId: row.order_id,
    signatureKey: row.signature_key,
    photoKey: row.photo_key,
  };
}

/**
 * One stop of the driver's manifest, or the 403 refusal when it is not theirs today. An admin
 * (the driver group lets them in) may look at any stop, of any day; acting on it stays the driver's.
 */
export async function driverStop(
  db: Kysely<DB>,
  viewer: { id: string; admin: boolean },
  stopId: number,
): Promise<ManifestStop> {
  let driverId = viewer.id;
  let day = storeToday();
  if (viewer.admin) {
    const route = await db
      .selectFrom("delivery_stops")
      .innerJoin("delivery_routes", "delivery_routes.id", "delivery_stops.route_id")
      .select(["delivery_routes.driver_id", "delivery_routes.day"])
      .where("delivery_stops.id", "=", stopId)
      .executeTakeFirst();
    if (!route?.driver_id) throw new DriverActionError(DRIVER.notYourStop, 403);
    driverId = route.driver_id;
    day = route.day;
  } else await requireDriverStop(db, driverId, stopId);
  const manifest = await driverManifest(db, driverId, day);
  const found = manifest.routes.flatMap((r) => r.stops).find((s) => s.id === stopId);
  if (!found) throw new DriverActionError(DRIVER.notYourStop, 403);
  return found;
}

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
    }
    await trx
      .updateTable("delivery_sync_actions")
      .set({ result: JSON.stringify(result), applied_at: now })
      .where("key", "=", action.key)
      .execute();
  });
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

import type { Kysely } from "kysely";
import { storeToday } from "~/lib/business";
import {
  type CollectKind,
  type Manifest,
  type ManifestLine,
  type ManifestRoute,
  type ManifestStop,
  STOP_STATUSES,
  type StopStatus,
} from "~/lib/driver";

export type { CollectKind, Manifest, ManifestLine, ManifestRoute, ManifestStop };

import * as DRIVER from "~/lib/messages/driver";
import { TERMS_LABELS, type Terms } from "~/lib/receivables";
import type { DB } from "../db/schema";
import { findOrderMoney } from "../orders/money";
import { businessCredit } from "../receivables/settings";
import { DomainError } from "../runtime/domain-error";

/**
 * The driver's day (issue 40; decision 0070): the manifest of their own route for the store's
 * today, and the guard that a stop is theirs today. What the phone's actions do to orders and
 * receivables is composed in flows/driver-actions.ts.
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

export interface DriverStop {
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

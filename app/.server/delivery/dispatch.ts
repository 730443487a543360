import { type Kysely, sql, type Transaction } from "kysely";
import { type DispatchStatus, isRouteStatus, ROUTE_STATUS_LABELS, type RouteStatus, WAREHOUSE } from "~/lib/dispatch";
import * as DISPATCH_MESSAGES from "~/lib/messages/dispatch";
import { type Actor, recordAudit } from "../audit/log";
import { dialectOf } from "../db/connect";
import type { DB } from "../db/schema";
import { sqlNow } from "../db/time";
import { DomainError } from "../runtime/domain-error";
import { zipPoint } from "./zip-points";

type Db = Kysely<DB> | Transaction<DB>;

/**
 * Dispatch (issue 40): a day's delivery orders become stops on their zone's route for the day,
 * in an order the dispatcher sets (or has suggested by distance from the warehouse); a route gets
 * a driver and a vehicle, is loaded and goes out. A cancelled order's stop stays on its route, shown
 * as cancelled, and is never picked or loaded.
 */
export class DispatchError extends DomainError {}

const CANCELLED = "Cancelled";

export interface RouteSummary {
  id: number;
  zone: string;
  driver: string | null;
  vehicle: string | null;
  status: RouteStatus;
  stops: number;
  /** Units of its orders not cancelled. */
  units: number;
  cancelled: number;
}

export interface UnroutedOrder {
  id: number;
  businessName: string;
  zip: string;
  zone: string;
  status: string;
  units: number;
}

export interface DispatchDay {
  day: string;
  routes: RouteSummary[];
  unrouted: UnroutedOrder[];
}

/** Units of each order (the sum of its lines), as a subquery joined by order id. */
function orderUnits(db: Db) {
  return db
    .selectFrom("order_items")
    .select(["order_id", sql<number>`sum(quantity)`.as("units")])
    .groupBy("order_id")
    .as("u");
}

/** The day's routes with their counts, and its delivery orders (not cancelled) that are on no route. */
export async function dispatchDay(db: Db, day: string): Promise<DispatchDay> {
  const routes = await db
    .selectFrom("delivery_routes as r")
    .innerJoin("delivery_zones as z", "z.id", "r.zone_id")
    .leftJoin("users as d", "d.id", "r.driver_id")
    .leftJoin("vehicles as v", "v.id", "r.vehicle_id")
    .select(["r.id", "z.name as zone", "d.name as driver", "v.name as vehicle", "r.status"])
    .where("r.day", "=", day)
    .orderBy("z.name")
    .execute();
  const counts = routes.length
    ? await db
        .selectFrom("delivery_stops as s")
        .innerJoin("orders as o", "o.id", "s.order_id")
        .leftJoin(orderUnits(db), "u.order_id", "o.id")
        .select([
          "s.route_id",
          sql<number>`count(*)`.as("stops"),
          sql<number>`sum(case when o.status = ${CANCELLED} then 0 else coalesce(u.units, 0) end)`.as("units"),
          sql<number>`sum(case when o.status = ${CANCELLED} then 1 else 0 end)`.as("cancelled"),
        ])
        .where(
          "s.route_id",
          "in",
          routes.map((r) => r.id),
        )
        .groupBy("s.route_id")
        .execute()
    : [];
  const countOf = new Map(counts.map((c) => [c.route_id, c]));
  const unrouted = await db
    .selectFrom("orders as o")
    .innerJoin("delivery_zones as z", "z.id", "o.delivery_zone_id")
    .leftJoin(orderUnits(db), "u.order_id", "o.id")
    .select(["o.id", "o.ship_business_name", "o.ship_zip", "z.name as zone", "o.status", "u.units"])
    .where("o.delivery_date", "=", day)
    .where("o.status", "!=", CANCELLED)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom("delivery_stops as s").select("s.id").whereRef("s.order_id", "=", "o.id"))),
    )
    .orderBy("z.name")
    .orderBy("o.id")
    .execute();
  return {
    day,
    routes: routes.map((r) => {
      const c = countOf.get(r.id);
      return {
        id: r.id,
        zone: r.zone,
        driver: r.driver ?? null,
        vehicle: r.vehicle ?? null,
        status: isRouteStatus(r.status) ? r.status : "planned",
        stops: Number(c?.stops ?? 0),
        units: Number(c?.units ?? 0),
        cancelled: Number(c?.cancelled ?? 0),
      };
    }),
    unrouted: unrouted.map((o) => ({
      id: o.id,
      businessName: o.ship_business_name,
      zip: o.ship_zip,
      zone: o.zone,
      status: o.status,
      units: Number(o.units ?? 0),
    })),
  };
}

/**
 * Every order delivered on `day` in a zone (not cancelled) gets a stop on its zone's route for the
 * day: the route is made when missing, stops already made keep their place, new ones are appended
 * (by order number); a route already out (or done) takes none. Running it again adds nothing. One transaction; two dispatchers building at
 * once add each stop once (the stop's order is unique, the route's zone and day too).
 */
export async function buildRoutes(
  db: Kysely<DB>,
  day: string,
  actor: Actor,
): Promise<{ routes: number; stops: number; created: number }> {
  return db.transaction().execute(async (trx) => {
    const pending = await trx
      .selectFrom("orders as o")
      .select(["o.id", "o.delivery_zone_id"])
      .where("o.delivery_date", "=", day)
      .where("o.delivery_zone_id", "is not", null)
      .where("o.status", "!=", CANCELLED)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom("delivery_stops as s").select("s.id").whereRef("s.order_id", "=", "o.id"))),
      )
      .orderBy("o.id")
      .execute();
    const byZone = new Map<number, number[]>();
    for (const o of pending) {
      if (o.delivery_zone_id === null) continue;
      const list = byZone.get(o.delivery_zone_id) ?? [];
      list.push(o.id);
      byZone.set(o.delivery_zone_id, list);
    }
    const now = sqlNow(dialectOf(trx));
    let stops = 0;
    let created = 0;
    for (const [zoneId, orderIds] of [...byZone].sort((a, b) => a[0] - b[0])) {
      const made = await trx
        .insertInto("delivery_routes")
        .values({ zone_id: zoneId, day, status: "planned", created_at: now, updated_at: now })
        .onConflict((oc) => oc.columns(["zone_id", "day"]).doNothing())
        .returning("id")
        .executeTakeFirst();
      if (made) created++;
      const route = await lockRoute(trx, { zoneId, day });
      // A route that left (or is done) takes no new stop: its orders stay on no route, in view.
      if (route.status !== "planned" && route.status !== "loaded") continue;
      const last = await trx
        .selectFrom("delivery_stops")
        .select(sql<number | null>`max(position)`.as("p"))
        .where("route_id", "=", route.id)
        .executeTakeFirst();
      let position = Number(last?.p ?? 0);
      for (const orderId of orderIds) {
        const added = await trx
          .insertInto("delivery_stops")
          .values({ route_id: route.id, order_id: orderId, position: ++position, status: "pending", updated_at: now })
          .onConflict((oc) => oc.column("order_id").doNothing())
          .returning("id")
          .executeTakeFirst();
        if (added) stops++;
        else position--;
      }
    }
    if (stops > 0)
      await recordAudit(trx, actor, {
        action: "dispatch.build",
        subjectType: "delivery-day",
        subjectId: day,
        summary: `Routes of ${day} built: ${stops} stops added on ${byZone.size} routes (${created} new)`,
      });
    return { routes: byZone.size, stops, created };
  });
}

/** The route's row, held until the transaction ends (PostgreSQL; SQLite writes one at a time). */
async function lockRoute(trx: Transaction<DB>, which: { id: number } | { zoneId: number; day: string }) {
  let q = trx.selectFrom("delivery_routes").select(["id", "status", "driver_id", "vehicle_id", "day", "zone_id"]);
  q = "id" in which ? q.where("id", "=", which.id) : q.where("zone_id", "=", which.zoneId).where("day", "=", which.day);
  if (dialectOf(trx) === "postgres") q = q.forUpdate();
  const route = await q.executeTakeFirst();
  if (!route) throw new DispatchError(DISPATCH_MESSAGES.routeNotFound, { status: 404 });
  return route;
}

export interface RouteStop {
  id: number;
  position: number;
  orderId: number;
  orderStatus: string;
  cancelled: boolean;
  businessName: string;
  street: string;
  city: string;
  state: string;
  zip: string;
  units: number;
  status: string;
}

export interface RouteDetail {
  id: number;
  day: string;
  zone: string;
  status: RouteStatus;
  driverId: string | null;
  driver: string | null;
  vehicleId: number | null;
  vehicle: string | null;
  stops: RouteStop[];
}

async function routeStops(db: Db, routeId: number): Promise<RouteStop[]> {
  const rows = await db
    .selectFrom("delivery_stops as s")
    .innerJoin("orders as o", "o.id", "s.order_id")
    .leftJoin(orderUnits(db), "u.order_id", "o.id")
    .select([
      "s.id",
      "s.position",
      "s.order_id",
      "s.status",
      "o.status as order_status",
      "o.ship_business_name",
      "o.ship_street",
      "o.ship_city",
      "o.ship_state",
      "o.ship_zip",
      "u.units",
    ])
    .where("s.route_id", "=", routeId)
    .orderBy("s.position")
    .orderBy("s.id")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    position: r.position,
    orderId: r.order_id,
    orderStatus: r.order_status,
    cancelled: r.order_status === CANCELLED,
    businessName: r.ship_business_name,
    street: r.ship_street,
    city: r.ship_city,
    state: r.ship_state,
    zip: r.ship_zip,
    units: r.order_status === CANCELLED ? 0 : Number(r.units ?? 0),
    status: r.status,
  }));
}

export async function findRoute(db: Db, routeId: number): Promise<RouteDetail | null> {
  const route = await db
    .selectFrom("delivery_routes as r")
    .innerJoin("delivery_zones as z", "z.id", "r.zone_id")
    .leftJoin("users as d", "d.id", "r.driver_id")
    .leftJoin("vehicles as v", "v.id", "r.vehicle_id")
    .select([
      "r.id",
      "r.day",
      "r.status",
      "r.driver_id",
      "r.vehicle_id",
      "z.name as zone",
      "d.name as driver",
      "v.name as vehicle",
    ])
    .where("r.id", "=", routeId)
    .executeTakeFirst();
  if (!route) return null;
  return {
    id: route.id,
    day: route.day,
    zone: route.zone,
    status: isRouteStatus(route.status) ? route.status : "planned",
    driverId: route.driver_id,
    driver: route.driver ?? null,
    vehicleId: route.vehicle_id,
    vehicle: route.vehicle ?? null,
    stops: await routeStops(db, routeId),
  };
}

/** Writes the stops' positions 1..n in this order (only those that change). */
async function writePositions(trx: Transaction<DB>, stops: readonly { id: number; position: number }[]) {
  const now = sqlNow(dialectOf(trx));
  for (const [index, stop] of stops.entries()) {
    if (stop.position === index + 1) continue;
    await trx
      .updateTable("delivery_stops")
      .set({ position: index + 1, updated_at: now })
      .where("id", "=", stop.id)
      .execute();
  }
}

/** Stops are reordered only before the route leaves. */
function requireReorderable(status: string) {
  if (status !== "planned" && status !== "loaded")
    throw new DispatchError(DISPATCH_MESSAGES.routeLocked, { status: 409 });
}

/** Moves a stop one place up or down, or to a position (1 = first); the others keep their order. */
export async function moveStop(
  db: Kysely<DB>,
  routeId: number,
  stopId: number,
  to: "up" | "down" | number,
  actor: Actor,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const route = await lockRoute(trx, { id: routeId });
    requireReorderable(route.status);
    const stops = await trx
      .selectFrom("delivery_stops")
      .select(["id", "position"])
      .where("route_id", "=", routeId)
      .orderBy("position")
      .orderBy("id")
      .execute();
    const from = stops.findIndex((s) => s.id === stopId);
    const moving = stops[from];
    if (!moving) throw new DispatchError(DISPATCH_MESSAGES.stopNotFound, { status: 404 });
    const target = to === "up" ? from - 1 : to === "down" ? from + 1 : to - 1;
    if (typeof to === "number" && (target < 0 || target >= stops.length))
      throw new DispatchError(DISPATCH_MESSAGES.positionInvalid, { field: "position" });
    const index = Math.max(0, Math.min(stops.length - 1, target));
    if (index === from) return;
    stops.splice(from, 1);
    stops.splice(index, 0, moving);
    await writePositions(trx, stops);
    await recordAudit(trx, actor, {
      action: "dispatch.move-stop",
      subjectType: "delivery-route",
      subjectId: routeId,
      summary: `Route ${routeId}: stop ${stopId} moved from ${from + 1} to ${index + 1}`,
    });
  });
}

/** Great-circle distance in km between two points in degrees. */
function km(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 12_742 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The order to drive the stops in, by their ZIP codes' centroids (decision 0069): nearest neighbor
 * from the warehouse, each next stop the nearest to the last; stops at one ZIP by street. Stops whose
 * ZIP is unknown come after, by street, and cancelled orders' stops last. Pure, for the tests.
 */
export function nearestNeighbourOrder<S extends { id: number; zip: string; street: string; cancelled: boolean }>(
  stops: readonly S[],
  pointOf: (zip: string) => { lat: number; lng: number } | null,
  start: { lat: number; lng: number },
): S[] {
  const byStreet = (a: S, b: S) => a.street.localeCompare(b.street) || a.id - b.id;
  const live = stops.filter((s) => !s.cancelled);
  const known = live.flatMap((s) => {
    const point = pointOf(s.zip);
    return point ? [{ stop: s, point }] : [];
  });
  const unknown = live.filter((s) => pointOf(s.zip) === null).sort(byStreet);
  const ordered: S[] = [];
  let here = start;
  const left = [...known];
  while (left.length) {
    let best = 0;
    let bestKm = Number.POSITIVE_INFINITY;
    for (const [i, c] of left.entries()) {
      const d = km(here, c.point);
      const current = left[best];
      if (d < bestKm - 1e-9 || (Math.abs(d - bestKm) <= 1e-9 && current && byStreet(c.stop, current.stop) < 0)) {
        best = i;
        bestKm = d;
      }
    }
    const [next] = left.splice(best, 1);
    if (!next) break;
    ordered.push(next.stop);
    here = next.point;
  }
  return [...ordered, ...unknown, ...stops.filter((s) => s.cancelled).sort(byStreet)];
}

/** Orders the route's stops by distance from the warehouse (nearest neighbor over ZIP centroids). */
export async function suggestStopOrder(db: Kysely<DB>, routeId: number, actor: Actor): Promise<void> {
  const warehouse = await zipPoint(WAREHOUSE.zip);
  if (!warehouse) throw new Error(`The warehouse's ZIP ${WAREHOUSE.zip} has no coordinates`);
  const stops = await routeStops(db, routeId);
  const points = new Map<string, { lat: number; lng: number } | null>();
  for (const s of stops) if (!points.has(s.zip)) points.set(s.zip, await zipPoint(s.zip));
  const ordered = nearestNeighbourOrder(stops, (zip) => points.get(zip) ?? null, warehouse);
  await db.transaction().execute(async (trx) => {
    const route = await lockRoute(trx, { id: routeId });
    requireReorderable(route.status);
    // Stops added or removed meanwhile: order what is there now (the new ones after).
    const now = await trx
      .selectFrom("delivery_stops")
      .select(["id", "position"])
      .where("route_id", "=", routeId)
      .execute();
    const rank = new Map(ordered.map((s, i) => [s.id, i]));
    now.sort((a, b) => (rank.get(a.id) ?? 1e9) - (rank.get(b.id) ?? 1e9) || a.position - b.position);
    await writePositions(trx, now);
    await recordAudit(trx, actor, {
      action: "dispatch.suggest-order",
      subjectType: "delivery-route",
      subjectId: routeId,
      summary: `Route ${routeId}: ${now.length} stops ordered by distance from the warehouse`,
    });
  });
}

export interface Option {
  value: string;
  label: string;
}

/** The drivers a route may get: users whose role is driver and whose account is in use. */
export async function listDriverOptions(db: Db): Promise<Option[]> {
  const rows = await db
    .selectFrom("users")
    .select(["id", "name", "email"])
    .where("role", "=", "driver")
    .where("disabled_at", "is", null)
    .orderBy("name")
    .execute();
  return rows.map((r) => ({ value: r.id, label: r.name || r.email }));
}

/**
 * Gives the route its driver and vehicle (either may be none while it is planned): a driver is a
 * user whose role is driver, a vehicle an active one. A loaded route keeps both; one that left keeps them as they are.
 */
export async function assignRoute(
  db: Kysely<DB>,
  routeId: number,
  input: { driverId: string | null; vehicleId: number | null },
  actor: Actor,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const route = await lockRoute(trx, { id: routeId });
    if (route.status !== "planned" && route.status !== "loaded")
      throw new DispatchError(DISPATCH_MESSAGES.routeStarted, { status: 409 });
    if (input.driverId !== null) {
      const driver = await trx
        .selectFrom("users")
        .select("id")
        .where("id", "=", input.driverId)
        .where("role", "=", "driver")
        .where("disabled_at", "is", null)
        .executeTakeFirst();
      if (!driver) throw new DispatchError(DISPATCH_MESSAGES.driverNotFound, { field: "driverId" });
    }
    if (input.vehicleId !== null && input.vehicleId !== route.vehicle_id) {
      const vehicle = await trx
        .selectFrom("vehicles")
        .select("id")
        .where("id", "=", input.vehicleId)
        .where("active", "=", 1)
        .executeTakeFirst();
      if (!vehicle) throw new DispatchError(DISPATCH_MESSAGES.vehicleNotAvailable, { field: "vehicleId" });
    }
    if (route.status === "loaded" && (input.driverId === null || input.vehicleId === null))
      throw new DispatchError(DISPATCH_MESSAGES.loadNeedsCrew);
    await trx
      .updateTable("delivery_routes")
      .set({ driver_id: input.driverId, vehicle_id: input.vehicleId, updated_at: sqlNow(dialectOf(trx)) })
      .where("id", "=", routeId)
      .execute();
    await recordAudit(trx, actor, {
      action: "dispatch.assign",
      subjectType: "delivery-route",
      subjectId: routeId,
      summary: `Route ${routeId}: driver and vehicle set`,
      before: { driverId: route.driver_id, vehicleId: route.vehicle_id },
      after: input,
    });
  });
}

/** The moves the dispatcher makes: planned → loaded → out, and a loaded route back to planned. */
const MOVES: Record<DispatchStatus, readonly string[]> = {
  planned: ["loaded"],
  loaded: ["planned", "out"],
  out: [],
};

export async function setRouteStatus(
  db: Kysely<DB>,
  routeId: number,
  next: DispatchStatus,
  actor: Actor,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const route = await lockRoute(trx, { id: routeId });
    const from = isRouteStatus(route.status) ? route.status : "planned";
    const allowed = (MOVES as Record<string, readonly string[] | undefined>)[from] ?? [];
    if (!allowed.includes(next))
      throw new DispatchError(
        DISPATCH_MESSAGES.statusNotAllowed(ROUTE_STATUS_LABELS[from], ROUTE_STATUS_LABELS[next]),
        {
          status: 409,
        },
      );
    if (next === "loaded" && (route.driver_id === null || route.vehicle_id === null))
      throw new DispatchError(DISPATCH_MESSAGES.loadNeedsCrew);
    await trx
      .updateTable("delivery_routes")
      .set({ status: next, updated_at: sqlNow(dialectOf(trx)) })
      .where("id", "=", routeId)
      .execute();
    await recordAudit(trx, actor, {
      action: "dispatch.status",
      subjectType: "delivery-route",
      subjectId: routeId,
      summary: `Route ${routeId} of ${route.day}: ${from} → ${next}`,
    });
  });
}

export interface PickLine {
  bin: string | null;
  sku: string;
  name: string;
  units: number;
  casePack: number;
  cases: number;
  loose: number;
  lots: string[];
}

/**
 * What to take from the shelves for a route: its orders' lines (cancelled orders left out) combined
 * by product, with whole cases and loose units by the product's case pack and the lots allocated to
 * them, by bin (no bin last) then SKU.
 */
export async function pickList(db: Db, routeId: number): Promise<PickLine[]> {
  const live = db
    .selectFrom("delivery_stops as s")
    .innerJoin("orders as o", "o.id", "s.order_id")
    .select("o.id")
    .where("s.route_id", "=", routeId)
    .where("o.status", "!=", CANCELLED);
  const lines = await db
    .selectFrom("order_items as i")
    .leftJoin("products as p", "p.id", "i.product_id")
    .select([
      "i.product_id",
      "i.sku",
      sql<string>`max(coalesce(p.name, i.name))`.as("name"),
      sql<string | null>`max(p.bin)`.as("bin"),
      sql<number>`max(coalesce(p.case_pack, 1))`.as("case_pack"),
      sql<number>`sum(i.quantity)`.as("units"),
    ])
    .where("i.order_id", "in", live)
    .groupBy(["i.product_id", "i.sku"])
    .execute();
  const lots = await db
    .selectFrom("order_lots as ol")
    .innerJoin("lots as l", "l.id", "ol.lot_id")
    .select(["ol.product_id", "l.code"])
    .where("ol.order_id", "in", live)
    .groupBy(["ol.product_id", "l.code"])
    .orderBy("l.code")
    .execute();
  const lotsOf = new Map<number, string[]>();
  for (const l of lots) lotsOf.set(l.product_id, [...(lotsOf.get(l.product_id) ?? []), l.code]);
  const out = lines.map((l) => {
    const units = Number(l.units);
    const casePack = Math.max(1, Number(l.case_pack));
    return {
      bin: l.bin || null,
      sku: l.sku,
      name: l.name,
      units,
      casePack,
      cases: casePack > 1 ? Math.floor(units / casePack) : 0,
      loose: casePack > 1 ? units % casePack : units,
      lots: l.product_id === null ? [] : (lotsOf.get(l.product_id) ?? []),
    };
  });
  return out.sort(
    (a, b) =>
      (a.bin === null ? 1 : 0) - (b.bin === null ? 1 : 0) ||
      (a.bin ?? "").localeCompare(b.bin ?? "", "en", { numeric: true }) ||
      a.sku.localeCompare(b.sku),
  );
}

export interface LoadingLine {
  position: number;
  orderId: number;
  businessName: string;
  address: string;
  units: number;
}

/** The route's stops in the order they go on the truck: the last delivered first (cancelled ones left out). */
export async function loadingList(db: Db, routeId: number): Promise<LoadingLine[]> {
  const stops = await routeStops(db, routeId);
  return stops
    .filter((s) => !s.cancelled)
    .reverse()
    .map((s) => ({
      position: s.position,
      orderId: s.orderId,
      businessName: s.businessName,
      address: `${s.street}, ${s.city}, ${s.state} ${s.zip}`,
      units: s.units,
    }));
}

export interface VehicleRow {
  id: number;
  name: string;
  plate: string;
  active: boolean;
}

export class VehicleError extends DomainError {}

export async function listVehicles(db: Db): Promise<VehicleRow[]> {
  const rows = await db
    .selectFrom("vehicles")
    .select(["id", "name", "plate", "active"])
    .orderBy("active", "desc")
    .orderBy("name")
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, plate: r.plate, active: r.active === 1 }));
}

export async function addVehicle(
  db: Kysely<DB>,
  input: { name: string; plate: string },
  actor: Actor,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto("vehicles")
      .values({ name: input.name, plate: input.plate, active: 1 })
      .returning("id")
      .executeTakeFirstOrThrow();
    await recordAudit(trx, actor, {
      action: "vehicle.create",
      subjectType: "vehicle",
      subjectId: row.id,
      summary: `Vehicle ${input.name} added`,
      after: input,
    });
    return row.id;
  });
}

/** Renames a vehicle, or changes its plate or whether it is active (an inactive one gets no new route). */
export async function updateVehicle(
  db: Kysely<DB>,
  id: number,
  input: { name?: string; plate?: string; active?: boolean },
  actor: Actor,
): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom("vehicles")
      .select(["name", "plate", "active"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!before) throw new VehicleError(DISPATCH_MESSAGES.vehicleNotFound, { status: 404 });
    const next = {
      name: input.name ?? before.name,
      plate: input.plate ?? before.plate,
      active: input.active === undefined ? before.active : input.active ? 1 : 0,
    };
    await trx.updateTable("vehicles").set(next).where("id", "=", id).execute();
    await recordAudit(trx, actor, {
      action: "vehicle.update",
      subjectType: "vehicle",
      subjectId: id,
      summary: `Vehicle ${next.name} saved`,
      before,
      after: next,
    });
    return next.name;
  });
}

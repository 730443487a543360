import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as DISPATCH_MESSAGES from "~/lib/messages/dispatch";
import { TEST_ADMIN } from "../../../tests/support/actors";
import { customerWithAddress } from "../../../tests/support/customers";
import { setupTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { insertProduct } from "../catalog/product-writes";
import { changeOrderStatus } from "../flows/order-life";
import { placeOrder } from "../flows/place-order";
import {
  addVehicle,
  assignRoute,
  buildRoutes,
  dispatchDay,
  findRoute,
  listDriverOptions,
  listVehicles,
  loadingList,
  moveStop,
  nearestNeighbourOrder,
  pickList,
  setRouteStatus,
  suggestStopOrder,
  updateVehicle,
} from "./dispatch";
import { zipPoint } from "./zip-points";

const ON = process.env.DATABASE_URL ? "PostgreSQL" : "SQLite";
const DAY = "2026-12-03";
let t: TestDatabase;
let n = 0;
let zoneA: number;
let zoneB: number;

async function zone(name: string): Promise<number> {
  const now = new Date().toISOString();
  const row = await t.db
    .insertInto("delivery_zones")
    .values({ name, name_key: name.toLowerCase(), route_days: "1,2,3,4,5", created_at: now, updated_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

async function product(extra: { bin?: string | null; casePack?: number } = {}) {
  const sku = `DSP-${++n}`;
  const id = await insertProduct(
    t.db,
    { sku, name: `Delivered ${n}`, description: "", priceCents: 1000, stock: 10_000, category: "novelty" },
    [],
  );
  await t.db
    .updateTable("products")
    .set({ bin: extra.bin ?? null })
    .where("id", "=", id)
    .execute();
  return { id, sku, casePack: extra.casePack ?? 1 };
}

/** An order by a new buyer at this address, delivered on `day` in `zoneId` (the checkout's columns set by hand). */
async function deliveryOrder(
  lines: { id: number; quantity: number }[],
  where: { zip: string; street: string; zoneId: number | null; day?: string | null; business?: string },
) {
  const email = `dispatch-${++n}@shop.test`;
  const buyer = await customerWithAddress(t.db, email, {
    businessName: where.business ?? `Shop ${n}`,
    street: where.street,
    zip: where.zip,
  });
  const { order } = await placeOrder(t.db, {
    userId: buyer.id,
    idempotencyKey: crypto.randomUUID(),
    addressId: buyer.addressId,
    lines,
  });
  await t.db
    .updateTable("orders")
    .set({ delivery_date: where.day === undefined ? DAY : where.day, delivery_zone_id: where.zoneId })
    .where("id", "=", order.id)
    .execute();
  return order.id;
}

async function routeOf(zoneId: number, day = DAY) {
  return (
    await t.db
      .selectFrom("delivery_routes")
      .select("id")
      .where("zone_id", "=", zoneId)
      .where("day", "=", day)
      .executeTakeFirstOrThrow()
  ).id;
}

async function orderIdsOn(routeId: number) {
  return (await findRoute(t.db, routeId))?.stops.map((s) => s.orderId) ?? [];
}

async function driver(email: string) {
  const { id } = await customerWithAddress(t.db, email, { name: `Driver ${email}` });
  await t.db.updateTable("users").set({ role: "driver" }).where("id", "=", id).execute();
  return id;
}

beforeAll(async () => {
  t = await setupTestDatabase();
  zoneA = await zone("Dallas Core");
  zoneB = await zone("Fort Worth");
});

afterAll(async () => {
  await t.cleanup();
});

describe(`dispatch on ${ON}`, () => {
  let p1: { id: number; sku: string };
  let p2: { id: number; sku: string };
  let orders: number[];

  it("builds one route per zone of the day's delivery orders, idempotently, keeping stops and their order", async () => {
    p1 = await product({ bin: "B-10" });
    p2 = await product({ bin: "A-02" });
    orders = [
      await deliveryOrder([{ id: p1.id, quantity: 4 }], { zip: "75201", street: "10 Elm St", zoneId: zoneA }),
      await deliveryOrder([{ id: p2.id, quantity: 2 }], { zip: "76102", street: "5 Main St", zoneId: zoneB }),
      await deliveryOrder(
        [
          { id: p1.id, quantity: 3 },
          { id: p2.id, quantity: 1 },
        ],
        { zip: "75226", street: "2 Deep Ellum", zoneId: zoneA },
      ),
    ];
    // Not on the day's routes: shipped by carrier, another day.
    await deliveryOrder([{ id: p1.id, quantity: 1 }], { zip: "75201", street: "1 Main St", zoneId: null, day: null });
    await deliveryOrder([{ id: p1.id, quantity: 1 }], {
      zip: "75201",
      street: "1 Main St",
      zoneId: zoneA,
      day: "2026-12-04",
    });

    const before = await dispatchDay(t.db, DAY);
    expect(before.routes).toEqual([]);
    expect(before.unrouted.map((o) => o.id)).toEqual([orders[0], orders[2], orders[1]]);

    expect(await buildRoutes(t.db, DAY, TEST_ADMIN)).toEqual({ routes: 2, stops: 3, created: 2 });
    const a = await routeOf(zoneA);
    const b = await routeOf(zoneB);
    expect(await orderIdsOn(a)).toEqual([orders[0], orders[2]]);
    expect(await orderIdsOn(b)).toEqual([orders[1]]);

    // Reordered by hand, then built again with one new order: nothing doubled, the order kept, the new one last.
    await moveStop(t.db, a, (await findRoute(t.db, a))?.stops[1]?.id ?? 0, "up", TEST_ADMIN);
    const late = await deliveryOrder([{ id: p2.id, quantity: 5 }], { zip: "75207", street: "9 Irving", zoneId: zoneA });
    expect(await buildRoutes(t.db, DAY, TEST_ADMIN)).toEqual({ routes: 1, stops: 1, created: 0 });
    expect(await buildRoutes(t.db, DAY, TEST_ADMIN)).toEqual({ routes: 0, stops: 0, created: 0 });
    expect(await orderIdsOn(a)).toEqual([orders[2], orders[0], late]);
    orders.push(late);

    const day = await dispatchDay(t.db, DAY);
    expect(day.unrouted).toEqual([]);
    expect(day.routes.map((r) => [r.zone, r.stops, r.units, r.status])).toEqual([
      ["Dallas Core", 3, 4 + 3 + 1 + 5, "planned"],
      ["Fort Worth", 1, 2, "planned"],
    ]);
    const audit = await t.db.selectFrom("audit_log").select("action").where("action", "=", "dispatch.build").execute();
    expect(audit).toHaveLength(2);
  });

  it("moves a stop up, down and to a position, and refuses a position off the route", async () => {
    const a = await routeOf(zoneA);
    const [first, second, third] = (await findRoute(t.db, a))?.stops ?? [];
    if (!first || !second || !third) throw new Error("three stops expected");
    await moveStop(t.db, a, first.id, "down", TEST_ADMIN);
    expect(await orderIdsOn(a)).toEqual([second.orderId, first.orderId, third.orderId]);
    await moveStop(t.db, a, third.id, 1, TEST_ADMIN);
    expect(await orderIdsOn(a)).toEqual([third.orderId, second.orderId, first.orderId]);
    // Up from the top stays first.
    await moveStop(t.db, a, third.id, "up", TEST_ADMIN);
    expect(await orderIdsOn(a)).toEqual([third.orderId, second.orderId, first.orderId]);
    await expect(moveStop(t.db, a, third.id, 4, TEST_ADMIN)).rejects.toThrow(DISPATCH_MESSAGES.positionInvalid);
    expect((await findRoute(t.db, a))?.stops.map((s) => s.position)).toEqual([1, 2, 3]);
  });

  it("suggests stop order by distance from the warehouse: nearest neighbor over ZIP centroids, unknown ZIPs last by street", async () => {
    const c = await zone("Suggested");
    const far = await deliveryOrder([{ id: p1.id, quantity: 1 }], { zip: "75069", street: "McKinney", zoneId: c });
    const near = await deliveryOrder([{ id: p1.id, quantity: 1 }], { zip: "75207", street: "Irving", zoneId: c });
    const unknownB = await deliveryOrder([{ id: p1.id, quantity: 1 }], { zip: "75003", street: "B Street", zoneId: c });
    const mid = await deliveryOrder([{ id: p1.id, quantity: 1 }], { zip: "75201", street: "Downtown", zoneId: c });
    const unknownA = await deliveryOrder([{ id: p1.id, quantity: 1 }], { zip: "75004", street: "A Street", zoneId: c });
    const plano = await deliveryOrder([{ id: p1.id, quantity: 1 }], { zip: "75024", street: "Plano", zoneId: c });
    await buildRoutes(t.db, DAY, TEST_ADMIN);
    const route = await routeOf(c);
    await suggestStopOrder(t.db, route, TEST_ADMIN);
    // 75003 and 75004 are ZIPs the table does not have. 75207 (the warehouse's own ZIP), downtown 75201, north to Plano 75024, on to McKinney 75069.
    expect(await orderIdsOn(route)).toEqual([near, mid, plano, far, unknownA, unknownB]);
    expect((await findRoute(t.db, route))?.stops.map((s) => s.position)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it("knows ZIP centroids from the package and nothing for what is not a ZIP", async () => {
    const warehouse = await zipPoint("75207");
    expect(warehouse?.lat).toBeCloseTo(32.79, 1);
    expect(warehouse?.lng).toBeCloseTo(-96.83, 1);
    expect(await zipPoint("75207-1234")).toEqual(warehouse);
    expect(await zipPoint("00000")).toBeNull();
    expect(await zipPoint("7520")).toBeNull();
    const ordered = nearestNeighbourOrder(
      [
        { id: 1, zip: "x", street: "b", cancelled: false },
        { id: 2, zip: "far", street: "a", cancelled: false },
        { id: 3, zip: "near", street: "z", cancelled: true },
        { id: 4, zip: "near", street: "c", cancelled: false },
      ],
      (zip) => ({ near: { lat: 0, lng: 0.1 }, far: { lat: 0, lng: 1 } })[zip] ?? null,
      { lat: 0, lng: 0 },
    );
    expect(ordered.map((s) => s.id)).toEqual([4, 2, 1, 3]);
  });

  it("assigns only drivers and active vehicles; loads only a route with both; goes out after loading", async () => {
    const a = await routeOf(zoneA);
    const driverId = await driver("driver-1@store.test");
    const { id: customerId } = await customerWithAddress(t.db, "not-a-driver@shop.test");
    const truck = await addVehicle(t.db, { name: "Truck 1", plate: "TX-1" }, TEST_ADMIN);
    const old = await addVehicle(t.db, { name: "Old van", plate: "" }, TEST_ADMIN);
    await updateVehicle(t.db, old, { active: false }, TEST_ADMIN);
    await updateVehicle(t.db, truck, { name: "Truck One" }, TEST_ADMIN);
    expect((await listVehicles(t.db)).map((v) => [v.name, v.plate, v.active])).toEqual([
      ["Truck One", "TX-1", true],
      ["Old van", "", false],
    ]);
    expect((await listDriverOptions(t.db)).map((d) => d.value)).toEqual([driverId]);

    await expect(setRouteStatus(t.db, a, "loaded", TEST_ADMIN)).rejects.toThrow(DISPATCH_MESSAGES.loadNeedsCrew);
    await expect(setRouteStatus(t.db, a, "out", TEST_ADMIN)).rejects.toThrow("cannot go from Planned");
    await expect(assignRoute(t.db, a, { driverId: customerId, vehicleId: truck }, TEST_ADMIN)).rejects.toThrow(
      DISPATCH_MESSAGES.driverNotFound,
    );
    await expect(assignRoute(t.db, a, { driverId, vehicleId: old }, TEST_ADMIN)).rejects.toThrow(
      DISPATCH_MESSAGES.vehicleNotAvailable,
    );
    await assignRoute(t.db, a, { driverId: null, vehicleId: truck }, TEST_ADMIN);
    await expect(setRouteStatus(t.db, a, "loaded", TEST_ADMIN)).rejects.toThrow(DISPATCH_MESSAGES.loadNeedsCrew);
    await assignRoute(t.db, a, { driverId, vehicleId: truck }, TEST_ADMIN);
    await setRouteStatus(t.db, a, "loaded", TEST_ADMIN);
    await expect(assignRoute(t.db, a, { driverId: null, vehicleId: truck }, TEST_ADMIN)).rejects.toThrow(
      DISPATCH_MESSAGES.loadNeedsCrew,
    );
    await setRouteStatus(t.db, a, "out", TEST_ADMIN);
    const route = await findRoute(t.db, a);
    expect([route?.status, route?.driver, route?.vehicle]).toEqual(["out", "Driver driver-1@store.test", "Truck One"]);
    // Once out: no reordering, no other crew, no going back.
    await expect(moveStop(t.db, a, route?.stops[0]?.id ?? 0, "down", TEST_ADMIN)).rejects.toThrow(
      DISPATCH_MESSAGES.routeLocked,
    );
    await expect(assignRoute(t.db, a, { driverId, vehicleId: truck }, TEST_ADMIN)).rejects.toThrow(
      DISPATCH_MESSAGES.routeStarted,
    );
    await expect(setRouteStatus(t.db, a, "planned", TEST_ADMIN)).rejects.toThrow("cannot go from Out for delivery");
    // An order for a route that has left stays on no route.
    const tooLate = await deliveryOrder([{ id: p1.id, quantity: 1 }], {
      zip: "75201",
      street: "Late St",
      zoneId: zoneA,
    });
    await buildRoutes(t.db, DAY, TEST_ADMIN);
    expect(await orderIdsOn(a)).not.toContain(tooLate);
    expect((await dispatchDay(t.db, DAY)).unrouted.map((o) => o.id)).toEqual([tooLate]);
    await t.db
      .updateTable("orders")
      .set({ delivery_date: null, delivery_zone_id: null })
      .where("id", "=", tooLate)
      .execute();
    const actions = await t.db
      .selectFrom("audit_log")
      .select("action")
      .where("subject_type", "=", "delivery-route")
      .where("subject_id", "=", String(a))
      .execute();
    expect(actions.map((x) => x.action)).toEqual(expect.arrayContaining(["dispatch.assign", "dispatch.status"]));
  });

  it("picks by product with cases, loose units and lots, by bin; loads in reverse stop order; leaves cancelled orders out", async () => {
    const d = await zone("Pick zone");
    const cased = await product({ bin: "C-01" });
    const noBin = await product({ bin: null });
    const early = await product({ bin: "A-9" });
    const late = await product({ bin: "A-10" });
    const first = await deliveryOrder(
      [
        { id: cased.id, quantity: 8 },
        { id: noBin.id, quantity: 1 },
        { id: late.id, quantity: 2 },
      ],
      { zip: "75201", street: "1 First St", zoneId: d, business: "First Mart" },
    );
    const second = await deliveryOrder(
      [
        { id: cased.id, quantity: 7 },
        { id: early.id, quantity: 3 },
      ],
      { zip: "75226", street: "2 Second St", zoneId: d, business: "Second Mart" },
    );
    const cancelled = await deliveryOrder([{ id: cased.id, quantity: 100 }], {
      zip: "75226",
      street: "3 Third St",
      zoneId: d,
      business: "Gone Mart",
    });
    // Cases of 6, set once the orders are placed (the orders here are not whole cases).
    await t.db.updateTable("products").set({ case_pack: 6 }).where("id", "=", cased.id).execute();
    const now = new Date().toISOString();
    const lot = async (code: string) =>
      (
        await t.db
          .insertInto("lots")
          .values({
            code,
            code_key: code.toLowerCase(),
            product_id: cased.id,
            name: "Delivered",
            sku: cased.sku,
            supplier_id: null,
            purchase_order_line_id: null,
            expires_on: null,
            batch_date: null,
            unit_cost_cents: 100,
            quantity_received: 0,
            on_hand: 0,
            lab_report_key: null,
            lab_report_type: null,
            lab_report_size: null,
            delta9_ug: null,
            thca_ug: null,
            received_at: now,
            received_by: null,
            updated_at: now,
          })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
    const lotA = await lot(`LOT-A-${ON}`);
    const lotB = await lot(`LOT-B-${ON}`);
    const lotC = await lot(`LOT-C-${ON}`);
    await t.db
      .insertInto("order_lots")
      .values([
        { order_id: first, product_id: cased.id, lot_id: lotB, quantity: 8 },
        { order_id: second, product_id: cased.id, lot_id: lotA, quantity: 7 },
        { order_id: cancelled, product_id: cased.id, lot_id: lotC, quantity: 100 },
      ])
      .execute();
    await buildRoutes(t.db, DAY, TEST_ADMIN);
    await changeOrderStatus(t.db, cancelled, { seen: "Processing", next: "Cancelled" }, TEST_ADMIN);
    const route = await routeOf(d);

    const pick = await pickList(t.db, route);
    expect(pick.map((l) => [l.bin, l.sku, l.units, l.cases, l.loose, l.lots])).toEqual([
      ["A-9", early.sku, 3, 0, 3, []],
      ["A-10", late.sku, 2, 0, 2, []],
      ["C-01", cased.sku, 15, 2, 3, [`LOT-A-${ON}`, `LOT-B-${ON}`]],
      [null, noBin.sku, 1, 0, 1, []],
    ]);

    const detail = await findRoute(t.db, route);
    expect(detail?.stops.map((s) => [s.orderId, s.cancelled, s.units])).toEqual([
      [first, false, 11],
      [second, false, 10],
      [cancelled, true, 0],
    ]);
    const load = await loadingList(t.db, route);
    expect(load.map((l) => [l.orderId, l.businessName, l.address, l.units])).toEqual([
      [second, "Second Mart", "2 Second St, Dallas, TX 75226", 10],
      [first, "First Mart", "1 First St, Dallas, TX 75201", 11],
    ]);
    const summary = (await dispatchDay(t.db, DAY)).routes.find((r) => r.id === route);
    expect([summary?.stops, summary?.units, summary?.cancelled]).toEqual([3, 21, 1]);
    // A cancelled order is not built onto a route.
    const other = await zone("Cancelled only");
    const gone = await deliveryOrder([{ id: cased.id, quantity: 6 }], { zip: "75201", street: "x", zoneId: other });
    await changeOrderStatus(t.db, gone, { seen: "Processing", next: "Cancelled" }, TEST_ADMIN);
    await buildRoutes(t.db, DAY, TEST_ADMIN);
    expect((await dispatchDay(t.db, DAY)).routes.some((r) => r.zone === "Cancelled only")).toBe(false);
  });
});

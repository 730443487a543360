import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, storeToday } from "~/lib/business";
import type { DriverAction } from "~/lib/driver";
import * as DRIVER from "~/lib/messages/driver";
import { TEST_ADMIN } from "../../../tests/support/actors";
import { customerWithAddress } from "../../../tests/support/customers";
import { driverUser, routeWithStops, TINY_PNG } from "../../../tests/support/delivery";
import { setupTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { saveBusiness } from "../business/profile";
import { insertProduct } from "../catalog/product-writes";
import { applyDriverAction } from "../flows/driver-actions";
import { changeOrderStatus } from "../flows/order-life";
import { placeOrder } from "../flows/place-order";
import { creditPosition } from "../receivables/credit";
import { setBusinessCredit } from "../receivables/settings";
import { type Driver, DriverActionError, driverManifest } from "./driver";
import { deliveryProofFor } from "./proof";
import { SettlementError, settlementDay, settleRoute } from "./settlement";

/**
 * The driver's day (issue 40), on the database the run is on: the manifest, each stop action
 * applied once whatever the replays, a stop on someone else's route refused, a cancelled order
 * not deliverable, a partial delivery lowering the order through its own flow, a collection
 * becoming a receivables payment (credit on account beyond what is open).
 */
const ON = process.env.DATABASE_URL ? "PostgreSQL" : "SQLite";
let t: TestDatabase;
let keys = 0;
let driver: Driver;
let otherDriver: Driver;
let productA: number;
let productB: number;

async function business(email: string, terms: "cod" | "net30" | "prepaid") {
  const { id, addressId } = await customerWithAddress(t.db, email, {
    businessName: `${email} Mart`,
    phone: "(214) 555-0100",
  });
  await saveBusiness(
    t.db,
    id,
    { legalName: `${email} LLC`, dba: null, businessType: "convenience-store", taxPermit: null },
    { id, name: email },
  );
  await setBusinessCredit(t.db, id, { terms, creditLimitCents: null }, TEST_ADMIN);
  return { id, addressId };
}

async function order(b: { id: string; addressId: string }, lines = [{ id: productA, quantity: 4 }]) {
  const { order } = await placeOrder(t.db, {
    userId: b.id,
    orderLimitCents: null,
    idempotencyKey: `driver-order-${++keys}`,
    addressId: b.addressId,
    lines,
  });
  return order;
}

const key = () => `key-${crypto.randomUUID()}`;
const at = () => new Date().toISOString();
const proof = (receiverName = "Pat Receiver") => ({ receiverName, signature: TINY_PNG, at: at() });

async function orderRow(id: number) {
  return t.db
    .selectFrom("orders")
    .select(["status", "total_cents", "goods_cents"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
}

async function invoicesOf(orderId: number) {
  return t.db.selectFrom("invoices").select(["kind", "total_cents"]).where("order_id", "=", orderId).execute();
}

beforeAll(async () => {
  t = await setupTestDatabase();
  driver = await driverUser(t.db, "driver-one@test.invalid");
  otherDriver = await driverUser(t.db, "driver-two@test.invalid");
  productA = await insertProduct(
    t.db,
    { sku: "DRV-A", name: "Product A", description: "", priceCents: 1250, stock: 1000, category: "accessories" },
    [],
  );
  productB = await insertProduct(
    t.db,
    { sku: "DRV-B", name: "Product B", description: "", priceCents: 300, stock: 1000, category: "accessories" },
    [],
  );
}, 60_000);

afterAll(async () => {
  await t?.cleanup();
});

describe(`the driver's manifest (${ON})`, () => {
  it("lists the driver's own stops for today in order, with what to hand over and collect", async () => {
    const cod = await business("manifest-cod@test.invalid", "cod");
    const net = await business("manifest-net@test.invalid", "net30");
    const first = await order(net);
    const second = await order(cod, [
      { id: productA, quantity: 2 },
      { id: productB, quantity: 3 },
    ]);
    const cancelled = await order(net);
    await changeOrderStatus(t.db, cancelled.id, { seen: "Processing", next: "Cancelled" }, TEST_ADMIN);
    await routeWithStops(t.db, { driverId: driver.id, orderIds: [second.id, first.id, cancelled.id] });
    // Someone else's route today, and the driver's own route tomorrow: neither is listed.
    const elsewhere = await order(cod);
    await routeWithStops(t.db, { driverId: otherDriver.id, orderIds: [elsewhere.id] });
    const tomorrow = await order(cod);
    await routeWithStops(t.db, { driverId: driver.id, orderIds: [tomorrow.id], day: addDays(storeToday(), 1) });

    const manifest = await driverManifest(t.db, driver.id);
    expect(manifest.day).toBe(storeToday());
    const stops = manifest.routes.flatMap((r) => r.stops);
    expect(stops.map((s) => s.orderId)).toEqual([second.id, first.id, cancelled.id]);
    const [s1, s2, s3] = stops;
    expect(s1?.businessName).toBe("manifest-cod@test.invalid Mart");
    expect(s1?.phone).toBe("(214) 555-0100");
    expect(s1?.lines.map((l) => [l.sku, l.quantity])).toEqual([
      ["DRV-A", 2],
      ["DRV-B", 3],
    ]);
    expect(s1?.collect).toEqual({ kind: "cod", terms: "COD", dueCents: (await orderRow(second.id)).total_cents });
    expect(s2?.collect.kind).toBe("terms");
    expect(s2?.collect.dueCents).toBe(0);
    expect(s3?.cancelled).toBe(true);
    expect(stops.every((s) => s.status === "pending")).toBe(true);
  });
});

describe(`stop actions (${ON})`, () => {
  it("delivers a stop once, completes and invoices the order, and answers a replay the same", async () => {
    const b = await business("deliver@test.invalid", "net30");
    const o = await order(b);
    const { stopIds } = await routeWithStops(t.db, { driverId: driver.id, orderIds: [o.id] });
    const action: DriverAction = { key: key(), stopId: stopIds[0] as number, kind: "delivered", proof: proof() };
    const first = await applyDriverAction(t.db, driver, action);
    expect(first).toMatchObject({ ok: true, replayed: false, stopStatus: "delivered" });
    const again = await applyDriverAction(t.db, driver, action);
    expect(again).toMatchObject({ ok: true, replayed: true, stopStatus: "delivered", message: first.message });

    expect((await orderRow(o.id)).status).toBe("Completed");
    const invoices = await invoicesOf(o.id);
    expect(invoices).toEqual([{ kind: "invoice", total_cents: (await orderRow(o.id)).total_cents }]);
    const stop = await t.db
      .selectFrom("delivery_stops")
      .selectAll()
      .where("id", "=", stopIds[0] as number)
      .executeTakeFirstOrThrow();
    expect(stop.status).toBe("delivered");
    expect(stop.receiver_name).toBe("Pat Receiver");
    expect(stop.signature_key).toMatch(/\.png$/);
    expect(stop.delivered_at).toBe(action.proof.at);
    const mails = await t.db
      .selectFrom("jobs")
      .select("payload")
      .where("name", "=", "mail")
      .where("payload", "like", `%Order #${o.id} was delivered%`)
      .execute();
    expect(mails).toHaveLength(1);
    // A new key for the same stop is refused: the stop is recorded.
    await expect(
      applyDriverAction(t.db, driver, { key: key(), stopId: stopIds[0] as number, kind: "delivered", proof: proof() }),
    ).rejects.toThrow(DRIVER.stopClosed);
  });

  it("refuses a stop on another driver's route, on another day, and a key of another driver", async () => {
    const b = await business("attack@test.invalid", "net30");
    const mine = await order(b);
    const theirs = await order(b);
    const later = await order(b);
    const { stopIds: myStops } = await routeWithStops(t.db, { driverId: driver.id, orderIds: [mine.id] });
    const { stopIds: theirStops } = await routeWithStops(t.db, { driverId: otherDriver.id, orderIds: [theirs.id] });
    const { stopIds: laterStops } = await routeWithStops(t.db, {
      driverId: driver.id,
      orderIds: [later.id],
      day: addDays(storeToday(), 1),
    });
    for (const stopId of [theirStops[0], laterStops[0], 999_999]) {
      const attempt = applyDriverAction(t.db, driver, {
        key: key(),
        stopId: stopId as number,
        kind: "collection",
        method: "cash",
        amountCents: 100,
        at: at(),
      });
      await expect(attempt).rejects.toBeInstanceOf(DriverActionError);
      await expect(attempt).rejects.toMatchObject({ status: 403, message: DRIVER.notYourStop });
    }
    expect((await orderRow(theirs.id)).status).toBe("Processing");
    // The other driver replaying my key gets nothing of mine.
    const action: DriverAction = { key: key(), stopId: myStops[0] as number, kind: "delivered", proof: proof() };
    await applyDriverAction(t.db, driver, action);
    await expect(applyDriverAction(t.db, otherDriver, action)).rejects.toMatchObject({ status: 403 });
    const payments = await t.db.selectFrom("payments").select("id").where("business_id", "=", b.id).execute();
    expect(payments).toHaveLength(0);
  });

  it("refuses to deliver a cancelled order", async () => {
    const b = await business("cancelled@test.invalid", "net30");
    const o = await order(b);
    const { stopIds } = await routeWithStops(t.db, { driverId: driver.id, orderIds: [o.id] });
    await changeOrderStatus(t.db, o.id, { seen: "Processing", next: "Cancelled" }, TEST_ADMIN);
    await expect(
      applyDriverAction(t.db, driver, { key: key(), stopId: stopIds[0] as number, kind: "delivered", proof: proof() }),
    ).rejects.toThrow(DRIVER.orderCancelled(o.id));
    expect((await orderRow(o.id)).status).toBe("Cancelled");
    expect(await invoicesOf(o.id)).toEqual([]);
  });

  it("a partial delivery lowers the order through its own flow, then completes it at the lower total", async () => {
    const b = await business("partial@test.invalid", "net30");
    const o = await order(b, [
      { id: productA, quantity: 4 },
      { id: productB, quantity: 5 },
    ]);
    const before = await orderRow(o.id);
    const items = await t.db
      .selectFrom("order_items")
      .select(["id", "product_id"])
      .where("order_id", "=", o.id)
      .execute();
    const lineA = items.find((i) => i.product_id === productA)?.id as number;
    const lineB = items.find((i) => i.product_id === productB)?.id as number;
    const { stopIds } = await routeWithStops(t.db, { driverId: driver.id, orderIds: [o.id] });
    const stockBefore = await t.db
      .selectFrom("products")
      .select("stock")
      .where("id", "=", productA)
      .executeTakeFirstOrThrow();
    const action: DriverAction = {
      key: key(),
      stopId: stopIds[0] as number,
      kind: "partial",
      proof: proof(),
      lines: [
        { itemId: lineA, delivered: 3, reason: "short" },
        { itemId: lineB, delivered: 0, reason: "refused" },
      ],
    };
    expect(await applyDriverAction(t.db, driver, action)).toMatchObject({ ok: true, stopStatus: "partial" });
    expect(await applyDriverAction(t.db, driver, action)).toMatchObject({ ok: true, replayed: true });
    const after = await orderRow(o.id);
    expect(after.status).toBe("Completed");
    expect(after.goods_cents).toBe(3 * 1250);
    expect(after.total_cents).toBeLessThan(before.total_cents);
    expect(await invoicesOf(o.id)).toEqual([{ kind: "invoice", total_cents: after.total_cents }]);
    // The unit not handed over went back to stock, once.
    const stockAfter = await t.db
      .selectFrom("products")
      .select("stock")
      .where("id", "=", productA)
      .executeTakeFirstOrThrow();
    expect(stockAfter.stock).toBe(stockBefore.stock + 1);
    const recorded = await t.db
      .selectFrom("delivery_stop_lines")
      .select(["sku", "ordered", "delivered", "reason"])
      .where("stop_id", "=", stopIds[0] as number)
      .orderBy("sku")
      .execute();
    expect(recorded).toEqual([
      { sku: "DRV-A", ordered: 4, delivered: 3, reason: "short" },
      { sku: "DRV-B", ordered: 5, delivered: 0, reason: "refused" },
    ]);
    const manifest = await driverManifest(t.db, driver.id);
    const stop = manifest.routes.flatMap((r) => r.stops).find((s) => s.id === stopIds[0]);
    expect(stop?.lines.map((l) => [l.sku, l.quantity, l.delivered])).toEqual([
      ["DRV-A", 4, 3],
      ["DRV-B", 5, 0],
    ]);
  });

  it("refuses a partial delivery that hands nothing over, or more than ordered, or less without a reason", async () => {
    const b = await business("partial-bad@test.invalid", "net30");
    const o = await order(b);
    const [item] = await t.db.selectFrom("order_items").select("id").where("order_id", "=", o.id).execute();
    const { stopIds } = await routeWithStops(t.db, { driverId: driver.id, orderIds: [o.id] });
    const partial = (lines: { itemId: number; delivered: number; reason?: "short" | "refused" }[]) =>
      applyDriverAction(t.db, driver, {
        key: key(),
        stopId: stopIds[0] as number,
        kind: "partial",
        proof: proof(),
        lines,
      });
    await expect(partial([{ itemId: item?.id as number, delivered: 0, reason: "refused" }])).rejects.toThrow(
      DRIVER.nothingDelivered,
    );
    await expect(partial([{ itemId: item?.id as number, delivered: 9, reason: "short" }])).rejects.toThrow(
      DRIVER.deliveredTooMany,
    );
    await expect(partial([{ itemId: item?.id as number, delivered: 2 }])).rejects.toThrow(DRIVER.reasonRequired);
    expect((await orderRow(o.id)).goods_cents).toBe(4 * 1250);
    expect(
      await t.db
        .selectFrom("delivery_sync_actions")
        .select("key")
        .where("stop_id", "=", stopIds[0] as number)
        .execute(),
    ).toEqual([]);
  });

  it("not delivered keeps the order open and the stop's reason", async () => {
    const b = await business("closed@test.invalid", "net30");
    const o = await order(b);
    const { stopIds } = await routeWithStops(t.db, { driverId: driver.id, orderIds: [o.id] });
    const result = await applyDriverAction(t.db, driver, {
      key: key(),
      stopId: stopIds[0] as number,
      kind: "not_delivered",
      reason: "closed",
      at: at(),
    });
    expect(result).toMatchObject({ ok: true, stopStatus: "not_delivered" });
    expect((await orderRow(o.id)).status).toBe("Processing");
    const stop = await t.db
      .selectFrom("delivery_stops")
      .select(["status", "reason"])
      .where("id", "=", stopIds[0] as number)
      .executeTakeFirstOrThrow();
    expect(stop).toEqual({ status: "not_delivered", reason: "closed" });
  });

  it("a collection is a receivables payment taken by the driver, once; beyond what is owed it is credit", async () => {
    const b = await business("collect@test.invalid", "cod");
    const o = await order(b);
    const { stopIds } = await routeWithStops(t.db, { driverId: driver.id, orderIds: [o.id] });
    const stopId = stopIds[0] as number;
    await applyDriverAction(t.db, driver, { key: key(), stopId, kind: "delivered", proof: proof() });
    const total = (await orderRow(o.id)).total_cents;
    const check: DriverAction = {
      key: key(),
      stopId,
      kind: "collection",
      method: "check",
      checkNumber: "1042",
      amountCents: total + 500,
      at: at(),
    };
    expect(await applyDriverAction(t.db, driver, check)).toMatchObject({ ok: true, replayed: false });
    expect(await applyDriverAction(t.db, driver, check)).toMatchObject({ ok: true, replayed: true });
    const payments = await t.db
      .selectFrom("payments")
      .select(["amount_cents", "method", "reference", "recorded_by", "unapplied_cents"])
      .where("business_id", "=", b.id)
      .execute();
    expect(payments).toEqual([
      {
        amount_cents: total + 500,
        method: "check",
        reference: "Check 1042",
        recorded_by: driver.id,
        unapplied_cents: 500,
      },
    ]);
    const position = await creditPosition(t.db, b.id);
    expect(position?.balanceCents).toBe(-500);
    const collections = await t.db
      .selectFrom("delivery_collections")
      .select(["method", "check_number", "amount_cents", "driver_id"])
      .where("stop_id", "=", stopId)
      .execute();
    expect(collections).toEqual([
      { method: "check", check_number: "1042", amount_cents: total + 500, driver_id: driver.id },
    ]);
    const manifest = await driverManifest(t.db, driver.id);
    expect(manifest.routes.flatMap((r) => r.stops).find((s) => s.id === stopId)?.collectedCents).toBe(total + 500);
    // A check without its number is refused.
    await expect(applyDriverAction(t.db, driver, { ...check, key: key(), checkNumber: null })).rejects.toThrow(
      DRIVER.checkNumberRequired,
    );
  });

  it("the same key sent twice at once applies once", async () => {
    const b = await business("race@test.invalid", "cod");
    const o = await order(b);
    const { stopIds } = await routeWithStops(t.db, { driverId: driver.id, orderIds: [o.id] });
    const cash: DriverAction = {
      key: key(),
      stopId: stopIds[0] as number,
      kind: "collection",
      method: "cash",
      amountCents: 2000,
      at: at(),
    };
    const results = await Promise.allSettled([
      applyDriverAction(t.db, driver, cash),
      applyDriverAction(t.db, driver, cash),
    ]);
    expect(results.some((r) => r.status === "fulfilled")).toBe(true);
    const payments = await t.db.selectFrom("payments").select("amount_cents").where("business_id", "=", b.id).execute();
    expect(payments).toEqual([{ amount_cents: 2000 }]);
    expect(await applyDriverAction(t.db, driver, cash)).toMatchObject({ ok: true, replayed: true });
  });
});

describe(`the end-of-day settlement (${ON})`, () => {
  it("shows each route's cash and checks, equal to the cent to what receivables show for that driver, and settles it", async () => {
    const settler = await driverUser(t.db, "driver-settle@test.invalid");
    const b = await business("settle@test.invalid", "cod");
    const first = await order(b);
    const second = await order(b);
    const { routeId, stopIds } = await routeWithStops(t.db, { driverId: settler.id, orderIds: [first.id, second.id] });
    const collect = (
      stopId: number,
      method: "cash" | "check",
      amountCents: number,
      checkNumber: string | null = null,
    ) =>
      applyDriverAction(t.db, settler, {
        key: key(),
        stopId,
        kind: "collection",
        method,
        checkNumber,
        amountCents,
        at: at(),
      });
    await collect(stopIds[0] as number, "cash", 12_345);
    await collect(stopIds[1] as number, "check", 6_789, "2001");
    await collect(stopIds[1] as number, "cash", 1);
    const day = storeToday();
    const routes = await settlementDay(t.db, day);
    const route = routes.find((r) => r.routeId === routeId);
    expect(route).toMatchObject({ expectedCashCents: 12_346, expectedCheckCents: 6_789, settled: null });
    expect(route?.checks).toEqual([
      { stopPosition: 2, business: "settle@test.invalid Mart", checkNumber: "2001", amountCents: 6_789 },
    ]);
    const receivables = await t.db
      .selectFrom("payments")
      .select("amount_cents")
      .where("recorded_by", "=", settler.id)
      .where("received_on", "=", day)
      .execute();
    const inReceivables = receivables.reduce((sum, p) => sum + Number(p.amount_cents), 0);
    expect(inReceivables).toBe(12_346 + 6_789);
    expect(route?.receivablesCents).toBe(inReceivables);

    const { differenceCents } = await settleRoute(
      t.db,
      routeId,
      { cashCents: 12_300, checkCents: 6_789, note: "short 46c" },
      TEST_ADMIN,
    );
    expect(differenceCents).toBe(-46);
    const after = (await settlementDay(t.db, day)).find((r) => r.routeId === routeId);
    expect(after?.status).toBe("settled");
    expect(after?.settled).toMatchObject({
      countedCashCents: 12_300,
      countedCheckCents: 6_789,
      differenceCents: -46,
      note: "short 46c",
    });
    await expect(
      settleRoute(t.db, routeId, { cashCents: 0, checkCents: 0, note: "" }, TEST_ADMIN),
    ).rejects.toBeInstanceOf(SettlementError);
    // A settled route takes no more actions from the phone.
    await expect(collect(stopIds[0] as number, "cash", 100)).rejects.toMatchObject({ status: 403 });
  });
});

describe(`proof of delivery on the business's order page (${ON})`, () => {
  it("shows who received it and when; the signature only to the business's owners and admins", async () => {
    const b = await business("proof@test.invalid", "net30");
    const o = await order(b, [
      { id: productA, quantity: 4 },
      { id: productB, quantity: 2 },
    ]);
    const items = await t.db
      .selectFrom("order_items")
      .select(["id", "product_id"])
      .where("order_id", "=", o.id)
      .execute();
    const lineB = items.find((i) => i.product_id === productB)?.id as number;
    expect(await deliveryProofFor(t.db, { role: "customer", memberRole: "owner" }, o.id)).toBeNull();
    const { stopIds } = await routeWithStops(t.db, { driverId: driver.id, orderIds: [o.id] });
    const given = proof("Ana Owner");
    await applyDriverAction(t.db, driver, {
      key: key(),
      stopId: stopIds[0] as number,
      kind: "partial",
      proof: given,
      lines: [{ itemId: lineB, delivered: 1, reason: "refused" }],
    });
    const owner = await deliveryProofFor(t.db, { role: "customer", memberRole: "owner" }, o.id);
    expect(owner).toMatchObject({ status: "partial", receiverName: "Ana Owner", deliveredAt: given.at, photo: null });
    expect(owner?.signature).toBe(TINY_PNG);
    expect(owner?.lines).toEqual([{ name: "Product B", sku: "DRV-B", ordered: 2, delivered: 1, reason: "refused" }]);
    const admin = await deliveryProofFor(t.db, { role: "admin", memberRole: null }, o.id);
    expect(admin?.signature).toBe(TINY_PNG);
    const buyer = await deliveryProofFor(t.db, { role: "customer", memberRole: "buyer" }, o.id);
    expect(buyer).toMatchObject({ receiverName: "Ana Owner", signature: null, photo: null });
  });
});

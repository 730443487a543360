import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storeToday } from "~/lib/business";
import { WEBHOOK_EVENTS } from "~/lib/webhooks";
import { TEST_ADMIN } from "../../../tests/support/actors";
import { customerWithAddress } from "../../../tests/support/customers";
import { driverUser, routeWithStops, TINY_PNG } from "../../../tests/support/delivery";
import { setupTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { findBusiness, reviewBusiness, reviewedVersion, saveBusiness } from "../business/profile";
import { insertProduct } from "../catalog/product-writes";
import { applyDriverAction } from "../flows/driver-actions";
import { OrderRefusedError, placeOrder } from "../flows/place-order";
import { recallLot } from "../inventory/lot-admin";
import { recordPayment } from "../receivables/payments";
import { setBusinessCredit } from "../receivables/settings";
import { createEndpoint } from "./endpoints";

/**
 * Every event type is emitted by the real flow that makes its change (issue 42), in the change's
 * transaction: one message per subscribed endpoint, with its delivery job; nothing when the
 * change rolls back. Delivery itself is webhooks.test.ts's.
 */
const ON = process.env.DATABASE_URL ? "PostgreSQL" : "SQLite";
let t: TestDatabase;
let endpointId: number;
let onlyOrders: number;

interface Payload {
  type: string;
  timestamp: string;
  data: Record<string, unknown>;
}

async function messages(type: string, endpoint = endpointId): Promise<Payload[]> {
  const rows = await t.db
    .selectFrom("webhook_messages")
    .select(["id", "payload"])
    .where("event_type", "=", type)
    .where("endpoint_id", "=", endpoint)
    .orderBy("created_at")
    .execute();
  const jobs = await t.db.selectFrom("jobs").select("payload").where("name", "=", "webhook-delivery").execute();
  for (const r of rows) expect(jobs.some((j) => j.payload.includes(r.id))).toBe(true);
  return rows.map((r) => JSON.parse(r.payload) as Payload);
}

async function business(email: string) {
  const { id, addressId } = await customerWithAddress(t.db, email, { businessName: `${email} Mart` });
  await saveBusiness(
    t.db,
    id,
    { legalName: `${email} LLC`, dba: null, businessType: "convenience-store", taxPermit: null },
    { id, name: email },
  );
  await setBusinessCredit(t.db, id, { terms: "net30", creditLimitCents: null }, TEST_ADMIN);
  return { id, addressId };
}

beforeAll(async () => {
  t = await setupTestDatabase();
  // Saved while no setting allows anything unusual: a public name (not resolved yet is fine).
  endpointId = await createEndpoint(
    t.db,
    { url: "https://hooks.example.invalid/all", description: "everything", events: [...WEBHOOK_EVENTS] },
    TEST_ADMIN,
  );
  onlyOrders = await createEndpoint(
    t.db,
    { url: "https://hooks.example.invalid/orders", description: "", events: ["order.placed"] },
    TEST_ADMIN,
  );
}, 60_000);

afterAll(async () => {
  await t?.cleanup();
});

describe(`events from the real flows (${ON})`, () => {
  it("an order's life: placed, status changed, invoice issued, delivery done, payment recorded", async () => {
    const b = await business("events-buyer@test.invalid");
    const product = await insertProduct(
      t.db,
      { sku: "EVT-1", name: "Event Vape", description: "", priceCents: 1000, stock: 100, category: "accessories" },
      [],
    );
    const { order } = await placeOrder(t.db, {
      userId: b.id,
      orderLimitCents: null,
      idempotencyKey: crypto.randomUUID(),
      addressId: b.addressId,
      lines: [{ id: product, quantity: 3 }],
    });
    const [placed] = await messages("order.placed");
    expect(placed).toMatchObject({
      type: "order.placed",
      data: {
        orderId: order.id,
        businessId: b.id,
        status: "Processing",
        totalCents: order.money.totalCents,
        itemCount: 3,
      },
    });
    expect(await messages("order.placed", onlyOrders)).toHaveLength(1);
    expect(await messages("order.status_changed", onlyOrders)).toHaveLength(0);

    const driver = await driverUser(t.db, "events-driver@test.invalid");
    const { stopIds } = await routeWithStops(t.db, { driverId: driver.id, orderIds: [order.id] });
    const at = new Date().toISOString();
    await applyDriverAction(t.db, driver, {
      key: `key-${crypto.randomUUID()}`,
      stopId: stopIds[0] as number,
      kind: "delivered",
      proof: { receiverName: "Pat", signature: TINY_PNG, at },
    });
    expect((await messages("delivery.done")).map((m) => m.data)).toEqual([
      { orderId: order.id, businessId: b.id, stopId: stopIds[0], partial: false, deliveredAt: at },
    ]);
    expect((await messages("order.status_changed")).map((m) => m.data)).toEqual([
      { orderId: order.id, businessId: b.id, from: "Processing", to: "Completed" },
    ]);
    const [invoice] = await messages("invoice.issued");
    expect(invoice?.data).toMatchObject({
      orderId: order.id,
      businessId: b.id,
      totalCents: order.money.totalCents,
      number: expect.any(Number),
      invoiceId: expect.any(Number),
      dueOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });

    const { paymentId } = await recordPayment(
      t.db,
      {
        businessId: b.id,
        amountCents: 1500,
        method: "check",
        reference: "1001",
        receivedOn: storeToday(),
        idempotencyKey: crypto.randomUUID(),
      },
      TEST_ADMIN,
    );
    expect((await messages("payment.recorded")).map((m) => m.data)).toEqual([
      { paymentId, businessId: b.id, amountCents: 1500, method: "check", receivedOn: storeToday() },
    ]);
  });

  it("stock low once, when a sale takes a product to its threshold; a refused order emits nothing", async () => {
    const b = await business("events-stock@test.invalid");
    const product = await insertProduct(
      t.db,
      {
        sku: "EVT-LOW",
        name: "Low Kratom",
        description: "",
        priceCents: 500,
        stock: 10,
        category: "accessories",
        lowStockThreshold: 5,
      },
      [],
    );
    const buy = (quantity: number) =>
      placeOrder(t.db, {
        userId: b.id,
        orderLimitCents: null,
        idempotencyKey: crypto.randomUUID(),
        addressId: b.addressId,
        lines: [{ id: product, quantity }],
      });
    await buy(4); // 6 left: above the threshold
    expect(await messages("stock.low")).toHaveLength(0);
    await buy(2); // 4 left: crossed
    await buy(1); // 3 left: still low, no second event
    expect((await messages("stock.low")).map((m) => m.data)).toEqual([
      { productId: product, sku: "EVT-LOW", stock: 4, threshold: 5 },
    ]);
    const before = (await messages("order.placed")).length;
    await expect(buy(50)).rejects.toBeInstanceOf(OrderRefusedError);
    expect(await messages("order.placed")).toHaveLength(before);
  });

  it("business approved and lot recalled", async () => {
    const b = await business("events-approve@test.invalid");
    const current = await findBusiness(t.db, b.id);
    if (!current) throw new Error("no business");
    await t.db.updateTable("businesses").set({ approval: "pending" }).where("user_id", "=", b.id).execute();
    await reviewBusiness(t.db, b.id, { approve: true, seen: reviewedVersion(current) }, TEST_ADMIN);
    expect((await messages("business.approved")).map((m) => m.data)).toEqual([{ businessId: b.id }]);

    const product = await insertProduct(
      t.db,
      { sku: "EVT-LOT", name: "Lot Glass", description: "", priceCents: 700, stock: 0, category: "accessories" },
      [],
    );
    const now = new Date().toISOString();
    const lot = await t.db
      .insertInto("lots")
      .values({
        code: "EVT-LOT-1",
        code_key: "evt-lot-1",
        product_id: product,
        name: "Lot Glass",
        sku: "EVT-LOT",
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
      .executeTakeFirstOrThrow();
    await recallLot(t.db, lot.id, { reason: "Cracked glass", action: "Return it" }, TEST_ADMIN);
    const [recalled] = await messages("lot.recalled");
    expect(recalled?.data).toEqual({
      lotId: lot.id,
      code: "EVT-LOT-1",
      productId: product,
      sku: "EVT-LOT",
      notices: 0,
    });
    // Never a cost, in any payload.
    const all = await t.db.selectFrom("webhook_messages").select("payload").execute();
    expect(all.some((m) => /cost/i.test(m.payload))).toBe(false);
    const types = new Set(
      (await t.db.selectFrom("webhook_messages").select("event_type").execute()).map((m) => m.event_type),
    );
    expect([...types].sort()).toEqual([...WEBHOOK_EVENTS].sort());
  });
});

import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as EXCISE_MESSAGES from "~/lib/messages/excise";
import { shipmentSchema } from "~/lib/schemas/excise";
import { TEST_ADMIN } from "../../../tests/support/actors";
import { customerWithAddress } from "../../../tests/support/customers";
import { setupTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { insertProduct } from "../catalog/product-writes";
import { saveProductCompliance } from "../compliance/facts";
import { pactShipments } from "../compliance/pact";
import { changeOrderStatus } from "../flows/order-life";
import { placeOrder } from "../flows/place-order";
import { findShipment, recordShipment, ShipmentError } from "./shipments";

let t: TestDatabase;
let orderId: number;
let month: string;

beforeAll(async () => {
  t = await setupTestDatabase();
  const buyer = await customerWithAddress(t.db, "shipped@test.invalid", {
    state: "OK",
    zip: "73102",
    city: "Oklahoma City",
  });
  const id = await insertProduct(
    t.db,
    { sku: "SH-1", name: "Shipped vape", description: "", priceCents: 1000, stock: 100, category: "disposable-vapes" },
    [],
  );
  await saveProductCompliance(
    t.db,
    id,
    {
      brand: "Shipper",
      productClass: "nicotine-vape",
      flavorClass: "tobacco",
      nicotineMgMl: null,
      country: "US",
      upc: null,
      thcMg: null,
      sevenOhPercent: null,
    },
    TEST_ADMIN,
  );
  const { order } = await placeOrder(t.db, {
    userId: buyer.id,
    idempotencyKey: crypto.randomUUID(),
    addressId: buyer.addressId,
    lines: [{ id, quantity: 2 }],
  });
  orderId = order.id;
  month = order.createdAt.slice(0, 7);
});

afterAll(async () => {
  await t.cleanup();
});

describe(`order shipments on ${process.env.DATABASE_URL ? "PostgreSQL" : "SQLite"}`, () => {
  it("refuses bad carrier and tracking input with a message per field", () => {
    const bad = shipmentSchema.safeParse({ carrier: "", tracking: "1Z 99<script>" });
    expect(Object.fromEntries((bad.error?.issues ?? []).map((i) => [i.path[0], i.message]))).toEqual({
      carrier: EXCISE_MESSAGES.carrierRequired,
      tracking: EXCISE_MESSAGES.trackingFormat,
    });
  });

  it("records a completed order's shipment once, mails the customer, and lists it in the PACT file", async () => {
    const input = shipmentSchema.parse({ carrier: "UPS", tracking: "1Z999AA10123456784" });
    await expect(recordShipment(t.db, orderId, input, TEST_ADMIN)).rejects.toBeInstanceOf(ShipmentError);
    expect(await findShipment(t.db, orderId)).toBeNull();
    await changeOrderStatus(t.db, orderId, { seen: "Processing", next: "Completed" }, TEST_ADMIN);
    expect(await recordShipment(t.db, orderId, input, TEST_ADMIN)).toBe(true);
    expect(await recordShipment(t.db, orderId, input, TEST_ADMIN)).toBe(false);
    expect(await findShipment(t.db, orderId)).toEqual({ carrier: "UPS", tracking: "1Z999AA10123456784" });
    const mails = await t.db.selectFrom("jobs").select("payload").where("payload", "like", "%has shipped%").execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]?.payload).toContain(EXCISE_MESSAGES.shipmentMailBody(orderId, "UPS", "1Z999AA10123456784"));
    expect(await pactShipments(t.db, month, "OK")).toMatchObject([
      { orderId, carrier: "UPS", tracking: "1Z999AA10123456784" },
    ]);
  });
});

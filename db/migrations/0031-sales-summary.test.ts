import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertProduct } from "../../app/.server/catalog/product-writes";
import { changeOrderStatus } from "../../app/.server/flows/order-life";
import { placeOrder } from "../../app/.server/flows/place-order";
import { readSalesSummary, recountSales } from "../../app/.server/reports/summary";
import { TEST_ADMIN } from "../../tests/support/actors";
import { customerWithAddress } from "../../tests/support/customers";
import { setupTestDatabase, type TestDatabase } from "../../tests/support/test-database";
import * as m0031 from "./0031-sales-summary";
import * as m0033 from "./0033-order-money";
import * as m0039 from "./0039-sales-by-line";

const ON = process.env.DATABASE_URL ? "PostgreSQL" : "SQLite";
let t: TestDatabase;

beforeAll(async () => {
  t = await setupTestDatabase();
});

afterAll(async () => {
  await t.cleanup();
});

describe(`migration 0031 on ${ON}`, () => {
  it("backfills each line's category, class and brand from today's products and the summary from the orders", async () => {
    const { id: buyer, addressId } = await customerWithAddress(t.db, "m31@shop.test");
    const product = (sku: string, category: string) =>
      insertProduct(t.db, { sku, name: sku, description: "", priceCents: 250, stock: 100, category }, []);
    const pods = await product("M31-PODS", "vapes");
    const caps = await product("M31-CAPS", "kratom");
    await t.db
      .insertInto("product_compliance")
      .values({ product_id: pods, product_class: "vape", brand: "Acme", updated_at: new Date().toISOString() })
      .execute();
    const place = (lines: { id: number; quantity: number }[]) =>
      placeOrder(t.db, { userId: buyer, idempotencyKey: crypto.randomUUID(), addressId, lines });
    await place([
      { id: pods, quantity: 2 },
      { id: caps, quantity: 3 },
    ]);
    const { order: cancelled } = await place([{ id: caps, quantity: 1 }]);
    await changeOrderStatus(t.db, cancelled.id, { seen: cancelled.status, next: "Cancelled" }, TEST_ADMIN);
    const kept = await readSalesSummary(t.db);

    // The schema as it was before the summary, with the orders, then the migration again.
    // (0033 renamed the column the triggers read and 0039 added the line dimensions: they go
    // first and come back last.)
    await m0039.down(t.db);
    await m0033.down(t.db);
    await t.db.transaction().execute((trx) => m0031.down(trx));
    await t.db.transaction().execute((trx) => m0031.up(trx));
    await m0033.up(t.db);
    await m0039.up(t.db);

    const lines = await t.db
      .selectFrom("order_items")
      .select(["product_id", "category", "product_class", "brand"])
      .orderBy("id")
      .execute();
    expect(lines).toEqual([
      { product_id: pods, category: "vapes", product_class: "vape", brand: "Acme" },
      { product_id: caps, category: "kratom", product_class: null, brand: null },
      { product_id: caps, category: "kratom", product_class: null, brand: null },
    ]);
    const backfilled = await readSalesSummary(t.db);
    expect(backfilled).toEqual(kept);
    expect(backfilled).toEqual(await recountSales(t.db));
    expect(backfilled.filter((r) => r.dim === "all").map((r) => [r.orders, r.units, r.salesCents])).toEqual([
      [1, 5, 1250],
    ]);
    // The triggers are back: the cancelled order restored counts again.
    await changeOrderStatus(t.db, cancelled.id, { seen: "Cancelled", next: "Processing" }, TEST_ADMIN);
    expect(await readSalesSummary(t.db)).toEqual(await recountSales(t.db));
    expect((await readSalesSummary(t.db)).find((r) => r.dim === "category" && r.key === "kratom")?.orders).toBe(2);
  });
});

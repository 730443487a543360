import crypto from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertProduct } from "../../app/.server/catalog/product-writes";
import { saveProductCompliance } from "../../app/.server/compliance/facts";
import { createExciseRule } from "../../app/.server/excise/rules";
import { changeOrderStatus } from "../../app/.server/flows/order-life";
import { placeOrder } from "../../app/.server/flows/place-order";
import { recordPayment } from "../../app/.server/receivables/payments";
import { readSalesSummary, recountSales } from "../../app/.server/reports/summary";
import { storeToday } from "../../app/lib/business";
import { taxRuleSchema } from "../../app/lib/schemas/excise";
import { TEST_ADMIN } from "../../tests/support/actors";
import { customerWithAddress } from "../../tests/support/customers";
import { setupTestDatabase, type TestDatabase } from "../../tests/support/test-database";
import * as m0033 from "./0033-order-money";

const ON = process.env.DATABASE_URL ? "PostgreSQL" : "SQLite";
let t: TestDatabase;

beforeAll(async () => {
  t = await setupTestDatabase();
});

afterAll(async () => {
  await t.cleanup();
});

describe(`migration 0033 on ${ON}`, () => {
  it("gives every order its parts and one total, keeps the documents, and lets an order have several", async () => {
    const { id: buyer, addressId } = await customerWithAddress(t.db, "m33@shop.test", {
      state: "LA",
      zip: "70112",
      city: "New Orleans",
    });
    const vape = await insertProduct(
      t.db,
      {
        sku: "M33-VAPE",
        name: "M33 vape",
        description: "",
        priceCents: 10_00,
        stock: 100,
        category: "disposable-vapes",
      },
      [],
    );
    await saveProductCompliance(
      t.db,
      vape,
      {
        brand: "M33",
        productClass: "nicotine-vape",
        flavorClass: "tobacco",
        nicotineMgMl: 50,
        country: "US",
        upc: null,
        thcMg: null,
        sevenOhPercent: null,
        mlPerUnit: 20,
        cartridgesPerUnit: 1,
        vapeSystem: "closed",
        containsNicotine: true,
      },
      TEST_ADMIN,
    );
    await createExciseRule(
      t.db,
      taxRuleSchema.parse({
        name: "LA",
        state: "LA",
        method: "per-ml",
        rate: "0.15",
        effectiveFrom: "2025-01-01",
        owedBy: "store",
        classes: "nicotine-vape",
        wording: "Louisiana vapor products tax",
      }),
      TEST_ADMIN,
    );
    const { order } = await placeOrder(t.db, {
      userId: buyer,
      idempotencyKey: crypto.randomUUID(),
      addressId,
      lines: [{ id: vape, quantity: 3 }],
    });
    await changeOrderStatus(t.db, order.id, { seen: "Processing", next: "Completed" }, TEST_ADMIN);
    await recordPayment(
      t.db,
      {
        businessId: buyer,
        amountCents: 5_00,
        method: "check",
        reference: null,
        receivedOn: storeToday(),
        invoiceId: null,
        idempotencyKey: crypto.randomUUID(),
      },
      TEST_ADMIN,
    );
    const documents = async () => ({
      invoices: await t.db.selectFrom("invoices").selectAll().orderBy("id").execute(),
      lines: await t.db.selectFrom("invoice_lines").selectAll().orderBy("invoice_id").orderBy("position").execute(),
      applications: await t.db.selectFrom("payment_applications").selectAll().orderBy("id").execute(),
    });
    const kept = await documents();
    expect(kept.lines).toHaveLength(2);
    expect(kept.applications).toHaveLength(1);

    // The schema as it was: total_cents held the goods.
    await m0033.down(t.db);
    // biome-ignore lint/suspicious/noExplicitAny: the schema before the migration
    const before = await (t.db as any)
      .selectFrom("orders")
      .select(["id", "total_cents"])
      .where("id", "=", order.id)
      .executeTakeFirstOrThrow();
    expect(before.total_cents).toBe(30_00);
    await m0033.up(t.db);

    const row = await t.db
      .selectFrom("orders")
      .select(["goods_cents", "excise_cents", "delivery_cents", "tax_cents", "total_cents"])
      .where("id", "=", order.id)
      .executeTakeFirstOrThrow();
    // 3 × 20 ml × $0.15 = $9.00.
    expect(row).toEqual({
      goods_cents: 30_00,
      excise_cents: 9_00,
      delivery_cents: 0,
      tax_cents: 0,
      total_cents: 39_00,
    });
    const after = await documents();
    expect(after.invoices.map(({ memo: _memo, ...d }) => d)).toEqual(kept.invoices.map(({ memo: _memo, ...d }) => d));
    expect(after.lines).toEqual(kept.lines);
    expect(after.applications).toEqual(kept.applications);

    // The summary still counts the goods, through the renamed column.
    expect(await readSalesSummary(t.db)).toEqual(await recountSales(t.db));
    await changeOrderStatus(t.db, order.id, { seen: "Completed", next: "Cancelled" }, TEST_ADMIN);
    await changeOrderStatus(t.db, order.id, { seen: "Cancelled", next: "Completed" }, TEST_ADMIN);
    expect(await readSalesSummary(t.db)).toEqual(await recountSales(t.db));
    const kinds = await t.db
      .selectFrom("invoices")
      .select("kind")
      .where("order_id", "=", order.id)
      .orderBy("id")
      .execute();
    expect(kinds.map((k) => k.kind)).toEqual(["invoice", "credit", "invoice"]);

    // The database refuses a total that is not the sum of its parts.
    await expect(
      t.db.updateTable("orders").set({ total_cents: 1 }).where("id", "=", order.id).execute(),
    ).rejects.toThrow();
    await expect(
      sql`update orders set excise_cents = excise_cents + 1 where id = ${order.id}`.execute(t.db),
    ).rejects.toThrow();
  });
});

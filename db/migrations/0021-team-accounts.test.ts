import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { saveBusiness } from "../../app/.server/business/profile";
import { insertProduct } from "../../app/.server/catalog/product-writes";
import { placeOrder } from "../../app/.server/flows/place-order";
import { customerWithAddress } from "../../tests/support/customers";
import { setupTestDatabase, type TestDatabase } from "../../tests/support/test-database";
import * as m0021 from "./0021-team-accounts";
import * as m0031 from "./0031-sales-summary";
import * as m0033 from "./0033-order-money";

const ON = process.env.DATABASE_URL ? "PostgreSQL" : "SQLite";
let t: TestDatabase;

beforeAll(async () => {
  t = await setupTestDatabase();
});

afterAll(async () => {
  await t.cleanup();
});

describe(`migration 0021 on ${ON}`, () => {
  it("makes every business's founder its owner and every past order placed by its customer, losing nothing", async () => {
    const { id, addressId } = await customerWithAddress(t.db, "m21@shop.test", { name: "Mona Founder" });
    await saveBusiness(
      t.db,
      id,
      { legalName: "M21 Mart", dba: null, businessType: "convenience-store", taxPermit: null },
      { id, name: "m21" },
    );
    const product = await insertProduct(
      t.db,
      { sku: "M21-1", name: "M21 Lighter", description: "", priceCents: 500, stock: 10, category: "novelty" },
      [],
    );
    const { order } = await placeOrder(t.db, {
      userId: id,
      idempotencyKey: crypto.randomUUID(),
      addressId,
      lines: [{ id: product, quantity: 2 }],
    });
    const before = await t.db.selectFrom("orders").select(["id", "total_cents", "user_id"]).execute();

    // The schema as it was before team accounts, then the migration again.
    // (The sales summary's triggers of 0031 read orders.placed_by_id: they go first and come back
    // last; 0033 renamed the column they read, so it goes before them and comes back after.)
    await m0033.down(t.db);
    await t.db.transaction().execute(async (trx) => {
      await m0031.down(trx);
      await m0021.down(trx);
    });
    await t.db.transaction().execute(async (trx) => {
      await m0021.up(trx);
      await m0031.up(trx);
    });
    await m0033.up(t.db);

    expect(
      await t.db
        .selectFrom("business_members")
        .select(["user_id", "business_id", "role"])
        .where("user_id", "=", id)
        .execute(),
    ).toEqual([{ user_id: id, business_id: id, role: "owner" }]);
    const after = await t.db.selectFrom("orders").select(["id", "total_cents", "user_id"]).execute();
    expect(after).toEqual(before);
    const placed = await t.db
      .selectFrom("orders")
      .select(["placed_by_id", "placed_by_name", "hold_reason"])
      .where("id", "=", order.id)
      .executeTakeFirstOrThrow();
    expect(placed).toEqual({ placed_by_id: id, placed_by_name: "Mona Founder", hold_reason: null });
  });
});

import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertProduct } from "../../app/.server/catalog/product-writes";
import { setupTestDatabase, type TestDatabase } from "../../tests/support/test-database";
import * as m0027 from "./0027-excise-product-facts";
import * as m0028 from "./0028-excise-rules";
import * as m0029 from "./0029-pact-filings-and-shipments";

const ON = process.env.DATABASE_URL ? "PostgreSQL" : "SQLite";
let t: TestDatabase;

beforeAll(async () => {
  t = await setupTestDatabase();
});

afterAll(async () => {
  await t.cleanup();
});

const now = "2026-01-01T00:00:00.000Z";

describe(`migrations 0027 to 0029 on ${ON}`, () => {
  it("refuses a vape system or nicotine value that is not one; down and up again keep the product's other facts", async () => {
    const id = await insertProduct(
      t.db,
      { sku: "MIG-1", name: "Migrated", description: "", priceCents: 100, stock: 1, category: "novelty" },
      [],
    );
    const facts = (vape_system: string | null, contains_nicotine: number | null) =>
      t.db
        .insertInto("product_compliance")
        .values({ product_id: id, brand: "Kept", vape_system, contains_nicotine, updated_at: now })
        .onConflict((oc) => oc.column("product_id").doUpdateSet({ vape_system, contains_nicotine }))
        .execute();
    await expect(facts("semi", null)).rejects.toThrow();
    await expect(facts("open", 2)).rejects.toThrow();
    await facts("closed", 1);

    await t.db.transaction().execute(async (trx) => {
      await m0029.down(trx);
      await m0028.down(trx);
      await m0027.down(trx);
    });
    const left = await sql<{ brand: string }>`select brand from product_compliance where product_id = ${id}`.execute(
      t.db,
    );
    expect(left.rows).toEqual([{ brand: "Kept" }]);
    await t.db.transaction().execute(async (trx) => {
      await m0027.up(trx);
      await m0028.up(trx);
      await m0029.up(trx);
    });
    const back = await t.db
      .selectFrom("product_compliance")
      .select(["brand", "vape_system", "ml_per_unit"])
      .where("product_id", "=", id)
      .executeTakeFirstOrThrow();
    expect(back).toEqual({ brand: "Kept", vape_system: null, ml_per_unit: null });
    expect(await t.db.selectFrom("excise_rules").selectAll().execute()).toEqual([]);
  });
});

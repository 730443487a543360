import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setupTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { createLine } from "./lines";
import { insertProduct, insertVariants, updateProductsColumns } from "./product-writes";

/** The catalog's bulk writes (a catalog import's): what they write, and what they refuse to. */
let t: TestDatabase;

beforeAll(async () => {
  t = await setupTestDatabase();
});

afterAll(async () => {
  await t.cleanup();
});

const product = (sku: string) => ({
  sku,
  name: `Product ${sku}`,
  description: "",
  priceCents: 1000,
  stock: 5,
  category: "novelty",
});

const row = (id: number) =>
  t.db
    .selectFrom("products")
    .select(["name", "price_cents", "stock", "version", "low_stock_threshold"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();

describe(`catalog bulk writes on ${process.env.DATABASE_URL ? "PostgreSQL" : "SQLite"}`, () => {
  it("inserts variants of a line together, ids in the order given, with their extra columns", async () => {
    const line = await createLine(t.db, { name: "Bulk", description: "", category: "novelty", optionNames: ["Size"] });
    const inputs = ["B-3", "B-1", "B-2"].map((sku, position) => ({
      ...product(sku),
      line: { id: line, options: [sku], position, settle: false },
      columns: { low_stock_threshold: position },
    }));
    const ids = await insertVariants(t.db, inputs);
    const skus = await Promise.all(
      ids.map(
        async (id) =>
          (await t.db.selectFrom("products").select("sku").where("id", "=", id).executeTakeFirstOrThrow()).sku,
      ),
    );
    expect(skus).toEqual(["B-3", "B-1", "B-2"]);
    expect((await row(ids[2] as number)).low_stock_threshold).toBe(2);
  });

  it("changes many products by column set, each only if still at its version and stock", async () => {
    const [a, b, c, d] = await Promise.all(
      ["C-1", "C-2", "C-3", "C-4"].map((sku) => insertProduct(t.db, product(sku), [])),
    );
    const changed = await updateProductsColumns(t.db, [
      { id: a as number, set: { name: "Renamed", stock: 9 }, version: 1, stockWas: 5 },
      { id: b as number, set: { price_cents: 1250 }, version: 1 },
      // Moved meanwhile: another version, another stock.
      { id: c as number, set: { name: "Lost" }, version: 7 },
      { id: d as number, set: { stock: 1 }, version: 1, stockWas: 4 },
    ]);
    expect(changed).toBe(2);
    expect(await row(a as number)).toMatchObject({ name: "Renamed", stock: 9, version: 2 });
    expect(await row(b as number)).toMatchObject({ price_cents: 1250, version: 2 });
    expect(await row(c as number)).toMatchObject({ name: "Product C-3", version: 1 });
    expect(await row(d as number)).toMatchObject({ stock: 5, version: 1 });
  });
});

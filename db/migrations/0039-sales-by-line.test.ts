import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLine } from "../../app/.server/catalog/lines";
import { insertProduct } from "../../app/.server/catalog/product-writes";
import { placeOrder } from "../../app/.server/flows/place-order";
import { readSalesSummary, recountSales } from "../../app/.server/reports/summary";
import { customerWithAddress } from "../../tests/support/customers";
import { setupTestDatabase, type TestDatabase } from "../../tests/support/test-database";
import * as m0039 from "./0039-sales-by-line";

const ON = process.env.DATABASE_URL ? "PostgreSQL" : "SQLite";
let t: TestDatabase;

beforeAll(async () => {
  t = await setupTestDatabase();
});

afterAll(async () => {
  await t.cleanup();
});

describe(`migration 0039 on ${ON}`, () => {
  it("gives every order line its product's line and the summary its line rows; the triggers keep them after", async () => {
    const { id: buyer, addressId } = await customerWithAddress(t.db, "m39@shop.test");
    const puff = await createLine(t.db, {
      name: "Puff Bar",
      description: "",
      category: "disposable-vapes",
      optionNames: ["Flavor"],
    });
    const product = (sku: string, line?: { id: number; options: string[]; position: number }) =>
      insertProduct(
        t.db,
        { sku, name: sku, description: "", priceCents: 300, stock: 100, category: "disposable-vapes", line },
        [],
      );
    const grape = await product("M39-GRAPE", { id: puff, options: ["Grape"], position: 0 });
    const lime = await product("M39-LIME", { id: puff, options: ["Lime"], position: 1 });
    const solo = await product("M39-SOLO");
    const soloLine = (
      await t.db.selectFrom("products").select("line_id").where("id", "=", solo).executeTakeFirstOrThrow()
    ).line_id;
    const place = (lines: { id: number; quantity: number }[]) =>
      placeOrder(t.db, { userId: buyer, idempotencyKey: crypto.randomUUID(), addressId, lines });
    await place([
      { id: grape, quantity: 2 },
      { id: lime, quantity: 1 },
      { id: solo, quantity: 4 },
    ]);
    const kept = await readSalesSummary(t.db);

    // The schema as it was before, with the orders, then the migration again: the lines are
    // today's products' lines.
    await t.db.transaction().execute((trx) => m0039.down(trx));
    expect((await readSalesSummary(t.db)).some((r) => r.dim === "line" || r.dim === "line-year")).toBe(false);
    await t.db.transaction().execute((trx) => m0039.up(trx));

    const lines = await t.db
      .selectFrom("order_items")
      .select(["product_id", "line_id", "line_name"])
      .orderBy("id")
      .execute();
    expect(lines).toEqual([
      { product_id: grape, line_id: puff, line_name: "Puff Bar" },
      { product_id: lime, line_id: puff, line_name: "Puff Bar" },
      { product_id: solo, line_id: soloLine, line_name: "M39-SOLO" },
    ]);
    const backfilled = await readSalesSummary(t.db);
    expect(backfilled).toEqual(kept);
    expect(backfilled).toEqual(await recountSales(t.db));
    expect(
      backfilled.filter((r) => r.dim === "line-year").map((r) => [r.key, r.orders, r.units, r.salesCents, r.label]),
    ).toEqual(
      [
        [String(puff), 1, 3, 900, "Puff Bar"],
        [String(soloLine), 1, 4, 1200, "M39-SOLO"],
      ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
    // Hourly line rows carry no name; the year's carry the line's name as sold.
    expect(backfilled.filter((r) => r.dim === "line").map((r) => r.label)).toEqual([null, null]);
    // The triggers are back: a new order counts in its line.
    await place([{ id: lime, quantity: 5 }]);
    const after = await readSalesSummary(t.db);
    expect(after).toEqual(await recountSales(t.db));
    expect(after.find((r) => r.dim === "line-year" && r.key === String(puff))?.units).toBe(8);
  });
});

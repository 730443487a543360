import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_ADMIN } from "../../../tests/support/actors";
import { customerWithAddress } from "../../../tests/support/customers";
import { setupTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { checkCartLines } from "../flows/cart-check";
import { placeOrder } from "../flows/place-order";
import { deleteProduct } from "../flows/product-admin";
import { replaceTiers } from "../pricing/tiers";
import { createLine, findLineHead } from "./lines";
import { insertProduct } from "./product-writes";

/**
 * Product lines (issue 38; decision 0055) on the database the run is on: a product is a variant of
 * its line, lines stay whole whoever writes, and quantity breaks count a line's variants together.
 */
const ON = process.env.DATABASE_URL ? "PostgreSQL" : "SQLite";
let t: TestDatabase;

beforeAll(async () => {
  t = await setupTestDatabase();
});

afterAll(async () => {
  await t.cleanup();
});

async function variant(lineId: number, sku: string, options: string[], position: number, priceApart = false) {
  return insertProduct(
    t.db,
    {
      sku,
      name: `Cloud ${options.join(" ")}`,
      description: "",
      priceCents: 10_00,
      stock: 100,
      category: "disposable-vapes",
      line: { id: lineId, options, position, priceApart },
    },
    [],
  );
}

async function leads(lineId: number) {
  const rows = await t.db
    .selectFrom("products")
    .select(["id", "lead"])
    .where("line_id", "=", lineId)
    .orderBy("id")
    .execute();
  return rows.filter((r) => r.lead === 1).map((r) => r.id);
}

describe(`product lines on ${ON}`, () => {
  it("makes a product without a line a line of its own, which follows its name and goes with it", async () => {
    const id = await insertProduct(
      t.db,
      { sku: "SOLO-1", name: "Solo Pipe", description: "Glass.", priceCents: 5_00, stock: 3, category: "glass" },
      [],
    );
    const row = await t.db
      .selectFrom("products")
      .select(["line_id", "lead"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row.lead).toBe(1);
    expect(await findLineHead(t.db, row.line_id)).toMatchObject({
      name: "Solo Pipe",
      description: "Glass.",
      category: "glass",
      optionNames: [],
      slug: `solo-pipe-${row.line_id}`,
    });
    await t.db
      .updateTable("products")
      .set({ name: "Solo Pipe XL", category: "accessories" })
      .where("id", "=", id)
      .execute();
    expect(await findLineHead(t.db, row.line_id)).toMatchObject({ name: "Solo Pipe XL", category: "accessories" });
    await deleteProduct(t.db, id, TEST_ADMIN);
    expect(await findLineHead(t.db, row.line_id)).toBeNull();
  });

  it("keeps one lead per line, the first variant, whoever deletes; one variant per combination", async () => {
    const line = await createLine(t.db, {
      name: "Cloud",
      description: "",
      category: "disposable-vapes",
      optionNames: ["Flavor", "Nicotine"],
    });
    const a = await variant(line, "CL-A", ["Mint", "5%"], 0);
    const b = await variant(line, "CL-B", ["Mint", "3%"], 1);
    const c = await variant(line, "CL-C", ["Mango", "5%"], 2);
    expect(await leads(line)).toEqual([a]);
    // A line with options keeps its own name when a variant is renamed.
    await t.db.updateTable("products").set({ name: "Renamed" }).where("id", "=", b).execute();
    expect((await findLineHead(t.db, line))?.name).toBe("Cloud");
    await expect(variant(line, "CL-D", ["Mint", "5%"], 3)).rejects.toThrow();
    await deleteProduct(t.db, a, TEST_ADMIN);
    expect(await leads(line)).toEqual([b]);
    await t.db.deleteFrom("products").where("id", "in", [b, c]).execute();
    expect(await findLineHead(t.db, line)).toBeNull();
  });

  it("counts a line's variants together for its quantity breaks, and a variant apart on its own", async () => {
    const line = await createLine(t.db, {
      name: "Breaks",
      description: "",
      category: "disposable-vapes",
      optionNames: ["Flavor"],
    });
    const mint = await variant(line, "BR-MINT", ["Mint"], 0);
    const mango = await variant(line, "BR-MANGO", ["Mango"], 1);
    const apart = await variant(line, "BR-APART", ["Apart"], 2, true);
    for (const id of [mint, mango, apart])
      await replaceTiers(t.db, id, [{ minQuantity: 10, priceCents: 8_00 }], TEST_ADMIN);
    // 6 mint and 4 mango: 10 of the line, the break for both; 6 of the variant apart: its list price.
    const checked = await checkCartLines(t.db, [
      { id: mint, quantity: 6 },
      { id: mango, quantity: 4 },
      { id: apart, quantity: 6 },
    ]);
    expect(checked.map((c) => c.product?.priceCents)).toEqual([8_00, 8_00, 10_00]);
    const { id: buyer, addressId } = await customerWithAddress(t.db, "lines@shop.test");
    const { order } = await placeOrder(t.db, {
      userId: buyer,
      idempotencyKey: crypto.randomUUID(),
      addressId,
      lines: [
        { id: mint, quantity: 6 },
        { id: mango, quantity: 4 },
        { id: apart, quantity: 6 },
      ],
    });
    expect(order.items.map((i) => i.unitPriceCents)).toEqual([8_00, 8_00, 10_00]);
    expect(order.money.goodsCents).toBe(10 * 8_00 + 6 * 10_00);
  });
});

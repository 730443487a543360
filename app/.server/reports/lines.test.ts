import crypto from "node:crypto";
import { parse } from "csv-parse/sync";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, storeToday } from "~/lib/business";
import * as REPORT_MESSAGES from "~/lib/messages/reports";
import { orderMoney } from "~/lib/order-money";
import { lineSchema } from "~/lib/schemas/product-line";
import { storeDayStart } from "~/lib/store-time";
import { TEST_ADMIN } from "../../../tests/support/actors";
import { customerWithAddress } from "../../../tests/support/customers";
import { setupTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { createLine, updateLine } from "../catalog/lines";
import { insertProduct } from "../catalog/product-writes";
import { findProductsToAdd, loadLineEditor, saveLine } from "../flows/line-admin";
import { placeOrder } from "../flows/place-order";
import { deleteProduct } from "../flows/product-admin";
import { moneyColumns } from "../orders/money";
import type { DayRange } from "./range";
import { type SalesRow, salesBy } from "./sales";
import { readSalesSummary, recountSales } from "./summary";
import { loadReport, reportCsv, reportFileName } from "./view";

/**
 * Sales by product line and by variant (issue 38; decision 0060) on the database the suite runs
 * on: a line's sales are those of the order lines sold in it (a variant moved to another line later
 * leaves its past sales where they were), named by the line's name today, or as sold when the line
 * is gone; a variant is named by its line and its option values. Over random orders, hours,
 * cancellations and ranges (long ones read the years' rows), the totals by line equal those by
 * product and by variant and the orders' goods.
 */

const ON = process.env.DATABASE_URL ? "PostgreSQL" : "SQLite";
let t: TestDatabase;
let buyer: { id: string; addressId: string };

beforeAll(async () => {
  t = await setupTestDatabase();
  buyer = await customerWithAddress(t.db, "lines@reports.test", { businessName: "Line Shop" });
});

afterAll(async () => {
  await t.cleanup();
});

let skuNo = 0;
/** A variant of a line (its option values), or a product of its own (a line of one). */
async function variant(
  name: string,
  priceCents: number,
  line?: { id: number; options: string[]; position: number },
): Promise<number> {
  skuNo++;
  return insertProduct(
    t.db,
    {
      sku: `LR-${skuNo}`,
      name,
      description: "",
      priceCents,
      stock: 100_000,
      category: "disposable-vapes",
      ...(line ? { line } : {}),
    },
    [],
  );
}

async function place(lines: { id: number; quantity: number }[]): Promise<number> {
  const { order } = await placeOrder(t.db, {
    userId: buyer.id,
    idempotencyKey: crypto.randomUUID(),
    addressId: buyer.addressId,
    lines,
  });
  return order.id;
}

/** Moves a product into a line the way the line editor does: a row added from another line, saved. */
async function moveInto(lineId: number, productId: number, options: string[]): Promise<void> {
  const page = await loadLineEditor(t.db, lineId);
  if (!page) throw new Error(`no line ${lineId}`);
  const l = page.line;
  const fields: Record<string, string> = {
    version: String(l.version),
    name: l.name,
    description: l.description,
    category: l.category,
    brand: l.brand,
    puffs: l.puffs === null ? "" : String(l.puffs),
    optionName1: l.optionNames[0] ?? "",
    optionName2: l.optionNames[1] ?? "",
    optionName3: l.optionNames[2] ?? "",
    tiers: "",
  };
  const [added] = await findProductsToAdd(t.db, lineId, {
    skus: [(await t.db.selectFrom("products").select("sku").where("id", "=", productId).executeTakeFirstOrThrow()).sku],
    inTable: page.variants.map((v) => v.id),
    lineName: l.name,
    optionCount: l.optionNames.length,
  });
  if (!added) throw new Error(`product ${productId} cannot be added`);
  const rows = [
    ...page.variants.map((v) => ({
      id: String(v.id),
      version: String(v.version),
      stockSeen: String(v.stock),
      option1: v.options[0] ?? "",
      option2: v.options[1] ?? "",
      option3: v.options[2] ?? "",
      sku: v.sku,
      price: (v.priceCents / 100).toFixed(2),
      stock: String(v.stock),
      position: String(v.position),
    })),
    {
      id: String(added.id),
      version: String(added.version),
      stockSeen: String(added.stock),
      option1: options[0] ?? "",
      option2: options[1] ?? "",
      option3: options[2] ?? "",
      sku: added.sku,
      price: (added.priceCents / 100).toFixed(2),
      stock: String(added.stock),
    },
  ];
  rows.forEach((row, i) => {
    for (const [k, v] of Object.entries(row)) fields[`variants.${i}.${k}`] = v;
  });
  await saveLine(t.db, lineId, lineSchema.parse(fields), TEST_ADMIN);
}

const figures = (rows: SalesRow[]) => rows.map((r) => [r.label, r.orders, r.units, r.salesCents]);

describe(`sales by product line and by variant on ${ON}`, () => {
  it("keeps a variant's past sales with the line it was sold in, names lines as today (a gone one as sold) and variants by their values", async () => {
    const today = storeToday();
    const range = { from: today, to: today };
    const vaporlux = await createLine(t.db, {
      name: "Vaporlux 6000",
      description: "",
      category: "disposable-vapes",
      optionNames: ["Flavor", "Nicotine"],
    });
    const blueRazz = await variant("Vaporlux 6000 Blue Razz 5%", 10_00, {
      id: vaporlux,
      options: ["Blue Razz", "5%"],
      position: 0,
    });
    const mint = await variant("Vaporlux 6000 Mint 5%", 10_00, { id: vaporlux, options: ["Mint", "5%"], position: 1 });
    const cloud = await createLine(t.db, {
      name: "Cloud Nine",
      description: "",
      category: "disposable-vapes",
      optionNames: ["Flavor"],
    });
    const peach = await variant("Cloud Nine Peach", 8_00, { id: cloud, options: ["Peach"], position: 0 });
    const grinder = await variant("Steel Grinder", 25_00);
    const grinderLine = (
      await t.db.selectFrom("products").select("line_id").where("id", "=", grinder).executeTakeFirstOrThrow()
    ).line_id;

    await place([
      { id: blueRazz, quantity: 2 },
      { id: mint, quantity: 1 },
      { id: grinder, quantity: 1 },
    ]);
    // Mint moves to Cloud Nine, Vaporlux is renamed, then Mint sells again in its new line.
    await moveInto(cloud, mint, ["Mint"]);
    await updateLine(t.db, vaporlux, { name: "Vaporlux 6500" });
    await place([
      { id: mint, quantity: 4 },
      { id: peach, quantity: 1 },
    ]);
    // The grinder is deleted: its line goes with it, its sales stay under the name they were sold by.
    await deleteProduct(t.db, grinder, TEST_ADMIN);

    const byLine = await salesBy(t.db, "line", range);
    expect(figures(byLine.rows)).toEqual([
      ["Cloud Nine", 1, 5, 48_00],
      ["Vaporlux 6500", 1, 3, 30_00],
      ["Steel Grinder", 1, 1, 25_00],
    ]);
    expect(byLine.rows.map((r) => [r.key, r.gone ?? false])).toEqual([
      [String(cloud), false],
      [String(vaporlux), false],
      [String(grinderLine), true],
    ]);
    expect(byLine.sums).toEqual({ orders: 2, units: 9, salesCents: 103_00 });

    // A variant is a product: its sales follow it, named by its line and values today.
    const byVariant = await salesBy(t.db, "variant", range);
    expect(figures(byVariant.rows)).toEqual([
      ["Cloud Nine — Mint", 2, 5, 50_00],
      ["Steel Grinder", 1, 1, 25_00],
      ["Vaporlux 6500 — Blue Razz / 5%", 1, 2, 20_00],
      ["Cloud Nine — Peach", 1, 1, 8_00],
    ]);
    expect(byVariant.rows[0]?.key).toBe(String(mint));
    expect(byVariant.rows[1]?.key).toBeNull();
    expect(byVariant.sums).toEqual(byLine.sums);

    // The page and its file: the line report's note, headings and rows.
    const view = await loadReport(t.db, new URLSearchParams({ by: "line", from: today, to: today }));
    expect(reportFileName(view)).toBe(`sales-by-line-${today}-to-${today}.csv`);
    expect(parse(reportCsv(view))).toEqual([
      ["Product line", "Orders", "Units", "Sales (USD)"],
      ["Cloud Nine", "1", "5", "48.00"],
      ["Vaporlux 6500", "1", "3", "30.00"],
      ["Steel Grinder", "1", "1", "25.00"],
    ]);
    const variants = await loadReport(t.db, new URLSearchParams({ by: "variant", from: today, to: today }));
    expect(parse(reportCsv(variants))[0]).toEqual(["Variant", "Orders", "Units", "Sales (USD)"]);
    expect(REPORT_MESSAGES.reportLineAsSold).toBe(
      "Sales stay with the product line they were sold in: a variant moved to another line later leaves its past sales there. Lines are named as they are today; a line that is gone, as it was sold.",
    );

    // The order lines name what was sold, whatever the catalog became.
    const sold = await t.db
      .selectFrom("order_items")
      .select(["name", "line_id", "line_name"])
      .where("line_id", "in", [vaporlux, cloud])
      .orderBy("id")
      .execute();
    expect(sold).toEqual([
      { name: "Vaporlux 6000 Blue Razz 5%", line_id: vaporlux, line_name: "Vaporlux 6000" },
      { name: "Vaporlux 6000 Mint 5%", line_id: vaporlux, line_name: "Vaporlux 6000" },
      { name: "Cloud Nine Mint", line_id: cloud, line_name: "Cloud Nine" },
      { name: "Cloud Nine Peach", line_id: cloud, line_name: "Cloud Nine" },
    ]);
    expect(await readSalesSummary(t.db)).toEqual(await recountSales(t.db));
  });

  it("names an order line whose product went before lines existed: no line, and the variant it was sold as", async () => {
    // Written as an order line of a product deleted before migration 0039 is: no product, no line.
    const { id } = await t.db
      .insertInto("orders")
      .values({
        user_id: buyer.id,
        idempotency_key: "lines-before-lines",
        status: "Completed",
        ...moneyColumns(orderMoney({ goodsCents: 3 * 4_50 })),
        item_count: 3,
        ship_business_name: "Shop",
        ship_street: "1 Main St",
        ship_city: "Town",
        ship_state: "TX",
        ship_zip: "00000",
        ship_phone: "",
        created_at: "2024-03-05T18:00:00.000Z",
        updated_at: "2024-03-05T18:00:00.000Z",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto("order_items")
      .values({
        order_id: id,
        product_id: null,
        position: 0,
        name: "Old Cloud Grape",
        sku: "OLD-1",
        unit_price_cents: 4_50,
        quantity: 3,
      })
      .execute();
    const day = { from: "2024-03-05", to: "2024-03-05" };
    expect(figures((await salesBy(t.db, "line", day)).rows)).toEqual([
      [REPORT_MESSAGES.reportUnknown("line"), 1, 3, 13_50],
    ]);
    expect(REPORT_MESSAGES.reportUnknown("line")).toBe("No product line (product deleted)");
    expect(figures((await salesBy(t.db, "variant", day)).rows)).toEqual([["Old Cloud Grape", 1, 3, 13_50]]);
  });

  it("sums any range by line as by product, by variant and as the orders' goods, over random orders", async () => {
    let seed = 38;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
    const lines = await Promise.all(
      ["Alpha", "Beta", "Gamma"].map((name) =>
        createLine(t.db, {
          name: `Random ${name}`,
          description: "",
          category: "disposable-vapes",
          optionNames: ["Flavor"],
        }),
      ),
    );
    const products: number[] = [];
    for (const [i, line] of lines.entries()) {
      for (let v = 0; v < 3; v++) {
        products.push(
          await variant(`R${i}-${v}`, int(1, 40) * 25, { id: line, options: [`Flavor ${v}`], position: v }),
        );
      }
    }
    products.push(await variant("Random Solo", 7_77));
    // Orders over eighteen months, some cancelled; a variant changes line half way.
    const first = "2025-05-01";
    const hours = 578 * 24;
    for (let i = 0; i < 60; i++) {
      if (i === 30) await moveInto(lines[2] as number, products[0] as number, ["Moved"]);
      const picked = [
        ...new Set(Array.from({ length: int(1, 4) }, () => products[int(0, products.length - 1)] as number)),
      ];
      const id = await place(picked.map((p) => ({ id: p, quantity: int(1, 9) })));
      const at = new Date(Date.parse(`${first}T00:00:00Z`) + int(0, hours) * 3_600_000 + int(0, 59) * 60_000);
      await t.db
        .updateTable("orders")
        .set({ created_at: at.toISOString(), ...(random() < 0.2 ? { status: "Cancelled" } : {}) })
        .where("id", "=", id)
        .execute();
    }
    expect(await readSalesSummary(t.db)).toEqual(await recountSales(t.db));

    const ranges: DayRange[] = [
      { from: "2025-05-01", to: "2026-11-27" },
      { from: "2025-06-15", to: "2026-03-10" },
      { from: "2026-01-01", to: "2026-12-31" },
    ];
    for (let i = 0; i < 5; i++) {
      const from = addDays(first, int(0, 500));
      ranges.push({ from, to: addDays(from, int(0, 300)) });
    }
    for (const range of ranges) {
      const all = { page: 1, pageSize: 1000 };
      const [byLine, byProduct, byVariant] = await Promise.all([
        salesBy(t.db, "line", range, all),
        salesBy(t.db, "product", range, all),
        salesBy(t.db, "variant", range, all),
      ]);
      const goods = await t.db
        .selectFrom("orders")
        .where("status", "<>", "Cancelled")
        .where("created_at", ">=", storeDayStart(range.from))
        .where("created_at", "<", storeDayStart(addDays(range.to, 1)))
        .select([sql<number>`count(*)`.as("orders"), sql<number>`coalesce(sum(goods_cents), 0)`.as("goods")])
        .executeTakeFirstOrThrow();
      const sum = (rows: SalesRow[]) => rows.reduce((s, r) => s + r.salesCents, 0);
      const label = `${range.from}..${range.to}`;
      expect(sum(byLine.rows), label).toBe(Number(goods.goods));
      expect(sum(byProduct.rows), label).toBe(Number(goods.goods));
      expect(sum(byVariant.rows), label).toBe(Number(goods.goods));
      expect(byLine.sums, label).toEqual(byProduct.sums);
      expect(byLine.sums.orders, label).toBe(Number(goods.orders));
      // Each line's row is its order lines' as sold.
      const expected = await t.db
        .selectFrom("orders as o")
        .innerJoin("order_items as i", "i.order_id", "o.id")
        .where("o.status", "<>", "Cancelled")
        .where("o.created_at", ">=", storeDayStart(range.from))
        .where("o.created_at", "<", storeDayStart(addDays(range.to, 1)))
        .select([
          "i.line_id",
          sql<number>`count(distinct o.id)`.as("orders"),
          sql<number>`sum(i.quantity)`.as("units"),
          sql<number>`sum(i.quantity * i.unit_price_cents)`.as("sales"),
        ])
        .groupBy("i.line_id")
        .execute();
      const rowOf = (key: string | null, orders: unknown, units: unknown, sales: unknown) =>
        [key, Number(orders), Number(units), Number(sales)] as const;
      const order = (a: readonly unknown[], b: readonly unknown[]) => String(a[0]).localeCompare(String(b[0]));
      expect(byLine.rows.map((r) => rowOf(r.key, r.orders, r.units, r.salesCents)).sort(order), label).toEqual(
        expected
          .map((r) => rowOf(r.line_id === null ? null : String(r.line_id), r.orders, r.units, r.sales))
          .sort(order),
      );
    }
  });
});

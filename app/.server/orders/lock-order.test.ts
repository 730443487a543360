import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_ADMIN } from "../../../tests/support/actors";
import { customerWithAddress } from "../../../tests/support/customers";
import { linesSeen } from "../../../tests/support/orders";
import { setupTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { readProductsCsv } from "../catalog/csv/read";
import { insertProduct } from "../catalog/product-writes";
import { findProduct } from "../catalog/products";
import { EMPTY_COMPLIANCE, saveLabReport, saveProductCompliance } from "../compliance/facts";
import { bulkSetCompliance } from "../compliance/product-form";
import { applyImport, ImportChangedError } from "../flows/catalog-import/apply";
import { planImport } from "../flows/catalog-import/plan";
import { editableLines, editOrder, OrderEditError } from "../flows/order-edit";
import { changeOrderStatus, StatusChangeError } from "../flows/order-life";
import { OrderRefusedError, placeOrder } from "../flows/place-order";
import { bulkUpdateProducts, updateProductWithImages } from "../flows/product-admin";
import { createPriceGroup, setGroupPrices } from "../pricing/groups";

/**
 * Transactions that lock or write the rows of several products at once, run against each other
 * many times. On PostgreSQL two of them that take the same rows in different orders (or a row
 * and a counter row in different orders) deadlock, and PostgreSQL cancels one with error 40P01: a
 * customer's checkout or an admin's save fails for no reason of its own. Every such transaction
 * must end as it does alone: done, or refused with the store's own words. SQLite runs one
 * writer at a time, so there the same races check only that nothing is lost.
 */
const ON = process.env.DATABASE_URL ? "PostgreSQL" : "SQLite";
const ROUNDS = 30;
const RACE_TIMEOUT = 180_000;

let t: TestDatabase;
let buyer: string;
let address: string;
const skus = new Map<number, string>();

beforeAll(async () => {
  t = await setupTestDatabase();
  ({ id: buyer, addressId: address } = await customerWithAddress(t.db, "racer@shop.test"));
});

afterAll(async () => {
  await t.cleanup();
});

async function product(name: string, stock: number): Promise<number> {
  const sku = `LOCK-${skus.size + 1}`;
  const id = await insertProduct(
    t.db,
    { sku, name, description: "", priceCents: 1000, stock, category: "novelty" },
    [],
  );
  await saveProductCompliance(t.db, id, { ...EMPTY_COMPLIANCE, brand: "Start" }, TEST_ADMIN);
  skus.set(id, sku);
  return id;
}

/** A customer's order of one unit of each product, with its lines in the order given. */
function order(ids: number[]) {
  return placeOrder(t.db, {
    userId: buyer,
    idempotencyKey: crypto.randomUUID(),
    addressId: address,
    lines: ids.map((id) => ({ id, quantity: 1 })),
  });
}

/**
 * One-line orders of the products, one after the other. Each writes its product's row anew, at
 * the end of the table: a statement that reads the rows by their ids without an order (a
 * sequential or bitmap scan on PostgreSQL) meets them in this order afterwards.
 */
async function soldOneByOne(ids: number[]): Promise<void> {
  for (const id of ids) await order([id]);
}

/**
 * Starts `run` a few milliseconds later in each round (0 to `spread` - 1): the two sides of a race
 * meet at a different point of each other's transaction from one round to the next.
 */
async function later<T>(round: number, run: () => Promise<T>, spread = 3): Promise<T> {
  await new Promise((resolve) => setTimeout(resolve, round % spread));
  return run();
}

/** What the store answers in normal use when a change cannot be made as asked. */
function isRefusal(error: unknown): boolean {
  return (
    error instanceof OrderRefusedError ||
    error instanceof OrderEditError ||
    error instanceof StatusChangeError ||
    error instanceof ImportChangedError
  );
}

/** The failures of the settled results that are not such a refusal (a deadlock is one: 40P01). */
function unexpected(results: PromiseSettledResult<unknown>[]): string[] {
  return results.flatMap((r) => {
    if (r.status === "fulfilled" || isRefusal(r.reason)) return [];
    const code = (r.reason as { code?: unknown }).code;
    return [`${typeof code === "string" ? `${code} ` : ""}${String(r.reason)}`];
  });
}

/** Units in stock plus units on orders that are not cancelled: what each product started with. */
async function expectStockAccountedFor(started: Record<number, number>): Promise<void> {
  for (const [key, units] of Object.entries(started)) {
    const id = Number(key);
    const { stock } = await t.db.selectFrom("products").select("stock").where("id", "=", id).executeTakeFirstOrThrow();
    const onOrders = await t.db
      .selectFrom("order_items")
      .innerJoin("orders", "orders.id", "order_items.order_id")
      .select(sql<number>`coalesce(sum(order_items.quantity), 0)`.as("n"))
      .where("order_items.product_id", "=", id)
      .where("orders.status", "<>", "Cancelled")
      .executeTakeFirstOrThrow();
    const sales = await t.db
      .selectFrom("product_sales")
      .select("units")
      .where("product_id", "=", id)
      .executeTakeFirst();
    expect({ id, units: stock + Number(onOrders.n), sold: Number(sales?.units ?? 0) }).toEqual({
      id,
      units,
      sold: Number(onOrders.n),
    });
  }
}

async function column(ids: number[], name: "price_cents" | "stock"): Promise<(number | undefined)[]> {
  const rows = await t.db
    .selectFrom("products")
    .select(["id", "price_cents", "stock"])
    .where("id", "in", ids)
    .execute();
  return ids.map((id) => rows.find((r) => r.id === id)?.[name]);
}

async function brands(ids: number[]): Promise<(string | null | undefined)[]> {
  const rows = await t.db
    .selectFrom("product_compliance")
    .select(["product_id", "brand"])
    .where("product_id", "in", ids)
    .execute();
  return ids.map((id) => rows.find((r) => r.product_id === id)?.brand);
}

/** The brands an order's lines were checked against, as recorded with the order. */
async function checkedBrands(orderId: number): Promise<string[]> {
  const rows = await t.db
    .selectFrom("order_line_compliance")
    .select("evaluated")
    .where("order_id", "=", orderId)
    .execute();
  return rows.map((r) => (JSON.parse(r.evaluated) as { brand: string }).brand);
}

function csv(text: string) {
  const read = readProductsCsv(new TextEncoder().encode(text));
  if (!read.ok) throw new Error(read.error);
  return read;
}

describe(`transactions over several products at once never deadlock on ${ON}`, () => {
  it(
    "a customer's order and an admin's bulk change of the same products' compliance facts",
    async () => {
      const [a, b, c] = [
        await product("Fact A", 10_000),
        await product("Fact B", 10_000),
        await product("Fact C", 10_000),
      ];
      const problems: string[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        await soldOneByOne([c, b, a]);
        const brand = `Round ${round}`;
        const [placed, bulk] = await Promise.allSettled([
          later(round, () => order([c, b, a]), 5),
          bulkSetCompliance(t.db, [a, b, c], { brand }, TEST_ADMIN),
        ]);
        problems.push(...unexpected([placed, bulk]));
        // Nothing lost: the bulk change's facts are on every product.
        if (bulk.status === "fulfilled") expect(await brands([a, b, c])).toEqual([brand, brand, brand]);
        // The order was checked against the bulk change whole, or before it.
        if (placed.status === "fulfilled") {
          const seen = await checkedBrands(placed.value.order.id);
          expect(seen).toHaveLength(3);
          expect(new Set(seen).size).toBe(1);
        }
      }
      expect(problems).toEqual([]);
      await expectStockAccountedFor({ [a]: 10_000, [b]: 10_000, [c]: 10_000 });
    },
    RACE_TIMEOUT,
  );

  it(
    "two customers' orders that each sell the last unit of a different product",
    async () => {
      const problems: string[] = [];
      const started: Record<number, number> = {};
      for (let round = 0; round < ROUNDS; round++) {
        const a = await product(`Last A${round}`, 1);
        const b = await product(`Shared B${round}`, 100);
        const c = await product(`Last C${round}`, 1);
        Object.assign(started, { [a]: 1, [b]: 100, [c]: 1 });
        const results = await Promise.allSettled([order([b, a]), later(round, () => order([c, b]))]);
        const failed = unexpected(results);
        problems.push(...failed);
        if (failed.length) continue;
        // Each sells out its own product: both are placed.
        expect(results.map((r) => r.status)).toEqual(["fulfilled", "fulfilled"]);
        expect(await column([a, b, c], "stock")).toEqual([0, 98, 0]);
      }
      expect(problems).toEqual([]);
      await expectStockAccountedFor(started);
    },
    RACE_TIMEOUT,
  );

  it(
    "a customer's order and an admin's bulk price change of the same products",
    async () => {
      const [a, b, c] = [
        await product("Bulk A", 10_000),
        await product("Bulk B", 10_000),
        await product("Bulk C", 10_000),
      ];
      const problems: string[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        await soldOneByOne([c, b, a]);
        const priceCents = 2000 + round;
        const [placed, bulk] = await Promise.allSettled([
          order([c, b, a]),
          later(round, () => bulkUpdateProducts(t.db, [a, b, c], { priceCents }, TEST_ADMIN)),
        ]);
        problems.push(...unexpected([placed, bulk]));
        if (bulk.status === "fulfilled")
          expect(await column([a, b, c], "price_cents")).toEqual([priceCents, priceCents, priceCents]);
      }
      expect(problems).toEqual([]);
      await expectStockAccountedFor({ [a]: 10_000, [b]: 10_000, [c]: 10_000 });
    },
    RACE_TIMEOUT,
  );

  it(
    "a customer's order and a catalog import that changes the same products, its rows in the other order",
    async () => {
      const [a, b, c] = [
        await product("Import A", 10_000),
        await product("Import B", 10_000),
        await product("Import C", 10_000),
      ];
      const problems: string[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const price = (30 + round / 100).toFixed(2);
        const file = csv(`sku,price\n${skus.get(c)},${price}\n${skus.get(b)},${price}\n${skus.get(a)},${price}\n`);
        const plan = await planImport(t.db, file);
        const [placed, applied] = await Promise.allSettled([
          later(round, () => order([a, b, c]), 10),
          applyImport(t.db, file, plan.digest, TEST_ADMIN),
        ]);
        problems.push(...unexpected([placed, applied]));
        if (applied.status === "fulfilled" && applied.value.applied) {
          const cents = Math.round(Number(price) * 100);
          expect(await column([a, b, c], "price_cents")).toEqual([cents, cents, cents]);
        }
      }
      expect(problems).toEqual([]);
      await expectStockAccountedFor({ [a]: 10_000, [b]: 10_000, [c]: 10_000 });
    },
    RACE_TIMEOUT,
  );

  it(
    "a customer's order and an admin cancelling, then reopening, an order of the same products",
    async () => {
      const [a, b, c] = [
        await product("Status A", 10_000),
        await product("Status B", 10_000),
        await product("Status C", 10_000),
      ];
      const problems: string[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        // An order whose lines are B, C, then A: A was added by an edit.
        const { order: edited } = await order([b, c]);
        await editOrder(
          t.db,
          edited.id,
          { kind: "add", sku: skus.get(a) ?? "", quantity: 1, seen: await linesSeen(t.db, edited.id) },
          TEST_ADMIN,
        );
        const cancelled = await Promise.allSettled([
          later(round, () => order([c, b, a]), 5),
          changeOrderStatus(t.db, edited.id, { seen: "Processing", next: "Cancelled" }, TEST_ADMIN),
        ]);
        const reopened = await Promise.allSettled([
          later(round, () => order([c, b, a]), 5),
          changeOrderStatus(t.db, edited.id, { seen: "Cancelled", next: "Processing" }, TEST_ADMIN),
        ]);
        problems.push(...unexpected([...cancelled, ...reopened]));
      }
      expect(problems).toEqual([]);
      await expectStockAccountedFor({ [a]: 10_000, [b]: 10_000, [c]: 10_000 });
    },
    RACE_TIMEOUT,
  );

  it(
    "a customer's order and an admin adding units to another order of the same products",
    async () => {
      const [a, b, c] = [
        await product("Edit A", 10_000),
        await product("Edit B", 10_000),
        await product("Edit C", 10_000),
      ];
      const problems: string[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const { order: edited } = await order([a, b, c]);
        const line = (await editableLines(t.db, edited.id)).find((l) => l.productId === c);
        if (!line) throw new Error("the order has no line of C");
        const results = await Promise.allSettled([
          later(round, () => order([c, b, a]), 10),
          editOrder(t.db, edited.id, { kind: "quantity", lineId: line.id, quantity: 2, seen: 1 }, TEST_ADMIN),
        ]);
        problems.push(...unexpected(results));
      }
      expect(problems).toEqual([]);
      await expectStockAccountedFor({ [a]: 10_000, [b]: 10_000, [c]: 10_000 });
    },
    RACE_TIMEOUT,
  );

  it(
    "a customer's order that sells the last unit and an admin's new lab report of that product",
    async () => {
      const pdf = Buffer.from("%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n");
      const problems: string[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const last = await product(`Last one ${round}`, 1);
        const results = await Promise.allSettled([
          order([last]),
          later(round, () => saveLabReport(t.db, last, pdf, TEST_ADMIN)),
        ]);
        const failed = unexpected(results);
        problems.push(...failed);
        if (failed.length) continue;
        expect(results.map((r) => r.status)).toEqual(["fulfilled", "fulfilled"]);
        expect(await column([last], "stock")).toEqual([0]);
      }
      expect(problems).toEqual([]);
    },
    RACE_TIMEOUT,
  );

  it(
    "an admin's product save with a new price and a catalog import of another product's name and quantity breaks",
    async () => {
      // The products' triggers move the shared counters of cache_versions: the save's price moves
      // 'prices' (its product row), then its images 'catalog'; the import's name moves 'catalog',
      // then its breaks 'prices'. No product is shared: only the counters can meet.
      const saved = await product("Counter save", 100);
      const imported = await product("Counter import", 100);
      const problems: string[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const current = await findProduct(t.db, saved);
        if (!current) throw new Error("the saved product is gone");
        const priceCents = 2000 + round;
        const breaks = `10:${(9 - round / 100).toFixed(2)}`;
        const file = csv(`sku,name,price_tiers\n${skus.get(imported)},Counter import ${round},${breaks}\n`);
        const plan = await planImport(t.db, file);
        const [save, applied] = await Promise.allSettled([
          later(
            round,
            () =>
              updateProductWithImages(
                t.db,
                saved,
                {
                  name: current.name,
                  description: current.description,
                  priceCents,
                  stock: current.stock,
                  category: current.category,
                },
                { keepKeys: [], uploads: [] },
                { version: current.version, stockSeen: current.stock },
                TEST_ADMIN,
              ),
            6,
          ),
          applyImport(t.db, file, plan.digest, TEST_ADMIN),
        ]);
        problems.push(...unexpected([save, applied]));
        if (save.status === "fulfilled") expect(await column([saved], "price_cents")).toEqual([priceCents]);
        if (applied.status === "fulfilled") expect(applied.value.applied).toBe(true);
      }
      expect(problems).toEqual([]);
    },
    RACE_TIMEOUT,
  );

  it(
    "an admin's bulk change of price and category and a catalog import of another product's name and quantity breaks",
    async () => {
      // Each bulk row's new price moves 'prices', then its new category 'catalog' (the triggers in
      // the order of their names); the import's name moves 'catalog', then its breaks 'prices'.
      const bulk = await product("Counter bulk", 100);
      const imported = await product("Counter import 2", 100);
      const problems: string[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const priceCents = 2000 + round;
        const category = round % 2 ? "novelty" : "accessories";
        const breaks = `10:${(9 - round / 100).toFixed(2)}`;
        const file = csv(`sku,name,price_tiers\n${skus.get(imported)},Counter import 2 ${round},${breaks}\n`);
        const plan = await planImport(t.db, file);
        const [changed, applied] = await Promise.allSettled([
          later(round, () => bulkUpdateProducts(t.db, [bulk], { priceCents, category }, TEST_ADMIN), 6),
          applyImport(t.db, file, plan.digest, TEST_ADMIN),
        ]);
        problems.push(...unexpected([changed, applied]));
        if (changed.status === "fulfilled") expect(await column([bulk], "price_cents")).toEqual([priceCents]);
        if (applied.status === "fulfilled") expect(applied.value.applied).toBe(true);
      }
      expect(problems).toEqual([]);
    },
    RACE_TIMEOUT,
  );

  it(
    "an admin's load of a price group's prices and another admin's bulk price change of the same products",
    async () => {
      // The load's first statement (clearing the group's prices) moves 'prices'; its new rows then
      // need each product's key. The bulk change held the products and needed 'prices'.
      const ids = [await product("Group A", 100), await product("Group B", 100), await product("Group C", 100)];
      const group = await createPriceGroup(t.db, { name: "Lock group", kind: "explicit", percentOffBp: 0 }, TEST_ADMIN);
      const problems: string[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const priceCents = 3000 + round;
        const lines = ids.map((id) => ({ sku: skus.get(id) as string, priceCents: 900 + round }));
        const [loaded, changed] = await Promise.allSettled([
          setGroupPrices(t.db, group, lines, TEST_ADMIN),
          later(round, () => bulkUpdateProducts(t.db, ids, { priceCents }, TEST_ADMIN), 6),
        ]);
        problems.push(...unexpected([loaded, changed]));
        if (changed.status === "fulfilled")
          expect(await column(ids, "price_cents")).toEqual([priceCents, priceCents, priceCents]);
        if (loaded.status === "fulfilled") {
          const held = await t.db
            .selectFrom("price_group_prices")
            .select("price_cents")
            .where("group_id", "=", group)
            .orderBy("product_id")
            .execute();
          expect(held.map((r) => r.price_cents)).toEqual([900 + round, 900 + round, 900 + round]);
        }
      }
      expect(problems).toEqual([]);
    },
    RACE_TIMEOUT,
  );
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ListingSort, readListingQuery } from "~/lib/listing";
import { setupTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { ensureAccount } from "../accounts/admins";
import { findUserByEmail } from "../accounts/users";
import { sqlNow } from "../db/time";
import { findCustomerGroup, withCustomerPrices } from "../pricing/prices";
import { cachedPriceOrder, type PriceOrder, pageOfOrder } from "./price-order";
import type { Product } from "./product";
import { insertProduct } from "./product-writes";
import { decodeCursor, listCategoryPage, type SortGroup } from "./products";

/**
 * Category listings in every order a customer may choose (issue 16): by name, newest first, and by
 * the customer's own card price (list, tier reached by the smallest orderable quantity, price
 * group), paged with a cursor that never repeats or skips a product.
 */
let t: TestDatabase;
let explicitBuyer: string;
let percentBuyer: string;
const ids: number[] = [];

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

async function customer(email: string): Promise<string> {
  await ensureAccount(t.db, { email, name: email.split("@")[0] ?? "x", role: "customer" });
  return (await findUserByEmail(t.db, email))?.id ?? "";
}

beforeAll(async () => {
  t = await setupTestDatabase();
  const next = random(20261123);
  const now = sqlNow(t.dialect);
  // 40 glass products: prices with many ties, case packs and minimums, tiers on some.
  for (let i = 0; i < 40; i++) {
    const casePack = [1, 1, 6, 10][Math.floor(next() * 4)] as number;
    const id = await insertProduct(
      t.db,
      {
        sku: `LIST-${i}`,
        name: `Pipe ${String.fromCharCode(65 + (i % 26))}${i}`,
        description: "",
        priceCents: [500, 999, 999, 1500, 2500, 0][Math.floor(next() * 6)] as number,
        stock: next() < 0.25 ? 0 : 50,
        category: "glass",
      },
      [],
    );
    const minQuantity = casePack * (next() < 0.3 ? 2 : 1);
    await t.db
      .updateTable("products")
      .set({
        case_pack: casePack,
        min_quantity: minQuantity,
        created_at: `2026-01-${String(1 + (i % 28)).padStart(2, "0")}T00:00:00.000Z`,
      })
      .where("id", "=", id)
      .execute();
    if (next() < 0.4) {
      // A break at the minimum (reached by the card's quantity) or above it (not reached).
      const at = next() < 0.5 ? minQuantity : minQuantity + casePack * 5;
      await t.db
        .insertInto("price_tiers")
        .values({ product_id: id, min_quantity: Math.max(2, at), price_cents: Math.floor(next() * 800) })
        .execute();
    }
    ids.push(id);
  }
  // Another category's product never shows in glass.
  await insertProduct(
    t.db,
    { sku: "OTHER", name: "Kratom", description: "", priceCents: 1, stock: 5, category: "kratom" },
    [],
  );

  const explicit = await t.db
    .insertInto("price_groups")
    .values({ name: "Distributor", kind: "explicit", percent_off_bp: 0, created_at: now, updated_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  for (const id of ids) {
    if (next() < 0.5) {
      await t.db
        .insertInto("price_group_prices")
        .values({ group_id: explicit.id, product_id: id, price_cents: Math.floor(next() * 3000) })
        .execute();
    }
  }
  const percent = await t.db
    .insertInto("price_groups")
    .values({ name: "Volume", kind: "percent", percent_off_bp: 1250, created_at: now, updated_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  explicitBuyer = await customer("explicit@shop.test");
  percentBuyer = await customer("percent@shop.test");
  await t.db.insertInto("customer_price_groups").values({ user_id: explicitBuyer, group_id: explicit.id }).execute();
  await t.db.insertInto("customer_price_groups").values({ user_id: percentBuyer, group_id: percent.id }).execute();
});

afterAll(async () => {
  await t.cleanup();
});

/** Every page of glass in `sort`, four at a time, following the cursors. */
async function everyPage(sort: ListingSort, group: SortGroup | null, inStockOnly = false): Promise<Product[]> {
  const all: Product[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 100; pages++) {
    const page = await listCategoryPage(t.db, {
      category: "glass",
      after: decodeCursor(cursor),
      limit: 4,
      sort,
      inStockOnly,
      group,
    });
    all.push(...page.items);
    cursor = page.nextCursor;
    if (!cursor) return all;
  }
  throw new Error("the cursor never ended");
}

describe(`category listings on ${process.env.DATABASE_URL ? "PostgreSQL" : "SQLite"}`, () => {
  it("pages by name and newest first, each product once", async () => {
    const byName = await everyPage("name", null);
    expect(byName.map((p) => p.id).sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
    expect(byName.map((p) => p.name)).toEqual(
      [...byName].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id)).map((p) => p.name),
    );
    const newest = await everyPage("newest", null);
    expect(newest).toHaveLength(ids.length);
    for (let i = 1; i < newest.length; i++) {
      const [a, b] = [newest[i - 1] as Product, newest[i] as Product];
      expect(a.createdAt > b.createdAt || (a.createdAt === b.createdAt && a.id > b.id)).toBe(true);
    }
  });

  it.each([
    ["no group (list and tier prices)", () => null],
    ["a percentage group", () => percentBuyer],
    ["an explicit-price group", () => explicitBuyer],
  ])("orders by the card price a customer in %s sees, low to high and high to low", async (_label, who) => {
    const userId = who();
    const group = await findCustomerGroup(t.db, userId);
    for (const sort of ["price-asc", "price-desc"] as const) {
      const listed = await everyPage(sort, group);
      expect(listed).toHaveLength(ids.length);
      expect(new Set(listed.map((p) => p.id)).size).toBe(ids.length);
      // The prices the cards show, from the one pricing module.
      const shown = await withCustomerPrices(t.db, userId, listed);
      for (let i = 1; i < shown.length; i++) {
        const [a, b] = [shown[i - 1] as Product, shown[i] as Product];
        if (sort === "price-asc") expect(a.priceCents, `${a.name} before ${b.name}`).toBeLessThanOrEqual(b.priceCents);
        else expect(a.priceCents, `${a.name} before ${b.name}`).toBeGreaterThanOrEqual(b.priceCents);
      }
    }
  });

  it("leaves out products with no stock when asked", async () => {
    const inStock = await everyPage("price-asc", null, true);
    const stocked = await t.db
      .selectFrom("products")
      .select("id")
      .where("category", "=", "glass")
      .where("stock", ">", 0)
      .execute();
    expect(inStock.map((p) => p.id).sort((a, b) => a - b)).toEqual(stocked.map((r) => r.id).sort((a, b) => a - b));
    expect(inStock.every((p) => p.stock > 0)).toBe(true);
  });

  it("a cursor of another order starts again at the first page", async () => {
    const byName = await listCategoryPage(t.db, { category: "glass", after: null, limit: 4, sort: "name" });
    const cheapest = await listCategoryPage(t.db, { category: "glass", after: null, limit: 4, sort: "price-asc" });
    const mixed = await listCategoryPage(t.db, {
      category: "glass",
      after: decodeCursor(byName.nextCursor),
      limit: 4,
      sort: "price-asc",
    });
    expect(mixed.items.map((p) => p.id)).toEqual(cheapest.items.map((p) => p.id));
  });
});

/** Checks that `sort` pages every in-category product once, in the order of the prices shown. */
async function expectPriceOrder(userId: string | null, inStockOnly = false) {
  const group = await findCustomerGroup(t.db, userId);
  let query = t.db.selectFrom("products").select("id").where("category", "=", "glass");
  if (inStockOnly) query = query.where("stock", ">", 0);
  const expected = (await query.execute()).map((r) => r.id).sort((a, b) => a - b);
  for (const sort of ["price-asc", "price-desc"] as const) {
    const listed = await everyPage(sort, group, inStockOnly);
    expect(listed.map((p) => p.id).sort((a, b) => a - b)).toEqual(expected);
    const shown = await withCustomerPrices(t.db, userId, listed);
    for (let i = 1; i < shown.length; i++) {
      const [a, b] = [shown[i - 1] as Product, shown[i] as Product];
      if (sort === "price-asc") expect(a.priceCents, `${a.name} before ${b.name}`).toBeLessThanOrEqual(b.priceCents);
      else expect(a.priceCents, `${a.name} before ${b.name}`).toBeGreaterThanOrEqual(b.priceCents);
    }
  }
}

describe(`a price order kept in memory on ${process.env.DATABASE_URL ? "PostgreSQL" : "SQLite"}`, () => {
  it("follows every change that moves it: prices, breaks, group prices, stock, category, products added and removed", async () => {
    const first = ids[0] as number;
    const second = ids[1] as number;
    const group = await findCustomerGroup(t.db, explicitBuyer);
    const groupId = group?.id ?? 0;
    await expectPriceOrder(explicitBuyer);
    await expectPriceOrder(null, true);

    await t.db
      .updateTable("products")
      .set({ price_cents: 987_654, case_pack: 1, min_quantity: 1 })
      .where("id", "=", first)
      .execute();
    await t.db.deleteFrom("price_tiers").where("product_id", "=", first).execute();
    await t.db.deleteFrom("price_group_prices").where("product_id", "=", first).execute();
    await expectPriceOrder(null);
    expect(
      (await listCategoryPage(t.db, { category: "glass", after: null, limit: 1, sort: "price-desc" })).items[0]?.id,
    ).toBe(first);

    await t.db.insertInto("price_tiers").values({ product_id: first, min_quantity: 2, price_cents: 0 }).execute();
    await t.db.updateTable("products").set({ min_quantity: 2 }).where("id", "=", first).execute();
    await expectPriceOrder(null);
    expect(
      (await listCategoryPage(t.db, { category: "glass", after: null, limit: 1, sort: "price-asc" })).items[0]?.id,
    ).toBe(first);

    await t.db
      .insertInto("price_group_prices")
      .values({ group_id: groupId, product_id: second, price_cents: 5_000_000 })
      .onConflict((c) => c.columns(["group_id", "product_id"]).doUpdateSet({ price_cents: 5_000_000 }))
      .execute();
    await expectPriceOrder(explicitBuyer);
    const top = await listCategoryPage(t.db, { category: "glass", after: null, limit: 1, sort: "price-desc", group });
    expect(top.items[0]?.id).toBe(second);

    await t.db.updateTable("products").set({ stock: 0 }).where("id", "=", second).execute();
    await expectPriceOrder(null, true);
    await t.db.updateTable("products").set({ stock: 9 }).where("id", "=", second).execute();
    await expectPriceOrder(null, true);

    await t.db.updateTable("products").set({ category: "kratom" }).where("id", "=", first).execute();
    await expectPriceOrder(null);
    await t.db.updateTable("products").set({ category: "glass" }).where("id", "=", first).execute();
    const added = await insertProduct(
      t.db,
      { sku: "LIST-NEW", name: "Pipe New", description: "", priceCents: 123_456_789, stock: 3, category: "glass" },
      [],
    );
    await expectPriceOrder(null);
    expect(
      (await listCategoryPage(t.db, { category: "glass", after: null, limit: 1, sort: "price-desc" })).items[0]?.id,
    ).toBe(added);
    await t.db.deleteFrom("products").where("id", "=", added).execute();
    await expectPriceOrder(null);
  });

  it("builds an order once for requests that arrive together", async () => {
    let loads = 0;
    const load = async () => {
      loads++;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return [
        { id: 2, sort_key: 10 },
        { id: 1, sort_key: 20 },
      ];
    };
    const orders = await Promise.all(Array.from({ length: 5 }, () => cachedPriceOrder(t.db, "together", load)));
    expect(loads).toBe(1);
    expect(new Set(orders).size).toBe(1);
    expect(pageOfOrder(orders[0] as PriceOrder, null, 5, true).map((r) => r.id)).toEqual([1, 2]);
    expect(pageOfOrder(orders[0] as PriceOrder, { key: 20, id: 1 }, 5, true).map((r) => r.id)).toEqual([2]);
    expect(pageOfOrder(orders[0] as PriceOrder, { key: 10, id: 2 }, 5, false).map((r) => r.id)).toEqual([1]);
    await cachedPriceOrder(t.db, "together", load);
    expect(loads).toBe(1);
  });
});

describe("the listing's address", () => {
  const read = (query: string, prices: boolean) => readListingQuery(new URLSearchParams(query), prices);

  it("a visitor asking for a price order gets the name order, which may be cached like any visitor page", () => {
    expect(read("sort=price-asc", false)).toEqual({
      sort: "name",
      inStockOnly: false,
      soldHere: false,
      canonical: true,
    });
    expect(read("sort=price-desc&instock=1", false)).toEqual({
      sort: "name",
      inStockOnly: true,
      soldHere: false,
      canonical: true,
    });
    expect(read("sort=price-asc", true)).toEqual({
      sort: "price-asc",
      inStockOnly: false,
      soldHere: false,
      canonical: true,
    });
  });

  it("reads the defaults, the known values, and refuses made-up ones", () => {
    expect(read("", false)).toEqual({ sort: "name", inStockOnly: false, soldHere: false, canonical: true });
    expect(read("sort=newest&instock=1", false)).toEqual({
      sort: "newest",
      inStockOnly: true,
      soldHere: false,
      canonical: true,
    });
    expect(read("sort=cheapest", true)).toMatchObject({ sort: "name", canonical: false });
    expect(read("instock=yes", true)).toMatchObject({ inStockOnly: false, canonical: false });
    // Sold to my address is a customer's own: never kept in the visitor cache.
    expect(read("sold=here", true)).toMatchObject({ soldHere: true, canonical: false });
    expect(read("sold=there", true)).toMatchObject({ soldHere: false, canonical: false });
  });
});

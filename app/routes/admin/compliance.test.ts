import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertProductsInBulk } from "~/.server/catalog/product-writes";
import { setupTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import type { Route } from "./+types/compliance";
import { loader } from "./compliance";
import { MAX_PRODUCT_CHOICES, loader as productSuggestions } from "./product-suggestions";

/**
 * The compliance page at any size of catalog (issue 27): its data holds the rules, never the
 * catalog's products (the test box picks one by search), and the picker's answers are a handful of
 * products whatever the catalog holds.
 */
let t: TestDatabase;

beforeAll(async () => {
  t = await setupTestDatabase();
});

afterAll(async () => {
  await t.cleanup();
});

async function addProducts(prefix: string, count: number) {
  const now = new Date().toISOString();
  for (let i = 0; i < count; i += 250) {
    await insertProductsInBulk(
      t.db,
      Array.from({ length: Math.min(250, count - i) }, (_, j) => ({
        sku: `${prefix}-${String(i + j).padStart(5, "0")}`,
        name: `Picker product ${prefix} ${i + j}`,
        description: "",
        price_cents: 100,
        stock: 1,
        category: "novelty",
        created_at: now,
        updated_at: now,
      })),
    );
  }
}

/** What the page's loader sends, as the browser receives it. */
async function pageData(): Promise<string> {
  const url = new URL("http://store.test/admin/compliance");
  return JSON.stringify(await loader({ url, request: new Request(url), params: {} } as unknown as Route.LoaderArgs));
}

async function picker(q: string) {
  const url = new URL(`http://store.test/admin/products/suggestions?${new URLSearchParams({ q })}`);
  return (await productSuggestions({ url, request: new Request(url), params: {} } as never)).suggestions;
}

describe(`the compliance page on ${process.env.DATABASE_URL ? "PostgreSQL" : "SQLite"}`, () => {
  it("sends the same data with 2,000 more products in the catalog: no product list", async () => {
    await addProducts("FEW", 5);
    const few = await pageData();
    await addProducts("MANY", 2000);
    const many = await pageData();
    expect(many.length).toBe(few.length);
    expect(many).not.toContain("Picker product");
    expect(JSON.parse(many)).not.toHaveProperty("products");
  }, 60_000);

  it("offers a handful of products as the admin types: SKUs that start with the text, then names that contain it", async () => {
    const bySku = await picker("many-0001");
    expect(bySku.map((p) => p.sku)).toEqual(Array.from({ length: 8 }, (_, i) => `MANY-0001${i}`));
    expect(bySku[0]).toEqual({ id: expect.any(Number), sku: "MANY-00010", name: "Picker product MANY 10" });
    // A word in 2,005 names: still a handful.
    expect(await picker("Picker product")).toHaveLength(MAX_PRODUCT_CHOICES);
    expect((await picker("product FEW 3")).map((p) => p.sku)).toEqual(["FEW-00003"]);
    // Too short to search, or nothing matching: nothing offered.
    expect(await picker("M")).toEqual([]);
    expect(await picker("no such thing")).toEqual([]);
  });
});

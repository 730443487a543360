import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertProduct } from "../../app/.server/catalog/product-writes";
import { searchProducts } from "../../app/.server/catalog/search/engine";
import { setupTestDatabase, type TestDatabase } from "../../tests/support/test-database";
import * as m0035 from "./0035-search-documents";

const ON = process.env.DATABASE_URL ? "PostgreSQL" : "SQLite";
let t: TestDatabase;

beforeAll(async () => {
  t = await setupTestDatabase();
});

afterAll(async () => {
  await t.cleanup();
});

const names = async (q: string) => (await searchProducts(t.db, q, { limit: 10 })).products.map((p) => p.name);

describe(`migration 0035 on ${ON}`, () => {
  it("indexes the products that were there before it: documents, codes and words", async () => {
    await m0035.down(t.db);
    const id = await insertProduct(
      t.db,
      { sku: "OLD-1", name: "Heritage Hookah 4-Hose", description: "", priceCents: 100, stock: 1, category: "glass" },
      [],
    );
    await t.db
      .insertInto("product_compliance")
      .values({ product_id: id, brand: "Sultan", upc: "036000291452", updated_at: new Date().toISOString() })
      .execute();
    await m0035.up(t.db);
    expect(await names("sultan heritage")).toEqual(["Heritage Hookah 4-Hose"]);
    expect((await searchProducts(t.db, "old-1", { limit: 1 })).exact?.id).toBe(id);
    expect((await searchProducts(t.db, "036000291452", { limit: 1 })).exact?.id).toBe(id);
    expect(await names("heritgae")).toEqual(["Heritage Hookah 4-Hose"]);
    // A synonym seeded by the migration.
    expect(await names("shisha")).toEqual(["Heritage Hookah 4-Hose"]);
  });

  it("takes any name: quotes, backslashes, control characters and accents never fail a write", async () => {
    const odd = ['Say "When" Lighter', "Back\\slash Grinder", "Tab\tNew\nLine Tray", "Crème Brûlée Wraps"];
    for (const [i, name] of odd.entries())
      await insertProduct(
        t.db,
        { sku: `ODD-${i}`, name, description: "", priceCents: 1, stock: 1, category: "novelty" },
        [],
      );
    expect(await names("when lighter")).toEqual(['Say "When" Lighter']);
    expect(await names("slash")).toEqual(["Back\\slash Grinder"]);
    expect(await names("line tray")).toEqual(["Tab\tNew\nLine Tray"]);
    expect(await names("creme brulee")).toEqual(["Crème Brûlée Wraps"]);
    const terms = (await t.db.selectFrom("search_terms").select("term").execute()).map((r) => r.term);
    expect(terms).toContain("lighter");
    // Numbers are no words typos are corrected to.
    expect(terms.some((term) => /^\d+$/.test(term))).toBe(false);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_ADMIN } from "../../../tests/support/actors";
import { setupTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { saveProductCompliance } from "../compliance/facts";
import { VISITOR_AUDIENCE } from "../flows/audience";
import { categoryPage } from "../flows/category-page";
import { deleteProduct } from "../flows/product-admin";
import { availabilityCounts, facetCounts, readLineFacets, recountLineFacets } from "./facets";
import { brandNamed, createLine, updateLine } from "./lines";
import { insertProduct } from "./product-writes";
import { listCategoryPage } from "./products";

/**
 * The listings' filters (issue 38) on the database the run is on: line_facets holds what the
 * lines and their variants say after every write, and a listing narrowed by facets lists and
 * counts the lines that have them.
 */
const ON = process.env.DATABASE_URL ? "PostgreSQL" : "SQLite";
let t: TestDatabase;
let sku = 0;

async function line(name: string, brand: string, puffs: number | null, flavors: string[], strengths: string[]) {
  const id = await createLine(t.db, {
    name,
    description: "",
    category: "disposable-vapes",
    brandId: await brandNamed(t.db, brand),
    optionNames: ["Flavor", "Nicotine"],
    puffs,
  });
  let position = 0;
  for (const flavor of flavors)
    for (const strength of strengths)
      await insertProduct(
        t.db,
        {
          sku: `FAC-${++sku}`,
          name: `${name} ${flavor} ${strength}`,
          description: "",
          priceCents: 1_00,
          stock: 5,
          category: "disposable-vapes",
          line: { id, options: [flavor, strength], position: position++ },
        },
        [],
      );
  return id;
}

beforeAll(async () => {
  t = await setupTestDatabase();
  await line("Vaporlux 6000", "Vaporlux", 6000, ["Blue Razz Ice", "Mint"], ["5%", "3%"]);
  await line("Vaporlux 2500", "Vaporlux", 2500, ["Mint"], ["5%"]);
  await line("Cloud King", "Cloud King", 15000, ["Grape Ice", "Mint"], ["5%"]);
});

afterAll(async () => {
  await t.cleanup();
});

describe(`facets on ${ON}`, () => {
  it("counts each value's lines in the listing, the others' choices applied", async () => {
    const scope = { category: "disposable-vapes" };
    const all = await facetCounts(t.db, scope, {});
    expect(all.brand).toEqual([
      { value: "vaporlux", label: "Vaporlux", count: 2 },
      { value: "cloud-king", label: "Cloud King", count: 1 },
    ]);
    expect(all.flavor?.find((f) => f.value === "mint")).toEqual({ value: "mint", label: "Mint", count: 3 });
    expect(all.nicotine).toEqual([
      { value: "5pct", label: "5%", count: 3 },
      { value: "3pct", label: "3%", count: 1 },
    ]);
    expect(all.puffs?.map((p) => p.value).sort()).toEqual(["10000-19999", "6000-9999", "under-3000"]);
    // Vaporlux chosen: the flavors of its lines; the brands still all counted (a facet does not narrow itself).
    const vaporlux = await facetCounts(t.db, scope, { brand: ["vaporlux"] });
    expect(vaporlux.flavor).toEqual([
      { value: "mint", label: "Mint", count: 2 },
      { value: "blue-razz-ice", label: "Blue Razz Ice", count: 1 },
    ]);
    expect(vaporlux.brand?.map((b) => b.count)).toEqual([2, 1]);
  });

  it("lists the lines that have one of the chosen values of every chosen facet, one card a line", async () => {
    const page = (facets: Record<string, string[]>) =>
      listCategoryPage(t.db, { category: "disposable-vapes", after: null, limit: 50, facets }).then((p) =>
        p.items.map((i) => i.name),
      );
    expect(await page({})).toHaveLength(3);
    expect(await page({ flavor: ["mint"], nicotine: ["3pct"] })).toEqual(["Vaporlux 6000 Blue Razz Ice 5%"]);
    expect((await page({ flavor: ["grape-ice", "blue-razz-ice"] })).sort()).toEqual([
      "Cloud King Grape Ice 5%",
      "Vaporlux 6000 Blue Razz Ice 5%",
    ]);
    expect(await page({ brand: ["cloud-king"], puffs: ["6000-9999"] })).toEqual([]);
  });

  it("keeps the lines with a variant sold to the buyer's address, and counts them", async () => {
    const variantsOf = async (line: string) =>
      (
        await t.db
          .selectFrom("products")
          .innerJoin("product_lines", "product_lines.id", "products.line_id")
          .select("products.id")
          .where("product_lines.name", "=", line)
          .execute()
      ).map((r) => r.id);
    const cloud = await variantsOf("Cloud King");
    const [oneOf6000] = await variantsOf("Vaporlux 6000");
    // Every Cloud King refused, and one flavor of Vaporlux 6000: the line stays, its other flavors are sold.
    const refusals = [{ scope: { productIds: [...cloud, oneOf6000 as number] }, unlessListedIn: null }];
    const scope = { category: "disposable-vapes", soldHere: refusals };
    const page = await listCategoryPage(t.db, { ...scope, after: null, limit: 50 });
    expect(page.items.map((p) => p.name.split(" ").slice(0, 2).join(" ")).sort()).toEqual([
      "Vaporlux 2500",
      "Vaporlux 6000",
    ]);
    expect(await availabilityCounts(t.db, { category: "disposable-vapes" }, {}, refusals)).toEqual({
      inStock: 3,
      soldHere: 2,
    });
    // Not a customer with an address: the filter is not offered (no count); no refusal keeps every line.
    expect((await availabilityCounts(t.db, { category: "disposable-vapes" }, {}, null)).soldHere).toBeNull();
    expect((await availabilityCounts(t.db, { category: "disposable-vapes" }, {}, [])).soldHere).toBe(3);
  });

  it("a category page's counts are remembered, and made again once the catalog changes", async () => {
    const ask = {
      category: "disposable-vapes" as const,
      brandId: null,
      sort: "name" as const,
      cursor: null,
      facets: {},
      inStockOnly: false,
      soldHere: false,
    };
    const mint = async () =>
      (await categoryPage(t.db, VISITOR_AUDIENCE, ask)).counts?.flavor?.find((f) => f.value === "mint")?.count;
    const inStock = async () => (await categoryPage(t.db, VISITOR_AUDIENCE, ask)).availability?.inStock;
    const before = await mint();
    const stockBefore = await inStock();
    // A new line with a mint flavor: the count moves at once, not when the memory forgets.
    await line("Frost 3000", "Frost", 3000, ["Mint"], ["5%"]);
    expect(await mint()).toBe((before as number) + 1);
    // A line sold out (its stock crossing zero): the in-stock count follows.
    const frost = await t.db
      .selectFrom("products")
      .innerJoin("product_lines", "product_lines.id", "products.line_id")
      .select("products.id")
      .where("product_lines.name", "=", "Frost 3000")
      .execute();
    await t.db
      .updateTable("products")
      .set({ stock: 0 })
      .where(
        "id",
        "in",
        frost.map((f) => f.id),
      )
      .execute();
    expect(await inStock()).toBe(stockBefore as number);
    // Unchanged catalog: the same counts, whoever asks.
    expect(await mint()).toBe((before as number) + 1);
    await deleteProduct(t.db, frost[0]?.id as number, TEST_ADMIN);
    expect(await mint()).toBe(before);
  });

  it("keeps line_facets equal to its recount after lines, variants and brands change", async () => {
    const id = await line("Frost", "Frostline", null, ["Sour Apple"], ["5%"]);
    await updateLine(t.db, id, { optionNames: ["Flavour", "Strength"], puffs: 25000 });
    const variant = await t.db.selectFrom("products").select("id").where("line_id", "=", id).executeTakeFirstOrThrow();
    const solo = await insertProduct(
      t.db,
      { sku: "FAC-SOLO", name: "Solo", description: "", priceCents: 1, stock: 1, category: "glass" },
      [],
    );
    await saveProductCompliance(
      t.db,
      solo,
      {
        brand: "Glassworks",
        productClass: "glass",
        flavorClass: null,
        nicotineMgMl: null,
        country: "US",
        upc: null,
        thcMg: null,
        sevenOhPercent: null,
      },
      TEST_ADMIN,
    );
    expect(await readLineFacets(t.db)).toEqual(await recountLineFacets(t.db));
    expect((await readLineFacets(t.db)).filter((f) => f.facet === "brand" && f.value === "glassworks")).toHaveLength(1);
    await deleteProduct(t.db, variant.id, TEST_ADMIN);
    expect(await readLineFacets(t.db)).toEqual(await recountLineFacets(t.db));
    // One flavor of a line of several gone: its value goes from the line's filters.
    const blue = await t.db
      .selectFrom("products")
      .select("id")
      .where("name", "like", "Vaporlux 6000 Blue Razz%")
      .execute();
    for (const b of blue) await deleteProduct(t.db, b.id, TEST_ADMIN);
    expect(await readLineFacets(t.db)).toEqual(await recountLineFacets(t.db));
    expect((await facetCounts(t.db, { category: "disposable-vapes" }, {})).flavor?.map((f) => f.value)).not.toContain(
      "blue-razz-ice",
    );
  });
});

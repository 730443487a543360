import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { saveProductCompliance } from "~/.server/compliance/facts";
import { TEST_ADMIN } from "../../../../tests/support/actors";
import { setupTestDatabase, type TestDatabase } from "../../../../tests/support/test-database";
import { insertProduct, updateProductColumns } from "../product-writes";
import { searchProducts, suggestProducts, suggestProductsByCode } from "./engine";

let t: TestDatabase;
const ON = process.env.DATABASE_URL ? "PostgreSQL" : "SQLite";

/** A small catalog of this trade: name, brand, category, SKU, UPC. */
const CATALOG = [
  ["Vaporlux Blue Razz Ice 6000 Puffs", "Vaporlux", "disposable-vapes", "VLX-BRI-6000", "850012345673"],
  ["Vaporlux Watermelon Ice 6000 Puffs", "Vaporlux", "disposable-vapes", "VLX-WMI-6000", "850012345680"],
  ["Cloud King Grape Ice 15K", "Cloud King", "disposable-vapes", "CK-GRP-15K", null],
  ["Arctic Crown by CloudKing – Mango Peach", "CloudKing", "disposable-vapes", "CKC-MGP", null],
  ["Maeng Da Kratom Powder 250 g", "Lone Star Leaf", "kratom", "LSL-MD-250", "850099990012"],
  ["Red Bali Kratom Capsules 60 ct", "Golden Bayou", "kratom", "GB-RB-60", null],
  ["Alpha Superkratom Blend", "Alpha", "novelty", "AL-SKB", null],
  ["Geek Bar Pulse Sour Apple", "Geek Bar", "disposable-vapes", "GB-PULSE-SA", null],
  ["Prairie 14 in Beaker Water Pipe", "Prairie Glassworks", "glass", "PG-BK-14", null],
  ["Piña Colada Air Freshener", "Fresh Rider", "novelty", "FR-PINA", null],
] as const;

const ids = new Map<string, number>();
const id = (name: (typeof CATALOG)[number][0]) => ids.get(name) as number;

beforeAll(async () => {
  t = await setupTestDatabase();
  for (const [i, [name, brand, category, sku, upc]] of CATALOG.entries()) {
    const productId = await insertProduct(
      t.db,
      { sku, name, description: `${name}. Not searched: zanzibar.`, priceCents: 1000 + i, stock: 10, category },
      [],
    );
    ids.set(name, productId);
    await saveProductCompliance(
      t.db,
      productId,
      {
        brand,
        productClass: null,
        flavorClass: category === "disposable-vapes" ? "flavored" : null,
        nicotineMgMl: null,
        country: null,
        upc,
        thcMg: null,
        sevenOhPercent: null,
      },
      TEST_ADMIN,
    );
  }
});

afterAll(async () => {
  await t.cleanup();
});

const names = async (q: string, limit = 20, offset = 0) =>
  (await searchProducts(t.db, q, { limit, offset })).products.map((p) => p.name);
const suggested = async (q: string) => (await suggestProducts(t.db, q, 5)).map((p) => p.name);

describe(`search on ${ON}: what a buyer types`, () => {
  it("finds the searches of issue 38: several words in any order, each the start of a word", async () => {
    expect(await names("vaporlux")).toEqual([
      "Vaporlux Blue Razz Ice 6000 Puffs",
      "Vaporlux Watermelon Ice 6000 Puffs",
    ]);
    expect(await names("razz ice")).toEqual(["Vaporlux Blue Razz Ice 6000 Puffs"]);
    expect(await names("Vaporlux blue")).toEqual(["Vaporlux Blue Razz Ice 6000 Puffs"]);
    expect(await names("vaporlux blue razz")).toEqual(["Vaporlux Blue Razz Ice 6000 Puffs"]);
    expect(await names("blue razz vaporlux")).toEqual(["Vaporlux Blue Razz Ice 6000 Puffs"]);
    expect(await names("maeng da")).toEqual(["Maeng Da Kratom Powder 250 g"]);
    expect(await names("kratom maeng da")).toEqual(["Maeng Da Kratom Powder 250 g"]);
    expect(await names("6000 puff")).toEqual([
      "Vaporlux Blue Razz Ice 6000 Puffs",
      "Vaporlux Watermelon Ice 6000 Puffs",
    ]);
    // As one types: the last word is the start of one.
    expect(await suggested("vaporlux bl")).toEqual(["Vaporlux Blue Razz Ice 6000 Puffs"]);
    expect(await names("blue r")).toEqual(["Vaporlux Blue Razz Ice 6000 Puffs"]);
    // One character alone is a whole word, not the start of most of the catalog.
    expect(await names("v")).toEqual([]);
    expect(await names("g")).toEqual(["Maeng Da Kratom Powder 250 g"]);
  });

  it("searches the brand, the flavor class, the category's words, the SKU and the UPC too, not the description", async () => {
    expect(await names("lone star maeng")).toEqual(["Maeng Da Kratom Powder 250 g"]);
    expect(await names("golden bayou")).toEqual(["Red Bali Kratom Capsules 60 ct"]);
    expect(await names("flavored grape")).toEqual(["Cloud King Grape Ice 15K"]);
    expect(await names("glass pipe")).toEqual(["Prairie 14 in Beaker Water Pipe"]);
    expect(await names("vlx wmi")).toEqual(["Vaporlux Watermelon Ice 6000 Puffs"]);
    expect(await names("85009999")).toEqual(["Maeng Da Kratom Powder 250 g"]);
    expect(await names("zanzibar")).toEqual([]);
  });

  it("'cloud king' finds Cloud King, then the brand written as one word", async () => {
    // "Arctic…" sorts first by name: the rank puts the words as typed before the words run together.
    expect(await names("cloud king")).toEqual(["Cloud King Grape Ice 15K", "Arctic Crown by CloudKing – Mango Peach"]);
    expect(await names("cloudking")).toEqual(["Arctic Crown by CloudKing – Mango Peach"]);
  });

  it("forgives one typo in a word of 4 to 7 letters, two in a longer one; short words and numbers must be right", async () => {
    const vaporlux = ["Vaporlux Blue Razz Ice 6000 Puffs", "Vaporlux Watermelon Ice 6000 Puffs"];
    expect(await names("vaporlx")).toEqual(vaporlux); // a letter missing
    expect(await names("vaporrlux")).toEqual(vaporlux); // one extra
    expect(await names("vapolrux")).toEqual(vaporlux); // two swapped
    expect(await names("vapurlix")).toEqual(vaporlux); // two wrong, in eight letters
    expect(await names("vaporlux bleu")).toEqual(["Vaporlux Blue Razz Ice 6000 Puffs"]);
    expect(await names("kratmo maeng")).toEqual(["Maeng Da Kratom Powder 250 g"]);
    expect(await names("vapxrlyz")).toEqual([]); // three edits: too many
    expect(await names("rezz")).toEqual(["Vaporlux Blue Razz Ice 6000 Puffs"]);
    expect(await names("rex")).toEqual([]); // three letters: no typo forgiven
    expect(await names("6001 puffs")).toEqual([]);
    // While typing, the start of a word with a typo in it.
    expect(await suggested("vapprl")).toEqual(vaporlux);
  });

  it("reads accents as plain letters", async () => {
    expect(await names("pina colada")).toEqual(["Piña Colada Air Freshener"]);
    expect(await names("PIÑA")).toEqual(["Piña Colada Air Freshener"]);
  });

  it("matches synonyms kept as data, both ways", async () => {
    expect(await names("geekbar")).toEqual(["Geek Bar Pulse Sour Apple"]);
    expect(await names("geekbar pulse")).toEqual(["Geek Bar Pulse Sour Apple"]);
    expect(await names("bong")).toEqual(["Prairie 14 in Beaker Water Pipe"]);
    await t.db.insertInto("search_synonyms").values({ phrase: "stick", synonym: "vaporlux" }).execute();
    expect(await names("stick blue")).toEqual(["Vaporlux Blue Razz Ice 6000 Puffs"]);
  });

  it("goes straight to the product whose SKU or UPC was typed, whatever its case", async () => {
    const maeng = id("Maeng Da Kratom Powder 250 g");
    for (const code of ["LSL-MD-250", "lsl-md-250", " LSL-MD-250 ", "850099990012", "0850099990012"]) {
      const found = await searchProducts(t.db, code, { limit: 10 });
      expect(found.exact?.id, code).toBe(maeng);
      expect(found.products[0]?.id, code).toBe(maeng);
      expect((await suggestProducts(t.db, code, 5))[0]?.id, code).toBe(maeng);
    }
    expect((await searchProducts(t.db, "LSL-MD", { limit: 10 })).exact).toBeNull();
  });

  it("ranks: the exact code, then every word as typed, then typos forgiven, then names holding the query inside a word; each by name", async () => {
    // "Alpha Superkratom Blend" sorts first by name, but holds "kratom" only inside a word.
    expect(await names("kratom")).toEqual([
      "Maeng Da Kratom Powder 250 g",
      "Red Bali Kratom Capsules 60 ct",
      "Alpha Superkratom Blend",
    ]);
    // A SKU that is also a word's start elsewhere: the product it names first.
    await insertProduct(
      t.db,
      { sku: "BLEND", name: "Zeta Grinder", description: "", priceCents: 100, stock: 1, category: "accessories" },
      [],
    );
    expect(await names("blend")).toEqual(["Zeta Grinder", "Alpha Superkratom Blend"]);
  });

  it("pages through the ranks, each result once", async () => {
    const all = await names("kratom", 20);
    const paged = [
      ...(await names("kratom", 1, 0)),
      ...(await names("kratom", 1, 1)),
      ...(await names("kratom", 1, 2)),
    ];
    expect(paged).toEqual(all);
    expect(await names("kratom", 2, 3)).toEqual([]);
  });

  it("keeps only the products within the page's filters, in every rank and across pages", async () => {
    const within = (...names: (typeof CATALOG)[number][0][]) =>
      sql<number>`(select products.id from products where products.id in (${sql.join(names.map(id))}))`;
    const found = async (q: string, limit: number, offset: number, w: ReturnType<typeof within>) =>
      (await searchProducts(t.db, q, { limit, offset, within: w })).products.map((p) => p.name);
    // Tier 1 ("kratom" as a word) and tier 3 (inside "Superkratom"), the first of tier 1 left out.
    const w = within("Red Bali Kratom Capsules 60 ct", "Alpha Superkratom Blend", "Cloud King Grape Ice 15K");
    expect(await found("kratom", 20, 0, w)).toEqual(["Red Bali Kratom Capsules 60 ct", "Alpha Superkratom Blend"]);
    expect([...(await found("kratom", 1, 0, w)), ...(await found("kratom", 1, 1, w))]).toEqual([
      "Red Bali Kratom Capsules 60 ct",
      "Alpha Superkratom Blend",
    ]);
    expect(await found("kratom", 1, 2, w)).toEqual([]);
    // Typos forgiven (tier 2) within the filters too.
    expect(await found("vaporlx", 20, 0, within("Vaporlux Watermelon Ice 6000 Puffs"))).toEqual([
      "Vaporlux Watermelon Ice 6000 Puffs",
    ]);
  });

  it("suggests at most five, the exact code first; quick order's code field takes SKUs, then words", async () => {
    expect(await suggestProducts(t.db, "ice", 2)).toHaveLength(2);
    const byCode = await suggestProductsByCode(t.db, "VLX", 6);
    expect(byCode.map((p) => p.sku)).toEqual(["VLX-BRI-6000", "VLX-WMI-6000"]);
    expect((await suggestProductsByCode(t.db, "850012345680", 6))[0]?.sku).toBe("VLX-WMI-6000");
    expect((await suggestProductsByCode(t.db, "maeng", 6)).map((p) => p.sku)).toEqual(["LSL-MD-250"]);
    expect((await suggestProductsByCode(t.db, "vaporlx blue", 6)).map((p) => p.sku)).toEqual(["VLX-BRI-6000"]);
  });
});

describe(`search on ${ON}: the index follows every write`, () => {
  it("a renamed product is found by its new name only; stock changes leave the index alone", async () => {
    const productId = await insertProduct(
      t.db,
      { sku: "RN-1", name: "Quasar Torch", description: "", priceCents: 100, stock: 5, category: "accessories" },
      [],
    );
    expect(await names("quasar")).toEqual(["Quasar Torch"]);
    await updateProductColumns(t.db, productId, { name: "Nebula Torch" });
    expect(await names("quasar")).toEqual([]);
    expect(await names("nebula")).toEqual(["Nebula Torch"]);
    const before = await t.db.selectFrom("search_documents").selectAll().where("product_id", "=", productId).execute();
    await updateProductColumns(t.db, productId, { stock: 0 });
    expect(await t.db.selectFrom("search_documents").selectAll().where("product_id", "=", productId).execute()).toEqual(
      before,
    );
    // A word new to the catalog is corrected to at once.
    expect(await names("nebulla")).toEqual(["Nebula Torch"]);
  });

  it("a new SKU, category, brand or UPC is searched; the old ones no longer", async () => {
    const productId = await insertProduct(
      t.db,
      { sku: "MV-1", name: "Moving Thing", description: "", priceCents: 100, stock: 5, category: "novelty" },
      [],
    );
    await updateProductColumns(t.db, productId, { sku: "MV-2", category: "glass" });
    expect((await searchProducts(t.db, "MV-1", { limit: 5 })).exact).toBeNull();
    expect((await searchProducts(t.db, "mv-2", { limit: 5 })).exact?.id).toBe(productId);
    expect(await names("moving glass")).toEqual(["Moving Thing"]);
    expect(await names("moving novelty")).toEqual([]);
    const facts = {
      productClass: null,
      flavorClass: null,
      nicotineMgMl: null,
      country: null,
      thcMg: null,
      sevenOhPercent: null,
    };
    await saveProductCompliance(t.db, productId, { ...facts, brand: "Orbital", upc: "036000291452" }, TEST_ADMIN);
    expect(await names("orbital")).toEqual(["Moving Thing"]);
    expect((await searchProducts(t.db, "036000291452", { limit: 5 })).exact?.id).toBe(productId);
    await saveProductCompliance(t.db, productId, { ...facts, brand: "Zodiac", upc: null }, TEST_ADMIN);
    expect(await names("orbital")).toEqual([]);
    expect(await names("zodiac moving")).toEqual(["Moving Thing"]);
    expect((await searchProducts(t.db, "036000291452", { limit: 5 })).exact).toBeNull();
    await t.db.deleteFrom("product_compliance").where("product_id", "=", productId).execute();
    expect(await names("zodiac")).toEqual([]);
    expect(await names("moving")).toEqual(["Moving Thing"]);
  });

  it("a deleted product leaves the index with its codes", async () => {
    const productId = await insertProduct(
      t.db,
      { sku: "GONE-1", name: "Vanishing Lighter", description: "", priceCents: 100, stock: 5, category: "novelty" },
      [],
    );
    await saveProductCompliance(
      t.db,
      productId,
      {
        brand: "Poof",
        productClass: null,
        flavorClass: null,
        nicotineMgMl: null,
        country: null,
        upc: "012345678905",
        thcMg: null,
        sevenOhPercent: null,
      },
      TEST_ADMIN,
    );
    await t.db.deleteFrom("products").where("id", "=", productId).execute();
    expect(await names("vanishing")).toEqual([]);
    expect(await t.db.selectFrom("search_documents").selectAll().where("product_id", "=", productId).execute()).toEqual(
      [],
    );
    expect(await t.db.selectFrom("search_codes").selectAll().where("product_id", "=", productId).execute()).toEqual([]);
  });
});

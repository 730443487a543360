import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as MESSAGES from "~/lib/messages";
import * as FORM_MESSAGES from "~/lib/messages/forms";
import * as IMPORT_MESSAGES from "~/lib/messages/imports";
import * as VOLUME_MESSAGES from "~/lib/messages/volume-prices";
import { TEST_ADMIN } from "../../../../tests/support/actors";
import { setupTestDatabase, type TestDatabase } from "../../../../tests/support/test-database";
import { catalogVersion } from "../../cache/visitor-pages";
import { exportProductsCsv } from "../../catalog/csv/export";
import { type ReadResult, readProductsCsv } from "../../catalog/csv/read";
import { insertProduct } from "../../catalog/product-writes";
import { searchProducts } from "../../catalog/search/engine";
import { replaceTiers } from "../../pricing/tiers";
import { applyImport, applyRowLimit, ImportTooLargeError, MAX_APPLY_ROWS_EMBEDDED } from "./apply";
import { applyPosted } from "./import-form";
import { planImport } from "./plan";

let t: TestDatabase;

const HEADER = "sku,name,category,price,stock,description";

async function exported(): Promise<string> {
  let out = "";
  for await (const chunk of exportProductsCsv(t.db, { baseUrl: "https://store.test" })) out += chunk;
  return out;
}

function bytes(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}

function read(text: string | Uint8Array): Extract<ReadResult, { ok: true }> {
  const result = readProductsCsv(typeof text === "string" ? bytes(text) : text);
  if (!result.ok) throw new Error(result.error);
  return result;
}

async function products() {
  return t.db
    .selectFrom("products")
    .select(["sku", "name", "category", "price_cents", "stock", "description", "version"])
    .orderBy("sku")
    .execute();
}

async function idOf(sku: string): Promise<number> {
  return (await t.db.selectFrom("products").select("id").where("sku", "=", sku).executeTakeFirstOrThrow()).id;
}

async function tiersOf(sku: string) {
  return t.db
    .selectFrom("price_tiers")
    .innerJoin("products", "products.id", "price_tiers.product_id")
    .select(["price_tiers.min_quantity", "price_tiers.price_cents"])
    .where("products.sku", "=", sku)
    .orderBy("price_tiers.min_quantity")
    .execute();
}

beforeAll(async () => {
  t = await setupTestDatabase();
});

afterAll(async () => {
  await t.cleanup();
});

beforeEach(async () => {
  await t.db.deleteFrom("products").execute();
  await insertProduct(
    t.db,
    {
      sku: "NV-1",
      name: 'Gum, mint "fresh"',
      description: "Line one\nline two",
      priceCents: 1250,
      stock: 4,
      category: "novelty",
    },
    [],
  );
  await insertProduct(
    t.db,
    {
      sku: "GL-2",
      name: '=HYPERLINK("http://evil")',
      description: "-2 for sale",
      priceCents: 99,
      stock: 0,
      category: "glass",
    },
    [],
  );
  await t.db.updateTable("products").set({ low_stock_threshold: 3 }).where("sku", "=", "NV-1").execute();
});
describe(`catalog import on ${process.env.DATABASE_URL ? "PostgreSQL" : "SQLite"}`, () => {
  it("round trip: the export imported unchanged changes nothing", async () => {
    const before = await products();
    const version = await catalogVersion(t.db);
    const file = read(await exported());
    const plan = await planImport(t.db, file);
    expect(plan.added).toEqual([]);
    expect(plan.changed).toEqual([]);
    expect(plan.deleted).toEqual([]);
    expect(plan.refused).toEqual([]);
    expect(plan.unchanged).toBe(2);
    const result = await applyImport(t.db, file, plan.digest, TEST_ADMIN);
    expect(result.applied).toBe(true);
    expect(await products()).toEqual(before);
    expect(await catalogVersion(t.db)).toBe(version);
  });

  it("a dry run lists added, changed field by field, deleted and refused rows; Apply writes them", async () => {
    const csv = [
      `${HEADER},delete`,
      "NV-1,Gum mint,novelty,13.00,4,Line one\nline two,", // name and price change
      "NEW-1,New thing,kratom,5,10,,",
      "GL-2,,,,,,yes",
      "BAD-1,Bad,snacks,abc,-1,,",
    ].join("\r\n");
    const file = read(csv);
    const plan = await planImport(t.db, file);
    expect(plan.added).toEqual([{ row: 3, sku: "NEW-1", name: "New thing" }]);
    expect(plan.changed).toHaveLength(1);
    expect(plan.changed[0]?.changes).toEqual([
      { field: "name", before: 'Gum, mint "fresh"', after: "Gum mint" },
      { field: "price", before: "$12.50", after: "$13.00" },
    ]);
    expect(plan.deleted.map((d) => d.sku)).toEqual(["GL-2"]);
    expect(plan.refused).toEqual([
      {
        row: 5,
        sku: "BAD-1",
        reasons: [
          `category: ${MESSAGES.unknownCategory("snacks", ["disposable-vapes", "kratom", "novelty", "glass", "delta", "accessories"])}`,
          `price: ${FORM_MESSAGES.priceFormat}`,
          `stock: ${MESSAGES.stockFormat}`,
        ],
      },
    ]);
    // The dry run wrote nothing.
    expect((await products()).map((p) => p.sku)).toEqual(["GL-2", "NV-1"]);
    const version = await catalogVersion(t.db);
    const result = await applyImport(t.db, file, plan.digest, TEST_ADMIN);
    expect(result.applied).toBe(true);
    const after = await products();
    expect(after.map((p) => [p.sku, p.name, p.price_cents, p.stock])).toEqual([
      ["NEW-1", "New thing", 500, 10],
      ["NV-1", "Gum mint", 1300, 4],
    ]);
    expect(await catalogVersion(t.db)).toBeGreaterThan(version);
    const audit = await t.db.selectFrom("audit_log").select("summary").where("action", "=", "product.import").execute();
    expect(audit.map((a) => a.summary)).toEqual(
      expect.arrayContaining([
        "Imported NEW-1 (New thing): added",
        "Imported NV-1: name, price",
        'Imported GL-2 (=HYPERLINK("http://evil")): deleted',
      ]),
    );
  });

  it("the search finds what an Apply wrote: names, brands and UPCs (the index is kept in its transaction)", async () => {
    const csv = [
      `${HEADER},brand,upc`,
      "NV-1,Orbit Chewing Gum,novelty,12.50,4,,Wrigglee,",
      "NEW-9,Zephyr Nebula Torch,accessories,9.00,3,,Blazeco,036000291452",
    ].join("\r\n");
    const file = read(csv);
    const plan = await planImport(t.db, file);
    expect(plan.refused).toEqual([]);
    expect((await applyImport(t.db, file, plan.digest, TEST_ADMIN)).applied).toBe(true);
    const names = async (q: string) => (await searchProducts(t.db, q, { limit: 5 })).products.map((p) => p.name);
    expect(await names("orbit chewing")).toEqual(["Orbit Chewing Gum"]);
    expect(await names("wrigglee gum")).toEqual(["Orbit Chewing Gum"]);
    expect(await names("mint fresh")).toEqual([]);
    expect(await names("blazeco nebula")).toEqual(["Zephyr Nebula Torch"]);
    expect((await searchProducts(t.db, "036000291452", { limit: 5 })).exact?.id).toBe(await idOf("NEW-9"));
  });

  it("a file with only some columns updates those columns; a new SKU without the rest is refused", async () => {
    const file = read("sku,stock\nNV-1,40\nNEW-2,5\n");
    const plan = await planImport(t.db, file);
    expect(plan.changed[0]?.changes).toEqual([{ field: "stock", before: "4", after: "40" }]);
    expect(plan.refused).toEqual([
      { row: 3, sku: "NEW-2", reasons: [MESSAGES.newProductMissing(["name", "category", "price"])] },
    ]);
    await applyImport(t.db, file, plan.digest, TEST_ADMIN);
    expect((await products()).find((p) => p.sku === "NV-1")?.stock).toBe(40);
  });

  it("reads the low-stock threshold: a number, or empty for the store-wide one", async () => {
    const plan = await planImport(t.db, read("sku,low_stock_threshold\nNV-1,\nGL-2,7\nX-9,-2\n"));
    expect(plan.changed.map((c) => [c.sku, c.changes])).toEqual([
      ["NV-1", [{ field: "low_stock_threshold", before: "3", after: "" }]],
      ["GL-2", [{ field: "low_stock_threshold", before: "", after: "7" }]],
    ]);
    expect(plan.refused).toEqual([
      { row: 4, sku: "X-9", reasons: [`low_stock_threshold: ${MESSAGES.thresholdFormat}`] },
    ]);
  });

  it("refuses every row that repeats a SKU", async () => {
    const plan = await planImport(
      t.db,
      read(`${HEADER}\nNV-1,A,novelty,1,1,\nX-1,B,novelty,1,1,\nNV-1,C,novelty,2,1,\n`),
    );
    expect(plan.changed).toEqual([]);
    expect(plan.added.map((a) => a.sku)).toEqual(["X-1"]);
    expect(plan.refused).toEqual([
      { row: 2, sku: "NV-1", reasons: [MESSAGES.duplicateSku("NV-1", [2, 4])] },
      { row: 4, sku: "NV-1", reasons: [MESSAGES.duplicateSku("NV-1", [2, 4])] },
    ]);
  });

  it("reads a UTF-8 file with a byte order mark (as Excel saves CSV UTF-8)", async () => {
    const file = read(Uint8Array.from([0xef, 0xbb, 0xbf, ...bytes("sku,stock\nNV-1,7\n")]));
    expect(file.columns).toEqual(["sku", "stock"]);
    expect((await planImport(t.db, file)).changed[0]?.changes).toEqual([{ field: "stock", before: "4", after: "7" }]);
  });

  it("applies nothing when the catalog changed since the dry run", async () => {
    const file = read("sku,stock\nNV-1,9\n");
    const plan = await planImport(t.db, file);
    await t.db.updateTable("products").set({ stock: 5 }).where("sku", "=", "NV-1").execute();
    const result = await applyImport(t.db, file, plan.digest, TEST_ADMIN);
    expect(result.applied).toBe(false);
    expect(result.plan.changed[0]?.changes).toEqual([{ field: "stock", before: "5", after: "9" }]);
    expect((await products()).find((p) => p.sku === "NV-1")?.stock).toBe(5);
  });

  it.runIf(!!process.env.DATABASE_URL)(
    "a sale committed while the import applies is not overwritten by the file's stock (PostgreSQL)",
    async () => {
      const file = read("sku,stock\nNV-1,50\n");
      const plan = await planImport(t.db, file);
      let commitSale: () => void = () => {};
      const saleMayCommit = new Promise<void>((resolve) => {
        commitSale = resolve;
      });
      // A checkout holds the row with one unit taken, and commits once the import is under way.
      let saleHolds: () => void = () => {};
      const held = new Promise<void>((resolve) => {
        saleHolds = resolve;
      });
      const sale = t.db.transaction().execute(async (trx) => {
        await trx
          .updateTable("products")
          .set((eb) => ({ stock: eb("stock", "-", 1) }))
          .where("sku", "=", "NV-1")
          .execute();
        saleHolds();
        await saleMayCommit;
      });
      await held;
      const apply = applyImport(t.db, file, plan.digest, TEST_ADMIN).catch((e: unknown) => e);
      await new Promise((resolve) => setTimeout(resolve, 300));
      commitSale();
      await sale;
      const outcome = await apply;
      // Refused either way: the update finds the stock moved, or the plan no longer matches.
      if (outcome instanceof Error) expect(outcome.message).toBe(MESSAGES.importCatalogChanged);
      else expect(outcome).toMatchObject({ applied: false });
      expect((await products()).find((p) => p.sku === "NV-1")?.stock).toBe(3);
    },
  );

  it("imports and exports how a product is sold and its compliance facts, checked as the product form checks them", async () => {
    const header = "sku,case_pack,min_quantity,max_quantity,brand,product_class,flavor_class,country,upc,thc_mg";
    const file = read(
      [
        `${header},name,category,price,stock`,
        "NV-1,10,,50,Geek Bar,nicotine-vape,tobacco,us,036000291452,,Gum,novelty,12.50,4",
        "NEW-5,6,12,,,kratom,,,,,Kratom 6-pack,kratom,30,60",
        "GL-2,10,5,,,,,,,,Glass,glass,0.99,0", // minimum not a whole case
        "NEW-6,4,8,6,,,,,,,Six,novelty,1,1", // maximum below the minimum, and not whole cases
        "NEW-7,0,,,,,,,,,Zero,novelty,1,1", // no such case pack
        "NEW-8,,,,,vape,,USA,123,,Bad facts,novelty,1,1", // unknown class, country and UPC
      ].join("\n"),
    );
    expect(file.refused).toEqual([
      { row: 6, sku: "NEW-7", reasons: [`case_pack: ${MESSAGES.casePackInvalid}`] },
      {
        row: 7,
        sku: "NEW-8",
        reasons: [
          // The codes a file may name, in the refusal itself (issue 37).
          `product_class: Product class "vape" does not exist. The product classes are: nicotine-vape, non-nicotine-vape, cannabinoid, kratom, glass, accessory, novelty, other.`,
          `country: ${MESSAGES.countryFormat}`,
          `upc: ${MESSAGES.upcFormat}`,
        ],
      },
    ]);
    const plan = await planImport(t.db, file);
    expect(plan.refused).toEqual([
      { row: 4, sku: "GL-2", reasons: [`min_quantity: ${MESSAGES.minimumNotPackMultiple}`] },
      { row: 5, sku: "NEW-6", reasons: [`max_quantity: ${MESSAGES.maximumNotPackMultiple}`] },
      { row: 6, sku: "NEW-7", reasons: [`case_pack: ${MESSAGES.casePackInvalid}`] },
      expect.objectContaining({ row: 7, sku: "NEW-8" }),
    ]);
    expect(plan.changed[0]?.changes).toEqual([
      { field: "name", before: 'Gum, mint "fresh"', after: "Gum" },
      { field: "case_pack", before: "1", after: "10" },
      { field: "min_quantity", before: "1", after: "10" },
      { field: "max_quantity", before: "", after: "50" },
      { field: "brand", before: "", after: "Geek Bar" },
      { field: "product_class", before: "", after: "nicotine-vape" },
      { field: "flavor_class", before: "", after: "tobacco" },
      { field: "country", before: "", after: "US" },
      { field: "upc", before: "", after: "036000291452" },
    ]);
    expect(plan.added).toEqual([{ row: 3, sku: "NEW-5", name: "Kratom 6-pack" }]);
    const result = await applyImport(t.db, file, plan.digest, TEST_ADMIN);
    expect(result.applied).toBe(true);
    const sold = await t.db
      .selectFrom("products")
      .leftJoin("product_compliance", "product_compliance.product_id", "products.id")
      .select(["sku", "case_pack", "min_quantity", "max_quantity", "brand", "product_class", "country", "upc"])
      .where("sku", "in", ["NV-1", "NEW-5", "GL-2"])
      .orderBy("sku")
      .execute();
    expect(sold).toEqual([
      {
        sku: "GL-2",
        case_pack: 1,
        min_quantity: 1,
        max_quantity: null,
        brand: null,
        product_class: null,
        country: null,
        upc: null,
      },
      {
        sku: "NEW-5",
        case_pack: 6,
        min_quantity: 12,
        max_quantity: null,
        brand: null,
        product_class: "kratom",
        country: null,
        upc: null,
      },
      {
        sku: "NV-1",
        case_pack: 10,
        min_quantity: 10,
        max_quantity: 50,
        brand: "Geek Bar",
        product_class: "nicotine-vape",
        country: "US",
        upc: "036000291452",
      },
    ]);
    // And the round trip holds with the new fields filled in.
    const again = await planImport(t.db, read(await exported()));
    expect([again.added, again.changed, again.refused]).toEqual([[], [], []]);
    expect(again.unchanged).toBe(3);
  });

  it("imports and exports the states whose vape directory lists a product; the round trip keeps them", async () => {
    const file = read(["sku,directory_states", "NV-1,ky; nc", "GL-2,XX"].join("\n"));
    expect(file.refused).toEqual([
      { row: 3, sku: "GL-2", reasons: [`directory_states: ${MESSAGES.directoryStateUnknown}`] },
    ]);
    const plan = await planImport(t.db, file);
    expect(plan.changed[0]?.changes).toEqual([{ field: "directory_states", before: "", after: "KY;NC" }]);
    expect((await applyImport(t.db, file, plan.digest, TEST_ADMIN)).applied).toBe(true);
    const stored = await t.db
      .selectFrom("product_compliance")
      .innerJoin("products", "products.id", "product_compliance.product_id")
      .select("directory_states")
      .where("sku", "=", "NV-1")
      .executeTakeFirstOrThrow();
    expect(stored.directory_states).toBe('["KY","NC"]');
    const rows = parse(await exported(), { columns: true }) as Record<string, string>[];
    expect(rows.find((r) => r.sku === "NV-1")?.directory_states).toBe("KY;NC");
    expect(rows.find((r) => r.sku === "GL-2")?.directory_states).toBe("");
    const again = await planImport(t.db, read(await exported()));
    expect([again.added, again.changed, again.refused]).toEqual([[], [], []]);
    // An empty cell lists the product nowhere.
    const cleared = read(["sku,directory_states", "NV-1,"].join("\n"));
    const clearPlan = await planImport(t.db, cleared);
    expect(clearPlan.changed[0]?.changes).toEqual([{ field: "directory_states", before: "KY;NC", after: "" }]);
  });

  it("exports quantity breaks and image URLs; the export imported unchanged keeps both", async () => {
    const nv = await idOf("NV-1");
    await t.db.updateTable("products").set({ case_pack: 6, min_quantity: 6 }).where("id", "=", nv).execute();
    await replaceTiers(
      t.db,
      nv,
      [
        { minQuantity: 12, priceCents: 1100 },
        { minQuantity: 48, priceCents: 1000 },
      ],
      TEST_ADMIN,
    );
    const key = "ab".padEnd(32, "0");
    await t.db
      .insertInto("product_images")
      .values({ product_id: nv, position: 0, media_key: key, width: 800, height: 600, created_at: "2026-01-01" })
      .execute();
    const rows = parse(await exported(), { columns: true }) as Record<string, string>[];
    const row = rows.find((r) => r.sku === "NV-1");
    expect(row?.price_tiers).toBe("12:11.00;48:10.00");
    expect(row?.image_urls).toBe(`https://store.test/media/ab/${key}-800.webp`);
    expect(rows.find((r) => r.sku === "GL-2")?.price_tiers).toBe("");

    const before = await products();
    const version = await catalogVersion(t.db);
    const file = read(await exported());
    const plan = await planImport(t.db, file);
    expect([plan.added, plan.changed, plan.deleted, plan.refused]).toEqual([[], [], [], []]);
    expect(plan.unchanged).toBe(2);
    expect((await applyImport(t.db, file, plan.digest, TEST_ADMIN)).applied).toBe(true);
    expect(await products()).toEqual(before);
    expect(await tiersOf("NV-1")).toEqual([
      { min_quantity: 12, price_cents: 1100 },
      { min_quantity: 48, price_cents: 1000 },
    ]);
    expect(await catalogVersion(t.db)).toBe(version);
    // The image URLs are read only: a changed cell is ignored.
    const edited = read("sku,image_urls\nNV-1,https://elsewhere.test/x.jpg\n");
    expect((await planImport(t.db, edited)).unchanged).toBe(1);
  });

  it("sets, changes and clears quantity breaks; the dry run shows them; a bad cell is refused with its row and reason", async () => {
    const file = read(
      [
        "sku,name,category,price,stock,case_pack,min_quantity,price_tiers",
        "NV-1,Gum,novelty,12.50,4,6,6,12:11.00; 48:$10.00", // breaks set, in the product's new case pack
        "NEW-1,New,novelty,5.00,10,,,", // no breaks
        "NEW-2,Two,novelty,5.00,10,10,,48:4.00;12:4.50", // unordered
        "NEW-3,Three,novelty,5.00,10,10,,15:4.00", // not a whole case of this row
        "NEW-4,Four,novelty,5.00,10,,,10:5.00", // not cheaper than this row's price
        "GL-2,Glass,glass,0.99,0,,,lots", // unreadable
      ].join("\n"),
    );
    expect(file.refused).toEqual([
      { row: 4, sku: "NEW-2", reasons: [`price_tiers: ${VOLUME_MESSAGES.tierUnordered(2, "break")}`] },
      { row: 7, sku: "GL-2", reasons: [`price_tiers: ${VOLUME_MESSAGES.tierLineUnreadable(1, "break")}`] },
    ]);
    expect(VOLUME_MESSAGES.tierUnordered(2, "break")).toBe(
      "Volume prices, break 2: list the quantities from smallest to largest.",
    );
    const plan = await planImport(t.db, file);
    expect(plan.refused).toEqual([
      { row: 4, sku: "NEW-2", reasons: [`price_tiers: ${VOLUME_MESSAGES.tierUnordered(2, "break")}`] },
      { row: 5, sku: "NEW-3", reasons: [`price_tiers: ${VOLUME_MESSAGES.tierNotPackMultiple(1, 10, "break")}`] },
      { row: 6, sku: "NEW-4", reasons: [`price_tiers: ${VOLUME_MESSAGES.tierNotLower(1, "break")}`] },
      { row: 7, sku: "GL-2", reasons: [`price_tiers: ${VOLUME_MESSAGES.tierLineUnreadable(1, "break")}`] },
    ]);
    expect(plan.changed[0]?.changes).toEqual([
      { field: "name", before: 'Gum, mint "fresh"', after: "Gum" },
      { field: "case_pack", before: "1", after: "6" },
      { field: "min_quantity", before: "1", after: "6" },
      { field: "price_tiers", before: "", after: "12:11.00;48:10.00" },
    ]);
    expect((await applyImport(t.db, file, plan.digest, TEST_ADMIN)).applied).toBe(true);
    expect(await tiersOf("NV-1")).toEqual([
      { min_quantity: 12, price_cents: 1100 },
      { min_quantity: 48, price_cents: 1000 },
    ]);
    expect(await tiersOf("NEW-1")).toEqual([]);

    // A new product with breaks gets them; an empty cell clears a product's breaks.
    const next = read(
      "sku,name,category,price,stock,case_pack,price_tiers\nNV-1,Gum,novelty,12.50,4,6,\nNEW-5,Five,novelty,5,1,2,4:4.50\n",
    );
    const second = await planImport(t.db, next);
    expect(second.changed[0]?.changes).toEqual([{ field: "price_tiers", before: "12:11.00;48:10.00", after: "" }]);
    expect((await applyImport(t.db, next, second.digest, TEST_ADMIN)).applied).toBe(true);
    expect(await tiersOf("NV-1")).toEqual([]);
    expect(await tiersOf("NEW-5")).toEqual([{ min_quantity: 4, price_cents: 450 }]);
  });

  it("refuses a case pack or price change the stored breaks contradict, when the file has no price_tiers column", async () => {
    const nv = await idOf("NV-1");
    await t.db.updateTable("products").set({ case_pack: 6, min_quantity: 12 }).where("id", "=", nv).execute();
    await replaceTiers(t.db, nv, [{ minQuantity: 24, priceCents: 1100 }], TEST_ADMIN);
    const file = read(
      "sku,case_pack,min_quantity,price\nNV-1,10,20,12.50\nGL-2,10,10,0.99\n", // 24 is not a case of 10
    );
    const plan = await planImport(t.db, file);
    const reason = MESSAGES.storedTiersContradictRow(VOLUME_MESSAGES.tierNotPackMultiple(1, 10, "break"));
    expect(plan.refused).toEqual([{ row: 2, sku: "NV-1", reasons: [`price_tiers: ${reason}`] }]);
    expect(reason).toBe(
      "the product's current volume prices do not fit this row's case pack or price. Volume prices, break 1: the quantity must be a multiple of the case pack (10). Add a price_tiers column with breaks that fit, or leave its cell empty to remove them.",
    );
    // A price at or under a break's is refused the same way.
    const cheaper = await planImport(t.db, read("sku,price\nNV-1,11.00\n"));
    expect(cheaper.refused).toEqual([
      {
        row: 2,
        sku: "NV-1",
        reasons: [`price_tiers: ${MESSAGES.storedTiersContradictRow(VOLUME_MESSAGES.tierNotLower(1, "break"))}`],
      },
    ]);
    // A case pack the breaks fit (24 is 2 cases of 12), and breaks given with the change, are taken.
    const fits = await planImport(t.db, read("sku,case_pack,min_quantity\nNV-1,12,12\n"));
    expect(fits.refused).toEqual([]);
    const withBreaks = await planImport(t.db, read("sku,case_pack,min_quantity,price_tiers\nNV-1,10,20,40:11.00\n"));
    expect(withBreaks.refused).toEqual([]);
    expect(withBreaks.changed[0]?.changes).toContainEqual({
      field: "price_tiers",
      before: "24:11.00",
      after: "40:11.00",
    });
    // Applying the refused file writes only the other row; the breaks stay as they were.
    expect((await applyImport(t.db, file, plan.digest, TEST_ADMIN)).applied).toBe(true);
    const after = await t.db
      .selectFrom("products")
      .select(["case_pack"])
      .where("id", "=", nv)
      .executeTakeFirstOrThrow();
    expect(after.case_pack).toBe(6);
    expect(await tiersOf("NV-1")).toEqual([{ min_quantity: 24, price_cents: 1100 }]);
  });

  it("a failed apply leaves the quantity breaks as they were", async () => {
    const nv = await idOf("NV-1");
    await replaceTiers(t.db, nv, [{ minQuantity: 10, priceCents: 1000 }], TEST_ADMIN);
    const text =
      "sku,name,category,price,stock,price_tiers\nNV-1,Gum,novelty,12.50,4,5:11.00;20:9.00\nNEW-9,Nine,novelty,1,1,\n";
    const plan = await planImport(t.db, read(text));
    expect(plan.refused).toEqual([]);
    const trap = read(text);
    const row = trap.rows.find((r) => r.sku === "NEW-9");
    if (row) row.values.stock = -5; // refused by the stock >= 0 check, after NV-1's breaks were written
    await expect(applyImport(t.db, trap, plan.digest, TEST_ADMIN)).rejects.toThrow();
    expect(await tiersOf("NV-1")).toEqual([{ min_quantity: 10, price_cents: 1000 }]);
  });

  it("reports how many rows it has written of the total while it runs, ending at the total, giving the event loop turns", async () => {
    const added = Array.from({ length: 5 }, (_, i) => `NEW-${i},New ${i},novelty,1.00,3,`);
    const file = read(
      `${HEADER},delete\n${added.map((r) => `${r},`).join("\n")}\nNV-1,Gum,novelty,12.50,4,x,\nGL-2,,,,,,yes\n`,
    );
    const plan = await planImport(t.db, file);
    expect([plan.added.length, plan.changed.length, plan.deleted.length]).toEqual([5, 1, 1]);
    const reports: [number, number][] = [];
    // A task queued before the apply: it runs once the apply lets the event loop turn (on SQLite
    // every query is synchronous, so only the apply's own turns let it, and its streamed progress, out).
    let turned = false;
    setImmediate(() => {
      turned = true;
    });
    const turnedAt: boolean[] = [];
    const result = await applyImport(t.db, file, plan.digest, TEST_ADMIN, {
      onProgress: (done, total) => {
        reports.push([done, total]);
        turnedAt.push(turned);
      },
    });
    expect(result.applied).toBe(true);
    expect(reports).toEqual([0, 1, 2, 3, 4, 5, 6, 7].map((done) => [done, 7]));
    // Rows are written only after the first count has had a turn to leave.
    expect(turnedAt.slice(1).every(Boolean)).toBe(true);
  });

  it("reports nothing when the catalog changed since the dry run", async () => {
    const file = read(`${HEADER}\nNV-1,Gum,novelty,13.00,4,x\n`);
    const plan = await planImport(t.db, file);
    await t.db.updateTable("products").set({ name: "Moved" }).where("sku", "=", "NV-1").execute();
    const reports: number[] = [];
    const stale = await applyImport(t.db, file, plan.digest, TEST_ADMIN, { onProgress: (done) => reports.push(done) });
    expect(stale.applied).toBe(false);
    expect(reports).toEqual([]);
  });

  it("a failed apply changes nothing", async () => {
    const before = await products();
    const file = read(`${HEADER}\nNV-1,Renamed,novelty,1,1,\nNEW-3,Three,novelty,1,1,\nNEW-4,Four,novelty,1,1,\n`);
    const plan = await planImport(t.db, file);
    // Another admin adds NEW-4 between the dry run and Apply: the insert fails in the middle.
    await insertProduct(
      t.db,
      { sku: "NEW-4", name: "Four", description: "", priceCents: 100, stock: 1, category: "novelty" },
      [],
    );
    const middle = await products();
    await expect(applyImport(t.db, file, plan.digest, TEST_ADMIN)).resolves.toMatchObject({ applied: false });
    expect(await products()).toEqual(middle);
    // And a write failing inside the transaction (the database refuses it) rolls back the rest.
    await t.db.deleteFrom("products").where("sku", "=", "NEW-4").execute();
    const again = await planImport(t.db, file);
    const trap = read(`${HEADER}\nNV-1,Renamed,novelty,1,1,\nNEW-3,Three,novelty,1,1,\nNEW-4,Four,novelty,1,1,\n`);
    const row = trap.rows.find((r) => r.sku === "NEW-4");
    if (row) row.values.stock = -5; // refused by the stock >= 0 check
    await expect(applyImport(t.db, trap, again.digest, TEST_ADMIN)).rejects.toThrow();
    expect(await products()).toEqual(before);
  });

  it("on SQLite, refuses before writing anything an Apply that writes more products than the built-in database takes at once", async () => {
    const limit = applyRowLimit(t.db);
    expect(limit).toBe(t.dialect === "sqlite" ? MAX_APPLY_ROWS_EMBEDDED : null);
    // The same rule at any limit: one row past it is refused whole, and rows left unchanged do not count.
    const file = read(
      `${HEADER}\nNV-1,Gum,novelty,12.50,4,Line one\nGL-2,Glass,glass,0.99,0,x\nNEW-1,One,novelty,1,1,\nNEW-2,Two,novelty,1,1,\n`,
    );
    const plan = await planImport(t.db, file);
    expect([plan.added.length, plan.changed.length, plan.unchanged]).toEqual([2, 2, 0]);
    const before = await products();
    const refused = await applyImport(t.db, file, plan.digest, TEST_ADMIN, { maxRows: 3 }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ImportTooLargeError);
    expect((refused as Error).message).toBe(
      "This file adds, changes or deletes 4 products; the store's built-in database takes at most 3 in one Apply (every page waits while it writes). Split the file into smaller ones and apply them one after the other.",
    );
    expect(await products()).toEqual(before);
    await expect(applyImport(t.db, file, plan.digest, TEST_ADMIN, { maxRows: 4 })).resolves.toMatchObject({
      applied: true,
    });
    if (limit === null) return;
    // And by default, at the database's own limit: a file one product past it (the dry run is quick).
    const rows = Array.from({ length: limit + 1 }, (_, i) => `BIG-${i},Big ${i},novelty,1.00,1,`);
    const big = read(`${HEADER}\n${rows.join("\n")}\n`);
    const bigPlan = await planImport(t.db, big);
    expect(bigPlan.added).toHaveLength(limit + 1);
    const atLimit = await products();
    await expect(applyImport(t.db, big, bigPlan.digest, TEST_ADMIN)).rejects.toBeInstanceOf(ImportTooLargeError);
    expect(await products()).toEqual(atLimit);
    // The import screen's Apply answers with the reason and the dry run (the page offers no Apply).
    const answer = await applyPosted(
      { read: big, fileName: "big.csv", digest: bigPlan.digest, stagedId: "0".repeat(32) },
      TEST_ADMIN,
    );
    expect(answer.init?.status).toBe(422);
    expect(answer.data).toMatchObject({
      ok: false,
      message: IMPORT_MESSAGES.importTooManyWrites(limit + 1, limit),
      data: { writeLimit: limit, counts: { added: limit + 1 }, applied: false },
    });
    expect(await products()).toEqual(atLimit);
  }, 60_000);
});

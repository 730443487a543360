import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as MESSAGES from "~/lib/messages";
import * as LINE_EDITOR_MESSAGES from "~/lib/messages/line-editor";
import * as LINE_IMPORT_MESSAGES from "~/lib/messages/line-import";
import { TEST_ADMIN } from "../../../../tests/support/actors";
import { setupTestDatabase, type TestDatabase } from "../../../../tests/support/test-database";
import { exportProductsCsv } from "../../catalog/csv/export";
import { type ReadResult, readProductsCsv } from "../../catalog/csv/read";
import { insertProduct } from "../../catalog/product-writes";
import { searchProducts } from "../../catalog/search/engine";
import { saveProductCompliance } from "../../compliance/facts";
import { applyImport } from "./apply";
import { planImport } from "./plan";

/**
 * The catalog file one row per variant (issue 38; decision 0057): rows grouped by their line's
 * handle make and change lines and their variants; a row a line cannot take is refused with its
 * reason, and the rest of its line waits with it (nothing half-applied).
 */
let t: TestDatabase;

const HEADER =
  "line_handle,line_name,option1_name,option1_value,option2_name,option2_value,sku,category,price,stock,upc";

async function exported(): Promise<string> {
  let out = "";
  for await (const chunk of exportProductsCsv(t.db, { baseUrl: "https://store.test" })) out += chunk;
  return out;
}

function read(text: string): Extract<ReadResult, { ok: true }> {
  const result = readProductsCsv(new TextEncoder().encode(text));
  if (!result.ok) throw new Error(result.error);
  return result;
}

async function importFile(text: string) {
  const file = read(text);
  const plan = await planImport(t.db, file);
  const result = await applyImport(t.db, file, plan.digest, TEST_ADMIN);
  return { plan, result };
}

async function snapshot() {
  const products = await t.db
    .selectFrom("products")
    .innerJoin("product_lines", "product_lines.id", "products.line_id")
    .select([
      "products.sku",
      "products.name",
      "products.option1",
      "products.option2",
      "products.lead",
      "products.version",
      "product_lines.slug",
      "product_lines.name as line",
      "product_lines.option_names",
    ])
    .orderBy("products.sku")
    .execute();
  const lines = await t.db.selectFrom("product_lines").select(["slug", "version"]).orderBy("slug").execute();
  return { products, lines };
}

/** The file that makes line cloud-6000: two flavors in two strengths. */
const CLOUD = [
  HEADER,
  "cloud-6000,Cloud 6000,Flavor,Blue Razz,Nicotine,5%,CL-BR-5,disposable-vapes,10.00,5,036000291452",
  "cloud-6000,Cloud 6000,Flavor,Blue Razz,Nicotine,3%,CL-BR-3,disposable-vapes,10.00,5,",
  "cloud-6000,Cloud 6000,Flavor,Mint,Nicotine,5%,CL-MI-5,disposable-vapes,10.00,0,",
].join("\n");

beforeAll(async () => {
  t = await setupTestDatabase();
});

afterAll(async () => {
  await t.cleanup();
});

beforeEach(async () => {
  await t.db.deleteFrom("products").execute();
  await t.db.deleteFrom("product_lines").execute();
  await insertProduct(
    t.db,
    { sku: "GUM-1", name: "Gum", description: "Mint gum", priceCents: 250, stock: 4, category: "novelty" },
    [],
  );
});

describe(`catalog file one row per variant on ${process.env.DATABASE_URL ? "PostgreSQL" : "SQLite"}`, () => {
  it("makes a line and its variants from rows grouped by handle, named as the line editor names them", async () => {
    const { plan, result } = await importFile(CLOUD);
    expect(plan.refused).toEqual([]);
    expect(plan.added.map((a) => [a.sku, a.line, a.options])).toEqual([
      ["CL-BR-5", "cloud-6000", ["Blue Razz", "5%"]],
      ["CL-BR-3", "cloud-6000", ["Blue Razz", "3%"]],
      ["CL-MI-5", "cloud-6000", ["Mint", "5%"]],
    ]);
    expect(result.applied).toBe(true);
    const line = await t.db
      .selectFrom("product_lines")
      .selectAll()
      .where("slug", "=", "cloud-6000")
      .executeTakeFirstOrThrow();
    expect(line).toMatchObject({
      name: "Cloud 6000",
      category: "disposable-vapes",
      option_names: '["Flavor","Nicotine"]',
    });
    const variants = await t.db
      .selectFrom("products")
      .select(["sku", "name", "option1", "option2", "lead", "position"])
      .where("line_id", "=", line.id)
      .orderBy("position")
      .execute();
    expect(variants).toEqual([
      { sku: "CL-BR-5", name: "Cloud 6000 Blue Razz 5%", option1: "Blue Razz", option2: "5%", lead: 1, position: 0 },
      { sku: "CL-BR-3", name: "Cloud 6000 Blue Razz 3%", option1: "Blue Razz", option2: "3%", lead: 0, position: 1 },
      { sku: "CL-MI-5", name: "Cloud 6000 Mint 5%", option1: "Mint", option2: "5%", lead: 0, position: 2 },
    ]);
    // The same file again finds the line it made: nothing to do.
    const again = await planImport(t.db, read(CLOUD));
    expect(again.added).toEqual([]);
    expect(again.changed).toEqual([]);
    expect(again.lines.every((l) => l.changes.length === 0)).toBe(true);
    expect(again.unchanged).toBe(3);
  });

  it("round trip: the export imported unchanged changes nothing, one row per variant", async () => {
    await importFile(CLOUD);
    const before = await snapshot();
    const csv = await exported();
    expect(csv.split("\n")[0]).toMatch(/^line_handle,line_name,option1_name,option1_value,/);
    expect(csv).toContain("cloud-6000,Cloud 6000,Flavor,Mint,Nicotine,5%,,,CL-MI-5,Cloud 6000 Mint 5%");
    const file = read(csv);
    const plan = await planImport(t.db, file);
    expect(plan.refused).toEqual([]);
    expect(plan.added).toEqual([]);
    expect(plan.changed).toEqual([]);
    expect(plan.unchanged).toBe(4);
    expect((await applyImport(t.db, file, plan.digest, TEST_ADMIN)).applied).toBe(true);
    expect(await snapshot()).toEqual(before);
  });

  it("changes a line's name and a variant's values, and adds a variant after the others", async () => {
    await importFile(CLOUD);
    const { plan, result } = await importFile(
      [
        HEADER,
        "cloud-6000,Cloud Max,Flavor,Blue Razz,Nicotine,5%,CL-BR-5,disposable-vapes,10.00,5,036000291452",
        "cloud-6000,Cloud Max,Flavor,Blue Razz,Nicotine,3%,CL-BR-3,disposable-vapes,10.00,5,",
        "cloud-6000,Cloud Max,Flavor,Ice Mint,Nicotine,5%,CL-MI-5,disposable-vapes,10.00,0,",
        "cloud-6000,Cloud Max,Flavor,Mint,Nicotine,5%,CL-MI-5B,disposable-vapes,11.00,2,",
      ].join("\n"),
    );
    expect(plan.refused).toEqual([]);
    expect(plan.lines[0]?.changes).toEqual([{ field: "line_name", before: "Cloud 6000", after: "Cloud Max" }]);
    expect(result.applied).toBe(true);
    const rows = await t.db
      .selectFrom("products")
      .select(["sku", "name", "option1", "position"])
      .where("sku", "like", "CL-%")
      .orderBy("position")
      .execute();
    expect(rows).toEqual([
      { sku: "CL-BR-5", name: "Cloud Max Blue Razz 5%", option1: "Blue Razz", position: 0 },
      { sku: "CL-BR-3", name: "Cloud Max Blue Razz 3%", option1: "Blue Razz", position: 1 },
      { sku: "CL-MI-5", name: "Cloud Max Ice Mint 5%", option1: "Ice Mint", position: 2 },
      { sku: "CL-MI-5B", name: "Cloud Max Mint 5%", option1: "Mint", position: 3 },
    ]);
    // The search reads what the apply wrote (on PostgreSQL its documents are refreshed once, at
    // the apply's end: migration 0040): new names found, old ones gone, a new variant's SKU exact.
    const found = async (q: string) => (await searchProducts(t.db, q, { limit: 5 })).products.map((p) => p.name);
    expect(await found("cloud max ice mint")).toEqual(["Cloud Max Ice Mint 5%"]);
    expect(await found("cloud 6000")).toEqual([]);
    const added = await t.db
      .selectFrom("products")
      .select("id")
      .where("sku", "=", "CL-MI-5B")
      .executeTakeFirstOrThrow();
    expect((await searchProducts(t.db, "cl-mi-5b", { limit: 5 })).exact?.id).toBe(added.id);
  });

  it("swaps two variants' values in one file", async () => {
    await importFile(CLOUD);
    const { plan, result } = await importFile(
      [
        "line_handle,option1_name,option1_value,option2_name,option2_value,sku",
        "cloud-6000,Flavor,Blue Razz,Nicotine,3%,CL-BR-5",
        "cloud-6000,Flavor,Blue Razz,Nicotine,5%,CL-BR-3",
      ].join("\n"),
    );
    expect(plan.refused).toEqual([]);
    expect(result.applied).toBe(true);
    const swapped = await t.db
      .selectFrom("products")
      .select(["sku", "option2"])
      .where("sku", "in", ["CL-BR-5", "CL-BR-3"])
      .orderBy("sku")
      .execute();
    expect(swapped).toEqual([
      { sku: "CL-BR-3", option2: "5%" },
      { sku: "CL-BR-5", option2: "3%" },
    ]);
  });

  it("an old file without line columns still imports: a new product a line of its own", async () => {
    const { plan, result } = await importFile("sku,name,category,price,stock\nNEW-1,New thing,kratom,5,10\n");
    expect(plan.refused).toEqual([]);
    expect(result.applied).toBe(true);
    const row = await t.db
      .selectFrom("products")
      .innerJoin("product_lines", "product_lines.id", "products.line_id")
      .select(["product_lines.name", "product_lines.option_names", "products.lead"])
      .where("products.sku", "=", "NEW-1")
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ name: "New thing", option_names: "[]", lead: 1 });
  });

  describe("refuses a row a line cannot take, with its reason, and holds back the rest of its line", () => {
    async function refusedOf(text: string) {
      const before = await snapshot();
      const { plan, result } = await importFile(text);
      // Nothing of the refused line is written.
      expect(plan.added.filter((a) => a.line === "cloud-6000")).toEqual([]);
      expect(result.applied).toBe(true);
      expect((await snapshot()).products.filter((p) => p.sku.startsWith("CL-"))).toEqual(
        before.products.filter((p) => p.sku.startsWith("CL-")),
      );
      return new Map(plan.refused.map((r) => [r.row, r.reasons]));
    }

    it("options that repeat another variant's", async () => {
      const refused = await refusedOf(
        [
          HEADER,
          "cloud-6000,Cloud 6000,Flavor,Blue Razz,Nicotine,5%,CL-BR-5,disposable-vapes,10.00,5,",
          "cloud-6000,Cloud 6000,Flavor,Blue Razz,Nicotine,5%,CL-BR-X,disposable-vapes,10.00,5,",
          "cloud-6000,Cloud 6000,Flavor,Mint,Nicotine,5%,CL-MI-5,disposable-vapes,10.00,5,",
        ].join("\n"),
      );
      expect(refused.get(3)).toEqual([LINE_IMPORT_MESSAGES.optionsRepeatRow(2)]);
      expect(refused.get(2)).toEqual([LINE_IMPORT_MESSAGES.lineHeldBack("cloud-6000", 3)]);
      expect(refused.get(4)).toEqual([LINE_IMPORT_MESSAGES.lineHeldBack("cloud-6000", 3)]);
    });

    it("options that repeat those of a variant of the line the file leaves out", async () => {
      await importFile(CLOUD);
      const refused = await refusedOf(
        [HEADER, "cloud-6000,Cloud 6000,Flavor,Mint,Nicotine,5%,CL-NEW,disposable-vapes,10.00,5,"].join("\n"),
      );
      expect(refused.get(2)).toEqual([LINE_IMPORT_MESSAGES.optionsRepeatSku("CL-MI-5")]);
    });

    it("a missing option value", async () => {
      const refused = await refusedOf(
        [
          HEADER,
          "cloud-6000,Cloud 6000,Flavor,Blue Razz,Nicotine,5%,CL-BR-5,disposable-vapes,10.00,5,",
          "cloud-6000,Cloud 6000,Flavor,Mint,Nicotine,,CL-MI-5,disposable-vapes,10.00,5,",
        ].join("\n"),
      );
      expect(refused.get(3)).toEqual([`option2_value: ${LINE_EDITOR_MESSAGES.optionValueMissing("Nicotine")}`]);
      expect(refused.get(2)).toEqual([LINE_IMPORT_MESSAGES.lineHeldBack("cloud-6000", 3)]);
    });

    it("a value of an option the line does not name", async () => {
      const refused = await refusedOf(
        [HEADER, "cloud-6000,Cloud 6000,Flavor,Mint,,5%,CL-MI-5,disposable-vapes,10.00,5,"].join("\n"),
      );
      expect(refused.get(2)).toEqual([`option2_value: ${LINE_IMPORT_MESSAGES.optionValueWithoutName(2)}`]);
    });

    it("a SKU that another row gives", async () => {
      const refused = await refusedOf(
        [
          HEADER,
          "cloud-6000,Cloud 6000,Flavor,Blue Razz,Nicotine,5%,CL-BR-5,disposable-vapes,10.00,5,",
          "cloud-6000,Cloud 6000,Flavor,Mint,Nicotine,5%,CL-BR-5,disposable-vapes,10.00,5,",
        ].join("\n"),
      );
      expect(refused.get(2)).toEqual([MESSAGES.duplicateSku("CL-BR-5", [2, 3])]);
      expect(refused.get(3)).toEqual([MESSAGES.duplicateSku("CL-BR-5", [2, 3])]);
    });

    it("a UPC that fails its check digit", async () => {
      const refused = await refusedOf(
        [
          HEADER,
          "cloud-6000,Cloud 6000,Flavor,Blue Razz,Nicotine,5%,CL-BR-5,disposable-vapes,10.00,5,036000291453",
          "cloud-6000,Cloud 6000,Flavor,Mint,Nicotine,5%,CL-MI-5,disposable-vapes,10.00,5,",
        ].join("\n"),
      );
      expect(refused.get(2)).toEqual([`upc: ${MESSAGES.upcFormat}`]);
      expect(refused.get(3)).toEqual([LINE_IMPORT_MESSAGES.lineHeldBack("cloud-6000", 2)]);
    });

    it("a UPC that another product holds, or another row gives", async () => {
      const gum = await t.db.selectFrom("products").select("id").where("sku", "=", "GUM-1").executeTakeFirstOrThrow();
      const { labReport: _none, ...facts } = {
        ...(await import("../../compliance/facts")).EMPTY_COMPLIANCE,
        upc: "036000291452",
      };
      await saveProductCompliance(t.db, gum.id, facts, TEST_ADMIN);
      const refused = await refusedOf(
        [
          HEADER,
          // The EAN-13 of the gum's UPC-A: the same product's code.
          "cloud-6000,Cloud 6000,Flavor,Blue Razz,Nicotine,5%,CL-BR-5,disposable-vapes,10.00,5,0036000291452",
          "cloud-6000,Cloud 6000,Flavor,Mint,Nicotine,5%,CL-MI-5,disposable-vapes,10.00,5,4006381333931",
          "cloud-6000,Cloud 6000,Flavor,Mint,Nicotine,3%,CL-MI-3,disposable-vapes,10.00,5,4006381333931",
        ].join("\n"),
      );
      expect(refused.get(2)).toEqual([`upc: ${LINE_EDITOR_MESSAGES.upcTaken("0036000291452")}`]);
      expect(refused.get(4)).toEqual([`upc: ${LINE_IMPORT_MESSAGES.upcOnRow("4006381333931", 3)}`]);
      expect(refused.get(3)).toEqual([LINE_IMPORT_MESSAGES.lineHeldBack("cloud-6000", 2)]);
    });

    it("a variant moved to another line", async () => {
      await importFile(CLOUD);
      const gumLine = await t.db
        .selectFrom("products")
        .innerJoin("product_lines", "product_lines.id", "products.line_id")
        .select("product_lines.slug")
        .where("products.sku", "=", "GUM-1")
        .executeTakeFirstOrThrow();
      const refused = await refusedOf(
        [
          HEADER,
          "cloud-6000,Cloud 6000,Flavor,Blue Razz,Nicotine,5%,CL-BR-5,disposable-vapes,12.00,5,036000291452",
          "cloud-6000,Cloud 6000,Flavor,Grape,Nicotine,5%,GUM-1,disposable-vapes,10.00,5,",
        ].join("\n"),
      );
      expect(refused.get(3)).toEqual([
        `line_handle: ${LINE_IMPORT_MESSAGES.variantInOtherLine("GUM-1", gumLine.slug)}`,
      ]);
      expect(refused.get(2)).toEqual([LINE_IMPORT_MESSAGES.lineHeldBack("cloud-6000", 3)]);
    });

    it("several variants and no option that tells them apart", async () => {
      const refused = await refusedOf(
        [
          "line_handle,line_name,sku,category,price,stock",
          "cloud-6000,Cloud 6000,CL-1,disposable-vapes,10.00,5",
          "cloud-6000,Cloud 6000,CL-2,disposable-vapes,10.00,5",
        ].join("\n"),
      );
      expect(refused.get(2)).toEqual([LINE_EDITOR_MESSAGES.optionNeeded]);
    });
  });

  it("other lines of the file go on when one is refused; the dry run's digest is what Apply checks", async () => {
    const file = read(
      [
        HEADER,
        "cloud-6000,Cloud 6000,Flavor,Blue Razz,Nicotine,5%,CL-BR-5,disposable-vapes,10.00,5,",
        "cloud-6000,Cloud 6000,Flavor,Blue Razz,Nicotine,5%,CL-BR-3,disposable-vapes,10.00,5,",
        "puff-bar,Puff Bar,Flavor,Grape,,,PB-GR,disposable-vapes,8.00,5,",
      ].join("\n"),
    );
    const plan = await planImport(t.db, file);
    expect(plan.added.map((a) => a.sku)).toEqual(["PB-GR"]);
    expect(plan.refused.map((r) => r.row)).toEqual([2, 3]);
    // Another write between the dry run and Apply: nothing is written.
    await t.db.updateTable("products").set({ sku: "PB-GR" }).where("sku", "=", "GUM-1").execute();
    const stale = await applyImport(t.db, file, plan.digest, TEST_ADMIN);
    expect(stale.applied).toBe(false);
    expect(await t.db.selectFrom("product_lines").select("slug").where("slug", "=", "puff-bar").execute()).toEqual([]);
  });
});

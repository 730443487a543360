import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { setupTestDatabase, type TestDatabase } from "../../../../tests/support/test-database";
import { insertProduct } from "../product-writes";
import { LINE_COLUMNS, PRODUCT_COLUMNS } from "./columns";
import { exportProductsCsv } from "./export";
import { neutralizeFormula } from "./file";

let t: TestDatabase;

async function exported(): Promise<string> {
  let out = "";
  for await (const chunk of exportProductsCsv(t.db, { baseUrl: "https://store.test" })) out += chunk;
  return out;
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
describe(`catalog CSV export on ${process.env.DATABASE_URL ? "PostgreSQL" : "SQLite"}`, () => {
  it("exports every product with every declared column, formulas neutralized", async () => {
    const csv = await exported();
    const rows = parse(csv) as string[][];
    expect(rows[0]).toEqual([...LINE_COLUMNS, ...PRODUCT_COLUMNS.map((c) => c.header), "image_urls"]);
    expect(rows).toHaveLength(3);
    // Each a line of its own without options (issue 38): its handle and name, no options.
    const slugs = await t.db.selectFrom("product_lines").select("slug").orderBy("name").execute();
    const noOptions = ["", "", "", "", "", ""];
    // Sold singly, no breaks, no compliance facts, no images: case pack 1, minimum 1, the rest empty.
    const none = ["1", "1", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", ""];
    expect(rows[1]).toEqual([
      slugs[0]?.slug,
      '\'=HYPERLINK("http://evil")',
      ...noOptions,
      "GL-2",
      '\'=HYPERLINK("http://evil")',
      "glass",
      "0.99",
      "0",
      "",
      "'-2 for sale",
      ...none,
    ]);
    expect(rows[2]).toEqual([
      slugs[1]?.slug,
      'Gum, mint "fresh"',
      ...noOptions,
      "NV-1",
      'Gum, mint "fresh"',
      "novelty",
      "12.50",
      "4",
      "3",
      "Line one\nline two",
      ...none,
    ]);
    expect(neutralizeFormula("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(neutralizeFormula("+1")).toBe("'+1");
    expect(neutralizeFormula("plain")).toBe("plain");
  });
});

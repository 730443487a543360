import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { saveDemoLine } from "../app/.server/flows/startup";
import { setupTestDatabase, type TestDatabase } from "../tests/support/test-database";
import { DEMO_LINES, DEMO_PRODUCTS } from "./demo-catalog";
import { addDemoProducts } from "./seed";

/**
 * The demo catalog in lines (issue 38): several disposable lines of 6 to 15 flavors in two
 * strengths, kratom strains in sizes and counts, glass in sizes, written by the line editor's save.
 */
let t: TestDatabase;

beforeAll(async () => {
  t = await setupTestDatabase();
});

afterAll(async () => {
  await t.cleanup();
});

describe("the demo catalog", () => {
  it("has disposable lines of 6 to 15 flavors in two strengths, kratom strains in sizes and counts, glass in sizes", () => {
    const vapes = DEMO_LINES.filter((l) => l.category === "disposable-vapes");
    expect(vapes.length).toBeGreaterThanOrEqual(3);
    for (const line of vapes) {
      expect(line.optionNames, line.name).toEqual(["Flavor", "Nicotine"]);
      const flavors = new Set(line.variants.map((v) => v.options[0]));
      const strengths = new Set(line.variants.map((v) => v.options[1]));
      expect(flavors.size, line.name).toBeGreaterThanOrEqual(6);
      expect(flavors.size, line.name).toBeLessThanOrEqual(15);
      expect(strengths.size, line.name).toBe(2);
    }
    const kratom = DEMO_LINES.filter((l) => l.category === "kratom" && l.variants.length > 1);
    expect(new Set(kratom.map((l) => l.optionNames[0]))).toEqual(new Set(["Size", "Count"]));
    expect(DEMO_LINES.some((l) => l.category === "glass" && l.variants.length > 1)).toBe(true);
    expect(new Set(DEMO_PRODUCTS.map((p) => p.sku)).size).toBe(DEMO_PRODUCTS.length);
  });

  it("is written as lines: a line per demo line, its variants in order, the first its lead with the pictures to draw", async () => {
    const added = await t.db.transaction().execute((trx) => addDemoProducts(trx, saveDemoLine));
    expect(added).toMatchObject({ lines: DEMO_LINES.length, added: DEMO_PRODUCTS.length, skipped: 0 });
    expect(added.toDraw).toEqual(DEMO_LINES.filter((l) => l.imageCount > 0).map((l) => l.variants[0]?.sku));
    const rows = await t.db
      .selectFrom("products as p")
      .innerJoin("product_lines as l", "l.id", "p.line_id")
      .leftJoin("brands as b", "b.id", "l.brand_id")
      .select([
        "p.sku",
        "p.name",
        "p.lead",
        "p.position",
        "p.option1",
        "p.option2",
        "l.name as line",
        "b.name as brand",
      ])
      .orderBy("p.line_id")
      .orderBy("p.position")
      .execute();
    expect(rows.map((r) => r.sku)).toEqual(DEMO_PRODUCTS.map((p) => p.sku));
    expect(rows.map((r) => r.name)).toEqual(DEMO_PRODUCTS.map((p) => p.name));
    const blueRazz = rows.find((r) => r.sku === "DV-VLX-V6000-BRZ-3");
    expect(blueRazz).toMatchObject({
      name: "Vaporlux V6000 Blue Razz Ice 3%",
      line: "Vaporlux V6000",
      brand: "Vaporlux",
      option1: "Blue Razz Ice",
      option2: "3%",
      lead: 0,
    });
    expect(rows.filter((r) => r.lead === 1).map((r) => r.sku)).toEqual(DEMO_LINES.map((l) => l.variants[0]?.sku));
    // The listings' filters know the lines' flavors and strengths.
    const strengths = await t.db
      .selectFrom("line_facets")
      .select("value")
      .distinct()
      .where("facet", "=", "nicotine")
      .orderBy("value")
      .execute();
    expect(strengths.map((s) => s.value)).toEqual(["2pct", "3pct", "5pct"]);
    // Safe to run again: nothing added twice.
    expect(await t.db.transaction().execute((trx) => addDemoProducts(trx, saveDemoLine))).toMatchObject({
      lines: 0,
      added: 0,
      skipped: DEMO_PRODUCTS.length,
    });
  });
});

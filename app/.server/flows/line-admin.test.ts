import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gtinCheckDigit } from "~/lib/gtin";
import * as MESSAGES from "~/lib/messages";
import * as LINE_EDITOR_MESSAGES from "~/lib/messages/line-editor";
import { lineSchema } from "~/lib/schemas/product-line";
import { TEST_ADMIN } from "../../../tests/support/actors";
import { setupTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { readLineFacets, recountLineFacets } from "../catalog/facets";
import { createLine, findLineHead } from "../catalog/lines";
import { insertProduct } from "../catalog/product-writes";
import { takeStock } from "../catalog/stock";
import { findProductCompliance, saveProductCompliance } from "../compliance/facts";
import { listTiers, replaceTiers } from "../pricing/tiers";
import {
  findProductsToAdd,
  LineChangedError,
  type LineEditorPage,
  LineRowsError,
  loadLineEditor,
  saveLine,
  variantLike,
} from "./line-admin";

/**
 * The back office's line editor (issue 38) on the database the run is on: a line and its variants
 * saved in one transaction, as the editor's form posts them (read by the form's own schema).
 */
const ON = process.env.DATABASE_URL ? "PostgreSQL" : "SQLite";
let t: TestDatabase;

beforeAll(async () => {
  t = await setupTestDatabase();
});

afterAll(async () => {
  await t.cleanup();
});

type Row = { [field: string]: string };

/** The form a page shows for a line, as posted without a change: its fields and one row per variant. */
function formOf(page: LineEditorPage): { line: Row; rows: Row[] } {
  const l = page.line;
  return {
    line: {
      version: String(l.version),
      name: l.name,
      description: l.description,
      category: l.category,
      brand: l.brand,
      puffs: l.puffs === null ? "" : String(l.puffs),
      optionName1: l.optionNames[0] ?? "",
      optionName2: l.optionNames[1] ?? "",
      optionName3: l.optionNames[2] ?? "",
      tiers: page.tiers.map((x) => `${x.minQuantity}, ${(x.priceCents / 100).toFixed(2)}`).join("\n"),
    },
    rows: page.variants.map((v) => ({
      id: String(v.id),
      version: String(v.version),
      stockSeen: String(v.stock),
      option1: v.options[0] ?? "",
      option2: v.options[1] ?? "",
      option3: v.options[2] ?? "",
      sku: v.sku,
      upc: v.upc ?? "",
      price: (v.priceCents / 100).toFixed(2),
      stock: String(v.stock),
      casePack: String(v.casePack),
      minQuantity: String(v.minQuantity),
      maxQuantity: v.maxQuantity === null ? "" : String(v.maxQuantity),
      apart: v.apart ? "on" : "",
      position: String(v.position),
    })),
  };
}

function input(line: Row, rows: Row[]) {
  const fields: Row = { ...line };
  rows.forEach((row, i) => {
    for (const [k, v] of Object.entries(row)) fields[`variants.${i}.${k}`] = v;
  });
  return lineSchema.parse(fields);
}

async function page(lineId: number): Promise<LineEditorPage> {
  const p = await loadLineEditor(t.db, lineId);
  if (!p) throw new Error(`no line ${lineId}`);
  return p;
}

async function refusal(work: Promise<unknown>): Promise<unknown> {
  return work.then(
    () => null,
    (e: unknown) => e,
  );
}

let n = 0;
/** A valid UPC-A of its own for line n. */
function upcOf(k: number): string {
  const body = `0400${String(k).padStart(7, "0")}`;
  return `${body}${gtinCheckDigit(body)}`;
}
/** A new line of Flavor and Nicotine with four variants; its id. */
async function cloudLine(named?: string): Promise<number> {
  n++;
  const name = named ?? `Cloud ${n}`;
  const saved = await saveLine(
    t.db,
    null,
    input(
      {
        name,
        description: "A disposable in four flavors.",
        category: "disposable-vapes",
        brand: "Cloud Co",
        puffs: "6000",
        optionName1: "Flavor",
        optionName2: "Nicotine",
        tiers: "10, 8.00",
      },
      [
        { option1: "Blue Razz", option2: "5%", sku: `C${n}-BR5`, upc: upcOf(n), price: "10.00", stock: "50" },
        { option1: "Blue Razz", option2: "3%", sku: `C${n}-BR3`, price: "10.00", stock: "50" },
        { option1: "Mint", option2: "5%", sku: "", price: "10.00", stock: "0" },
        { option1: "Mango", option2: "5%", sku: `C${n}-MG5`, price: "12.00", stock: "7", apart: "on" },
        {},
      ],
    ),
    TEST_ADMIN,
  );
  return saved.lineId;
}

describe(`the line editor on ${ON}`, () => {
  it("creates a line with its variants: each named after the line and its values, the breaks on those counted together", async () => {
    const lineId = await cloudLine("Cloud 6000");
    const p = await page(lineId);
    expect(p.line).toMatchObject({
      name: "Cloud 6000",
      brand: "Cloud Co",
      puffs: 6000,
      optionNames: ["Flavor", "Nicotine"],
      slug: `cloud-6000-${lineId}`,
    });
    expect(p.variants.map((v) => [v.name, v.position, v.apart])).toEqual([
      ["Cloud 6000 Blue Razz 5%", 1, false],
      ["Cloud 6000 Blue Razz 3%", 2, false],
      ["Cloud 6000 Mint 5%", 3, false],
      ["Cloud 6000 Mango 5%", 4, true],
    ]);
    // A SKU left empty is made up; the UPC is kept with the variant's facts.
    expect(p.variants[2]?.sku).toMatch(/^DV-[0-9A-F]{8}$/);
    expect(p.variants[0]?.upc).toBe(upcOf(n));
    expect(p.tiers).toEqual([{ minQuantity: 10, priceCents: 8_00 }]);
    const [br5, , mint, mango] = p.variants.map((v) => v.id);
    expect(await listTiers(t.db, mint as number)).toEqual([{ minQuantity: 10, priceCents: 8_00 }]);
    expect(await listTiers(t.db, mango as number)).toEqual([]);
    const leads = await t.db.selectFrom("products").select(["id", "lead"]).where("line_id", "=", lineId).execute();
    expect(leads.filter((r) => r.lead === 1).map((r) => r.id)).toEqual([br5]);
    // The line's brand is each variant's compliance brand (what rules by brand read).
    for (const id of p.variants.map((v) => v.id))
      expect((await findProductCompliance(t.db, id as number)).brand).toBe("Cloud Co");
    const audit = await t.db
      .selectFrom("audit_log")
      .select(["action", "subject_type"])
      .where("subject_type", "=", "product-line")
      .where("subject_id", "=", String(lineId))
      .execute();
    expect(audit).toEqual([{ action: "line.create", subject_type: "product-line" }]);
  });

  it("renames the line and every variant's name follows; a new order moves the lead", async () => {
    const lineId = await cloudLine();
    const { line, rows } = formOf(await page(lineId));
    rows[2] = { ...(rows[2] as Row), position: "1" };
    rows[0] = { ...(rows[0] as Row), position: "3" };
    await saveLine(t.db, lineId, input({ ...line, name: "Vapor King", description: "Renamed." }, rows), TEST_ADMIN);
    const p = await page(lineId);
    expect(p.line.slug).toBe(`vapor-king-${lineId}`);
    expect(p.variants.map((v) => v.name)).toEqual([
      "Vapor King Mint 5%",
      "Vapor King Blue Razz 3%",
      "Vapor King Blue Razz 5%",
      "Vapor King Mango 5%",
    ]);
    const descriptions = await t.db
      .selectFrom("products")
      .select("description")
      .where("line_id", "=", lineId)
      .execute();
    expect(descriptions.every((d) => d.description === "Renamed.")).toBe(true);
    const lead = await t.db
      .selectFrom("products")
      .select("name")
      .where("line_id", "=", lineId)
      .where("lead", "=", 1)
      .execute();
    expect(lead).toEqual([{ name: "Vapor King Mint 5%" }]);
  });

  it("swaps two variants' values and SKUs in one save", async () => {
    const lineId = await cloudLine();
    const before = await page(lineId);
    const { line, rows } = formOf(before);
    const [a, b] = rows as [Row, Row];
    rows[0] = { ...a, option2: b.option2 ?? "", sku: b.sku ?? "" };
    rows[1] = { ...b, option2: a.option2 ?? "", sku: a.sku ?? "" };
    await saveLine(t.db, lineId, input(line, rows), TEST_ADMIN);
    const after = await page(lineId);
    expect(after.variants.slice(0, 2).map((v) => [v.id, v.options[1], v.sku])).toEqual([
      [before.variants[0]?.id, "3%", before.variants[1]?.sku],
      [before.variants[1]?.id, "5%", before.variants[0]?.sku],
    ]);
  });

  it("refuses a save from a page opened before another save, or before a variant changed or joined", async () => {
    const lineId = await cloudLine();
    const stale = formOf(await page(lineId));
    await saveLine(t.db, lineId, input({ ...stale.line, name: "First Save" }, stale.rows), TEST_ADMIN);
    const refused = await refusal(
      saveLine(t.db, lineId, input({ ...stale.line, name: "Second Save" }, stale.rows), TEST_ADMIN),
    );
    expect(refused).toBeInstanceOf(LineChangedError);
    expect((refused as Error).message).toBe(LINE_EDITOR_MESSAGES.lineChangedSinceOpened);
    expect((await findLineHead(t.db, lineId))?.name).toBe("First Save");

    // A variant edited on its own page meanwhile.
    const opened = formOf(await page(lineId));
    const id = Number(opened.rows[1]?.id);
    await t.db
      .updateTable("products")
      .set((eb) => ({ version: eb("version", "+", 1) }))
      .where("id", "=", id)
      .execute();
    expect(await refusal(saveLine(t.db, lineId, input(opened.line, opened.rows), TEST_ADMIN))).toBeInstanceOf(
      LineChangedError,
    );

    // A variant added to the line meanwhile (an import).
    const again = formOf(await page(lineId));
    await insertProduct(
      t.db,
      {
        sku: `JOIN-${lineId}`,
        name: "Joined",
        description: "",
        priceCents: 1_00,
        stock: 1,
        category: "disposable-vapes",
        line: { id: lineId, options: ["Grape", "5%"], position: 9 },
      },
      [],
    );
    expect(await refusal(saveLine(t.db, lineId, input(again.line, again.rows), TEST_ADMIN))).toBeInstanceOf(
      LineChangedError,
    );
  });

  it("says at each row a SKU or UPC another product holds, and stock sold since the page opened; nothing is written", async () => {
    const other = await insertProduct(
      t.db,
      { sku: "HELD-SKU", name: "Other", description: "", priceCents: 1_00, stock: 1, category: "glass" },
      [],
    );
    await saveProductCompliance(
      t.db,
      other,
      { ...(await findProductCompliance(t.db, other)), upc: "4006381333931" },
      TEST_ADMIN,
    );
    const third = await insertProduct(
      t.db,
      { sku: "HELD-UPC-A", name: "Third", description: "", priceCents: 1_00, stock: 1, category: "glass" },
      [],
    );
    await saveProductCompliance(
      t.db,
      third,
      { ...(await findProductCompliance(t.db, third)), upc: "614141000036" },
      TEST_ADMIN,
    );
    const lineId = await cloudLine();
    const { line, rows } = formOf(await page(lineId));
    const sold = Number(rows[0]?.id);
    await takeStock(t.db, sold, 5);
    rows[0] = { ...(rows[0] as Row), stock: "60" };
    rows[1] = { ...(rows[1] as Row), sku: "HELD-SKU", upc: "4006381333931" };
    // The same code as the other product's UPC-A, written as an EAN-13.
    rows[2] = { ...(rows[2] as Row), upc: "0614141000036" };
    const refused = await refusal(saveLine(t.db, lineId, input({ ...line, name: "Never" }, rows), TEST_ADMIN));
    expect(refused).toBeInstanceOf(LineRowsError);
    expect((refused as LineRowsError).problems).toEqual({
      "variants.0.stock": MESSAGES.stockChangedSinceOpened(45),
      "variants.1.sku": MESSAGES.skuTaken("HELD-SKU"),
      "variants.1.upc": LINE_EDITOR_MESSAGES.upcTaken("4006381333931"),
      "variants.2.upc": LINE_EDITOR_MESSAGES.upcTaken("0614141000036"),
    });
    expect((await findLineHead(t.db, lineId))?.name).not.toBe("Never");
  });

  it("moves existing products into the line: the emptied old line goes, a line left with others gets a new lead", async () => {
    const lineId = await cloudLine("Drift");
    const solo = await insertProduct(
      t.db,
      {
        sku: "DRIFT-GRAPE",
        name: "Drift Grape Ice",
        description: "Own.",
        priceCents: 9_00,
        stock: 3,
        category: "novelty",
      },
      [],
    );
    const soloLine = (
      await t.db.selectFrom("products").select("line_id").where("id", "=", solo).executeTakeFirstOrThrow()
    ).line_id;
    const twin = await createLine(t.db, {
      name: "Twin",
      description: "",
      category: "disposable-vapes",
      optionNames: ["Flavor"],
    });
    const twinA = await insertProduct(
      t.db,
      {
        sku: "TWIN-A",
        name: "Twin Peach",
        description: "",
        priceCents: 5_00,
        stock: 1,
        category: "disposable-vapes",
        line: { id: twin, options: ["Peach"], position: 0 },
      },
      [],
    );
    const twinB = await insertProduct(
      t.db,
      {
        sku: "TWIN-B",
        name: "Twin Lime",
        description: "",
        priceCents: 5_00,
        stock: 1,
        category: "disposable-vapes",
        line: { id: twin, options: ["Lime"], position: 1 },
      },
      [],
    );
    const { line, rows } = formOf(await page(lineId));
    const added = await findProductsToAdd(t.db, lineId, {
      skus: ["drift-grape", "TWIN-A"],
      inTable: rows.map((r) => Number(r.id)),
      lineName: "Drift",
      optionCount: 2,
    });
    // Its name says its flavor after the line's; the other keeps its line's value.
    expect(added.map((a) => [a.id, a.options, a.fromLine])).toEqual([
      [solo, ["Grape Ice", ""], "Drift Grape Ice"],
      [twinA, ["Peach", ""], "Twin"],
    ]);
    const moved = added.map((a) => ({
      id: String(a.id),
      version: String(a.version),
      stockSeen: String(a.stock),
      option1: a.options[0] ?? "",
      option2: "5%",
      sku: a.sku,
      // The line's break ($8.00 from 10) must stay below each price it counts.
      price: "10.00",
      stock: String(a.stock),
    }));
    // Options that repeat another variant's are refused by the form (Blue Razz 5% is taken).
    expect(
      lineSchema.safeParse({
        ...Object.fromEntries(Object.entries(line)),
        ...flat([...rows, { ...moved[0], option1: "blue razz" }]),
      }).success,
    ).toBe(false);
    await saveLine(t.db, lineId, input(line, [...rows, ...moved]), TEST_ADMIN);
    const p = await page(lineId);
    expect(p.variants.map((v) => v.name)).toContain("Drift Grape Ice 5%");
    expect(p.variants.map((v) => v.name)).toContain("Drift Peach 5%");
    expect(await findLineHead(t.db, soloLine)).toBeNull();
    const twinLeft = await t.db.selectFrom("products").select(["id", "lead"]).where("line_id", "=", twin).execute();
    expect(twinLeft).toEqual([{ id: twinB, lead: 1 }]);
    const movedRow = await t.db
      .selectFrom("products")
      .select(["category", "description", "lead"])
      .where("id", "=", solo)
      .executeTakeFirstOrThrow();
    expect(movedRow).toEqual({ category: "disposable-vapes", description: "Own.", lead: 0 });
    // The facet values of the line the products joined and of the lines they left are what they hold now.
    expect(await readLineFacets(t.db)).toEqual(await recountLineFacets(t.db));
    const audit = await t.db
      .selectFrom("audit_log")
      .select("action")
      .where("subject_type", "=", "product")
      .where("subject_id", "=", String(solo))
      .execute();
    expect(audit.map((a) => a.action)).toContain("product.move");

    await expect(
      findProductsToAdd(t.db, lineId, { skus: ["NO-SUCH-SKU"], inTable: [], lineName: "Drift", optionCount: 2 }),
    ).rejects.toThrow(LINE_EDITOR_MESSAGES.existingUnknown("NO-SUCH-SKU"));
    await expect(
      findProductsToAdd(t.db, lineId, { skus: ["DRIFT-GRAPE"], inTable: [], lineName: "Drift", optionCount: 2 }),
    ).rejects.toThrow(LINE_EDITOR_MESSAGES.existingAlreadyHere("DRIFT-GRAPE"));
  });

  it("removes a variant (its line's lead moves on), and makes a variant like another, its facts copied", async () => {
    const lineId = await cloudLine();
    const before = await page(lineId);
    const first = before.variants[0];
    await saveProductCompliance(
      t.db,
      first?.id as number,
      {
        ...(await findProductCompliance(t.db, first?.id as number)),
        brand: "Cloud Co",
        nicotineMgMl: 50,
        productClass: "nicotine-vape",
      },
      TEST_ADMIN,
    );
    const like = await variantLike(t.db, first?.id as number);
    expect(like).toMatchObject({ like: first?.id, priceCents: 10_00, casePack: 1 });
    const { line, rows } = formOf(await page(lineId));
    rows[0] = { ...(rows[0] as Row), remove: "on" };
    rows.push({ like: String(like?.like), option1: "Grape", option2: "5%", sku: "LIKE-1", price: "10.00", stock: "4" });
    await saveLine(t.db, lineId, input(line, rows), TEST_ADMIN);
    const after = await page(lineId);
    expect(after.variants.map((v) => v.id)).not.toContain(first?.id);
    expect(
      await t.db
        .selectFrom("products")
        .select("id")
        .where("id", "=", first?.id as number)
        .execute(),
    ).toEqual([]);
    const lead = await t.db
      .selectFrom("products")
      .select("id")
      .where("line_id", "=", lineId)
      .where("lead", "=", 1)
      .execute();
    expect(lead).toEqual([{ id: after.variants[0]?.id }]);
    const grape = after.variants.find((v) => v.sku === "LIKE-1");
    expect(grape?.name).toMatch(/ Grape 5%$/);
    expect(await findProductCompliance(t.db, grape?.id as number)).toMatchObject({
      brand: "Cloud Co",
      nicotineMgMl: 50,
      productClass: "nicotine-vape",
      upc: null,
    });
    expect(await listTiers(t.db, grape?.id as number)).toEqual([{ minQuantity: 10, priceCents: 8_00 }]);
    // Breaks set on a variant apart stay its own.
    const mango = after.variants.find((v) => v.apart);
    await replaceTiers(t.db, mango?.id as number, [{ minQuantity: 5, priceCents: 11_00 }], TEST_ADMIN);
    const again = formOf(await page(lineId));
    await saveLine(t.db, lineId, input({ ...again.line, tiers: "20, 7.00" }, again.rows), TEST_ADMIN);
    expect(await listTiers(t.db, mango?.id as number)).toEqual([{ minQuantity: 5, priceCents: 11_00 }]);
    expect(await listTiers(t.db, grape?.id as number)).toEqual([{ minQuantity: 20, priceCents: 7_00 }]);
  });
});

function flat(rows: Row[]): Row {
  const fields: Row = {};
  rows.forEach((row, i) => {
    for (const [k, v] of Object.entries(row)) fields[`variants.${i}.${k}`] = v ?? "";
  });
  return fields;
}

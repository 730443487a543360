import crypto from "node:crypto";
import type { Kysely } from "kysely";
import * as MESSAGES from "~/lib/messages";
import * as INVENTORY_MESSAGES from "~/lib/messages/inventory";
import * as LINE_IMPORT_MESSAGES from "~/lib/messages/line-import";
import { cellToTierText, parseTiers } from "~/lib/tiers";
import { headerOf, PRODUCT_COLUMNS, shownValue, TIERS_COLUMN, type Value } from "../../catalog/csv/columns";
import type { ReadResult, RefusedRow } from "../../catalog/csv/read";
import { LOOKUP_BATCH, productsWithFacts, tierCells } from "../../catalog/csv/rows";
import type { DB } from "../../db/schema";
import { unitsInLotsOf } from "../../inventory/lots";
import { type LinePlan, planLineRows } from "./lines";

/**
 * The dry run of a catalog import (issue 17): what a file read by catalog/csv/read.ts would add,
 * change field by field, delete and refuse, against the catalog as it is now (its products, their
 * compliance facts and quantity breaks), and the digest that Apply checks it against.
 */

export interface FieldChange {
  field: string;
  before: string;
  after: string;
}

export interface ImportPlan {
  /** The lines the file makes or changes (issue 38), and those its rows are in. */
  lines: LinePlan[];
  added: { row: number; sku: string; name: string; line?: string; options?: string[] }[];
  changed: {
    row: number;
    sku: string;
    id: number;
    version: number;
    changes: FieldChange[];
    /** The stock the plan saw, when the row sets another: a sale meanwhile refuses the apply. */
    stockWas?: number;
    /** The variant's new values of its line's options, when they change. */
    options?: string[];
  }[];
  deleted: { row: number; sku: string; id: number; name: string }[];
  unchanged: number;
  refused: RefusedRow[];
  /** Identifies exactly what Apply would do: Apply refuses if the catalog moved since. */
  digest: string;
  /** The values rows take from their line (name, category), by row: what Apply writes with the row's. */
  overrides: Map<number, Record<string, Value>>;
}

export type Current = Record<string, Value> & { id: number; version: number; sku: string };

async function currentBySku(db: Kysely<DB>, skus: string[]): Promise<Map<string, Current>> {
  const found = new Map<string, Current>();
  for (let i = 0; i < skus.length; i += LOOKUP_BATCH) {
    const rows = await productsWithFacts(db)
      .select(["products.id", "products.version"])
      .where("products.sku", "in", skus.slice(i, i + LOOKUP_BATCH))
      .execute();
    const batch = rows as unknown as Current[];
    const tiers = await tierCells(
      db,
      batch.map((r) => r.id),
    );
    for (const row of batch) found.set(row.sku, { ...row, [TIERS_COLUMN]: tiers.get(row.id) ?? "" });
  }
  return found;
}

/** What importing the rows would do to the catalog as it is now. */
export async function planImport(db: Kysely<DB>, read: Extract<ReadResult, { ok: true }>): Promise<ImportPlan> {
  const current = await currentBySku(
    db,
    read.rows.map((r) => r.sku),
  );
  const lines = await planLineRows(db, read, current);
  // Stock held in lots is counted on the lot's page (issue 39): a row may not set less.
  const inLots = await unitsInLotsOf(
    db,
    [...current.values()].map((p) => p.id),
  );
  const plan: ImportPlan = {
    lines: [],
    added: [],
    changed: [],
    deleted: [],
    unchanged: 0,
    refused: [...read.refused],
    digest: "",
    overrides: lines.overrides,
  };
  const unchangedRows: number[] = [];
  const missingForNew = PRODUCT_COLUMNS.filter(
    (c) =>
      c.requiredForNew &&
      !read.columns.includes(c.header) &&
      !(c.column === "name" && read.columns.includes("line_name")),
  );
  for (const r of read.rows) {
    const product = current.get(r.sku);
    if (r.delete) {
      if (product) plan.deleted.push({ row: r.row, sku: r.sku, id: product.id, name: String(product.name) });
      else plan.refused.push({ row: r.row, sku: r.sku, reasons: [MESSAGES.deleteUnknownSku] });
      continue;
    }
    const lineProblems = lines.refused.get(r.row);
    if (lineProblems) {
      plan.refused.push({ row: r.row, sku: r.sku, reasons: lineProblems });
      continue;
    }
    const values = { ...r.values, ...lines.overrides.get(r.row) };
    const unitProblems = [...sellingUnitProblems(values, product), ...tierProblems(values, product)];
    if (unitProblems.length) {
      plan.refused.push({ row: r.row, sku: r.sku, reasons: unitProblems });
      continue;
    }
    // What the plan completed (a minimum of one case) is written with the row.
    lines.overrides.set(r.row, { ...lines.overrides.get(r.row), ...values });
    const handle = lines.handleOf.get(r.row);
    const options = lines.options.get(r.row);
    if (!product) {
      if (missingForNew.length) {
        plan.refused.push({
          row: r.row,
          sku: r.sku,
          reasons: [MESSAGES.newProductMissing(missingForNew.map((c) => c.header))],
        });
      } else
        plan.added.push({
          row: r.row,
          sku: r.sku,
          name: String(values.name),
          ...(handle ? { line: handle, options: options ?? [] } : {}),
        });
      continue;
    }
    const changes: FieldChange[] = [];
    for (const c of PRODUCT_COLUMNS) {
      if (!(c.column in values)) continue;
      const before = product[c.column] ?? null;
      const after = values[c.column] ?? null;
      if (c.format(before) !== c.format(after))
        changes.push({
          field: headerOf(c.column),
          before: shownValue(c.column, before),
          after: shownValue(c.column, after),
        });
    }
    const optionsBefore = [product.option1, product.option2, product.option3].map((v) => String(v ?? ""));
    const optionsAfter = options ? [0, 1, 2].map((i) => options[i] ?? "") : optionsBefore;
    const optionsChange = optionsAfter.some((v, i) => v !== optionsBefore[i]);
    if (optionsChange)
      changes.push({
        field: "options",
        before: optionsBefore.filter(Boolean).join(" / "),
        after: optionsAfter.filter(Boolean).join(" / "),
      });
    const stockChanges = changes.some((ch) => ch.field === headerOf("stock"));
    const lotUnits = inLots.get(product.id) ?? 0;
    if (stockChanges && Number(values.stock) < lotUnits) {
      plan.refused.push({ row: r.row, sku: r.sku, reasons: [INVENTORY_MESSAGES.stockBelowLots(lotUnits)] });
      continue;
    }
    if (changes.length)
      plan.changed.push({
        row: r.row,
        sku: r.sku,
        id: product.id,
        version: product.version,
        changes,
        ...(stockChanges ? { stockWas: Number(product.stock) } : {}),
        ...(optionsChange ? { options: optionsAfter } : {}),
      });
    else unchangedRows.push(r.row);
  }

  // A line is imported whole: when one of its rows is refused, its other rows wait with it.
  const refusedOf = new Map<string, number>();
  for (const r of plan.refused) {
    const handle = lines.handleOf.get(r.row);
    if (handle !== undefined && !refusedOf.has(handle)) refusedOf.set(handle, r.row);
  }
  const held = (row: number) => {
    const handle = lines.handleOf.get(row);
    const at = handle === undefined ? undefined : refusedOf.get(handle);
    return handle !== undefined && at !== undefined ? LINE_IMPORT_MESSAGES.lineHeldBack(handle, at) : null;
  };
  const keep = <T extends { row: number; sku: string }>(entries: T[]): T[] =>
    entries.filter((e) => {
      const why = held(e.row);
      if (why) plan.refused.push({ row: e.row, sku: e.sku, reasons: [why] });
      return !why;
    });
  plan.added = keep(plan.added);
  plan.changed = keep(plan.changed);
  const sku = new Map(read.rows.map((r) => [r.row, r.sku]));
  plan.unchanged = keep(unchangedRows.map((row) => ({ row, sku: sku.get(row) ?? "" }))).length;
  plan.lines = lines.lines.filter((l) => !refusedOf.has(l.handle));

  plan.refused.sort((a, b) => a.row - b.row);
  plan.digest = crypto
    .createHash("sha256")
    .update(
      JSON.stringify([
        plan.added.map((a) => [a.sku, a.line ?? null, a.options ?? null]),
        plan.changed.map((c) => [c.id, c.version, c.changes]),
        plan.deleted.map((d) => d.id),
        plan.lines.map((l) => [l.handle, l.id, l.changes]),
      ]),
    )
    .digest("hex");
  return plan;
}

/**
 * The case pack, minimum and maximum of a row, taken with the product's stored values for the
 * columns the file leaves out, must fit together as the product form requires (minimum and
 * maximum in whole cases, maximum not below the minimum). An empty minimum, or none for a new
 * product that names a case pack, is one case: the row's values are completed with it.
 */
function sellingUnitProblems(values: Record<string, Value>, product: Current | undefined): string[] {
  const has = (column: string) => column in values;
  if (!has("case_pack") && !has("min_quantity") && !has("max_quantity")) return [];
  const pack = Number(has("case_pack") ? values.case_pack : (product?.case_pack ?? 1));
  if ((has("min_quantity") && values.min_quantity === null) || (!has("min_quantity") && !product))
    values.min_quantity = pack;
  const min = Number(has("min_quantity") ? values.min_quantity : (product?.min_quantity ?? pack));
  const max = has("max_quantity") ? values.max_quantity : (product?.max_quantity ?? null);
  const problems: string[] = [];
  if (min % pack !== 0) problems.push(`min_quantity: ${MESSAGES.minimumNotPackMultiple}`);
  if (max !== null && Number(max) % pack !== 0) problems.push(`max_quantity: ${MESSAGES.maximumNotPackMultiple}`);
  else if (max !== null && Number(max) < min) problems.push(`max_quantity: ${MESSAGES.maximumBelowMinimum}`);
  return problems;
}

/**
 * The quantity breaks a row leaves the product with (its own cell, or the stored breaks when the
 * file has no price_tiers column) must fit the case pack and list price the row leaves it with,
 * by the product form's rules (parseTiers): breaks in whole cases, each cheaper than the price
 * before it. Checked when the row changes any of the three, so that a file changing a case pack
 * or a price cannot leave breaks that contradict it; the row is refused instead.
 */
function tierProblems(values: Record<string, Value>, product: Current | undefined): string[] {
  const has = (column: string) => column in values;
  const pack = Number(has("case_pack") ? values.case_pack : (product?.case_pack ?? 1));
  const price = has("price_cents") ? values.price_cents : (product?.price_cents ?? null);
  const cell = String((has(TIERS_COLUMN) ? values[TIERS_COLUMN] : product?.[TIERS_COLUMN]) ?? "");
  if (cell === "") return [];
  const moved =
    !product || pack !== Number(product.case_pack) || price !== product.price_cents || cell !== product[TIERS_COLUMN];
  if (!moved) return [];
  const read = parseTiers(
    cellToTierText(cell),
    typeof price === "number" ? price : Number.MAX_SAFE_INTEGER,
    pack,
    "break",
  );
  if (read.ok) return [];
  return [`${TIERS_COLUMN}: ${has(TIERS_COLUMN) ? read.message : MESSAGES.storedTiersContradictRow(read.message)}`];
}

/** How many products and lines the plan writes (new, changed and deleted). */
export function writesOf(plan: ImportPlan): number {
  return plan.added.length + plan.changed.length + plan.deleted.length + lineWrites(plan);
}

/** How many lines the plan makes or changes. */
export function lineWrites(plan: ImportPlan): number {
  return plan.lines.filter((l) => l.id === null || l.changes.length > 0).length;
}

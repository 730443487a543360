import crypto from "node:crypto";
import type { Kysely } from "kysely";
import * as MESSAGES from "~/lib/messages";
import { cellToTierText, parseTiers } from "~/lib/tiers";
import { headerOf, PRODUCT_COLUMNS, shownValue, TIERS_COLUMN, type Value } from "../../catalog/csv/columns";
import type { ReadResult, RefusedRow } from "../../catalog/csv/read";
import { LOOKUP_BATCH, productsWithFacts, tierCells } from "../../catalog/csv/rows";
import type { DB } from "../../db/schema";

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
  added: { row: number; sku: string; name: string }[];
  changed: {
    row: number;
    sku: string;
    id: number;
    version: number;
    changes: FieldChange[];
    /** The stock the plan saw, when the row sets another: a sale meanwhile refuses the apply. */
    stockWas?: number;
  }[];
  deleted: { row: number; sku: string; id: number; name: string }[];
  unchanged: number;
  refused: RefusedRow[];
  /** Identifies exactly what Apply would do: Apply refuses if the catalog moved since. */
  digest: string;
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
  const plan: ImportPlan = {
    added: [],
    changed: [],
    deleted: [],
    unchanged: 0,
    refused: [...read.refused],
    digest: "",
  };
  const missingForNew = PRODUCT_COLUMNS.filter((c) => c.requiredForNew && !read.columns.includes(c.header));
  for (const r of read.rows) {
    const product = current.get(r.sku);
    if (r.delete) {
      if (product) plan.deleted.push({ row: r.row, sku: r.sku, id: product.id, name: String(product.name) });
      else plan.refused.push({ row: r.row, sku: r.sku, reasons: [MESSAGES.deleteUnknownSku] });
      continue;
    }
    const unitProblems = [...sellingUnitProblems(r.values, product), ...tierProblems(r.values, product)];
    if (unitProblems.length) {
      plan.refused.push({ row: r.row, sku: r.sku, reasons: unitProblems });
      continue;
    }
    if (!product) {
      if (missingForNew.length) {
        plan.refused.push({
          row: r.row,
          sku: r.sku,
          reasons: [MESSAGES.newProductMissing(missingForNew.map((c) => c.header))],
        });
      } else plan.added.push({ row: r.row, sku: r.sku, name: String(r.values.name) });
      continue;
    }
    const changes: FieldChange[] = [];
    for (const c of PRODUCT_COLUMNS) {
      if (!(c.column in r.values)) continue;
      const before = product[c.column] ?? null;
      const after = r.values[c.column] ?? null;
      if (c.format(before) !== c.format(after))
        changes.push({
          field: headerOf(c.column),
          before: shownValue(c.column, before),
          after: shownValue(c.column, after),
        });
    }
    const stockChanges = changes.some((ch) => ch.field === headerOf("stock"));
    if (changes.length)
      plan.changed.push({
        row: r.row,
        sku: r.sku,
        id: product.id,
        version: product.version,
        changes,
        ...(stockChanges ? { stockWas: Number(product.stock) } : {}),
      });
    else plan.unchanged++;
  }
  plan.refused.sort((a, b) => a.row - b.row);
  plan.digest = crypto
    .createHash("sha256")
    .update(
      JSON.stringify([
        plan.added.map((a) => a.sku),
        plan.changed.map((c) => [c.id, c.version, c.changes]),
        plan.deleted.map((d) => d.id),
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

/** How many products the plan writes (new, changed and deleted). */
export function writesOf(plan: ImportPlan): number {
  return plan.added.length + plan.changed.length + plan.deleted.length;
}

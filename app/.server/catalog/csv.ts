import crypto from "node:crypto";
import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import type { Insertable, Kysely, Transaction, Updateable } from "kysely";
import { CATEGORY_SLUGS } from "~/lib/categories";
import { productComplianceSchema } from "~/lib/compliance";
import { imageSrc, type ProductImage } from "~/lib/images";
import * as MESSAGES from "~/lib/messages";
import { formatCents, MAX_PRICE_CENTS, parseDollarsToCents } from "~/lib/money";
import { MAX_SELLING_UNIT } from "~/lib/quantity";
import { isMultiline } from "~/lib/text";
import { cellToTierText, parseTiers, type Tier, tiersToCell } from "~/lib/tiers";
import { type Actor, recordAudit } from "../audit/log";
import { parseDirectoryStates } from "../compliance/facts";
import { dialectOf } from "../db/connect";
import type { DB, ProductComplianceTable, ProductsTable } from "../db/schema";
import { sqlNow } from "../db/time";
import { log } from "../log";
import { replaceTiers } from "../pricing/tiers";
import { removeUnusedImageFiles } from "./product-admin";
import { type Counter, lockCounters, lockProducts } from "./product-locks";
import { insertProduct, updateProductColumns } from "./product-writes";

/**
 * The catalog as a CSV file (issue 17): the export writes every product in the columns the import
 * reads, so a file exported and imported unchanged changes nothing.
 *
 * PRODUCT_COLUMNS is the one declaration of those columns: the CSV header, the products column it
 * stands for, how a cell is read (with the refusal a person reads) and how a value is written. A
 * new product field joins the import and the export with one entry here.
 */

type Value = string | number | null;
type Parsed = { ok: true; value: Value } | { ok: false; error: string };

export interface CsvColumn {
  /** The header in the file (lower case). */
  header: string;
  /**
   * Where the value is kept: the product's own row, its compliance facts (issue 15), or its
   * quantity breaks (issue 16, the rows of price_tiers, as one cell).
   */
  table: "products" | "compliance" | "tiers";
  /** The column it reads and writes (column names are unique across the tables). */
  column:
    | ((keyof ProductsTable | Exclude<keyof ProductComplianceTable, "product_id" | "updated_at">) & string)
    | typeof TIERS_COLUMN;
  /** A new product cannot be added without it. */
  requiredForNew: boolean;
  parse(cell: string): Parsed;
  format(value: Value): string;
}

/** The quantity breaks' column: "12:4.50;48:4.00" (from 12 units $4.50 each, from 48 $4.00); empty: none. */
const TIERS_COLUMN = "price_tiers";

const ok = (value: Value): Parsed => ({ ok: true, value });
const refuse = (error: string): Parsed => ({ ok: false, error });
const text = (v: Value) => (v === null ? "" : String(v));

export const PRODUCT_COLUMNS: readonly CsvColumn[] = [
  {
    header: "sku",
    column: "sku",
    table: "products",
    requiredForNew: true,
    parse: (cell) =>
      cell === ""
        ? refuse(MESSAGES.skuRequired)
        : /^[A-Za-z0-9._-]{1,64}$/.test(cell)
          ? ok(cell)
          : refuse(MESSAGES.skuFormat),
    format: text,
  },
  {
    header: "name",
    column: "name",
    table: "products",
    requiredForNew: true,
    parse: (cell) =>
      cell === ""
        ? refuse(MESSAGES.nameRequired)
        : cell.length > 200 || isMultiline(cell)
          ? refuse(MESSAGES.nameFormat)
          : ok(cell),
    format: text,
  },
  {
    header: "category",
    column: "category",
    table: "products",
    requiredForNew: true,
    parse: (cell) => {
      const slug = cell.toLowerCase();
      return (CATEGORY_SLUGS as readonly string[]).includes(slug)
        ? ok(slug)
        : refuse(MESSAGES.unknownCategory(cell, CATEGORY_SLUGS));
    },
    format: text,
  },
  {
    header: "price",
    column: "price_cents",
    table: "products",
    requiredForNew: true,
    parse: (cell) => {
      const cents = parseDollarsToCents(cell);
      return cents === null || cents > MAX_PRICE_CENTS ? refuse(MESSAGES.priceFormat) : ok(cents);
    },
    // "12.50": no currency sign or thousands separator, so every spreadsheet reads it as a number.
    format: (v) => (typeof v === "number" ? (v / 100).toFixed(2) : ""),
  },
  {
    header: "stock",
    column: "stock",
    table: "products",
    requiredForNew: true,
    parse: (cell) => (/^\d{1,7}$/.test(cell) ? ok(Number(cell)) : refuse(MESSAGES.stockFormat)),
    format: text,
  },
  {
    header: "low_stock_threshold",
    column: "low_stock_threshold",
    table: "products",
    requiredForNew: false,
    // Empty: the store-wide threshold.
    parse: (cell) =>
      cell === "" ? ok(null) : /^\d{1,7}$/.test(cell) ? ok(Number(cell)) : refuse(MESSAGES.thresholdFormat),
    format: text,
  },
  {
    header: "description",
    column: "description",
    table: "products",
    requiredForNew: false,
    parse: (cell) => (cell.length > 5000 ? refuse(MESSAGES.descriptionTooLong) : ok(cell)),
    format: text,
  },
  // How it is sold (issue 16). A row's three values are checked together in the plan (sellingUnitProblems).
  {
    header: "case_pack",
    column: "case_pack",
    table: "products",
    requiredForNew: false,
    // Empty: single units.
    parse: (cell) => (cell === "" ? ok(1) : wholeUnit(cell, MESSAGES.casePackInvalid)),
    format: text,
  },
  {
    header: "min_quantity",
    column: "min_quantity",
    table: "products",
    requiredForNew: false,
    // Empty: one case.
    parse: (cell) => (cell === "" ? ok(null) : wholeUnit(cell, MESSAGES.minimumInvalid)),
    format: text,
  },
  {
    header: "max_quantity",
    column: "max_quantity",
    table: "products",
    requiredForNew: false,
    // Empty: no limit per order.
    parse: (cell) => (cell === "" ? ok(null) : wholeUnit(cell, MESSAGES.maximumInvalid)),
    format: text,
  },
  // Quantity breaks (issue 16): "quantity:price each" pairs separated by ";", lowest first, e.g.
  // "12:4.50;48:4.00". Read here with the product form's rules alone (parseTiers); checked in the
  // plan against the row's case pack and price as they will be after the import (tierProblems).
  {
    header: TIERS_COLUMN,
    column: TIERS_COLUMN,
    table: "tiers",
    requiredForNew: false,
    parse: (cell) => {
      const read = parseTiers(cellToTierText(cell), Number.MAX_SAFE_INTEGER, 1, "break");
      return read.ok ? ok(tiersToCell(read.tiers)) : refuse(read.message);
    },
    format: text,
  },
  // Compliance facts (issue 15), read with the product form's own rules.
  complianceColumn("brand", "brand", productComplianceSchema.shape.brand),
  complianceColumn("product_class", "product_class", productComplianceSchema.shape.productClass),
  complianceColumn("flavor_class", "flavor_class", productComplianceSchema.shape.flavorClass),
  complianceColumn("nicotine_mg_ml", "nicotine_mg_ml", productComplianceSchema.shape.nicotineMgMl),
  complianceColumn("country", "country", productComplianceSchema.shape.country),
  complianceColumn("upc", "upc", productComplianceSchema.shape.upc),
  complianceColumn("thc_mg", "thc_mg", productComplianceSchema.shape.thcMg),
  complianceColumn("seven_oh_percent", "seven_oh_percent", productComplianceSchema.shape.sevenOhPercent),
  {
    // The states whose vape directory lists the product: "KY;NC" (empty: none), kept as JSON.
    header: "directory_states",
    column: "directory_states",
    table: "compliance",
    requiredForNew: false,
    parse: (cell) => {
      const parsed = productComplianceSchema.shape.directoryStates.safeParse(cell);
      if (!parsed.success) return refuse(parsed.error.issues[0]?.message ?? MESSAGES.directoryStateUnknown);
      return ok(JSON.stringify(parsed.data));
    },
    format: (v) => parseDirectoryStates(v === null ? null : String(v)).join(";"),
  },
];

function wholeUnit(cell: string, message: string): Parsed {
  const n = /^\d{1,6}$/.test(cell) ? Number(cell) : Number.NaN;
  return n >= 1 && n <= MAX_SELLING_UNIT ? ok(n) : refuse(message);
}

function complianceColumn(
  header: string,
  column: CsvColumn["column"],
  schema: { safeParse(v: unknown): { success: boolean; data?: unknown; error?: { issues: { message: string }[] } } },
): CsvColumn {
  return {
    header,
    column,
    table: "compliance",
    requiredForNew: false,
    parse: (cell) => {
      const parsed = schema.safeParse(cell);
      if (!parsed.success) return refuse(parsed.error?.issues[0]?.message ?? MESSAGES.numberFormat);
      const value = parsed.data;
      return ok(typeof value === "number" || typeof value === "string" ? value : null);
    },
    format: text,
  };
}

const PRODUCTS_TABLE_COLUMNS = PRODUCT_COLUMNS.filter((c) => c.table === "products");
const COMPLIANCE_COLUMNS = PRODUCT_COLUMNS.filter((c) => c.table === "compliance");

/**
 * Export only: the URLs of the product's images (largest stored size, in their order, separated
 * by ";"). The import accepts the column and ignores it: images are attached with the bulk image
 * upload or the product form.
 */
export const IMAGE_URLS_COLUMN = "image_urls";

/** The products of `db`, with their compliance facts, in the columns the file declares. */
function productsWithFacts(db: Kysely<DB>) {
  return db
    .selectFrom("products")
    .leftJoin("product_compliance", "product_compliance.product_id", "products.id")
    .select([
      "products.id",
      ...PRODUCTS_TABLE_COLUMNS.map((c) => `products.${c.column}` as `products.${keyof ProductsTable & string}`),
      ...COMPLIANCE_COLUMNS.map(
        (c) => `product_compliance.${c.column}` as `product_compliance.${keyof ProductComplianceTable & string}`,
      ),
    ]);
}

/** Import only: "yes" in this column deletes the product of the row's SKU. */
export const DELETE_COLUMN = "delete";

export const MAX_IMPORT_BYTES = 16 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 50_000;

/**
 * The most products one Apply writes (adds, changes and deletes together) on the embedded
 * database (SQLite). An Apply is one transaction, all or nothing, and on SQLite that transaction
 * holds the one connection: every other request that reads or writes the database waits until it
 * commits. Measured on the 2-core reference machine (npm run bench:import, docs/performance.md):
 * about 0.1 ms a row, so 10,000 rows keep pages waiting about a second; 50,000 rows, five. Rows a
 * file leaves unchanged are not written and do not count. On PostgreSQL other requests go on
 * (only the products being written wait) and the file's own limit (MAX_IMPORT_ROWS) is the only
 * one. Decision 0024.
 */
export const MAX_APPLY_ROWS_EMBEDDED = 10_000;

/** The most rows an Apply may write on this database, or null when only the file's limit applies. */
export function applyRowLimit(db: Kysely<DB>): number | null {
  return dialectOf(db) === "sqlite" ? MAX_APPLY_ROWS_EMBEDDED : null;
}

const COLUMN_NAMES = [...PRODUCT_COLUMNS.map((c) => c.header), IMAGE_URLS_COLUMN, DELETE_COLUMN];
const NEW_PRODUCT_DEFAULTS: Partial<Record<string, Value>> = { description: "" };

// ---- Export ----

/**
 * A cell a spreadsheet would run as a formula (=, +, -, @, tab, carriage return first) is written
 * with a leading apostrophe, which spreadsheets show as text; the import takes it off again.
 */
export function neutralizeFormula(cell: string): string {
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}

function unneutralize(cell: string): string {
  return /^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
}

const EXPORT_BATCH = 1000;
const LOOKUP_BATCH = 500;

/** The quantity breaks of some products, each as its CSV cell (products without breaks are left out). */
async function tierCells(db: Kysely<DB>, ids: number[]): Promise<Map<number, string>> {
  const byProduct = new Map<number, Tier[]>();
  for (let i = 0; i < ids.length; i += LOOKUP_BATCH) {
    const rows = await db
      .selectFrom("price_tiers")
      .select(["product_id", "min_quantity", "price_cents"])
      .where("product_id", "in", ids.slice(i, i + LOOKUP_BATCH))
      .orderBy("product_id")
      .orderBy("min_quantity")
      .execute();
    for (const r of rows)
      byProduct.set(r.product_id, [
        ...(byProduct.get(r.product_id) ?? []),
        { minQuantity: r.min_quantity, priceCents: r.price_cents },
      ]);
  }
  return new Map([...byProduct].map(([id, tiers]) => [id, tiersToCell(tiers)]));
}

/** The image URLs of some products, each as its CSV cell. */
async function imageCells(db: Kysely<DB>, ids: number[], baseUrl: string): Promise<Map<number, string>> {
  const rows = await db
    .selectFrom("product_images")
    .select(["product_id", "media_key as key", "width", "height"])
    .where("product_id", "in", ids)
    .orderBy("product_id")
    .orderBy("position")
    .execute();
  const cells = new Map<number, string[]>();
  for (const r of rows) cells.set(r.product_id, [...(cells.get(r.product_id) ?? []), `${baseUrl}${imageSrc(r, 1200)}`]);
  return new Map([...cells].map(([id, urls]) => [id, urls.join(";")]));
}

/**
 * Every product, in SKU order, as CSV text in chunks (the header first): the columns the import
 * reads, then the read-only image URLs (absolute, from `baseUrl`).
 */
export async function* exportProductsCsv(db: Kysely<DB>, options: { baseUrl: string }): AsyncGenerator<string> {
  yield stringify([COLUMN_NAMES.filter((c) => c !== DELETE_COLUMN)]);
  let after: string | null = null;
  for (;;) {
    let q = productsWithFacts(db).orderBy("products.sku").limit(EXPORT_BATCH);
    if (after !== null) q = q.where("products.sku", ">", after);
    const rows = (await q.execute()) as (Record<string, Value> & { id: number })[];
    if (rows.length === 0) return;
    const ids = rows.map((r) => r.id);
    const tiers = await tierCells(db, ids);
    const images = await imageCells(db, ids, options.baseUrl);
    yield stringify(
      rows.map((row) => [
        ...PRODUCT_COLUMNS.map((c) =>
          neutralizeFormula(c.format(c.table === "tiers" ? (tiers.get(row.id) ?? "") : (row[c.column] ?? null))),
        ),
        neutralizeFormula(images.get(row.id) ?? ""),
      ]),
    );
    after = String(rows.at(-1)?.sku);
    if (rows.length < EXPORT_BATCH) return;
  }
}

/**
 * Chunks of text (or the whole text) as a streamed HTTP answer, downloaded as a file. Answered by
 * a resource route of its own (a module without a page component): a page's loader that returns
 * a file is rendered through its page (issue 26).
 */
export function csvResponse(content: AsyncGenerator<string> | string, filename: string): Response {
  const chunks = typeof content === "string" ? oneChunk(content) : content;
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

async function* oneChunk(text: string): AsyncGenerator<string> {
  yield text;
}

// ---- Import: reading the file ----

export interface ImportRow {
  /** The row's number as a spreadsheet shows it (the header is row 1). */
  row: number;
  sku: string;
  delete: boolean;
  /** The products columns the row sets, with their values. */
  values: Record<string, Value>;
}

export interface RefusedRow {
  row: number;
  sku: string;
  reasons: string[];
}

export type ReadResult =
  | { ok: true; columns: string[]; rows: ImportRow[]; refused: RefusedRow[] }
  | { ok: false; error: string };

/** Decodes the upload: UTF-8 (a byte order mark is fine), never another encoding or binary data. */
function decode(bytes: Uint8Array): { ok: true; text: string } | { ok: false; error: string } {
  if (bytes.length > MAX_IMPORT_BYTES) return { ok: false, error: MESSAGES.importTooLarge(MAX_IMPORT_BYTES / 2 ** 20) };
  // UTF-16 (what some spreadsheets call "Unicode text") starts with its byte order mark.
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))
    return { ok: false, error: MESSAGES.importNotUtf8 };
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    // Mostly text with a few bytes that are not UTF-8: a spreadsheet's other encodings. Otherwise binary.
    return { ok: false, error: looksLikeText(bytes) ? MESSAGES.importNotUtf8 : MESSAGES.importNotCsv };
  }
  if (hasBinaryControls(text)) return { ok: false, error: MESSAGES.importNotCsv };
  return { ok: true, text };
}

/** Control characters other than tab and line ends: binary data, not a spreadsheet's text. */
export function hasBinaryControls(text: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: that is the point
  return /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text);
}

/** Bytes that read as text in a one-byte encoding: no NUL, nearly all printable. */
export function looksLikeText(bytes: Uint8Array): boolean {
  const sample = bytes.subarray(0, 64 * 1024);
  let printable = 0;
  for (const b of sample) if (b === 9 || b === 10 || b === 13 || (b >= 32 && b !== 127)) printable++;
  return !sample.includes(0) && printable / Math.max(1, sample.length) > 0.95;
}

/** What csv-parse refused in a file, said as the row and the reason (quotes, column count). */
export function csvSyntaxProblem(error: unknown): string {
  const e = error as { lines?: number; message?: string; code?: string };
  const reason =
    e.code === "CSV_RECORD_INCONSISTENT_FIELDS_LENGTH"
      ? "it does not have as many cells as the first row"
      : e.code === "CSV_QUOTE_NOT_CLOSED"
        ? "a quote is opened and never closed"
        : e.code?.startsWith("CSV_INVALID_CLOSING_QUOTE")
          ? "a quote in a cell is not doubled"
          : "it is not valid CSV";
  return MESSAGES.importUnreadable(e.lines ?? 0, reason);
}

/**
 * Reads a product CSV: its columns (the first row) and each row's values, each row either read
 * whole or refused with every reason. A problem with the file itself refuses the file.
 */
export function readProductsCsv(bytes: Uint8Array): ReadResult {
  const decoded = decode(bytes);
  if (!decoded.ok) return decoded;
  let records: string[][];
  try {
    records = parse(decoded.text, {
      bom: true,
      skip_empty_lines: true,
      relax_column_count: false,
      trim: false,
      max_record_size: 64 * 1024,
      to: MAX_IMPORT_ROWS + 2,
    });
  } catch (error) {
    return { ok: false, error: csvSyntaxProblem(error) };
  }
  if (records.length > MAX_IMPORT_ROWS + 1) return { ok: false, error: MESSAGES.importTooManyRows(MAX_IMPORT_ROWS) };
  const header = records[0];
  if (!header || records.length < 2) return { ok: false, error: MESSAGES.importEmpty };
  const names = header.map((h) => h.trim().toLowerCase());
  for (const [i, name] of names.entries()) {
    if (!COLUMN_NAMES.includes(name))
      return { ok: false, error: MESSAGES.importUnknownColumn(header[i] ?? "", COLUMN_NAMES) };
    if (names.indexOf(name) !== i) return { ok: false, error: MESSAGES.importDuplicateColumn(name) };
  }
  const skuAt = names.indexOf("sku");
  if (skuAt < 0) return { ok: false, error: MESSAGES.importNoSkuColumn };
  const deleteAt = names.indexOf(DELETE_COLUMN);
  const present = PRODUCT_COLUMNS.filter((c) => names.includes(c.header));

  const rows: ImportRow[] = [];
  const refused: RefusedRow[] = [];
  for (let r = 1; r < records.length; r++) {
    const record = records[r] ?? [];
    const cell = (i: number) => unneutralize((record[i] ?? "").trim());
    const row = r + 1;
    const sku = cell(skuAt);
    const reasons: string[] = [];
    const values: Record<string, Value> = {};
    let remove = false;
    if (deleteAt >= 0) {
      const d = cell(deleteAt).toLowerCase();
      if (d === "yes") remove = true;
      else if (d !== "" && d !== "no") reasons.push(MESSAGES.deleteFormat);
    }
    for (const c of present) {
      const parsed = c.parse(cell(names.indexOf(c.header)));
      if (parsed.ok) values[c.column] = parsed.value;
      // A row that deletes its product needs only its SKU.
      else if (!remove || c.header === "sku") reasons.push(`${c.header}: ${parsed.error}`);
    }
    if (reasons.length) refused.push({ row, sku, reasons });
    else rows.push({ row, sku, delete: remove, values });
  }

  // A SKU twice in the file: which row wins is not clear, so none does.
  const bySku = new Map<string, number[]>();
  for (const r of [...rows, ...refused]) if (r.sku) bySku.set(r.sku, [...(bySku.get(r.sku) ?? []), r.row]);
  const twice = new Set([...bySku].filter(([, at]) => at.length > 1).map(([sku]) => sku));
  if (twice.size) {
    for (const r of rows.filter((x) => twice.has(x.sku)))
      refused.push({ row: r.row, sku: r.sku, reasons: [MESSAGES.duplicateSku(r.sku, bySku.get(r.sku) ?? [])] });
    for (const r of refused.filter((x) => twice.has(x.sku) && !x.reasons[0]?.startsWith("SKU ")))
      r.reasons.unshift(MESSAGES.duplicateSku(r.sku, bySku.get(r.sku) ?? []));
    refused.sort((a, b) => a.row - b.row);
  }
  return { ok: true, columns: names, rows: rows.filter((r) => !twice.has(r.sku)), refused };
}

// ---- Import: the plan ----

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

type Current = Record<string, Value> & { id: number; version: number; sku: string };

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

function label(column: string): string {
  return PRODUCT_COLUMNS.find((c) => c.column === column)?.header ?? column;
}

function shown(column: string, value: Value): string {
  if (column === "price_cents" && typeof value === "number") return formatCents(value);
  if (column === "directory_states") return parseDirectoryStates(value === null ? null : String(value)).join(";");
  return value === null ? "" : String(value);
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
        changes.push({ field: label(c.column), before: shown(c.column, before), after: shown(c.column, after) });
    }
    const stockChanges = changes.some((ch) => ch.field === label("stock"));
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

/** The breaks of a cell the plan accepted. */
function tiersOf(cell: Value): Tier[] {
  const read = parseTiers(cellToTierText(String(cell ?? "")), Number.MAX_SAFE_INTEGER, 1, "break");
  if (!read.ok) throw new Error(read.message);
  return read.tiers;
}

/** Splits a row's values into the product's own columns, its compliance facts and its breaks (or null: untouched). */
function byTable(values: Record<string, Value>): {
  own: Record<string, Value>;
  facts: Record<string, Value>;
  tiers: Tier[] | null;
} {
  const own: Record<string, Value> = {};
  const facts: Record<string, Value> = {};
  let tiers: Tier[] | null = null;
  for (const [column, value] of Object.entries(values)) {
    if (column === TIERS_COLUMN) tiers = tiersOf(value);
    else if (COMPLIANCE_COLUMNS.some((c) => c.column === column)) facts[column] = value;
    else own[column] = value;
  }
  return { own, facts, tiers };
}

/** Writes compliance facts of a product (the row is made if it has none yet). */
async function writeFacts(trx: Transaction<DB>, productId: number, facts: Record<string, Value>): Promise<void> {
  if (Object.keys(facts).length === 0) return;
  const set = { ...facts, updated_at: sqlNow(dialectOf(trx)) } as unknown as Updateable<ProductComplianceTable>;
  await trx
    .insertInto("product_compliance")
    .values({ ...set, product_id: productId } as Insertable<ProductComplianceTable>)
    .onConflict((oc) => oc.column("product_id").doUpdateSet(set))
    .execute();
}

/** Columns whose change moves the prices counter (migration 0011: the product's, or its breaks). */
const PRICE_COLUMNS: readonly string[] = ["price_cents", "case_pack", "min_quantity", TIERS_COLUMN];
/** Columns whose change leaves the catalog counter alone (migration 0002); a stock may cross zero. */
const NOT_CATALOG_COLUMNS: readonly string[] = [...PRICE_COLUMNS, "max_quantity", "low_stock_threshold"];

/** The counters of cache_versions an apply of the plan can move (more rather than fewer). */
function importCounters(plan: ImportPlan, valuesOf: (row: number) => Record<string, Value>): Counter[] {
  const counters = new Set<Counter>();
  // A deleted product takes its images, facts, breaks and group prices with it.
  if (plan.deleted.length) counters.add("catalog").add("prices");
  if (plan.added.length) counters.add("catalog");
  // A new product's price is inserted (no trigger); its case pack, minimum and breaks are written after.
  for (const a of plan.added)
    if (Object.keys(valuesOf(a.row)).some((c) => c !== "price_cents" && PRICE_COLUMNS.includes(c)))
      counters.add("prices");
  for (const c of plan.changed) {
    const columns = PRODUCT_COLUMNS.filter((col) => c.changes.some((ch) => ch.field === col.header)).map(
      (col) => col.column,
    );
    if (columns.some((col) => PRICE_COLUMNS.includes(col))) counters.add("prices");
    if (columns.some((col) => !NOT_CATALOG_COLUMNS.includes(col))) counters.add("catalog");
  }
  return [...counters];
}

/** Hears how many of the apply's rows are written so far (inside its transaction). */
export type ProgressCallback = (done: number, total: number) => void;

/**
 * How long an apply runs between turns given back to the event loop. On SQLite every query is
 * synchronous, so without these turns a 10,000-row apply would hold the process for seconds:
 * its own streamed progress could not leave, nor another request be read. Other requests still
 * wait for the database connection the transaction holds; they are only read and queued.
 */
const YIELD_EVERY_MS = 50;

/** Lets the event loop run what waits (sockets, timers) before going on. */
function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

export class ImportChangedError extends Error {
  constructor() {
    super(MESSAGES.importCatalogChanged);
  }
}

/** How many products the plan writes (new, changed and deleted). */
export function writesOf(plan: ImportPlan): number {
  return plan.added.length + plan.changed.length + plan.deleted.length;
}

/** A plan that writes more rows than the database takes in one Apply (applyRowLimit): nothing was written. */
export class ImportTooLargeError extends Error {
  constructor(
    readonly plan: ImportPlan,
    readonly limit: number,
  ) {
    super(MESSAGES.importTooManyWrites(writesOf(plan), limit));
  }
}

/**
 * Applies a file in one transaction, if what it would do is still what the dry run showed
 * (`digest`); otherwise, or if anything fails, nothing is written. Refused rows are left out.
 * A plan writing more rows than `maxRows` (by default the database's limit, applyRowLimit) throws
 * ImportTooLargeError before anything is written.
 * Products are written with the catalog's own write functions (the catalog version triggers
 * move as for a single edit); each product changed is recorded in the audit log.
 */
export async function applyImport(
  db: Kysely<DB>,
  read: Extract<ReadResult, { ok: true }>,
  digest: string,
  actor: Actor,
  options: { onProgress?: ProgressCallback; maxRows?: number | null } = {},
): Promise<{ plan: ImportPlan; applied: boolean }> {
  const removed: ProductImage[] = [];
  const maxRows = options.maxRows === undefined ? applyRowLimit(db) : options.maxRows;
  const result = await db.transaction().execute(async (trx) => {
    const plan = await planImport(trx, read);
    if (plan.digest !== digest) return { plan, applied: false };
    const total = writesOf(plan);
    if (maxRows !== null && total > maxRows) throw new ImportTooLargeError(plan, maxRows);
    let done = 0;
    let lastTurn = performance.now();
    const wrote = async (rows: number) => {
      done += rows;
      options.onProgress?.(done, total);
      if (performance.now() - lastTurn >= YIELD_EVERY_MS) {
        await nextTurn();
        lastTurn = performance.now();
      }
    };
    // PostgreSQL: every product the file changes or deletes is held first, by id (decision 0005),
    // before anything is written: the file's row order is not the order orders take rows in.
    await lockProducts(trx, [...plan.changed.map((c) => c.id), ...plan.deleted.map((d) => d.id)], "update");
    const byRow = new Map(read.rows.map((r) => [r.row, r]));
    // Then the counters it will move, by name, when it moves both: its rows would take them in
    // the file's order (a price before a name, a name before breaks).
    await lockCounters(
      trx,
      importCounters(plan, (row) => byRow.get(row)?.values ?? {}),
    );
    options.onProgress?.(0, total);
    await nextTurn();
    for (const a of plan.added) {
      const values = { ...NEW_PRODUCT_DEFAULTS, ...byRow.get(a.row)?.values } as Record<string, Value>;
      const { own, facts, tiers } = byTable(values);
      const { sku, name, description, price_cents, stock, category, ...rest } = own;
      const id = await insertProduct(
        trx,
        {
          sku: String(sku),
          name: String(name),
          description: String(description ?? ""),
          priceCents: Number(price_cents),
          stock: Number(stock),
          category: String(category),
        },
        [],
      );
      if (Object.keys(rest).length) await updateProductColumns(trx, id, rest);
      await writeFacts(trx, id, Object.fromEntries(Object.entries(facts).filter(([, v]) => v !== null)));
      if (tiers?.length) await replaceTiers(trx, id, tiers, actor);
      await recordAudit(trx, actor, {
        action: "product.import",
        subjectType: "product",
        subjectId: id,
        summary: `Imported ${a.sku} (${a.name}): added`,
        after: Object.fromEntries(Object.entries(values).map(([k, v]) => [label(k), v])),
      });
      await wrote(1);
    }
    for (const c of plan.changed) {
      const values = byRow.get(c.row)?.values ?? {};
      const set = Object.fromEntries(
        PRODUCT_COLUMNS.filter((col) => c.changes.some((ch) => ch.field === col.header)).map((col) => [
          col.column,
          values[col.column] ?? null,
        ]),
      );
      const { own, facts, tiers } = byTable(set);
      // The product's version moves even when only its facts change: a form opened before sees it.
      // A checkout does not move the version: a sale committed after the plan read the stock (on
      // PostgreSQL, while this runs) must not be overwritten by the file's count.
      if (!(await updateProductColumns(trx, c.id, own, c.version, c.stockWas))) throw new ImportChangedError();
      await writeFacts(trx, c.id, facts);
      if (tiers) await replaceTiers(trx, c.id, tiers, actor);
      await recordAudit(trx, actor, {
        action: "product.import",
        subjectType: "product",
        subjectId: c.id,
        summary: `Imported ${c.sku}: ${c.changes.map((ch) => ch.field).join(", ")}`,
        before: Object.fromEntries(c.changes.map((ch) => [ch.field, ch.before])),
        after: Object.fromEntries(c.changes.map((ch) => [ch.field, ch.after])),
      });
      await wrote(1);
    }
    if (plan.deleted.length) {
      for (const d of plan.deleted) {
        await recordAudit(trx, actor, {
          action: "product.import",
          subjectType: "product",
          subjectId: d.id,
          summary: `Imported ${d.sku} (${d.name}): deleted`,
        });
      }
      const ids = plan.deleted.map((d) => d.id);
      for (let i = 0; i < ids.length; i += LOOKUP_BATCH) {
        const batch = ids.slice(i, i + LOOKUP_BATCH);
        removed.push(
          ...(await trx
            .selectFrom("product_images")
            .select(["media_key as key", "width", "height"])
            .where("product_id", "in", batch)
            .execute()),
        );
        await trx.deleteFrom("products").where("id", "in", batch).execute();
        await wrote(batch.length);
      }
    }
    return { plan, applied: true };
  });
  // Past orders keep their own copies of deleted products; image files no product uses go.
  // The import is committed: a file that cannot be removed now is left, not reported as a failure.
  if (result.applied)
    await removeUnusedImageFiles(db, removed).catch((error) =>
      log.warn({ err: error }, "catalog import: unused image files were not removed"),
    );
  return result;
}

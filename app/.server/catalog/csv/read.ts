import { parse } from "csv-parse/sync";
import * as MESSAGES from "~/lib/messages";
import { COLUMN_NAMES, DELETE_COLUMN, PRODUCT_COLUMNS, type Value } from "./columns";
import { csvSyntaxProblem, hasBinaryControls, looksLikeText, unneutralize } from "./file";

/**
 * Reading a product CSV (issue 17): the file checked as a spreadsheet's UTF-8 text, its columns,
 * and each row read whole or refused with every reason, by the columns' own rules (columns.ts).
 * Nothing here reads the database: the plan (flows/catalog-import/plan.ts) compares the rows with
 * the catalog.
 */

export const MAX_IMPORT_BYTES = 16 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 50_000;

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

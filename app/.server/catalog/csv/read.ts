import { parse } from "csv-parse/sync";
import * as MESSAGES from "~/lib/messages";
import * as IMPORT_MESSAGES from "~/lib/messages/imports";
import * as LINE_EDITOR_MESSAGES from "~/lib/messages/line-editor";
import * as LINE_IMPORT_MESSAGES from "~/lib/messages/line-import";
import { isMultiline } from "~/lib/text";
import {
  COLUMN_NAMES,
  DELETE_COLUMN,
  LINE_COLUMNS,
  LINE_HANDLE_COLUMN,
  LINE_NAME_COLUMN,
  OPTION_NAME_COLUMNS,
  OPTION_VALUE_COLUMNS,
  PRODUCT_COLUMNS,
  type Value,
} from "./columns";
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
  /** The line the row's variant belongs to, when the file has a line_handle column and the row a handle. */
  line?: LineCells;
}

/** What a row says of its line (issue 38; decision 0057). */
export interface LineCells {
  handle: string;
  /** The line's name; null: the file leaves it as it is (no line_name column, or an empty cell). */
  name: string | null;
  /** The line's option names, in order; null: the file has no option columns (left as they are). */
  optionNames: string[] | null;
  /** The row's values of those options (as many as there are names). */
  values: string[];
}

export interface RefusedRow {
  row: number;
  sku: string;
  reasons: string[];
  /** The handle of the line the row names, if any: a line is imported whole or not at all. */
  handle?: string;
}

export type ReadResult =
  | { ok: true; columns: string[]; rows: ImportRow[]; refused: RefusedRow[] }
  | { ok: false; error: string };

/** Decodes the upload: UTF-8 (a byte order mark is fine), never another encoding or binary data. */
function decode(bytes: Uint8Array): { ok: true; text: string } | { ok: false; error: string } {
  if (bytes.length > MAX_IMPORT_BYTES)
    return { ok: false, error: IMPORT_MESSAGES.importTooLarge(MAX_IMPORT_BYTES / 2 ** 20) };
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
    const line = remove ? undefined : readLineCells(names, cell, reasons);
    if (reasons.length) refused.push({ row, sku, reasons, ...(line ? { handle: line.handle } : {}) });
    else rows.push({ row, sku, delete: remove, values, ...(line ? { line } : {}) });
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

const HANDLE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * A row's line: its handle, name and options, each checked as the line editor checks them (option
 * names in order, none twice, each with the row's value). Problems are added to `reasons`.
 * Undefined: the file has no line_handle column, or the row no handle (a product as before).
 */
function readLineCells(names: string[], cell: (i: number) => string, reasons: string[]): LineCells | undefined {
  const at = (column: string) => names.indexOf(column);
  const has = (column: string) => at(column) >= 0;
  const handle = has(LINE_HANDLE_COLUMN) ? cell(at(LINE_HANDLE_COLUMN)) : "";
  if (handle === "") {
    if (LINE_COLUMNS.some((c) => c !== LINE_HANDLE_COLUMN && has(c) && cell(at(c)) !== ""))
      reasons.push(`${LINE_HANDLE_COLUMN}: ${LINE_IMPORT_MESSAGES.lineColumnsNeedHandle}`);
    return undefined;
  }
  if (handle.length > 100 || !HANDLE.test(handle))
    reasons.push(`${LINE_HANDLE_COLUMN}: ${LINE_IMPORT_MESSAGES.lineHandleFormat}`);
  const lineName = has(LINE_NAME_COLUMN) ? cell(at(LINE_NAME_COLUMN)) : "";
  if (lineName.length > 200) reasons.push(`${LINE_NAME_COLUMN}: ${LINE_EDITOR_MESSAGES.lineNameTooLong}`);
  else if (isMultiline(lineName)) reasons.push(`${LINE_NAME_COLUMN}: ${LINE_EDITOR_MESSAGES.lineNameOneLine}`);
  const withOptions = [...OPTION_NAME_COLUMNS, ...OPTION_VALUE_COLUMNS].some(has);
  const optionNames: string[] = [];
  const values: string[] = [];
  const seen = new Set<string>();
  OPTION_NAME_COLUMNS.forEach((nameColumn, i) => {
    const valueColumn = OPTION_VALUE_COLUMNS[i] as string;
    const name = has(nameColumn) ? cell(at(nameColumn)) : "";
    const value = has(valueColumn) ? cell(at(valueColumn)) : "";
    if (name === "") {
      if (value !== "") reasons.push(`${valueColumn}: ${LINE_IMPORT_MESSAGES.optionValueWithoutName(i + 1)}`);
      return;
    }
    if (name.length > 40) reasons.push(`${nameColumn}: ${LINE_EDITOR_MESSAGES.optionNameTooLong}`);
    else if (isMultiline(name)) reasons.push(`${nameColumn}: ${LINE_EDITOR_MESSAGES.optionNameOneLine}`);
    else if (optionNames.length < i) reasons.push(`${nameColumn}: ${LINE_EDITOR_MESSAGES.optionNameInOrder(i + 1)}`);
    else if (seen.has(name.toLowerCase())) reasons.push(`${nameColumn}: ${LINE_EDITOR_MESSAGES.optionNameRepeated}`);
    seen.add(name.toLowerCase());
    if (value === "") reasons.push(`${valueColumn}: ${LINE_EDITOR_MESSAGES.optionValueMissing(name)}`);
    else if (value.length > 60) reasons.push(`${valueColumn}: ${LINE_EDITOR_MESSAGES.optionValueTooLong}`);
    else if (isMultiline(value)) reasons.push(`${valueColumn}: ${LINE_EDITOR_MESSAGES.optionValueOneLine}`);
    optionNames.push(name);
    values.push(value);
  });
  return { handle, name: lineName === "" ? null : lineName, optionNames: withOptions ? optionNames : null, values };
}

import { parse } from "csv-parse/sync";
import * as MESSAGES from "~/lib/messages";
import * as IMPORT_MESSAGES from "~/lib/messages/imports";
import * as QUICK_ORDER_MESSAGES from "~/lib/messages/quick-order";
import {
  countFilledLines,
  headerColumns,
  linesFromRows,
  MAX_QUICK_ORDER_FILE_MB,
  MAX_QUICK_ORDER_LINES,
  type RawLine,
  readCode,
  readQuantity,
  shown,
} from "~/lib/quick-order";
import { csvSyntaxProblem, hasBinaryControls, looksLikeText } from "../catalog/csv/file";

/**
 * A quick-order CSV file (issue 16) read on the server with csv-parse, as the catalog import reads
 * its files (app/.server/catalog/csv/read.ts), into the raw lines the page's other ways in give.
 *
 * Spreadsheets save CSV in more than one encoding. This file is only SKUs and quantities, so
 * instead of refusing what is not UTF-8 (as the catalog import must, for names), it decodes the
 * encodings a spreadsheet writes: UTF-8 (with or without a byte order mark), UTF-16 (Excel's
 * "Unicode text", which is also tab separated) and Windows-1252. Binary data is refused.
 */
export const MAX_QUICK_ORDER_FILE_BYTES = MAX_QUICK_ORDER_FILE_MB * 1024 * 1024;

type Decoded = { ok: true; text: string } | { ok: false; error: string };

function decodeWith(encoding: string, bytes: Uint8Array): Decoded {
  try {
    // A byte order mark is taken off by the decoder.
    return { ok: true, text: new TextDecoder(encoding, { fatal: true }).decode(bytes) };
  } catch {
    return { ok: false, error: MESSAGES.importNotCsv };
  }
}

/** UTF-16 without a byte order mark: ASCII text has a zero byte in every other place. */
function utf16WithoutMark(bytes: Uint8Array): "utf-16le" | "utf-16be" | null {
  const sample = bytes.subarray(0, 4096);
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < sample.length; i++) if (sample[i] === 0) i % 2 ? oddZeros++ : evenZeros++;
  const half = sample.length / 2;
  if (oddZeros > half * 0.6 && evenZeros < half * 0.05) return "utf-16le";
  if (evenZeros > half * 0.6 && oddZeros < half * 0.05) return "utf-16be";
  return null;
}

/** The file's text, from whichever encoding a spreadsheet saved it in, or why it cannot be read. */
export function decodeQuickOrderFile(bytes: Uint8Array): Decoded {
  let decoded: Decoded;
  if (bytes[0] === 0xff && bytes[1] === 0xfe) decoded = decodeWith("utf-16le", bytes);
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) decoded = decodeWith("utf-16be", bytes);
  else if (bytes.includes(0)) {
    const utf16 = utf16WithoutMark(bytes);
    decoded = utf16 ? decodeWith(utf16, bytes) : { ok: false, error: MESSAGES.importNotCsv };
  } else {
    decoded = decodeWith("utf-8", bytes);
    // Not UTF-8 but text: a spreadsheet's "CSV" in Windows-1252 (every byte is a character there).
    if (!decoded.ok && looksLikeText(bytes)) decoded = decodeWith("windows-1252", bytes);
  }
  if (decoded.ok && hasBinaryControls(decoded.text)) return { ok: false, error: MESSAGES.importNotCsv };
  return decoded;
}

/** The delimiter of the first filled line: tab, comma or semicolon, whichever it has most of. */
function delimiterOf(text: string): string {
  const first = text.split(/\r\n|\n|\r/, 50).find((l) => l.trim() !== "") ?? "";
  const count = (c: string) => first.split(c).length - 1;
  const candidates: [string, number][] = [
    [",", count(",")],
    ["\t", count("\t")],
    [";", count(";")],
  ];
  return candidates.reduce((best, c) => (c[1] > best[1] ? c : best))[0];
}

export type FileResult = { ok: true; lines: RawLine[] } | { ok: false; error: string };

/**
 * The raw lines of an uploaded file. Its first row names the columns (a sku or upc column and a
 * quantity column, in any order, beside any others), or the file is just two columns of SKUs and
 * quantities. A problem with the file itself (size, encoding, columns, CSV syntax, more than
 * `max` lines) refuses the file with one message; a problem with a line is that line's.
 */
export function readQuickOrderFile(bytes: Uint8Array, max = MAX_QUICK_ORDER_LINES): FileResult {
  if (bytes.length > MAX_QUICK_ORDER_FILE_BYTES)
    return { ok: false, error: IMPORT_MESSAGES.importTooLarge(MAX_QUICK_ORDER_FILE_MB) };
  const decoded = decodeQuickOrderFile(bytes);
  if (!decoded.ok) return decoded;
  const text = decoded.text;
  const filled = countFilledLines(text);
  if (filled === 0) return { ok: false, error: QUICK_ORDER_MESSAGES.quickOrderFileEmpty };
  // The first row may be the header; beyond that, refuse before parsing anything.
  if (filled > max + 1) return { ok: false, error: QUICK_ORDER_MESSAGES.quickOrderTooManyLines(filled - 1, max) };

  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      bom: true,
      delimiter: delimiterOf(text),
      info: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      trim: true,
      max_record_size: 64 * 1024,
    }) as unknown as typeof records;
  } catch (error) {
    return { ok: false, error: csvSyntaxProblem(error) };
  }
  const [first, ...rest] = records;
  if (!first) return { ok: false, error: QUICK_ORDER_MESSAGES.quickOrderFileEmpty };
  const header = headerColumns(first.record);
  const cells = first.record.filter((c, i) => c !== "" || i < 2);
  const twoColumns = !header && cells.length === 2 && readCode(cells[0] ?? "").ok && readQuantity(cells[1] ?? "").ok;
  if (!header && !twoColumns)
    return {
      ok: false,
      error: QUICK_ORDER_MESSAGES.quickOrderFileColumns(shown(first.record.join(", ")) || "nothing"),
    };
  const rows = (header ? rest : records).map((r) => ({ cells: r.record, at: r.info.lines }));
  if (rows.length === 0) return { ok: false, error: QUICK_ORDER_MESSAGES.quickOrderFileHeaderOnly };
  if (rows.length > max) return { ok: false, error: QUICK_ORDER_MESSAGES.quickOrderTooManyLines(rows.length, max) };
  return { ok: true, lines: linesFromRows(rows, "file", header) };
}

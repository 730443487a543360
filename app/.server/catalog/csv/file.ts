import * as MESSAGES from "~/lib/messages";

/**
 * CSV files the store reads and writes (the catalog's import and export, the orders' export, quick
 * order's upload): what a spreadsheet would run as a formula, a streamed download, and the
 * refusals of a file that is not a spreadsheet's text.
 */

/**
 * A cell a spreadsheet would run as a formula (=, +, -, @, tab, carriage return first) is written
 * with a leading apostrophe, which spreadsheets show as text; the import takes it off again.
 */
export function neutralizeFormula(cell: string): string {
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}

/** A cell as the import reads it: the apostrophe neutralizeFormula put before a formula taken off. */
export function unneutralize(cell: string): string {
  return /^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
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

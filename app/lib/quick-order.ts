import type { CartLine } from "./cart";
import type { CheckedLine } from "./cart-check";
import { addCheckedLines } from "./cart-checked";
import type { ProductImage } from "./images";
import * as MESSAGES from "./messages";
import * as QUICK_ORDER_MESSAGES from "./messages/quick-order";
import * as SELLING_MESSAGES from "./messages/selling";
import { MAX_LINE_QUANTITY, MAX_ORDER_LINES } from "./orders";

/**
 * Quick order (issue 16): the lines a customer types, pastes from a spreadsheet or uploads as a
 * CSV file, read into SKU-or-UPC and quantity with a reason for every line that cannot be read.
 * Pure and linear in the size of the text; the server reads every line with it (the page posts
 * what was entered), and resolves the lines against the catalog in one batch
 * (app/.server/wholesale/quick-order.ts).
 */

/** The most lines one check takes, across the typed lines, the paste and the file. */
export const MAX_QUICK_ORDER_LINES = 1000;
/** The most typed lines the page offers (longer lists are pasted or uploaded). */
export const MAX_TYPED_LINES = 100;
/** The largest CSV file read. */
export const MAX_QUICK_ORDER_FILE_MB = 2;
/**
 * The most characters of pasted text read (1,000 lines of a wide spreadsheet fit many times over):
 * beyond it the paste is refused before anything else, in the browser and on the server.
 */
export const MAX_PASTE_CHARACTERS = 1_000_000;
/** A code longer than this is shown cut short in the reason. */
const SHOWN_CHARACTERS = 40;

/** Where a line came from, as the customer can find it again: "Line 3", "Row 4", "Typed line 2". */
export type LineSource = "typed" | "paste" | "file";

/** One entered line before it is read: its cells as text. */
export interface RawLine {
  key: string;
  where: string;
  code: string;
  quantity: string;
  /** The line's shape is wrong (too many cells...): why. */
  problem?: string;
}

/** One entered line, read: a code that may be a SKU or UPC, a whole quantity, or why not. */
export interface EnteredLine {
  key: string;
  where: string;
  /** As entered (cut short when long), for the customer to recognize it. */
  code: string;
  quantity: number | null;
  problem: string | null;
}

type Read<T> = { ok: true; value: T } | { ok: false; problem: string };

/** Text shown back to the customer inside a reason: one line, cut short. */
export function shown(text: string): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > SHOWN_CHARACTERS ? `${line.slice(0, SHOWN_CHARACTERS - 1)}…` : line;
}

function unquote(cell: string): string {
  const text = cell.trim();
  return text.length >= 2 && text.startsWith('"') && text.endsWith('"') ? text.slice(1, -1).trim() : text;
}

/**
 * A formula a spreadsheet would run (=, +, @ first, or - before a function call), or one our own
 * exports neutralized with an apostrophe: never a SKU, whatever follows.
 */
export function isFormula(cell: string): boolean {
  const text = unquote(cell);
  return /^[=+@]/.test(text) || /^-.*\(/.test(text) || /^'[=+\-@]/.test(text);
}

/** The SKU or UPC cell: letters, digits, dots, dashes and underscores, as SKUs are made. */
export function readCode(cell: string): Read<string> {
  const text = unquote(cell);
  if (text === "") return { ok: false, problem: QUICK_ORDER_MESSAGES.quickOrderCodeMissing };
  if (isFormula(text)) return { ok: false, problem: QUICK_ORDER_MESSAGES.quickOrderFormula };
  if (!/^[A-Za-z0-9._-]{1,64}$/.test(text))
    return { ok: false, problem: QUICK_ORDER_MESSAGES.quickOrderNotACode(shown(text)) };
  return { ok: true, value: text };
}

/**
 * The quantity cell: a whole number from 1 to MAX_LINE_QUANTITY ("1,000" with thousands
 * separators is read as 1000). Negative, fractional, huge and non-numbers each say why.
 */
export function readQuantity(cell: string): Read<number> {
  const text = unquote(cell);
  if (text === "") return { ok: false, problem: QUICK_ORDER_MESSAGES.quickOrderQuantityMissing };
  const digits = /^\d{1,3}(,\d{3})+$/.test(text) ? text.replace(/,/g, "") : text;
  if (/^\d+$/.test(digits)) {
    const significant = digits.replace(/^0+(?=\d)/, "");
    // Compared as text first: "99999999999999999999" is not a safe number.
    if (significant.length > String(MAX_LINE_QUANTITY).length || Number(significant) > MAX_LINE_QUANTITY)
      return { ok: false, problem: SELLING_MESSAGES.quantityTooLarge(MAX_LINE_QUANTITY) };
    const quantity = Number(significant);
    if (quantity < 1) return { ok: false, problem: MESSAGES.enterQuantityAtLeastOne };
    return { ok: true, value: quantity };
  }
  if (/^[-−]\s*[\d.,]+$/.test(text)) return { ok: false, problem: QUICK_ORDER_MESSAGES.quickOrderQuantityNegative };
  if (/^\d*[.,]\d+$/.test(text))
    return { ok: false, problem: QUICK_ORDER_MESSAGES.quickOrderQuantityFractional(shown(text)) };
  return { ok: false, problem: QUICK_ORDER_MESSAGES.quickOrderQuantityNotNumber(shown(text)) };
}

/** Reads the code and quantity of every raw line; the first problem of a line is its reason. */
export function enterLines(raw: readonly RawLine[]): EnteredLine[] {
  return raw.map((line) => {
    const entered = { key: line.key, where: line.where, code: shown(unquote(line.code)) };
    if (line.problem) return { ...entered, quantity: null, problem: line.problem };
    const code = readCode(line.code);
    if (!code.ok) return { ...entered, quantity: null, problem: code.problem };
    const quantity = readQuantity(line.quantity);
    if (!quantity.ok) return { ...entered, code: code.value, quantity: null, problem: quantity.problem };
    return { ...entered, code: code.value, quantity: quantity.value, problem: null };
  });
}

// ---- Columns ----

const CODE_HEADERS = new Set(["sku", "upc", "item", "item number", "item no", "item #", "code", "product code", "ean"]);
const QUANTITY_HEADERS = new Set(["quantity", "qty", "qty.", "order qty", "order quantity", "units", "amount"]);

/** Where the code and the quantity are in a header row, or null when the row is not one. */
export function headerColumns(cells: readonly string[]): { code: number; quantity: number } | null {
  const names = cells.map((c) => unquote(c).toLowerCase().replace(/\s+/g, " "));
  const code = names.findIndex((n) => CODE_HEADERS.has(n));
  const quantity = names.findIndex((n) => QUANTITY_HEADERS.has(n));
  return code >= 0 && quantity >= 0 ? { code, quantity } : null;
}

/**
 * Raw lines from rows of cells (a paste's lines or a file's records). A first row that names
 * the columns decides where the code and quantity are, and other columns are then ignored;
 * without one, a row is exactly a code and a quantity (a third cell could be the rest of
 * "1,000" split at its comma, so it is refused rather than guessed).
 */
export function linesFromRows(
  rows: readonly { cells: string[]; at: number }[],
  source: LineSource,
  header: { code: number; quantity: number } | null,
): RawLine[] {
  return rows.map(({ cells, at }) => {
    const key = `${source[0]}${at}`;
    const where = whereOf(source, at);
    if (header) {
      return { key, where, code: cells[header.code] ?? "", quantity: cells[header.quantity] ?? "" };
    }
    const line = { key, where, code: cells[0] ?? "", quantity: cells[1] ?? "" };
    // Empty cells at the end of a row (a spreadsheet's) do not count.
    let used = cells.length;
    while (used > 0 && (cells[used - 1] ?? "").trim() === "") used--;
    return used > 2 ? { ...line, problem: QUICK_ORDER_MESSAGES.quickOrderLineShape } : line;
  });
}

function whereOf(source: LineSource, at: number): string {
  return source === "typed" ? `Typed line ${at}` : source === "paste" ? `Line ${at}` : `Row ${at}`;
}

// ---- Typed lines ----

/** The typed lines (code and quantity fields, side by side); empty rows are skipped. */
export function readTyped(codes: readonly string[], quantities: readonly string[]): RawLine[] {
  const lines: RawLine[] = [];
  for (let i = 0; i < Math.max(codes.length, quantities.length); i++) {
    const code = codes[i] ?? "";
    const quantity = quantities[i] ?? "";
    if (code.trim() === "" && quantity.trim() === "") continue;
    lines.push({ key: `t${i + 1}`, where: whereOf("typed", i + 1), code, quantity });
  }
  return lines;
}

// ---- Pasted text ----

/** Splits one line at `delimiter`, honoring double quotes ("1,000" stays one cell). */
function splitQuoted(line: string, delimiter: string): string[] {
  const cells: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === '"') {
      if (quoted && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else quoted = !quoted;
    } else if (c === delimiter && !quoted) {
      cells.push(cell);
      cell = "";
    } else cell += c;
  }
  cells.push(cell);
  return cells;
}

/** The cells of one pasted line: tabs (a spreadsheet's copy), else commas, else semicolons, else spaces. */
export function splitCells(line: string): string[] {
  const delimiter = line.includes("\t") ? "\t" : line.includes(",") ? "," : line.includes(";") ? ";" : null;
  const cells = (delimiter ? splitQuoted(line, delimiter) : line.trim().split(/\s+/)).map((c) => c.trim());
  // A spreadsheet's copy can end a line with empty cells.
  while (cells.length > 1 && cells.at(-1) === "") cells.pop();
  return cells;
}

/** The number of lines with something on them (what the limit counts), without splitting the text. */
export function countFilledLines(text: string): number {
  let count = 0;
  let filled = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || c === 13) {
      if (filled) count++;
      filled = false;
    } else if (c !== 32 && c !== 9) filled = true;
  }
  return filled ? count + 1 : count;
}

export type PasteResult = { ok: true; lines: RawLine[] } | { ok: false; error: string };

/**
 * The pasted text as raw lines. Blank lines are skipped (line numbers stay those of the text);
 * a first line naming the columns is a header. More than `max` lines refuses the whole paste
 * before any line is split.
 */
export function readPaste(text: string, max = MAX_QUICK_ORDER_LINES): PasteResult {
  if (text.length > MAX_PASTE_CHARACTERS) return { ok: false, error: QUICK_ORDER_MESSAGES.quickOrderPasteTooLong };
  const filled = countFilledLines(text);
  if (filled === 0) return { ok: true, lines: [] };
  // One more than the limit may be a header row; beyond that, refuse without reading a line.
  if (filled > max + 1) return { ok: false, error: QUICK_ORDER_MESSAGES.quickOrderTooManyLines(filled, max) };
  const rows: { cells: string[]; at: number }[] = [];
  let header: { code: number; quantity: number } | null = null;
  const lines = text.split(/\r\n|\n|\r/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? "";
    if (line.trim() === "") continue;
    const cells = splitCells(line);
    if (rows.length === 0 && header === null) {
      header = headerColumns(cells);
      if (header) continue;
    }
    rows.push({ cells, at: i + 1 });
  }
  if (rows.length > max) return { ok: false, error: QUICK_ORDER_MESSAGES.quickOrderTooManyLines(rows.length, max) };
  return { ok: true, lines: linesFromRows(rows, "paste", header) };
}

// ---- What the server answers ----

/** A product as a quick-order line shows it and the cart takes it. */
export interface QuickOrderProduct {
  id: number;
  sku: string;
  name: string;
  stock: number;
  image: ProductImage | null;
  casePack: number;
  minQuantity: number;
  maxQuantity: number | null;
}

/**
 * One checked line. ready: goes in the cart as it is; confirm: goes in only with the quantity
 * suggested, once the customer accepts it; bad: cannot be ordered, `problem` says why.
 */
export interface QuickOrderLine {
  key: string;
  /** Where it was entered; more than one when lines for the same product were merged. */
  where: string[];
  code: string;
  /** What was asked for (null when the quantity could not be read). */
  requested: number | null;
  product: QuickOrderProduct | null;
  status: "ready" | "confirm" | "bad";
  /** ready: the quantity asked for; confirm: the quantity suggested; bad: 0. */
  quantity: number;
  /** The customer's price per unit at `quantity` (null for a bad line). */
  unitPriceCents: number | null;
  /** Why the line is not ready as entered. */
  problem: string | null;
  /** confirm: what the suggestion does ("Rounded up to 2 cases = 20"). */
  suggestion: string | null;
  /** A compliance rule asks for a license: its name. */
  licenseLabel: string | null;
  /** The lines were merged (one product entered more than once). */
  note: string | null;
}

/** A suggestion while a SKU is typed: the product, its smallest orderable quantity and the customer's price there. */
export interface CodeSuggestion {
  id: number;
  sku: string;
  name: string;
  casePack: number;
  /** The smallest quantity one order may hold (what an empty quantity field is filled with). */
  smallest: number;
  priceCents: number;
}

/**
 * The product a barcode scanned on the quick order page names: the first scan adds a line of its
 * smallest orderable quantity, each further scan one case more (casePack).
 */
export type ScannedProduct = Omit<CodeSuggestion, "priceCents">;

export interface QuickOrderCounts {
  ready: number;
  confirm: number;
  bad: number;
}

export function countLines(lines: readonly QuickOrderLine[]): QuickOrderCounts {
  const counts = { ready: 0, confirm: 0, bad: 0 };
  for (const l of lines) counts[l.status]++;
  return counts;
}

// ---- Into the cart ----

/** The lines that go in the cart: the ready ones, and those whose suggestion the customer accepted. */
export function linesForCart(lines: readonly QuickOrderLine[], accepted: ReadonlySet<string>): CheckedLine[] {
  return lines.flatMap((l) => {
    const goes = l.status === "ready" || (l.status === "confirm" && accepted.has(l.key));
    if (!goes || !l.product || l.unitPriceCents === null || l.quantity <= 0) return [];
    const { id, name, stock, image, casePack, minQuantity, maxQuantity } = l.product;
    return [
      {
        id,
        product: { name, priceCents: l.unitPriceCents, stock, image, casePack, minQuantity, maxQuantity },
        requested: l.quantity,
        quantity: l.quantity,
        status: "ok" as const,
      },
    ];
  });
}

export interface AddedToCart {
  lines: CartLine[];
  /** Lines of the check now in the cart (new or grown). */
  added: number;
  /** Lines of the check that are not: bad, not accepted, already at their limit, or no room. */
  leftOut: number;
  /** Of those, lines left out because the cart already holds MAX_ORDER_LINES products. */
  noRoom: number;
}

/**
 * Puts the checked lines in the cart (addCheckedLines) without passing the most products an
 * order can have: a product already in the cart merges, a new one takes a place while one is left.
 */
export function addToCartFromCheck(
  cart: CartLine[],
  lines: readonly QuickOrderLine[],
  accepted: ReadonlySet<string>,
  maxProducts = MAX_ORDER_LINES,
): AddedToCart {
  const wanted = linesForCart(lines, accepted);
  const inCart = new Set(cart.map((l) => l.id));
  let places = Math.max(0, maxProducts - cart.length);
  let noRoom = 0;
  const fits = wanted.filter((l) => {
    if (inCart.has(l.id)) return true;
    if (places === 0) {
      noRoom++;
      return false;
    }
    places--;
    return true;
  });
  const next = addCheckedLines(cart, fits);
  const before = new Map(cart.map((l) => [l.id, l.quantity]));
  const after = new Map(next.map((l) => [l.id, l.quantity]));
  const added = fits.filter((l) => (after.get(l.id) ?? 0) > (before.get(l.id) ?? 0)).length;
  return { lines: next, added, leftOut: lines.length - added, noRoom };
}

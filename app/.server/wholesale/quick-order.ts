import type { Kysely } from "kysely";
import { cleanGtin, gtinCheckDigit, readGtin } from "~/lib/gtin";
import * as IMPORT_MESSAGES from "~/lib/messages/imports";
import * as QUICK_ORDER_MESSAGES from "~/lib/messages/quick-order";
import * as SELLING_MESSAGES from "~/lib/messages/selling";
import { MAX_LINE_QUANTITY } from "~/lib/orders";
import { largestQuantity, quantityProblem, type SellingUnit, sellingUnitOf, smallestQuantity } from "~/lib/quantity";
import {
  type CodeSuggestion,
  type EnteredLine,
  enterLines,
  MAX_QUICK_ORDER_FILE_MB,
  MAX_QUICK_ORDER_LINES,
  MAX_TYPED_LINES,
  type QuickOrderLine,
  type QuickOrderProduct,
  type RawLine,
  readCode,
  readPaste,
  readTyped,
  type ScannedProduct,
} from "~/lib/quick-order";
import { firstImages } from "../catalog/products";
import { foldedSku, upcForms } from "../catalog/search/codes";
import { suggestProductsByCode } from "../catalog/search/engine";
import { cartCompliance } from "../compliance/for-buyer";
import type { DB } from "../db/schema";
import { loadPriceBook, unitPriceCents, withCustomerPrices } from "../pricing/prices";
import { MAX_QUICK_ORDER_FILE_BYTES, readQuickOrderFile } from "./quick-order-file";

/**
 * Quick order (issue 16): every entered line resolved against the catalog in one batch, whatever
 * the number of lines: products by SKU (as typed, then in capitals), then by UPC for the codes
 * no SKU matched, the customer's prices (pricing/prices.ts: group and quantity breaks, at the
 * quantity the line will hold), the stock and selling unit (lib/quantity.ts), and the compliance
 * rules for the customer's addresses (compliance/for-buyer.ts: refused at the default address
 * only, a line says so and stays orderable). A handful of queries, none per line. Nothing is written.
 *
 * A quantity that is not whole cases, below the minimum or above the maximum or the stock is
 * never changed silently: the line says why and suggests a quantity, which the customer accepts
 * or not (the page adds only ready lines and accepted suggestions to the cart).
 */
type Db = Kysely<DB>;

/** Codes per query: well under SQLite's and PostgreSQL's limits on bound values. */
const LOOKUP_BATCH = 500;

interface ProductRow {
  id: number;
  sku: string;
  name: string;
  price_cents: number;
  stock: number;
  case_pack: number;
  min_quantity: number;
  max_quantity: number | null;
}

const COLUMNS = [
  "products.id",
  "products.sku",
  "products.name",
  "products.price_cents",
  "products.stock",
  "products.case_pack",
  "products.min_quantity",
  "products.max_quantity",
] as const;

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += LOOKUP_BATCH) out.push(items.slice(i, i + LOOKUP_BATCH));
  return out;
}

/** The product each code names: its SKU (exactly, else ignoring case), else its UPC. */
export async function findByCodes(db: Db, codes: readonly string[]): Promise<Map<string, ProductRow>> {
  const found = new Map<string, ProductRow>();
  const unique = [...new Set(codes)];
  if (unique.length === 0) return found;
  const bySku = new Map<string, ProductRow>();
  const byFoldedSku = new Map<string, ProductRow>();
  const key = foldedSku(db);
  for (const part of chunks([...new Set(unique.map((c) => c.toLowerCase()))])) {
    const rows = await db
      .selectFrom("products")
      .select(COLUMNS)
      .where(key, "in", part)
      .orderBy("products.id")
      .execute();
    for (const row of rows) {
      bySku.set(row.sku, row);
      if (!byFoldedSku.has(row.sku.toLowerCase())) byFoldedSku.set(row.sku.toLowerCase(), row);
    }
  }
  const rest: string[] = [];
  for (const code of unique) {
    const row = bySku.get(code) ?? byFoldedSku.get(code.toLowerCase());
    if (row) found.set(code, row);
    else if (upcForms(code).length) rest.push(code);
  }
  const upcs = [...new Set(rest.flatMap(upcForms))];
  const byUpc = new Map<string, ProductRow>();
  for (const part of chunks(upcs)) {
    const rows = await db
      .selectFrom("product_compliance")
      .innerJoin("products", "products.id", "product_compliance.product_id")
      .select([...COLUMNS, "product_compliance.upc"])
      .where("product_compliance.upc", "in", part)
      .orderBy("products.id")
      .execute();
    for (const { upc, ...row } of rows) if (upc && !byUpc.has(upc)) byUpc.set(upc, row);
  }
  for (const code of rest) {
    const row = upcForms(code)
      .map((u) => byUpc.get(u))
      .find(Boolean);
    if (row) found.set(code, row);
  }
  return found;
}

/** The quantity to suggest for a line the selling unit, the maximum or the stock refuses, and what it does. */
export function suggestQuantity(
  quantity: number,
  unit: SellingUnit,
  stock: number,
): { quantity: number; note: string } | null {
  const top = largestQuantity(unit, stock);
  if (top === 0) return null;
  const low = smallestQuantity(unit);
  const pack = unit.casePack;
  // The most a line may hold, said as the limit that set it.
  const atTop = () => {
    const stockBound = Math.floor(Math.max(0, stock) / pack) * pack === top;
    const perOrder = Math.min(unit.maxQuantity ?? MAX_LINE_QUANTITY, MAX_LINE_QUANTITY);
    return {
      quantity: top,
      note:
        stockBound && stock < perOrder
          ? QUICK_ORDER_MESSAGES.quickOrderLoweredToStock(top)
          : QUICK_ORDER_MESSAGES.quickOrderLoweredToMaximum(top),
    };
  };
  if (quantity % pack !== 0) {
    const cases = Math.ceil(quantity / pack) * pack;
    const up = Math.max(cases, low);
    if (up <= top) {
      return {
        quantity: up,
        note:
          up > cases
            ? QUICK_ORDER_MESSAGES.quickOrderRaisedToMinimum(up)
            : QUICK_ORDER_MESSAGES.quickOrderRoundedUp(up / pack, up),
      };
    }
    const down = Math.floor(quantity / pack) * pack;
    return down <= top && down >= low
      ? { quantity: down, note: QUICK_ORDER_MESSAGES.quickOrderRoundedDown(down / pack, down) }
      : atTop();
  }
  if (quantity < low) return { quantity: low, note: QUICK_ORDER_MESSAGES.quickOrderRaisedToMinimum(low) };
  if (quantity > top) return atTop();
  return null;
}

interface Group {
  key: string;
  where: string[];
  code: string;
  requested: number;
  row: ProductRow;
}

function badLine(line: EnteredLine, problem: string): QuickOrderLine {
  return {
    key: line.key,
    where: [line.where],
    code: line.code,
    requested: line.quantity,
    product: null,
    status: "bad",
    quantity: 0,
    unitPriceCents: null,
    problem,
    suggestion: null,
    licenseLabel: null,
    note: null,
  };
}

/** Why no product has a code: a barcode number with a wrong check digit says which digit it should end in. */
function unknownCode(code: string): string {
  if (readGtin(code) !== "check-digit") return QUICK_ORDER_MESSAGES.quickOrderUnknownCode(code);
  const digits = cleanGtin(code);
  return QUICK_ORDER_MESSAGES.quickOrderCheckDigit(code, gtinCheckDigit(digits.slice(0, -1)));
}

/**
 * Every entered line, checked for `userId`, in the order entered. Lines naming the same product
 * (by SKU or UPC, in any of the ways in) are merged into the first, quantities added, and say so.
 */
export async function resolveQuickOrder(
  db: Db,
  userId: string,
  entered: readonly EnteredLine[],
): Promise<QuickOrderLine[]> {
  const found = await findByCodes(
    db,
    entered.flatMap((l) => (l.problem === null ? [l.code] : [])),
  );
  const slots: (QuickOrderLine | Group)[] = [];
  const groups = new Map<number, Group>();
  for (const line of entered) {
    if (line.problem !== null || line.quantity === null) {
      slots.push(badLine(line, line.problem ?? QUICK_ORDER_MESSAGES.quickOrderQuantityMissing));
      continue;
    }
    const row = found.get(line.code);
    if (!row) {
      slots.push(badLine(line, unknownCode(line.code)));
      continue;
    }
    const group = groups.get(row.id);
    if (group) {
      group.where.push(line.where);
      group.requested += line.quantity;
      continue;
    }
    const created: Group = { key: line.key, where: [line.where], code: line.code, requested: line.quantity, row };
    groups.set(row.id, created);
    slots.push(created);
  }

  const ids = [...groups.keys()];
  const [book, images, refused] = await Promise.all([
    loadPriceBook(db, userId, ids),
    firstImages(db, ids),
    cartCompliance(db, userId, null, ids),
  ]);

  return slots.map((slot) => {
    if (!("row" in slot)) return slot;
    const { row } = slot;
    const unit = sellingUnitOf({
      casePack: row.case_pack,
      minQuantity: row.min_quantity,
      maxQuantity: row.max_quantity,
    });
    const product: QuickOrderProduct = {
      id: row.id,
      sku: row.sku,
      name: row.name,
      stock: row.stock,
      image: images.get(row.id) ?? null,
      ...unit,
    };
    const line: QuickOrderLine = {
      key: slot.key,
      where: slot.where,
      code: slot.code,
      requested: slot.requested,
      product,
      status: "bad",
      quantity: 0,
      unitPriceCents: null,
      problem: null,
      suggestion: null,
      licenseLabel: null,
      note: slot.where.length > 1 ? QUICK_ORDER_MESSAGES.quickOrderMerged(slot.where) : null,
    };
    const price = (quantity: number) => unitPriceCents(book, { id: row.id, priceCents: row.price_cents }, quantity);
    const compliance = refused.get(row.id);
    if (compliance && !compliance.otherAddressAllows) {
      return { ...line, problem: compliance.reason, licenseLabel: compliance.licenseLabel };
    }
    // Refused at the default address only: said, and checkout decides for the address chosen.
    if (compliance) {
      line.note = line.note ? `${line.note} ${compliance.reason}` : compliance.reason;
      line.licenseLabel = compliance.licenseLabel;
    }
    // Out of stock also when fewer than the smallest orderable quantity are left (as the cart check says).
    if (largestQuantity(unit, row.stock) === 0)
      return { ...line, problem: SELLING_MESSAGES.quantityAboveStock(row.name, 0) };
    const problem = quantityProblem(row.name, slot.requested, unit, row.stock);
    if (problem === null) {
      return { ...line, status: "ready", quantity: slot.requested, unitPriceCents: price(slot.requested) };
    }
    const suggestion = suggestQuantity(slot.requested, unit, row.stock);
    if (!suggestion) return { ...line, problem };
    return {
      ...line,
      status: "confirm",
      quantity: suggestion.quantity,
      unitPriceCents: price(suggestion.quantity),
      problem,
      suggestion: suggestion.note,
    };
  });
}

/** What the quick-order form posts: typed lines (codes and quantities side by side), a paste, a file. */
export interface QuickOrderInput {
  codes: string[];
  quantities: string[];
  paste: string;
  file: File | null;
}

export type QuickOrderResult = { ok: true; lines: QuickOrderLine[] } | { ok: false; error: string };

/**
 * Reads everything the customer entered and checks it in one batch. A problem with the whole
 * entry (nothing entered, more than MAX_QUICK_ORDER_LINES lines, a file that cannot be read)
 * refuses it with one message and checks nothing; problems with lines are the lines' own.
 */
export async function checkQuickOrder(db: Db, userId: string, input: QuickOrderInput): Promise<QuickOrderResult> {
  if (Math.max(input.codes.length, input.quantities.length) > MAX_TYPED_LINES)
    return { ok: false, error: QUICK_ORDER_MESSAGES.quickOrderTooManyTyped(MAX_TYPED_LINES) };
  const typed = readTyped(input.codes, input.quantities);
  const pasted = readPaste(input.paste);
  if (!pasted.ok) return pasted;
  let fromFile: RawLine[] = [];
  if (input.file && input.file.size > 0) {
    if (input.file.size > MAX_QUICK_ORDER_FILE_BYTES)
      return { ok: false, error: IMPORT_MESSAGES.importTooLarge(MAX_QUICK_ORDER_FILE_MB) };
    const read = readQuickOrderFile(new Uint8Array(await input.file.arrayBuffer()));
    if (!read.ok) return read;
    fromFile = read.lines;
  }
  const raw = [...typed, ...pasted.lines, ...fromFile];
  if (raw.length === 0) return { ok: false, error: QUICK_ORDER_MESSAGES.quickOrderNothingToCheck };
  if (raw.length > MAX_QUICK_ORDER_LINES)
    return { ok: false, error: QUICK_ORDER_MESSAGES.quickOrderTooManyLines(raw.length, MAX_QUICK_ORDER_LINES) };
  return { ok: true, lines: await resolveQuickOrder(db, userId, enterLines(raw)) };
}

const SUGGESTION_COUNT = 6;

/**
 * Suggestions for what is being typed in a SKU field (catalog/search.ts suggestProductsByCode:
 * SKUs that start with it, then names that contain it), at the customer's prices.
 */
export async function suggestCodes(db: Db, userId: string, typed: string): Promise<CodeSuggestion[]> {
  const products = await suggestProductsByCode(db, typed, SUGGESTION_COUNT);
  return (await withCustomerPrices(db, userId, products)).map((p) => {
    const unit = sellingUnitOf(p);
    return {
      id: p.id,
      sku: p.sku,
      name: p.name,
      casePack: unit.casePack,
      smallest: smallestQuantity(unit),
      priceCents: p.priceCents,
    };
  });
}

/** The product a scanned barcode names, with what one scan adds of it (lib/quick-order.ts ScannedProduct). */
export async function scannedProduct(db: Db, code: string): Promise<ScannedProduct | null> {
  const read = readCode(code);
  if (!read.ok) return null;
  const row = (await findByCodes(db, [read.value])).get(read.value);
  if (!row) return null;
  const unit = sellingUnitOf({ casePack: row.case_pack, minQuantity: row.min_quantity, maxQuantity: row.max_quantity });
  return { id: row.id, sku: row.sku, name: row.name, casePack: unit.casePack, smallest: smallestQuantity(unit) };
}

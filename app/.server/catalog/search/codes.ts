import { type Kysely, sql, type Transaction } from "kysely";
import { cleanGtin, readGtin, sameGtins, storedGtinForms } from "~/lib/gtin";
import { dialectOf } from "../../db/connect";
import type { DB } from "../../db/schema";
import { normalizeQuery } from "./text";

type Db = Kysely<DB> | Transaction<DB>;

/** The lower-cased SKU, in byte order on both databases: what products_sku_lower_idx (migration 0010) holds. */
export function foldedSku(db: Db) {
  return dialectOf(db) === "postgres" ? sql<string>`lower(products.sku) collate "C"` : sql<string>`lower(products.sku)`;
}

/**
 * The ways the UPC a code names may be kept (lib/gtin.ts storedGtinForms): a UPC-A typed or scanned
 * as its 12 digits, as the 13-digit EAN with a leading 0 or as a 14-digit GTIN, an EAN-13, an EAN-8.
 * A code whose check digit is wrong (a misread or mistyped digit) is looked for only as written
 * (and a 12-digit one as its EAN-13): a UPC kept before check digits were checked is still found.
 * Empty for a code that is no barcode number.
 */
export function upcForms(code: string): string[] {
  const forms = storedGtinForms(code);
  if (forms.length) return forms;
  return readGtin(code) === "check-digit" ? sameGtins(cleanGtin(code)) : [];
}

/**
 * The product whose SKU or UPC is exactly what was typed (search_codes, migration 0035): its SKU
 * whatever the case (the one in the same case first, when two SKUs differ only so), else its
 * UPC in either of its written forms. Null when the query is no product's code.
 */
export async function findIdByCode(db: Db, typed: string): Promise<number | null> {
  const code = normalizeQuery(typed).toLowerCase();
  if (!code || code.length > 64) return null;
  const codes = [...new Set([code, ...upcForms(code)])];
  const rows = await db
    .selectFrom("search_codes")
    .innerJoin("products", "products.id", "search_codes.product_id")
    .select(["products.id", "products.sku"])
    .where("search_codes.code", "in", codes)
    .orderBy("products.id")
    .execute();
  const exact = normalizeQuery(typed);
  return (
    rows.find((r) => r.sku === exact)?.id ?? rows.find((r) => r.sku.toLowerCase() === code)?.id ?? rows[0]?.id ?? null
  );
}

/** The id of the product whose SKU is `sku` (exactly, else ignoring case); null when there is none. */
export async function findProductIdBySku(db: Db, sku: string): Promise<number | null> {
  const typed = sku.trim();
  if (!typed) return null;
  const rows = await db
    .selectFrom("products")
    .select(["id", "sku"])
    .where(foldedSku(db), "=", typed.toLowerCase())
    .orderBy("id")
    .execute();
  return (rows.find((r) => r.sku === typed) ?? rows[0])?.id ?? null;
}

/**
 * A condition: the product's SKU starts with `typed`, whatever the case of either. A range on
 * the lower-cased SKU, which an index serves (migration 0010; byte order on both databases).
 */
export function skuStartsWith(db: Db, typed: string) {
  const from = typed.toLowerCase();
  const to = from.slice(0, -1) + String.fromCodePoint((from.codePointAt(from.length - 1) ?? 0) + 1);
  const key = foldedSku(db);
  return sql<boolean>`${key} >= ${from} and ${key} < ${to}`;
}

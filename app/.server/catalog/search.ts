import { type Kysely, type RawBuilder, sql, type Transaction } from "kysely";
import { dialectOf } from "../db/connect";
import type { DB } from "../db/schema";
import type { Product } from "./product";
import { type Db, PRODUCT_COLUMNS, withImages } from "./products";

export const MAX_QUERY_LENGTH = 100;

/** Trims and bounds a search query (control characters count as spaces); "" for nothing searchable. */
export function normalizeQuery(input: string | null | undefined): string {
  return (input ?? "")
    .replace(/[\s\p{Cc}]+/gu, " ")
    .trim()
    .slice(0, MAX_QUERY_LENGTH);
}

function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * A condition on `products.name`: contains `query`, case-insensitively. Uses the trigram
 * index (SQLite FTS5 / PostgreSQL pg_trgm); queries under 3 characters fall back to LIKE.
 */
export function nameContains(db: Db, query: string): RawBuilder<boolean> {
  const q = normalizeQuery(query);
  const pattern = likePattern(q.toLowerCase());
  const useFts = dialectOf(db) === "sqlite" && [...q].length >= 3;
  return useFts
    ? sql<boolean>`products.id in (select rowid from products_fts where products_fts match ${`"${q.replace(/"/g, '""')}"`})`
    : sql<boolean>`lower(products.name) like ${pattern} escape '\\'`;
}

/**
 * Products whose name contains `query`, case-insensitively, ordered by name.
 * Served by the trigram index (SQLite FTS5 / PostgreSQL pg_trgm) for 3+ characters;
 * shorter queries use a bounded LIKE scan that stops at `limit` matches.
 */
export async function searchProducts(
  db: Db,
  query: string,
  options: { limit: number; offset?: number },
): Promise<Product[]> {
  const q = normalizeQuery(query);
  if (!q) return [];
  const filter = nameContains(db, q);
  const rows = await db
    .selectFrom("products")
    .select(PRODUCT_COLUMNS)
    .where(filter)
    .orderBy("name")
    .orderBy("id")
    .limit(options.limit)
    .offset(options.offset ?? 0)
    .execute();
  return withImages(db, rows);
}

/** Suggestions start at this many characters (shorter ones match too much to be useful). */
export const SUGGESTION_MIN_LENGTH = 3;
/** How many matches suggestions choose from: bounds the work for very common words. */
const SUGGESTION_CANDIDATES = 200;

/**
 * Header suggestions: up to `limit` products whose name contains `query`, chosen among the first
 * matches the trigram index returns and shown in name order. The work is bounded however many
 * products match, so suggestions stay fast at 100,000 products.
 */
export async function suggestProducts(db: Db, query: string, limit: number): Promise<Product[]> {
  const q = normalizeQuery(query);
  if ([...q].length < SUGGESTION_MIN_LENGTH) return [];
  const candidates =
    dialectOf(db) === "sqlite"
      ? sql<number>`(select rowid from products_fts where products_fts match ${`"${q.replace(/"/g, '""')}"`} limit ${SUGGESTION_CANDIDATES})`
      : sql<number>`(select id from products where lower(name) like ${likePattern(q.toLowerCase())} escape '\\' limit ${SUGGESTION_CANDIDATES})`;
  const rows = await db
    .selectFrom("products")
    .select(PRODUCT_COLUMNS)
    .where("products.id", "in", candidates)
    .orderBy("name")
    .orderBy("id")
    .limit(limit)
    .execute();
  return withImages(db, rows);
}

/** The lower-cased SKU, in byte order on both databases: what products_sku_lower_idx (migration 0010) holds. */
export function foldedSku(db: Kysely<DB> | Transaction<DB>) {
  return dialectOf(db) === "postgres" ? sql<string>`lower(products.sku) collate "C"` : sql<string>`lower(products.sku)`;
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

/** Code suggestions start at this many characters. */
export const CODE_SUGGESTION_MIN_LENGTH = 2;

/**
 * Products for what is being typed in a field that takes a product's code: SKUs that start with
 * it (an index range on the lower-cased SKU, whatever the case typed), then names that contain it
 * (the search's trigram index), at most `limit`. A fixed number of small queries, however large
 * the catalog: quick order's SKU fields and the back office's product picker.
 */
export async function suggestProductsByCode(db: Db, typed: string, limit: number): Promise<Product[]> {
  const q = normalizeQuery(typed).slice(0, 64);
  if (q.length < CODE_SUGGESTION_MIN_LENGTH) return [];
  // SKUs that start with what was typed, whatever the case of either: a range on the lower-cased
  // SKU, which an index serves (migration 0010; byte order on both databases).
  const from = q.toLowerCase();
  const to = from.slice(0, -1) + String.fromCodePoint((from.codePointAt(from.length - 1) ?? 0) + 1);
  const key = foldedSku(db);
  const bySku = await db
    .selectFrom("products")
    .select(PRODUCT_COLUMNS)
    .where(sql<boolean>`${key} >= ${from} and ${key} < ${to}`)
    .orderBy(key)
    .limit(limit)
    .execute();
  const skuMatches = await withImages(db, bySku);
  const byName = skuMatches.length >= limit ? [] : await suggestProducts(db, q, limit);
  const seen = new Set<number>();
  return [...skuMatches.sort((a, b) => a.sku.localeCompare(b.sku)), ...byName]
    .filter((p) => !seen.has(p.id) && seen.add(p.id))
    .slice(0, limit);
}

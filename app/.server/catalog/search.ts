import { type RawBuilder, sql } from "kysely";
import { dialectOf } from "../db/connect";
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

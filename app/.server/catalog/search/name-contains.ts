import { type Kysely, type RawBuilder, sql } from "kysely";
import { dialectOf } from "../../db/connect";
import type { DB } from "../../db/schema";
import { normalizeQuery } from "./text";

function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * A condition on `products.name`: contains `query`, case-insensitively. Uses the trigram
 * index (SQLite FTS5 / PostgreSQL pg_trgm; migration 0001); queries under 3 characters fall
 * back to LIKE. The back office's product list filters by it, and the search's last tier
 * (names that hold what was typed inside a word: "king" in "CloudKing").
 */
export function nameContains(db: Kysely<DB>, query: string): RawBuilder<boolean> {
  const q = normalizeQuery(query);
  const pattern = likePattern(q.toLowerCase());
  const useFts = dialectOf(db) === "sqlite" && [...q].length >= 3;
  return useFts
    ? sql<boolean>`products.id in (select rowid from products_fts where products_fts match ${`"${q.replace(/"/g, '""')}"`})`
    : sql<boolean>`lower(products.name) like ${pattern} escape '\\'`;
}

/** Names containing `query` start at this many characters: fewer cannot use a trigram index. */
export const NAME_CONTAINS_MIN_LENGTH = 3;

/** The ids of at most `limit` products whose name contains `query` (3 characters or more), as a subquery. */
export function idsOfNamesContaining(db: Kysely<DB>, query: string, limit: number): RawBuilder<number> {
  const q = normalizeQuery(query);
  return dialectOf(db) === "sqlite"
    ? sql<number>`(select rowid from products_fts where products_fts match ${`"${q.replace(/"/g, '""')}"`} limit ${limit})`
    : sql<number>`(select id from products where lower(name) like ${likePattern(q.toLowerCase())} escape '\\' limit ${limit})`;
}

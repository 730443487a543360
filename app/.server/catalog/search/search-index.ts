import { type Kysely, type RawBuilder, sql } from "kysely";
import { dialectOf } from "../../db/connect";
import type { DB } from "../../db/schema";
import type { Expr } from "./plan";

/**
 * The one dialect branch of the search (decision 0053): a query tree as SQLite FTS5's match
 * expression over search_fts, or as a PostgreSQL tsquery over search_documents.document.
 * Words are letters and digits only (text.ts cuts them so), so neither syntax can be broken
 * by what was typed; they are still passed as bound parameters.
 */

function fts5(e: Expr): string {
  switch (e.kind) {
    case "word":
      return `"${e.text}"${e.prefix ? "*" : ""}`;
    case "and":
      return `(${e.of.map(fts5).join(" AND ")})`;
    case "or":
      return `(${e.of.map(fts5).join(" OR ")})`;
    case "not":
      return `(${fts5(e.match)} NOT ${fts5(e.unless)})`;
  }
}

function tsquery(e: Expr): string {
  switch (e.kind) {
    case "word":
      return `${e.text}${e.prefix ? ":*" : ""}`;
    case "and":
      return `(${e.of.map(tsquery).join(" & ")})`;
    case "or":
      return `(${e.of.map(tsquery).join(" | ")})`;
    case "not":
      return `(${tsquery(e.match)} & !${tsquery(e.unless)})`;
  }
}

/** The rendered expression, for tests and the benchmark's notes. */
export function renderExpr(db: Kysely<DB>, e: Expr): string {
  return dialectOf(db) === "postgres" ? tsquery(e) : fts5(e);
}

/** The ids of the products whose documents match `e` (at most `limit` of them, in the index's order), as a subquery. */
export function matchingIds(db: Kysely<DB>, e: Expr, limit?: number): RawBuilder<number> {
  const tail = limit === undefined ? sql`` : sql` limit ${limit}`;
  return dialectOf(db) === "postgres"
    ? sql<number>`(select product_id from search_documents where document @@ to_tsquery('simple', ${tsquery(e)})${tail})`
    : sql<number>`(select rowid from search_fts where search_fts match ${fts5(e)}${tail})`;
}

/** Whether any document matches `e`. */
export async function anyMatch(db: Kysely<DB>, e: Expr): Promise<boolean> {
  const { rows } = await sql<{ id: number }>`select 1 as id from ${matchingIds(db, e, 1)} as m`.execute(db);
  return rows.length > 0;
}

/** How many documents match `e`. */
export async function countMatches(db: Kysely<DB>, e: Expr): Promise<number> {
  const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${matchingIds(db, e)} as m`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

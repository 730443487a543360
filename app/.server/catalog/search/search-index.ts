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

/**
 * The ids of the products whose documents match `e` (at most `limit` of them, in the index's
 * order), as a subquery. On PostgreSQL a limited match is planned apart (a materialized CTE):
 * with a LIMIT the planner guesses 0.5 % of the documents match a word start and reads the whole
 * table in order hoping to stop early, 50 ms at 100,000 products for a word no document holds.
 */
export function matchingIds(db: Kysely<DB>, e: Expr, limit?: number): RawBuilder<number> {
  if (dialectOf(db) === "postgres") {
    const match = sql`select product_id from search_documents where document @@ to_tsquery('simple', ${tsquery(e)})`;
    return limit === undefined
      ? sql<number>`(${match})`
      : sql<number>`(with m as materialized (${match}) select product_id from m limit ${limit})`;
  }
  const tail = limit === undefined ? sql`` : sql` limit ${limit}`;
  return sql<number>`(select rowid from search_fts where search_fts match ${fts5(e)}${tail})`;
}

/**
 * SQLite: the ids matching `e` among the products `within` (the search page's filters), as one
 * intersection of the two lists. Tested one by one, SQLite walked every match of a common word
 * (100,000 for "disposable") and looked each up; the intersection reads each list once.
 */
function matchingWithin(e: Expr, within: RawBuilder<number>): RawBuilder<number> {
  return sql<number>`(select rowid from search_fts where search_fts match ${fts5(e)} intersect select * from ${within})`;
}

export interface MatchPage {
  limit: number;
  offset: number;
  /** A product left out (ranked first already). */
  exclude: number | null;
  /** Suggestions: choose among the first this many matches the index returns (bounds the sort). */
  candidates?: number | undefined;
  /** The search page's filters: only these products (a subquery of ids). */
  within?: RawBuilder<number> | null;
}

/**
 * The ids of a page of the products whose documents match `e`, in name order. The sort reads
 * the documents' own copy of the name, never the products: on PostgreSQL a join let the planner
 * walk the whole products name index filtering each row by the tsquery (0.2 s for a brand whose
 * names sort late); here it has no index to walk and takes the index's matches, then sorts.
 */
export async function pageOfMatches(db: Kysely<DB>, e: Expr, page: MatchPage): Promise<number[]> {
  const sqlite = dialectOf(db) === "sqlite";
  const match =
    !sqlite && page.candidates === undefined
      ? sql`document @@ to_tsquery('simple', ${tsquery(e)})`
      : sqlite && page.within
        ? sql`product_id in ${matchingWithin(e, page.within)}`
        : sql`product_id in ${matchingIds(db, e, page.candidates)}`;
  const excluded = page.exclude === null ? sql`` : sql` and product_id <> ${page.exclude}`;
  const within = page.within && !sqlite ? sql` and product_id in ${page.within}` : sql``;
  const { rows } = await sql<{
    id: number;
  }>`select product_id as id from search_documents where ${match}${excluded}${within}
    order by name, product_id limit ${page.limit} offset ${page.offset}`.execute(db);
  return rows.map((r) => r.id);
}

/** Whether any document matches `e`. */
export async function anyMatch(db: Kysely<DB>, e: Expr): Promise<boolean> {
  const { rows } = await sql<{ id: number }>`select 1 as id from ${matchingIds(db, e, 1)} as m`.execute(db);
  return rows.length > 0;
}

/** How many documents match `e` (of the products `within`, when given). */
export async function countMatches(db: Kysely<DB>, e: Expr, within: RawBuilder<number> | null = null): Promise<number> {
  if (within && dialectOf(db) === "sqlite") {
    const { rows } = await sql<{ n: number }>`select count(*) as n from ${matchingWithin(e, within)} as m`.execute(db);
    return Number(rows[0]?.n ?? 0);
  }
  const { rows } = within
    ? await sql<{ n: number | string }>`select count(*) as n from search_documents
        where product_id in ${matchingIds(db, e)} and product_id in ${within}`.execute(db)
    : await sql<{ n: number | string }>`select count(*) as n from ${matchingIds(db, e)} as m`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

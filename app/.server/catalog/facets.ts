import {
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type RawBuilder,
  type SqlBool,
  sql,
  type Transaction,
} from "kysely";
import type { Refusal } from "~/lib/compliance/sold-here";
import {
  FACETS,
  type Facet,
  type FacetChoice,
  type FacetCount,
  facetOfOption,
  facetValue,
  puffsBracket,
} from "~/lib/facets";
import { parseOptionNames } from "~/lib/product-lines";
import { type Dialect, dialectOf } from "../db/connect";
import type { DB } from "../db/schema";
import { soldHereCondition } from "./sold-here";

type Db = Kysely<DB> | Transaction<DB>;

/**
 * The listings' filters (issue 38): each line's values of each facet, kept in line_facets by every
 * write of a line or its variants (refreshLineFacets), read to filter a listing and to count, for
 * each value, the lines of the listing that have it.
 */

interface FacetRow {
  line_id: number;
  facet: Facet;
  value: string;
  label: string;
}

/** What line_facets should hold for these lines, read from the lines and their variants. */
async function facetsOf(db: Db, lineIds: readonly number[]): Promise<FacetRow[]> {
  if (lineIds.length === 0) return [];
  const [lines, variants] = await Promise.all([
    db
      .selectFrom("product_lines as l")
      .leftJoin("brands as b", "b.id", "l.brand_id")
      .select(["l.id", "l.option_names", "l.puffs", "b.slug as brand_slug", "b.name as brand_name"])
      .where("l.id", "in", lineIds)
      .execute(),
    db
      .selectFrom("products")
      .select(["line_id", "option1", "option2", "option3"])
      .where("line_id", "in", lineIds)
      .execute(),
  ]);
  const rows = new Map<string, FacetRow>();
  const add = (row: FacetRow) => {
    if (row.value) rows.set(`${row.line_id}|${row.facet}|${row.value}`, row);
  };
  for (const l of lines) {
    if (l.brand_slug && l.brand_name) add({ line_id: l.id, facet: "brand", value: l.brand_slug, label: l.brand_name });
    if (l.puffs) add({ line_id: l.id, facet: "puffs", ...puffsBracket(l.puffs) });
    const facets = parseOptionNames(l.option_names).map(facetOfOption);
    for (const v of variants) {
      if (v.line_id !== l.id) continue;
      [v.option1, v.option2, v.option3].forEach((label, i) => {
        const facet = facets[i];
        if (facet && label) add({ line_id: l.id, facet, value: facetValue(label), label });
      });
    }
  }
  return [...rows.values()];
}

/** Makes line_facets hold what these lines and their variants say now (in the caller's transaction). */
export async function refreshLineFacets(db: Db, lineIds: readonly number[]): Promise<void> {
  const ids = [...new Set(lineIds)];
  for (let at = 0; at < ids.length; at += 500) {
    const batch = ids.slice(at, at + 500);
    const rows = await facetsOf(db, batch);
    await db.deleteFrom("line_facets").where("line_id", "in", batch).execute();
    for (let i = 0; i < rows.length; i += 500)
      await db
        .insertInto("line_facets")
        .values(rows.slice(i, i + 500))
        .execute();
  }
}

/** line_facets as recounted from the lines and variants (the tests' reference; a repair). */
export async function recountLineFacets(db: Db): Promise<FacetRow[]> {
  const ids = (await db.selectFrom("product_lines").select("id").execute()).map((l) => l.id);
  const rows: FacetRow[] = [];
  for (let at = 0; at < ids.length; at += 500) rows.push(...(await facetsOf(db, ids.slice(at, at + 500))));
  return rows.sort(byKey);
}

export async function readLineFacets(db: Db): Promise<FacetRow[]> {
  const rows = await db.selectFrom("line_facets").select(["line_id", "facet", "value", "label"]).execute();
  return (rows as FacetRow[]).sort(byKey);
}

function byKey(a: FacetRow, b: FacetRow): number {
  return a.line_id - b.line_id || a.facet.localeCompare(b.facet) || a.value.localeCompare(b.value);
}

/**
 * A condition on a listing's rows (products, aliased "products"): their line has one of the chosen
 * values of every chosen facet (but `except`, when counting that facet's values).
 */
export function facetCondition(chosen: FacetChoice, except: Facet | null = null) {
  return (eb: ExpressionBuilder<DB, "products">) => {
    const parts = FACETS.filter((f) => f !== except && (chosen[f]?.length ?? 0) > 0).map((facet) =>
      eb(
        "products.line_id",
        "in",
        eb
          .selectFrom("line_facets")
          .select("line_facets.line_id")
          .where("line_facets.facet", "=", facet)
          .where("line_facets.value", "in", chosen[facet] as string[]),
      ),
    );
    return parts.length ? eb.and(parts) : sql<SqlBool>`1 = 1`;
  };
}

/** What a listing is before its facets: a category (or all), a brand, in stock, sold to my address, a search. */
export interface ListingScope {
  category: string | null;
  brandId?: number | null;
  inStockOnly?: boolean;
  /** Sold to my address: the rules' refusals for the buyer's address (lib/compliance/sold-here.ts). */
  soldHere?: readonly Refusal[] | null;
  /** A search's matches: a subquery of the line ids it found (search/engine.ts). */
  lineIds?: RawBuilder<number> | null;
}

/**
 * A condition on a listing's rows (products, aliased "products") that holds for every variant of
 * the lines in the listing's scope but its category: the brand, in stock (any variant), sold to
 * my address (any variant), found by the search.
 */
export function lineCondition(scope: Omit<ListingScope, "category">, dialect: Dialect) {
  return (eb: ExpressionBuilder<DB, "products">) => {
    const parts: Expression<SqlBool>[] = [];
    if (scope.brandId != null)
      parts.push(
        eb(
          "products.line_id",
          "in",
          eb.selectFrom("product_lines").select("product_lines.id").where("product_lines.brand_id", "=", scope.brandId),
        ),
      );
    if (scope.inStockOnly)
      parts.push(
        eb.exists(
          eb
            .selectFrom("products as v")
            .select("v.id")
            .whereRef("v.line_id", "=", "products.line_id")
            .where("v.stock", ">", 0),
        ),
      );
    if (scope.soldHere?.length) parts.push(soldHereCondition(scope.soldHere, dialect)(eb));
    if (scope.lineIds) parts.push(eb("products.line_id", "in", scope.lineIds));
    return parts.length ? eb.and(parts) : sql<SqlBool>`1 = 1`;
  };
}

/** A condition on a listing's rows for its scope: lead variants (one per line) of the category and the lines in scope. */
export function scopeCondition(scope: ListingScope, dialect: Dialect) {
  return (eb: ExpressionBuilder<DB, "products">) => {
    const parts: Expression<SqlBool>[] = [eb("products.lead", "=", 1)];
    if (scope.category) parts.push(eb("products.category", "=", scope.category));
    parts.push(lineCondition(scope, dialect)(eb));
    return eb.and(parts);
  };
}

/** Chosen facets as a key: facets in their order, values sorted (the same choice, the same key). */
export function choiceKey(chosen: FacetChoice): string {
  return JSON.stringify(FACETS.map((f) => [...(chosen[f] ?? [])].sort()));
}

/** The lines of these products (a subquery of ids), each once. */
export async function linesOf(db: Db, productIds: RawBuilder<number>): Promise<number[]> {
  const rows = await db
    .selectFrom("products")
    .select("line_id")
    .distinct()
    .where(sql<SqlBool>`products.id in ${productIds}`)
    .execute();
  return rows.map((r) => r.line_id);
}

/**
 * Ids as a subquery bound as one parameter, however many there are (a listing's lines found by a
 * search: thousands, past SQLite's limit on parameters): a JSON array on SQLite, an array on
 * PostgreSQL.
 */
export function idList(db: Db, ids: readonly number[]): RawBuilder<number> {
  return dialectOf(db) === "postgres"
    ? sql<number>`(select unnest(${sql.val([...ids])}::int[]))`
    : sql<number>`(select value from json_each(${JSON.stringify(ids)}))`;
}

/** A listing's scope as a key (caches of its orders). */
export function scopeKey(scope: ListingScope): string {
  return JSON.stringify([scope.category, scope.brandId ?? null, !!scope.inStockOnly, scope.soldHere ?? null]);
}

/** How many lines of the listing (its scope, and the facets chosen) there are. */
export async function countLines(db: Kysely<DB>, scope: ListingScope, chosen: FacetChoice): Promise<number> {
  const row = await db
    .selectFrom("products")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where(scopeCondition(scope, dialectOf(db)))
    .where(facetCondition(chosen))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * How many lines of the listing (its scope, and the facets chosen) are in stock, and sold to my
 * address when the scope has the buyer's refusals: the counts beside those two filters.
 */
export async function availabilityCounts(
  db: Kysely<DB>,
  scope: ListingScope,
  chosen: FacetChoice,
  refusals: readonly Refusal[] | null,
): Promise<AvailabilityCounts> {
  const [inStock, soldHere] = await Promise.all([
    countLines(db, { ...scope, inStockOnly: true }, chosen),
    refusals === null ? null : countLines(db, { ...scope, soldHere: refusals }, chosen),
  ]);
  return { inStock, soldHere };
}

export interface AvailabilityCounts {
  inStock: number;
  /** Null: not a customer with an address (the filter is not offered). */
  soldHere: number | null;
}

/** The most values of one facet a listing offers, most lines first. */
const FACET_VALUES_SHOWN = 50;

/**
 * For each facet, how many lines of the listing (its scope, and the other facets chosen) have each
 * of its values, most first. A facet with no value in the listing is left out (`only`: those
 * facets). The facets not chosen are counted under the same condition, so in one query (one pass
 * over the listing's lines); each chosen facet is counted without its own choice, one query each.
 */
export async function facetCounts(
  db: Kysely<DB>,
  scope: ListingScope,
  chosen: FacetChoice,
  only: readonly Facet[] = FACETS,
): Promise<Partial<Record<Facet, FacetCount[]>>> {
  const isChosen = (facet: Facet) => (chosen[facet]?.length ?? 0) > 0;
  const together = only.filter((f) => !isChosen(f));
  const count = (facets: readonly Facet[], except: Facet | null) =>
    // The listing's lead variants first, then each one's facet rows by key. A cross join is how
    // SQLite is told that order (its statistics favour reading every line's values of a facet
    // first, 5 times slower on a category); PostgreSQL plans it as the inner join it is.
    db
      .selectFrom("products")
      .crossJoin("line_facets as f")
      .whereRef("f.line_id", "=", "products.line_id")
      .select((eb) => ["f.facet", "f.value", sql<string>`max(f.label)`.as("label"), eb.fn.countAll<number>().as("n")])
      .where("f.facet", "in", facets)
      .where(scopeCondition(scope, dialectOf(db)))
      .where(facetCondition(chosen, except))
      .groupBy(["f.facet", "f.value"])
      .execute();
  const counted = (
    await Promise.all([
      together.length ? count(together, null) : [],
      ...only.filter(isChosen).map((facet) => count([facet], facet)),
    ])
  ).flat();
  const byFacet = new Map<Facet, FacetCount[]>();
  for (const r of counted) {
    const facet = r.facet as Facet;
    const values = byFacet.get(facet) ?? [];
    values.push({ value: r.value, label: r.label, count: Number(r.n) });
    byFacet.set(facet, values);
  }
  const out: Partial<Record<Facet, FacetCount[]>> = {};
  for (const facet of only) {
    const values = byFacet.get(facet);
    if (!values) continue;
    values.sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
    out[facet] = values.slice(0, FACET_VALUES_SHOWN);
  }
  return out;
}

import { type RawBuilder, sql } from "kysely";
import type { Product } from "../product";
import { type Db, PRODUCT_COLUMNS, withImages } from "../products";
import { findIdByCode, foldedSku, skuStartsWith } from "./codes";
import { idsOfNamesContaining, NAME_CONTAINS_MIN_LENGTH, nameContains } from "./name-contains";
import { butNot, type Expr, either, forgivingExpr, type Slot, slotsOf, typedExpr } from "./plan";
import { anyMatch, countMatches, matchingIds, pageOfMatches } from "./search-index";
import { findSynonyms } from "./synonyms";
import { normalizeQuery, queryWords } from "./text";
import { vocabularyOf } from "./vocabulary";

/**
 * The catalog's one search engine (issue 38; decision 0053), behind the header box's
 * suggestions, the search page, quick order's SKU fields and the back office's product picker.
 *
 * Ranking, ties by name: (0) the product whose SKU or UPC is exactly what was typed; (1) every
 * word typed (or a synonym of it) is the start of a word of the product's name, brand, flavor,
 * category, SKU or UPC, in any order; (2) the same with typos forgiven and words run together or
 * typed apart; (3) names that contain what was typed inside a word (the search before issue 38).
 */

type Row = Awaited<ReturnType<typeof rowsByIds>>[number];

/** One rank of results: a page of its product ids in name order, and (for paging past it) how many it holds. */
interface Tier {
  ids(limit: number, offset: number): Promise<number[]>;
  count(): Promise<number>;
}

/** The products of `ids`, in that order. */
async function rowsByIds(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom("products").select(PRODUCT_COLUMNS).where("products.id", "in", ids).execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

interface Reading {
  /** The query as typed, bounded. */
  text: string;
  slots: Slot[];
  /** Tier 1's expression; null when the query has no word (punctuation only). */
  typed: Expr | null;
}

async function read(db: Db, query: string): Promise<Reading> {
  const text = normalizeQuery(query);
  const words = queryWords(text);
  const slots = words.length ? slotsOf(words, await findSynonyms(db, words)) : [];
  return { text, slots, typed: slots.length ? typedExpr(slots) : null };
}

interface TierOptions {
  /** Suggestions: each tier takes at most this many candidates from the index before sorting by name. */
  candidates?: number;
  /** The last word is still being typed. */
  typing: boolean;
  /** A product already ranked first (the exact code). */
  exclude: number | null;
  /** The search page's filters: only these products (a subquery of ids). */
  within?: RawBuilder<number> | null;
  /** Tier 2's expression when the caller has it already (the search page reads it once). */
  forgiving?: () => Promise<Expr | null>;
}

/** Tier 2's expression: the words with typos forgiven (all of them when, as typed, they find nothing together). */
async function forgivingOf(db: Db, r: Reading, typing: boolean): Promise<Expr | null> {
  if (!r.typed) return null;
  const vocabulary = await vocabularyOf(db);
  const forgiving = forgivingExpr(r.slots, vocabulary, { typing, correctKnown: false });
  // Every word is a catalog word's start, yet together they find nothing: forgive them all.
  if (!(await anyMatch(db, forgiving ? either(r.typed, forgiving) : r.typed)))
    return forgivingExpr(r.slots, vocabulary, { typing, correctKnown: true });
  return forgiving;
}

/** The tiers after the exact code, in rank order; each is built when the one before it runs out. */
function tiersOf(db: Db, r: Reading, options: TierOptions): (() => Promise<Tier | null>)[] {
  const { candidates, typing, exclude } = options;
  const within = options.within ?? null;
  const byExpr = (e: Expr): Tier => ({
    ids: (limit, offset) => pageOfMatches(db, e, { limit, offset, exclude, candidates, within }),
    count: () => countMatches(db, e, within),
  });
  let found: Expr | null = r.typed;
  return [
    async () => (r.typed ? byExpr(r.typed) : null),
    async () => {
      if (!r.typed) return null;
      const forgiving = await (options.forgiving ?? (() => forgivingOf(db, r, typing)))();
      if (!forgiving) return null;
      found = either(r.typed, forgiving);
      return byExpr(butNot(forgiving, r.typed));
    },
    async () => {
      if ([...r.text].length < NAME_CONTAINS_MIN_LENGTH) return null;
      const contains =
        candidates === undefined
          ? nameContains(db, r.text)
          : sql<boolean>`products.id in ${idsOfNamesContaining(db, r.text, candidates)}`;
      const notExcluded = sql<boolean>`${exclude === null ? sql`1 = 1` : sql`products.id <> ${exclude}`} and ${
        within ? sql`products.id in ${within}` : sql`1 = 1`
      }`;
      const where = found
        ? sql<boolean>`${contains} and products.id not in ${matchingIds(db, found)} and ${notExcluded}`
        : sql<boolean>`${contains} and ${notExcluded}`;
      return {
        ids: async (limit, offset) =>
          (
            await db
              .selectFrom("products")
              .select("products.id")
              .where(where)
              .orderBy("products.name")
              .orderBy("products.id")
              .limit(limit)
              .offset(offset)
              .execute()
          ).map((row) => row.id),
        count: async () => {
          const row = await db
            .selectFrom("products")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .where(where)
            .executeTakeFirst();
          return Number(row?.n ?? 0);
        },
      };
    },
  ];
}

/** `limit` rows from `offset` of the tiers laid end to end, each in name order. */
async function pageThrough(
  db: Db,
  tiers: (() => Promise<Tier | null>)[],
  limit: number,
  offset: number,
): Promise<Row[]> {
  const ids: number[] = [];
  let skip = offset;
  for (const next of tiers) {
    if (ids.length >= limit) break;
    const tier = await next();
    if (!tier) continue;
    const page = await tier.ids(limit - ids.length, skip);
    if (page.length > 0) {
      ids.push(...page);
      skip = 0;
    } else if (skip > 0) {
      skip = Math.max(0, skip - (await tier.count()));
    }
  }
  return rowsByIds(db, ids);
}

async function productById(db: Db, id: number): Promise<Row | undefined> {
  return (await rowsByIds(db, [id]))[0];
}

export interface SearchResult {
  /** The product whose SKU or UPC is exactly the query: the search page goes straight to it. */
  exact: Product | null;
  /** The page of results (the exact product first on the first page). */
  products: Product[];
}

/**
 * The search page: `limit` results from `offset`, ranked (see above); `within` (the page's
 * filters) keeps only those products, the exact code included.
 */
export async function searchProducts(
  db: Db,
  query: string,
  options: { limit: number; offset?: number; within?: RawBuilder<number> | null; withMatched?: boolean },
): Promise<SearchResult & { matched?: RawBuilder<number> }> {
  const text = normalizeQuery(query);
  if (!text) return { exact: null, products: [] };
  const within = options.within ?? null;
  const [exactId, reading] = await Promise.all([findIdByCode(db, text), read(db, text)]);
  // Tier 2's expression, read once whether the tiers or the matches ask for it first.
  let forgivingOnce: Promise<Expr | null> | undefined;
  const forgiving = () => {
    forgivingOnce ??= forgivingOf(db, reading, false);
    return forgivingOnce;
  };
  const exactRow =
    exactId === null
      ? undefined
      : within
        ? (
            await db
              .selectFrom("products")
              .select(PRODUCT_COLUMNS)
              .where("products.id", "=", exactId)
              .where(sql<boolean>`products.id in ${within}`)
              .execute()
          )[0]
        : await productById(db, exactId);
  const offset = options.offset ?? 0;
  const first = exactRow && offset === 0 ? [exactRow] : [];
  const rest = await pageThrough(
    db,
    tiersOf(db, reading, { typing: false, exclude: exactRow?.id ?? null, within, forgiving }),
    options.limit - first.length,
    Math.max(0, offset - (exactRow ? 1 : 0)),
  );
  const products = await withImages(db, [...first, ...rest]);
  const exact = exactRow ? (products.find((p) => p.id === exactRow.id) ?? null) : null;
  if (!options.withMatched) return { exact, products };
  return { exact, products, matched: matchedIds(db, text, reading, exactId, await forgiving()) };
}

/**
 * Every product a reading finds, whatever its rank (its tiers, the code typed whole), as a
 * subquery of ids: what the search page's facets count over.
 */
function matchedIds(
  db: Db,
  text: string,
  reading: Reading,
  exactId: number | null,
  forgiving: Expr | null,
): RawBuilder<number> {
  const found = reading.typed ? (forgiving ? either(reading.typed, forgiving) : reading.typed) : null;
  // A union of the ways in, each read from its index: an OR of them was a test on every product
  // (160 ms at 500,000 variants for a common word).
  const parts = [
    ...(found ? [sql<number>`select * from ${matchingIds(db, found)} as m`] : []),
    ...([...text].length >= NAME_CONTAINS_MIN_LENGTH
      ? [sql<number>`select products.id from products where ${nameContains(db, text)}`]
      : []),
    ...(exactId === null ? [] : [sql<number>`select ${exactId}`]),
  ];
  if (parts.length === 0) return sql<number>`(select products.id from products where 1 = 0)`;
  return sql<number>`(${sql.join(parts, sql` union `)})`;
}

/** Suggestions start at this many characters (fewer match too much to be useful). */
export const SUGGESTION_MIN_LENGTH = 3;
/** How many matches of a tier suggestions choose from: bounds the work for very common words. */
const SUGGESTION_CANDIDATES = 200;

/**
 * Header suggestions: up to `limit` products, ranked as the search page ranks them, each tier's
 * chosen among the first SUGGESTION_CANDIDATES the index returns and shown in name order, so
 * the work is bounded however many products match.
 */
export async function suggestProducts(db: Db, query: string, limit: number): Promise<Product[]> {
  const text = normalizeQuery(query);
  if ([...text].length < SUGGESTION_MIN_LENGTH) return [];
  const [exactId, reading] = await Promise.all([findIdByCode(db, text), read(db, text)]);
  const exactRow = exactId === null ? undefined : await productById(db, exactId);
  const rows = await pageThrough(
    db,
    tiersOf(db, reading, { typing: true, candidates: SUGGESTION_CANDIDATES, exclude: exactRow?.id ?? null }),
    limit - (exactRow ? 1 : 0),
    0,
  );
  return withImages(db, exactRow ? [exactRow, ...rows] : rows);
}

/** Code suggestions start at this many characters. */
export const CODE_SUGGESTION_MIN_LENGTH = 2;

/**
 * Products for what is being typed in a field that takes a product's code (quick order's SKU
 * fields, the back office's product picker): the product whose SKU or UPC it is, then SKUs that
 * start with it (in SKU order), then the header's suggestions for it, at most `limit`.
 */
export async function suggestProductsByCode(db: Db, typed: string, limit: number): Promise<Product[]> {
  const q = normalizeQuery(typed).slice(0, 64);
  if (q.length < CODE_SUGGESTION_MIN_LENGTH) return [];
  const exactId = await findIdByCode(db, q);
  const key = foldedSku(db);
  const bySku = await db
    .selectFrom("products")
    .select(PRODUCT_COLUMNS)
    .where(skuStartsWith(db, q))
    .orderBy(key)
    .limit(limit)
    .execute();
  const exactRow =
    exactId === null ? undefined : (bySku.find((r) => r.id === exactId) ?? (await productById(db, exactId)));
  const skuRows = [
    ...(exactRow ? [exactRow] : []),
    ...bySku.sort((a, b) => (a.sku < b.sku ? -1 : a.sku > b.sku ? 1 : 0)),
  ];
  const byWords = skuRows.length >= limit ? [] : await suggestProducts(db, q, limit);
  const seen = new Set<number>();
  return [...(await withImages(db, skuRows)), ...byWords]
    .filter((p) => !seen.has(p.id) && seen.add(p.id))
    .slice(0, limit);
}

import { type Kysely, sql } from "kysely";
import type { FacetChoice } from "~/lib/facets";
import { hasFacets } from "~/lib/facets";
import {
  type AvailabilityCounts,
  choiceKey,
  facetCondition,
  type facetCounts,
  idList,
  lineCondition,
  linesOf,
  scopeKey,
} from "../catalog/facets";
import { productPath } from "../catalog/lines";
import { listingCounts } from "../catalog/listing-counts";
import { searchProducts } from "../catalog/search/engine";
import { normalizeQuery } from "../catalog/search/text";
import { dialectOf } from "../db/connect";
import type { DB } from "../db/schema";
import { type Audience, cardsForAudience, refusalsForAudience } from "./audience";

/** Results a search page shows. */
export const SEARCH_PAGE_SIZE = 48;

/**
 * What the search page shows for a query (issue 38), as the audience sees it: a page of cards
 * (one a line, ranked by the engine), narrowed by the filters (facets, in stock, sold to my
 * address) inside the engine's tiers, and on the first page the filters' counts over every line
 * the search found. A SKU or UPC typed whole, unfiltered, on the first page: where to go instead.
 */
export async function searchPage(
  db: Kysely<DB>,
  audience: Audience,
  ask: { query: string; page: number; facets: FacetChoice; inStockOnly: boolean; soldHere: boolean },
): Promise<{ redirect: string } | SearchPage> {
  const { query, page, facets, inStockOnly } = ask;
  const refusals = await refusalsForAudience(db, audience);
  const soldHere = ask.soldHere && refusals !== null;
  const filtered = hasFacets(facets) || inStockOnly || soldHere;
  const filters = { inStockOnly, soldHere: soldHere ? refusals : null };
  // The products of the lines the filters keep, as a subquery the engine's tiers read.
  const within = filtered
    ? sql<number>`(${db
        .selectFrom("products")
        .select("products.id")
        .where(lineCondition(filters, dialectOf(db)))
        .where(facetCondition(facets))})`
    : null;
  const found = query
    ? await searchProducts(db, query, {
        limit: SEARCH_PAGE_SIZE + 1,
        offset: (page - 1) * SEARCH_PAGE_SIZE,
        within,
        // The first page counts the filters over every line found: the same reading's matches.
        withMatched: page === 1,
      })
    : { exact: null, products: [] };
  if (found.exact && page === 1 && !filtered) {
    return { redirect: (await productPath(db, found.exact.id)) ?? "/search" };
  }
  // One card a line: the line's first variant found stands for it.
  const lines = new Set<number>();
  const cards = found.products.slice(0, SEARCH_PAGE_SIZE).filter((p) => !lines.has(p.lineId) && lines.add(p.lineId));
  // The filters' counts over every line the search found (the first page only).
  const matched = "matched" in found ? (found.matched ?? null) : null;
  // Remembered for every viewer of this search (the "sold to my address" count per refusals).
  const key = `search|${JSON.stringify(normalizeQuery(query))}|${scopeKey({ category: null, ...filters })}|${choiceKey(facets)}`;
  const [counted, products] = await Promise.all([
    matched
      ? listingCounts(
          db,
          key,
          // The lines found, read once (and only when something is not remembered): counting then
          // reads a list, not the search again for each row counted (seconds for a common word at
          // 100,000 lines); none found, nothing to count.
          async () => {
            const found = await linesOf(db, matched);
            return found.length ? { category: null, ...filters, lineIds: idList(db, found) } : null;
          },
          facets,
          refusals,
        )
      : null,
    cardsForAudience(db, audience, cards),
  ]);
  const counts = counted?.counts ?? null;
  const availability = counted?.availability ?? null;
  return {
    redirect: null,
    filtered,
    hasMore: found.products.length > SEARCH_PAGE_SIZE,
    products,
    counts,
    availability,
    soldHere,
    offerSoldHere: refusals !== null,
  };
}

/** A search page's contents (searchPage). */
export interface SearchPage {
  redirect: null;
  /** Narrowed by a filter: not kept by the visitor cache. */
  filtered: boolean;
  hasMore: boolean;
  products: Awaited<ReturnType<typeof cardsForAudience>>;
  counts: Awaited<ReturnType<typeof facetCounts>> | null;
  availability: AvailabilityCounts | null;
  soldHere: boolean;
  offerSoldHere: boolean;
}

import type { Kysely } from "kysely";
import type { CategorySlug } from "~/lib/categories";
import { FACETS, type FacetChoice } from "~/lib/facets";
import type { ListingSort } from "~/lib/listing";
import { choiceKey, scopeKey } from "../catalog/facets";
import { listingCounts } from "../catalog/listing-counts";
import { decodeCursor, listCategoryPage } from "../catalog/products";
import type { DB } from "../db/schema";
import { type Audience, cardsForAudience, refusalsForAudience } from "./audience";

/** Cards a category or brand page shows at a time. */
export const LISTING_PAGE_SIZE = 24;

/**
 * What a category or brand page shows (issue 38), as the audience sees it: a page of line cards
 * in the order asked, narrowed by the filters (facets, in stock, sold to my address), and on the
 * first page (no cursor) the filters' counts. Price orders are the route's to allow (only for an
 * audience that sees prices); "sold to my address" applies only where the audience has rules
 * at an address.
 */
export async function categoryPage(
  db: Kysely<DB>,
  audience: Audience,
  ask: {
    category: CategorySlug | null;
    brandId: number | null;
    sort: ListingSort;
    cursor: string | null;
    facets: FacetChoice;
    inStockOnly: boolean;
    soldHere: boolean;
  },
) {
  const group = ask.sort.startsWith("price") ? audience.priceGroup : null;
  // Sold to my address: what the rules refuse at the customer's address (null: none, not offered).
  const refusals = await refusalsForAudience(db, audience);
  const scope = {
    category: ask.category,
    brandId: ask.brandId,
    inStockOnly: ask.inStockOnly,
    soldHere: ask.soldHere ? refusals : null,
  };
  const firstPage = ask.cursor === null;
  const [page, counted] = await Promise.all([
    listCategoryPage(db, {
      ...scope,
      after: decodeCursor(ask.cursor),
      limit: LISTING_PAGE_SIZE,
      sort: ask.sort,
      group,
      facets: ask.facets,
    }),
    // The filters' counts: the first page only (the next pages load the list alone), the same for
    // every viewer of this listing until the catalog or the rules change (counts-memo.ts); the
    // in-stock and "sold to my address" counts for every viewer with the same refusals (the
    // latter is theirs).
    firstPage
      ? listingCounts(
          db,
          `category|${scopeKey(scope)}|${choiceKey(ask.facets)}`,
          async () => scope,
          ask.facets,
          refusals,
          ask.brandId !== null ? FACETS.filter((f) => f !== "brand") : FACETS,
        )
      : null,
  ]);
  return {
    soldHere: ask.soldHere && refusals !== null,
    offerSoldHere: refusals !== null,
    counts: counted?.counts ?? null,
    availability: counted?.availability ?? null,
    products: await cardsForAudience(db, audience, page.items),
    nextCursor: page.nextCursor,
  };
}

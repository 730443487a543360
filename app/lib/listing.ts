/**
 * How a listing (a category page) may be ordered and filtered (issue 16). Price orders are for
 * customers who see prices: a visitor asking for one gets the name order, so the order of a
 * page never tells a visitor which product costs more.
 */
export const LISTING_SORTS = ["name", "newest", "price-asc", "price-desc"] as const;
export type ListingSort = (typeof LISTING_SORTS)[number];

export const LISTING_SORT_LABELS: Record<ListingSort, string> = {
  name: "Name (A to Z)",
  newest: "Newest first",
  "price-asc": "Price: low to high",
  "price-desc": "Price: high to low",
};

export function isPriceSort(sort: ListingSort): boolean {
  return sort === "price-asc" || sort === "price-desc";
}

/** The sorts a viewer may choose: price orders only for those who see prices. */
export function sortsFor(canSeePrices: boolean): ListingSort[] {
  return LISTING_SORTS.filter((s) => canSeePrices || !isPriceSort(s));
}

export interface ListingQuery {
  sort: ListingSort;
  inStockOnly: boolean;
  /** Sold to my address (issue 38): lines the rules let the customer buy at their address. */
  soldHere: boolean;
  /** False when the address asked for a made-up value: the page is then shown as `sort`/`inStockOnly`
   * say, and its answer is not kept in the visitor cache (one entry per invented value would fill it).
   * A price order asked for by a visitor is a known value: its answer (the name order) is cached. */
  canonical: boolean;
}

/** Reads `sort`, `instock` and `sold` from a listing's address, for a viewer who may or may not see prices. */
export function readListingQuery(params: URLSearchParams, canSeePrices: boolean): ListingQuery {
  const askedSort = params.get("sort");
  const askedStock = params.get("instock");
  const askedSold = params.get("sold");
  const allowed = sortsFor(canSeePrices);
  const sort = allowed.find((s) => s === askedSort) ?? "name";
  const inStockOnly = askedStock === "1";
  const soldHere = askedSold === "here";
  const knownSort = askedSort === null || LISTING_SORTS.some((s) => s === askedSort);
  const canonical = knownSort && (askedStock === null || askedStock === "1") && askedSold === null;
  return { sort, inStockOnly, soldHere, canonical };
}

/** The query string of a listing (without the cursor): only what differs from the defaults. */
export function listingSearch(
  query: Pick<ListingQuery, "sort" | "inStockOnly"> & { soldHere?: boolean },
): URLSearchParams {
  const params = new URLSearchParams();
  if (query.sort !== "name") params.set("sort", query.sort);
  if (query.inStockOnly) params.set("instock", "1");
  if (query.soldHere) params.set("sold", "here");
  return params;
}

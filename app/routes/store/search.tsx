import { data, Link, redirect } from "react-router";
import { normalizeQuery } from "~/.server/catalog/search/text";
import { getDb } from "~/.server/db/instance";
import { audienceOf } from "~/.server/flows/audience";
import { searchPage } from "~/.server/flows/search-page";
import { FacetFilters } from "~/components/facet-filters";
import { ListingControls } from "~/components/listing-controls";
import { ProductCard } from "~/components/product-card";
import { ButtonLink } from "~/components/ui/button";
import { FACETS, facetSearch, readFacets } from "~/lib/facets";
import { listingSearch, readListingQuery } from "~/lib/listing";
import * as MESSAGES from "~/lib/messages";
import type { RouteHandle } from "~/lib/route-policy";
import { pageParam } from "~/lib/schemas/params";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/search";

/**
 * The same for every visitor: cached (app/lib/route-policy.ts). Every parameter the loader reads
 * is named (the cache renders from its key); a filtered search renders but is not kept.
 */
export const handle: RouteHandle = { visitorCache: { query: ["q", "page", "instock", "sold", ...FACETS] } };

export function meta({ loaderData: data, matches }: Route.MetaArgs) {
  const root = matches[0].loaderData;
  return seo({
    title: data?.query ? `Search: ${data.query}` : "Search",
    description: MESSAGES.searchPageDescription,
    path: "/search",
    baseUrl: root.baseUrl,
    storeName: root.store.name,
    noindex: true,
  });
}

export async function loader({ url, context }: Route.LoaderArgs) {
  const query = normalizeQuery(url.searchParams.get("q"));
  const page = pageParam(url.searchParams.get("page"), 1000);
  const db = getDb();
  const audience = await audienceOf(context, db);
  // The filters (issue 38): facets, in stock, sold to my address; the order is the search's rank.
  const listing = readListingQuery(url.searchParams, false);
  const facets = readFacets(url.searchParams);
  const shown = await searchPage(db, audience, {
    query,
    page,
    facets,
    inStockOnly: listing.inStockOnly,
    soldHere: listing.soldHere,
  });
  // A SKU or UPC typed whole goes straight to its product (its line's page, it chosen).
  if (shown.redirect !== null) throw redirect(shown.redirect);
  return data(
    {
      query,
      page,
      facets,
      inStockOnly: listing.inStockOnly,
      hasMore: shown.hasMore,
      products: shown.products,
      counts: shown.counts,
      availability: shown.availability,
      soldHere: shown.soldHere,
      offerSoldHere: shown.offerSoldHere,
    },
    shown.filtered || !listing.canonical ? { headers: { "X-Visitor-Cache": "skip" } } : undefined,
  );
}

/** Passes the loader's word on caching to the server's visitor cache (server/visitor-cache.ts). */
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const { query, products, page, hasMore, facets, inStockOnly, soldHere } = loaderData;
  // The filters chosen, kept by the other filters' forms and the page links.
  const kept = facetSearch(facets, listingSearch({ sort: "name", inStockOnly, soldHere }));
  const pageLink = (n: number) => {
    const params = new URLSearchParams({ q: query, page: String(n) });
    for (const [name, value] of kept) params.append(name, value);
    return `/search?${params}`;
  };
  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">{query ? `Results for “${query}”` : "Search products"}</h1>
        {query ? (
          <ListingControls
            sorts={null}
            sort="name"
            inStockOnly={inStockOnly}
            soldHere={soldHere}
            offerSoldHere={loaderData.offerSoldHere}
            availability={loaderData.availability}
            facets={facets}
            query={query}
          />
        ) : null}
      </div>
      {query && loaderData.counts ? (
        <FacetFilters
          counts={loaderData.counts}
          chosen={facets}
          keep={new URLSearchParams([["q", query], ...listingSearch({ sort: "name", inStockOnly, soldHere })])}
        />
      ) : null}
      {!query ? (
        <p className="mt-4 text-slate-700">{MESSAGES.typeProductName}</p>
      ) : products.length === 0 ? (
        <div className="mt-8 rounded-lg border border-dashed border-slate-300 bg-white p-10 text-center">
          <p className="text-lg font-semibold text-slate-800">{MESSAGES.noProductsFound}</p>
          <ButtonLink to="/products/all" variant="secondary" className="mt-4">
            Browse all products
          </ButtonLink>
        </div>
      ) : (
        <>
          <ul className="mt-4 grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5">
            {products.map((p) => (
              <li key={p.id}>
                <ProductCard product={p} show="description" />
              </li>
            ))}
          </ul>
          <nav aria-label="Search result pages" className="mt-6 flex justify-center gap-4">
            {page > 1 ? (
              <Link to={pageLink(page - 1)} className="font-semibold text-brand-700 underline">
                Previous page
              </Link>
            ) : null}
            {hasMore ? (
              <Link to={pageLink(page + 1)} className="font-semibold text-brand-700 underline">
                Next page
              </Link>
            ) : null}
          </nav>
        </>
      )}
    </div>
  );
}

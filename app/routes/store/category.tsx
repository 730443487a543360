import { useCallback, useEffect, useRef, useState } from "react";
import { data, Form, Link, useFetcher, useSubmit } from "react-router";
import { findBrandBySlug } from "~/.server/catalog/lines";
import { getDb } from "~/.server/db/instance";
import { audienceOf } from "~/.server/flows/audience";
import { categoryPage } from "~/.server/flows/category-page";
import { FacetFilters } from "~/components/facet-filters";
import { ListingControls } from "~/components/listing-controls";
import { ProductCard } from "~/components/product-card";
import { Button, ButtonLink } from "~/components/ui/button";
import { useHydrated } from "~/components/use-hydrated";
import { categoryHeading, isCategorySlug } from "~/lib/categories";
import { FACETS, type FacetChoice, facetSearch, hasFacets, readFacets } from "~/lib/facets";
import { LISTING_SORT_LABELS, type ListingSort, listingSearch, readListingQuery, sortsFor } from "~/lib/listing";
import * as MESSAGES from "~/lib/messages";
import * as LINE_MESSAGES from "~/lib/messages/lines";
import * as PAGE_MESSAGES from "~/lib/messages/pages";
import type { ProductCard as Card } from "~/lib/product-types";
import type { RouteHandle } from "~/lib/route-policy";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/category";

/**
 * A category's listing, or a brand's (/brands/:slug, issue 38). The same for every visitor: cached
 * (app/lib/route-policy.ts) by page, order and stock filter; a listing narrowed by facets is not
 * kept (its combinations are many).
 */
// Every parameter the loader reads is named here: the cache renders a page from its key alone
// (server/visitor-cache.ts), so a parameter left out would never reach the loader. Filtered
// pages (facets, sold to my address) render but are not kept: the loader says skip.
export const handle: RouteHandle = { visitorCache: { query: ["cursor", "sort", "instock", "sold", ...FACETS] } };

export function meta({ loaderData: data, matches }: Route.MetaArgs) {
  const root = matches[0].loaderData;
  const heading = data?.heading ?? "Products";
  return seo({
    title: heading === "All" ? "All Products" : `${heading} Wholesale`,
    // Written by the loader: the sentence stays on the server, out of the page's JavaScript.
    description: data?.description ?? MESSAGES.catalogPageDescription,
    // Every made-up slug lists the same products as /products/all: that is its canonical address.
    path: data?.basePath.startsWith("/brands/")
      ? data.basePath
      : `/products/${heading === "All" ? "all" : (data?.slug ?? "")}`,
    baseUrl: root.baseUrl,
    storeName: root.store.name,
  });
}

export async function loader({ url, params, context }: Route.LoaderArgs) {
  const db = getDb();
  const brand = params.brand ? await findBrandBySlug(db, params.brand) : null;
  if (params.brand && !brand) throw data(LINE_MESSAGES.brandNotFound, { status: 404 });
  const slug = brand ? "all" : (params.category ?? "all");
  const category = isCategorySlug(slug) ? slug : null;
  const audience = await audienceOf(context, db);
  const prices = audience.seesPrices;
  // Price orders only for customers who see prices; anything else asked for lists by name.
  const listing = readListingQuery(url.searchParams, prices);
  const facets = readFacets(url.searchParams);
  // The spec: any slug that is not a category lists every product as 'All'. Only the declared
  // slugs (and "all"), in the orders a visitor may ask for, without facets, are kept in the
  // visitor cache: made-up addresses must not fill it.
  const known = (slug === "all" || isCategorySlug(slug)) && listing.canonical && !hasFacets(facets);
  const heading = brand ? LINE_MESSAGES.brandHeading(brand.name) : categoryHeading(slug);
  const page = await categoryPage(db, audience, {
    category,
    brandId: brand?.id ?? null,
    sort: listing.sort,
    cursor: url.searchParams.get("cursor"),
    facets,
    inStockOnly: listing.inStockOnly,
    soldHere: listing.soldHere,
  });
  return data(
    {
      slug,
      basePath: brand ? `/brands/${brand.slug}` : `/products/${slug}`,
      heading,
      description: heading === "All" ? MESSAGES.catalogPageDescription : PAGE_MESSAGES.categoryPageDescription(heading),
      sort: listing.sort,
      inStockOnly: listing.inStockOnly,
      soldHere: page.soldHere,
      offerSoldHere: page.offerSoldHere,
      sorts: sortsFor(prices),
      facets,
      counts: page.counts,
      availability: page.availability,
      products: page.products,
      nextCursor: page.nextCursor,
    },
    known ? undefined : { headers: { "X-Visitor-Cache": "skip" } },
  );
}

/** Passes the loader's word on caching to the server's visitor cache (server/visitor-cache.ts). */
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export default function Category({ loaderData }: Route.ComponentProps) {
  const fetcher = useFetcher<typeof loader>();
  const [products, setProducts] = useState<Card[]>(loaderData.products);
  const [next, setNext] = useState<string | null>(loaderData.nextCursor);
  const sentinel = useRef<HTMLDivElement>(null);
  const loading = fetcher.state !== "idle";
  const { sort, inStockOnly, soldHere } = loaderData;
  const nextPage = useCallback(
    (cursor: string) => {
      const params = facetSearch(loaderData.facets, listingSearch({ sort, inStockOnly, soldHere }));
      params.set("cursor", cursor);
      return params;
    },
    [sort, inStockOnly, soldHere, loaderData.facets],
  );

  // A new category (or a revalidation) starts the list again.
  useEffect(() => {
    setProducts(loaderData.products);
    setNext(loaderData.nextCursor);
  }, [loaderData]);

  useEffect(() => {
    if (!fetcher.data || fetcher.state !== "idle") return;
    const page = fetcher.data;
    setProducts((current) => {
      const seen = new Set(current.map((p) => p.id));
      return [...current, ...page.products.filter((p) => !seen.has(p.id))];
    });
    setNext(page.nextCursor);
  }, [fetcher.data, fetcher.state]);

  useEffect(() => {
    const el = sentinel.current;
    if (!el || !next) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && fetcher.state === "idle") {
          fetcher.load(`${loaderData.basePath}?${nextPage(next)}`);
        }
      },
      { rootMargin: "600px 0px" },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [next, fetcher, loaderData.basePath, nextPage]);

  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <nav aria-label="Breadcrumb" className="text-sm text-slate-600">
        <Link to="/" className="hover:underline">
          Home
        </Link>{" "}
        / <span aria-current="page">{loaderData.heading}</span>
      </nav>
      <div className="mt-2 flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{loaderData.heading}</h1>
        <ListingControls
          sorts={loaderData.sorts}
          sort={sort}
          inStockOnly={inStockOnly}
          soldHere={soldHere}
          offerSoldHere={loaderData.offerSoldHere}
          availability={loaderData.availability}
          facets={loaderData.facets}
        />
      </div>
      {loaderData.counts ? (
        <FacetFilters
          counts={loaderData.counts}
          chosen={loaderData.facets}
          keep={listingSearch({ sort, inStockOnly, soldHere })}
        />
      ) : null}
      {products.length === 0 ? (
        <div className="mt-8 rounded-lg border border-dashed border-slate-300 bg-white p-10 text-center">
          <p className="text-lg font-semibold text-slate-800">{MESSAGES.noProductsFound}</p>
          <ButtonLink to="/products/all" variant="secondary" className="mt-4">
            Browse all products
          </ButtonLink>
        </div>
      ) : (
        <ul className="mt-4 grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5">
          {products.map((p, i) => (
            <li key={p.id}>
              <ProductCard product={p} show="description" priority={i < 4} />
            </li>
          ))}
        </ul>
      )}
      <div ref={sentinel} aria-live="polite" className="mt-6 flex min-h-12 items-center justify-center">
        {loading ? <p className="text-sm font-medium text-slate-700">{MESSAGES.loadingMoreProducts}</p> : null}
        {!loading && next ? (
          <Link
            to={`?${nextPage(next)}`}
            className="text-sm font-semibold text-brand-700 underline"
            onClick={(e) => {
              e.preventDefault();
              fetcher.load(`${loaderData.basePath}?${nextPage(next)}`);
            }}
          >
            Show more products
          </Link>
        ) : null}
      </div>
    </div>
  );
}

import { useEffect, useRef, useState } from "react";
import { data, Link, useFetcher } from "react-router";
import { canSeePrices } from "~/.server/accounts/viewer";
import { decodeCursor, listCategoryPage } from "~/.server/catalog/products";
import { shapeCard } from "~/.server/catalog/shape";
import { getDb } from "~/.server/db/instance";
import { viewerOf } from "~/.server/request-context";
import { ProductCard } from "~/components/product-card";
import { ButtonLink } from "~/components/ui/button";
import { categoryHeading, isCategorySlug } from "~/lib/categories";
import * as MESSAGES from "~/lib/messages";
import type { ProductCard as Card } from "~/lib/product-types";
import type { RouteHandle } from "~/lib/route-policy";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/category";

/** The same for every visitor: cached (app/lib/route-policy.ts). */
export const handle: RouteHandle = { visitorCache: { query: ["cursor"] } };

export const LISTING_PAGE_SIZE = 24;

export function meta({ data, matches }: Route.MetaArgs) {
  const root = matches[0].loaderData;
  const heading = data?.heading ?? "Products";
  return seo({
    title: heading === "All" ? "All Products" : `${heading} Wholesale`,
    description:
      heading === "All"
        ? "Browse every product we carry at wholesale: vapes, kratom, glass, novelty, accessories and delta."
        : `Wholesale ${heading.toLowerCase()} for retailers in Dallas-Fort Worth: browse the range and order in bulk.`,
    // Every made-up slug lists the same products as /products/all: that is its canonical address.
    path: `/products/${heading === "All" ? "all" : (data?.slug ?? "")}`,
    baseUrl: root.baseUrl,
    storeName: root.store.name,
  });
}

export async function loader({ url, params, context }: Route.LoaderArgs) {
  const slug = params.category;
  // The spec: any slug that is not a category lists every product as 'All'. Only the declared
  // slugs (and "all") are kept in the visitor cache: made-up addresses must not fill it.
  const known = slug === "all" || isCategorySlug(slug);
  const page = await listCategoryPage(getDb(), {
    category: isCategorySlug(slug) ? slug : null,
    after: decodeCursor(url.searchParams.get("cursor")),
    limit: LISTING_PAGE_SIZE,
  });
  const prices = canSeePrices(viewerOf(context));
  return data(
    {
      slug,
      heading: categoryHeading(slug),
      products: page.items.map((p) => shapeCard(p, prices)),
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
          fetcher.load(`/products/${loaderData.slug}?${new URLSearchParams({ cursor: next })}`);
        }
      },
      { rootMargin: "600px 0px" },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [next, fetcher, loaderData.slug]);

  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <nav aria-label="Breadcrumb" className="text-sm text-slate-600">
        <Link to="/" className="hover:underline">
          Home
        </Link>{" "}
        / <span aria-current="page">{loaderData.heading}</span>
      </nav>
      <h1 className="mt-2 text-2xl font-bold text-slate-900 sm:text-3xl">{loaderData.heading}</h1>
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
            to={`?${new URLSearchParams({ cursor: next })}`}
            className="text-sm font-semibold text-brand-700 underline"
            onClick={(e) => {
              e.preventDefault();
              fetcher.load(`/products/${loaderData.slug}?${new URLSearchParams({ cursor: next })}`);
            }}
          >
            Show more products
          </Link>
        ) : null}
      </div>
    </div>
  );
}

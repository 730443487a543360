import { Link, redirect } from "react-router";
import { productPath } from "~/.server/catalog/lines";
import { searchProducts } from "~/.server/catalog/search/engine";
import { normalizeQuery } from "~/.server/catalog/search/text";
import { getDb } from "~/.server/db/instance";
import { audienceOf, cardsForAudience } from "~/.server/flows/audience";
import { ProductCard } from "~/components/product-card";
import { ButtonLink } from "~/components/ui/button";
import * as MESSAGES from "~/lib/messages";
import type { RouteHandle } from "~/lib/route-policy";
import { pageParam } from "~/lib/schemas/params";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/search";

/** The same for every visitor: cached (app/lib/route-policy.ts). */
export const handle: RouteHandle = { visitorCache: { query: ["q", "page"] } };

export const SEARCH_PAGE_SIZE = 48;

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
  const [audience, found] = await Promise.all([
    audienceOf(context, db),
    query
      ? searchProducts(db, query, { limit: SEARCH_PAGE_SIZE + 1, offset: (page - 1) * SEARCH_PAGE_SIZE })
      : { exact: null, products: [] },
  ]);
  // A SKU or UPC typed whole goes straight to its product (its line's page, it chosen).
  if (found.exact && page === 1) throw redirect((await productPath(db, found.exact.id)) ?? "/search");
  // One card a line (issue 38): the line's first variant found stands for it.
  const lines = new Set<number>();
  const cards = found.products.slice(0, SEARCH_PAGE_SIZE).filter((p) => !lines.has(p.lineId) && lines.add(p.lineId));
  return {
    query,
    page,
    hasMore: found.products.length > SEARCH_PAGE_SIZE,
    products: await cardsForAudience(db, audience, cards),
  };
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const { query, products, page, hasMore } = loaderData;
  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <h1 className="text-2xl font-bold text-slate-900">{query ? `Results for “${query}”` : "Search products"}</h1>
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
              <Link
                to={`/search?${new URLSearchParams({ q: query, page: String(page - 1) })}`}
                className="font-semibold text-brand-700 underline"
              >
                Previous page
              </Link>
            ) : null}
            {hasMore ? (
              <Link
                to={`/search?${new URLSearchParams({ q: query, page: String(page + 1) })}`}
                className="font-semibold text-brand-700 underline"
              >
                Next page
              </Link>
            ) : null}
          </nav>
        </>
      )}
    </div>
  );
}

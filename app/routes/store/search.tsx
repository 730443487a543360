import { Link } from "react-router";
import { canSeePrices } from "~/.server/accounts/viewer";
import { normalizeQuery, searchProducts } from "~/.server/catalog/search";
import { shapeCard } from "~/.server/catalog/shape";
import { withNotes } from "~/.server/compliance/for-buyer";
import { getDb } from "~/.server/db/instance";
import { pricedForViewer } from "~/.server/pricing/prices";
import { viewerOf } from "~/.server/request/context";
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
  const prices = canSeePrices(viewerOf(context));
  const found = query
    ? await searchProducts(getDb(), query, { limit: SEARCH_PAGE_SIZE + 1, offset: (page - 1) * SEARCH_PAGE_SIZE })
    : [];
  return {
    query,
    page,
    hasMore: found.length > SEARCH_PAGE_SIZE,
    products: await withNotes(
      getDb(),
      viewerOf(context)?.id ?? null,
      (await pricedForViewer(getDb(), viewerOf(context), found.slice(0, SEARCH_PAGE_SIZE))).map((p) =>
        shapeCard(p, prices),
      ),
    ),
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

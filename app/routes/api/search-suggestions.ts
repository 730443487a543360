import { suggestProducts } from "~/.server/catalog/search/engine";
import { getDb } from "~/.server/db/instance";
import { audienceOf, pricedForAudience } from "~/.server/flows/audience";
import type { RouteHandle } from "~/lib/route-policy";
import type { Route } from "./+types/search-suggestions";

/** The same for every visitor: cached (app/lib/route-policy.ts). */
export const handle: RouteHandle = { visitorCache: { query: ["q"] } };

export const MAX_SUGGESTIONS = 5;

/** How long a visitor's suggestions may be kept: one header, the same whichever way they are asked for. */
export const SUGGESTIONS_CACHE_CONTROL = "public, max-age=30";

/**
 * The browser asks through React Router's data URL (/api/search-suggestions.data), whose answer
 * takes its headers from this export, not from the loader's Response: without it the data URL
 * answered the store's default page policy while the plain URL answered the loader's.
 */
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  const cacheControl = loaderHeaders.get("Cache-Control");
  return cacheControl ? { "Cache-Control": cacheControl } : new Headers();
}

/**
 * Header search suggestions: up to 5 products for q, ranked by the catalog's search (the product
 * whose SKU or UPC q is first; catalog/search/engine.ts). Prices for buyers only.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const q = url.searchParams.get("q") ?? "";
  const db = getDb();
  const [audience, found] = await Promise.all([audienceOf(context, db), suggestProducts(db, q, MAX_SUGGESTIONS)]);
  const prices = audience.seesPrices;
  const products = await pricedForAudience(db, audience, found);
  return Response.json(
    {
      suggestions: products.map((p) => ({
        id: p.id,
        name: p.name,
        image: p.images[0] ?? null,
        ...(prices ? { priceCents: p.priceCents } : {}),
      })),
    },
    { headers: { "Cache-Control": prices ? "private, no-store" : SUGGESTIONS_CACHE_CONTROL } },
  );
}

import { canSeePrices } from "~/.server/accounts/viewer";
import { suggestProducts } from "~/.server/catalog/search";
import { getDb } from "~/.server/db/instance";
import { pricedForViewer } from "~/.server/pricing/prices";
import { viewerOf } from "~/.server/request/context";
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

/** Header search suggestions: up to 5 products whose name contains q. Prices for buyers only. */
export async function loader({ url, context }: Route.LoaderArgs) {
  const q = url.searchParams.get("q") ?? "";
  const prices = canSeePrices(viewerOf(context));
  const products = await pricedForViewer(
    getDb(),
    viewerOf(context),
    await suggestProducts(getDb(), q, MAX_SUGGESTIONS),
  );
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

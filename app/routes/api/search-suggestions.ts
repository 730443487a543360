import { canSeePrices, getViewer } from "~/.server/accounts/viewer";
import { suggestProducts } from "~/.server/catalog/search";
import { getDb } from "~/.server/db/instance";
import type { Route } from "./+types/search-suggestions";

export const MAX_SUGGESTIONS = 5;

/** Header search suggestions: up to 5 products whose name contains q. Prices for buyers only. */
export async function loader({ request }: Route.LoaderArgs) {
  const q = new URL(request.url).searchParams.get("q") ?? "";
  const prices = canSeePrices(await getViewer(request));
  const products = await suggestProducts(getDb(), q, MAX_SUGGESTIONS);
  return Response.json(
    {
      suggestions: products.map((p) => ({
        id: p.id,
        name: p.name,
        image: p.images[0] ?? null,
        ...(prices ? { priceCents: p.priceCents } : {}),
      })),
    },
    { headers: { "Cache-Control": prices ? "private, no-store" : "public, max-age=30" } },
  );
}

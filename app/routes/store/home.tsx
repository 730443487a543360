import { listNewestProducts } from "~/.server/catalog/products";
import { getDb } from "~/.server/db/instance";
import { audienceOf, cardsForAudience } from "~/.server/flows/audience";
import { inStockFirst, listBestSellers } from "~/.server/orders/best-sellers";
import { storeInfo } from "~/.server/runtime/store-info";
import { HeroCarousel } from "~/components/home/hero-carousel";
import { ProductStrip } from "~/components/home/product-strip";
import { Icon } from "~/components/icon";
import * as MESSAGES from "~/lib/messages";
import * as PAGE_MESSAGES from "~/lib/messages/pages";
import type { RouteHandle } from "~/lib/route-policy";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/home";

/** The same for every visitor: cached (app/lib/route-policy.ts). */
export const handle: RouteHandle = { visitorCache: { query: [] } };

export const HOME_ROW_SIZE = 7;

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const root = matches[0].loaderData;
  return seo({
    title: root.store.name,
    // Written by the loader: the sentence stays on the server, out of the page's JavaScript.
    description: loaderData?.description ?? "",
    path: "/",
    baseUrl: root.baseUrl,
    storeName: root.store.name,
  });
}

/**
 * The two strips: newest products (in stock first) and best sellers, as the audience sees them
 * (flows/audience.ts: their prices, and the note a customer reads when a product cannot ship to
 * their default address), with one price book and one compliance check for both strips.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const db = getDb();
  const [audience, newest] = await Promise.all([audienceOf(context, db), listNewestProducts(db, HOME_ROW_SIZE)]);
  const bestSellers = await listBestSellers(
    db,
    HOME_ROW_SIZE,
    newest.map((p) => p.id),
  );
  const first = inStockFirst(newest);
  const cards = await cardsForAudience(db, audience, [...first, ...bestSellers]);
  return {
    newProducts: cards.slice(0, first.length),
    bestSellers: cards.slice(first.length),
    description: PAGE_MESSAGES.homePageDescription(storeInfo().name),
  };
}

const BLURBS = [
  {
    title: "Fast local delivery",
    text: MESSAGES.homeDeliveryText,
    icon: "truck",
  },
  {
    title: "Bulk inventory",
    text: MESSAGES.homeStockText,
    icon: "boxes",
  },
  {
    title: "Friendly support",
    text: MESSAGES.homeSupportText,
    icon: "headset",
  },
] as const;

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <h1 className="sr-only">Wholesale convenience-store and smoke-shop supply</h1>
      <section
        aria-label="About us"
        className="mb-6 rounded-lg border border-brand-200 bg-brand-50 px-4 py-3 text-center text-sm text-brand-900 sm:text-base"
      >
        <strong>Dallas wholesale supply</strong> for convenience stores, gas stations, novelty and smoke shops.
      </section>
      <HeroCarousel />
      <section aria-label="Why buy from us" className="mt-8 grid gap-4 sm:grid-cols-3">
        {BLURBS.map((b) => (
          <div key={b.title} className="flex gap-3 rounded-lg border border-slate-200 bg-white p-4">
            <Icon name={b.icon} className="size-8 shrink-0 text-brand-700" />
            <div>
              <h2 className="font-bold text-slate-900">{b.title}</h2>
              <p className="mt-1 text-sm text-slate-600">{b.text}</p>
            </div>
          </div>
        ))}
      </section>
      <ProductStrip id="new-products" title="New Products" products={loaderData.newProducts} />
      <ProductStrip id="best-sellers" title="Best Sellers" products={loaderData.bestSellers} />
    </div>
  );
}

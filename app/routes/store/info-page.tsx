import { data } from "react-router";
import { findContentPage } from "~/.server/content/pages";
import { storeInfo } from "~/.server/runtime/store-info";
import { RichText } from "~/components/rich-text";
import type { RouteHandle } from "~/lib/route-policy";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/info-page";

/** The same for every visitor: cached (app/lib/route-policy.ts). */
export const handle: RouteHandle = { visitorCache: { query: [] } };

export function meta({ loaderData: page, matches }: Route.MetaArgs) {
  const root = matches[0].loaderData;
  if (!page) return [{ title: "Page not found" }];
  return seo({
    title: page.title,
    description: page.description,
    path: `/${page.slug}`,
    baseUrl: root.baseUrl,
    storeName: root.store.name,
  });
}

export async function loader({ url }: Route.LoaderArgs) {
  const slug = url.pathname.replace(/^\/+|\/+$/g, "");
  const page = findContentPage(slug, storeInfo());
  if (!page) throw data("Page not found", { status: 404 });
  return page;
}

export default function InfoPage({ loaderData }: Route.ComponentProps) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-3xl font-bold text-slate-900">{loaderData.title}</h1>
      <div className="mt-6 rounded-lg border border-slate-200 bg-white p-5 sm:p-8">
        <RichText blocks={loaderData.blocks} />
      </div>
    </article>
  );
}

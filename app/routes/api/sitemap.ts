import { listProductIdsForSitemap } from "~/.server/catalog/products";
import { getDb } from "~/.server/db/instance";
import { env } from "~/.server/runtime/env";
import { CATEGORY_SLUGS } from "~/lib/categories";
import { INFO_PAGE_SLUGS } from "~/lib/info-pages";
import type { RouteHandle } from "~/lib/route-policy";

function xmlEscape(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** Public pages and every product page. No prices: a sitemap lists addresses only. */

/** The same for every visitor: cached (app/lib/route-policy.ts). */
export const handle: RouteHandle = { visitorCache: { query: [] } };

export async function loader() {
  const base = env().BASE_URL;
  const products = await listProductIdsForSitemap(getDb());
  const urls: { loc: string; lastmod?: string }[] = [
    { loc: `${base}/` },
    ...CATEGORY_SLUGS.map((slug) => ({ loc: `${base}/products/${slug}` })),
    { loc: `${base}/contact` },
    ...INFO_PAGE_SLUGS.map((slug) => ({ loc: `${base}/${slug}` })),
    ...products.map((p) => ({ loc: `${base}/products/details/${p.id}`, lastmod: p.updatedAt.slice(0, 10) })),
  ];
  const body = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${urls.map((u) => `  <url><loc>${xmlEscape(u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod}</lastmod>` : ""}</url>`).join("\n")}
</urlset>
`;
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}

import { data, Link, redirect } from "react-router";
import { canSeePrices } from "~/.server/accounts/viewer";
import { rememberCartAdd } from "~/.server/catalog/cart-add";
import { productJsonLd } from "~/.server/catalog/json-ld";
import { findProduct, listRelatedProducts } from "~/.server/catalog/products";
import { shapeCard, shapeDetail } from "~/.server/catalog/shape";
import { getDb } from "~/.server/db/instance";
import { env } from "~/.server/env";
import { formOf, viewerOf } from "~/.server/request-context";
import { redirectWithToast } from "~/.server/toast";
import { AddToCart } from "~/components/cart/add-to-cart";
import { LoginForPrice, Price } from "~/components/price";
import { ProductCard } from "~/components/product-card";
import { ProductGallery } from "~/components/product-gallery";
import { StockBadge } from "~/components/ui/badge";
import { categoryHeading } from "~/lib/categories";
import { imageSrc } from "~/lib/images";
import * as MESSAGES from "~/lib/messages";
import { hasPrice } from "~/lib/product-types";
import type { RouteHandle } from "~/lib/route-policy";
import { idParam } from "~/lib/schemas/params";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/product";

/** The same for every visitor: cached (app/lib/route-policy.ts). */
export const handle: RouteHandle = { visitorCache: { query: [] } };

export const RELATED_LIMIT = 6;

export function meta({ data: loaded, matches }: Route.MetaArgs) {
  const root = matches[0].loaderData;
  if (!loaded) return [{ title: MESSAGES.productNotFound }];
  const p = loaded.product;
  return [
    ...seo({
      title: p.name,
      description: p.description.slice(0, 160),
      path: `/products/details/${p.id}`,
      baseUrl: root.baseUrl,
      storeName: root.store.name,
      image: p.images[0] ? imageSrc(p.images[0], 800) : undefined,
    }),
    { "script:ld+json": loaded.jsonLd },
  ];
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = idParam(params.productId);
  const db = getDb();
  const product = id === null ? null : await findProduct(db, id);
  if (!product) throw data(MESSAGES.productNotFound, { status: 404 });
  const prices = canSeePrices(viewerOf(context));
  const related = await listRelatedProducts(db, product, RELATED_LIMIT);
  return {
    product: shapeDetail(product, prices),
    related: related.map((p) => shapeCard(p, prices)),
    jsonLd: productJsonLd(product, { baseUrl: env().BASE_URL, withOffer: prices }),
  };
}

/**
 * Add to Cart as a form the server answers, for a tap made before the page's JavaScript has run
 * (with JavaScript, the page adds to the browser cart itself). A visitor is sent to log in; a
 * buyer's addition is handed to the browser cart on the page the redirect lands on.
 */
export async function action({ params, context }: Route.ActionArgs) {
  const id = idParam(params.productId);
  const product = id === null ? null : await findProduct(getDb(), id);
  if (!product) throw data(MESSAGES.productNotFound, { status: 404 });
  const back = `/products/details/${product.id}`;
  if (!canSeePrices(viewerOf(context))) {
    return redirectWithToast(`/login?${new URLSearchParams({ redirectTo: back })}`, {
      type: "info",
      message: MESSAGES.loginToAdd,
    });
  }
  if (product.stock <= 0) return redirectWithToast(back, { type: "error", message: MESSAGES.outOfStock });
  // A tap on Add to Cart without a quantity adds one; anything but a whole number of at least 1 is refused.
  const asked = String(formOf(context).get("quantity") ?? "1").trim();
  const quantity = /^\d{1,6}$/.test(asked) ? Number(asked) : 0;
  if (quantity < 1) {
    return redirectWithToast(back, { type: "error", message: "Enter a quantity of at least 1." });
  }
  return redirect(back, { headers: { "Set-Cookie": await rememberCartAdd(product.id, quantity) } });
}

export default function ProductDetail({ loaderData }: Route.ComponentProps) {
  const { product, related } = loaderData;
  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <nav aria-label="Breadcrumb" className="text-sm text-slate-600">
        <Link to="/" className="hover:underline">
          Home
        </Link>{" "}
        /{" "}
        <Link to={`/products/${product.category}`} className="hover:underline">
          {categoryHeading(product.category)}
        </Link>{" "}
        / <span aria-current="page">{product.name}</span>
      </nav>
      <div className="mt-4 grid gap-6 md:grid-cols-2 md:gap-10">
        <ProductGallery images={product.images} name={product.name} />
        <div className="flex flex-col gap-4">
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{product.name}</h1>
          <div>
            <StockBadge inStock={product.inStock} />
          </div>
          <div className="text-2xl">
            {hasPrice(product) ? <Price cents={product.priceCents} /> : <LoginForPrice variant="button" />}
          </div>
          <p className="leading-relaxed whitespace-pre-line text-slate-700">{product.description}</p>
          <AddToCart product={product} />
        </div>
      </div>
      {related.length > 0 ? (
        <section aria-labelledby="related-title" className="mt-12">
          <h2 id="related-title" className="text-xl font-bold text-slate-900">
            Customers Also Viewed
          </h2>
          <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
            {related.map((p) => (
              <li key={p.id}>
                <ProductCard product={p} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

import loadAddToCart from "lazy-import:~/components/cart/add-to-cart";
import loadProductLists from "lazy-import:~/components/saved-lists/product-lists";
import loadTierTable from "lazy-import:~/components/tier-table";
import { lazy, Suspense } from "react";
import { data, Form, Link, redirect } from "react-router";
import { canSeePrices } from "~/.server/accounts/viewer";
import { productJsonLd } from "~/.server/catalog/json-ld";
import { getDb } from "~/.server/db/instance";
import { audienceOf } from "~/.server/flows/audience";
import { rememberCartAdd } from "~/.server/flows/cart-add";
import { findLinePage, lineAddSchema, orderableLines } from "~/.server/flows/line-page";
import { productPageData } from "~/.server/flows/product-page";
import { formAction } from "~/.server/http/form-action";
import { redirectWithToast } from "~/.server/http/toast";
import { formOf, viewerOf } from "~/.server/request/context";
import { env } from "~/.server/runtime/env";
import { AddToCartButton } from "~/components/cart/add-to-cart-button";
import { ComplianceFacts, ComplianceNote } from "~/components/compliance-note";
import { LineGrid } from "~/components/line-grid";
import { LoginForPrice, Price } from "~/components/price";
import { ProductCard } from "~/components/product-card";
import { ProductGallery } from "~/components/product-gallery";
import type { ProductPersonal } from "~/components/saved-lists/product-lists";
import { useProductPersonal } from "~/components/saved-lists/use-product-personal";
import { SellingUnitLine } from "~/components/selling-unit";
import { StockBadge } from "~/components/ui/badge";
import { categoryHeading } from "~/lib/categories";
import { imageSrc } from "~/lib/images";
import * as MESSAGES from "~/lib/messages";
import { STOCK_HEADER } from "~/lib/page-cache";
import { hasPrice } from "~/lib/product-types";
import type { RouteHandle } from "~/lib/route-policy";
import { idParam } from "~/lib/schemas/params";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/line";

/** The same for every visitor: cached by the variant chosen (app/lib/route-policy.ts). */
export const handle: RouteHandle = { visitorCache: { query: ["variant"] }, maxFields: 320 };

// What only a signed-in customer uses (the quantity input and the cart's rules behind Add to
// Cart, their lists, "Notify me") is loaded with the page only when it shows them: a visitor's
// product page does not carry that code (the JavaScript budget, docs/performance.md). The server
// renders them in full, so they work as forms before the code arrives.
const AddToCart = lazy(() => loadAddToCart().then((m) => ({ default: m.AddToCart })));
const AddToList = lazy(() => loadProductLists().then((m) => ({ default: m.AddToList })));
const TierTable = lazy(() => loadTierTable().then((m) => ({ default: m.TierTable })));
const StockAlert = lazy(() => loadProductLists().then((m) => ({ default: m.StockAlert })));

export function meta({ loaderData: loaded, matches }: Route.MetaArgs) {
  const root = matches[0].loaderData;
  if (!loaded) return [{ title: MESSAGES.productNotFound }];
  const p = loaded.product;
  return [
    ...seo({
      title: loaded.grid ? loaded.line.name : p.name,
      description: (loaded.grid ? loaded.line.description : p.description).slice(0, 160),
      path: `/lines/${loaded.line.slug}`,
      baseUrl: root.baseUrl,
      storeName: root.store.name,
      image: p.images[0] ? imageSrc(p.images[0], 800) : undefined,
    }),
    { "script:ld+json": loaded.jsonLd },
  ];
}

/**
 * One load for the page (issues 27 and 38): the line and its variants, then everything else at
 * once, with one price book and one compliance check for the variants, the chosen one and the
 * related cards together. What it returns depends on the audience (flows/audience.ts), never on
 * the person: a signed-in customer's page is shared by their audience, and their own lists and
 * alert come from /api/product-personal. `?variant=` chooses the variant the page is about (the
 * line's first by default).
 */
export async function loader({ params, url, context }: Route.LoaderArgs) {
  const db = getDb();
  const found = await findLinePage(db, params.slug, idParam(url.searchParams.get("variant")));
  if (!found) throw data(MESSAGES.productNotFound, { status: 404 });
  const audience = await audienceOf(context, db);
  const { page, priced } = await productPageData(db, audience, found.chosen, found);
  return data(
    {
      ...page,
      line: {
        slug: found.head.slug,
        name: found.head.name,
        description: found.head.description,
        brand: found.head.brand,
      },
      jsonLd: productJsonLd(priced, { baseUrl: env().BASE_URL, withOffer: audience.seesPrices }),
    },
    // A buyer's page says how many are available: the page cache checks that stock again before
    // it serves a stored copy (server/visitor-cache.ts).
    audience.seesPrices ? { headers: { [STOCK_HEADER]: `${found.chosen.id}:${found.chosen.stock}` } } : undefined,
  );
}

/** Passes the loader's stock line to the server's page cache, which removes it. */
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  const stock = loaderHeaders.get(STOCK_HEADER);
  return stock ? { [STOCK_HEADER]: stock } : new Headers();
}

/**
 * Add to Cart as a form the server answers, for a tap made before the page's JavaScript has run
 * (with JavaScript, the page adds to the browser cart itself): one product (`productId`,
 * `quantity`), or the grid's quantities (`q.<id>`, every variant of this line). A visitor is sent
 * to log in; a buyer's additions are handed to the browser cart on the page the redirect lands
 * on. Nothing is added unless every quantity can be (the form: flows/line-page.ts).
 */
export async function action({ params, url, context }: Route.ActionArgs) {
  const db = getDb();
  const form = formOf(context);
  const found = await findLinePage(db, params.slug, idParam(url.searchParams.get("variant") ?? form.get("productId")));
  if (!found) throw data(MESSAGES.productNotFound, { status: 404 });
  const back = `/lines/${found.head.slug}${url.search}`;
  if (!canSeePrices(viewerOf(context))) {
    return redirectWithToast(`/login?${new URLSearchParams({ redirectTo: back })}`, {
      type: "info",
      message: MESSAGES.loginToAdd,
    });
  }
  // Posted before the page's script ran: a problem goes back to the page, said in a toast.
  return formAction(
    form,
    lineAddSchema(found),
    async (add) => redirect(back, { headers: { "Set-Cookie": await rememberCartAdd(orderableLines(found, add)) } }),
    { back },
  );
}

export default function ProductDetail({ loaderData }: Route.ComponentProps) {
  const { product, related, tiers, facts, lotReport, note, customer, signedIn, orderable, grid, line } = loaderData;
  const mine = useProductPersonal(product.id, customer);
  const personal: ProductPersonal | null = customer
    ? { lists: mine?.lists ?? null, alert: mine?.alert ?? "none", unit: orderable.unit, orderable: orderable.now }
    : null;
  // Notify me where nothing can be ordered now: out of stock, or less than a case left.
  const waitForStock = personal ? !personal.orderable : !product.inStock;
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
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{grid ? line.name : product.name}</h1>
          {line.brand ? (
            <p className="text-sm text-slate-700">
              <Link to={`/brands/${line.brand.slug}`} className="font-semibold text-brand-700 underline">
                {line.brand.name}
              </Link>
            </p>
          ) : null}
          {grid ? <p className="text-base font-medium text-slate-800">{product.name}</p> : null}
          {hasPrice(product) ? <SellingUnitLine sku={product.sku} unit={product} /> : null}
          <div>
            <StockBadge inStock={product.inStock} />
          </div>
          <div className="text-2xl">
            {hasPrice(product) ? <Price cents={product.priceCents} /> : <LoginForPrice variant="button" />}
          </div>
          {tiers.length > 0 && hasPrice(product) ? (
            <Suspense fallback={null}>
              <TierTable tiers={tiers} casePack={product.casePack} />
            </Suspense>
          ) : null}
          {note ? <ComplianceNote note={note} /> : null}
          {grid ? <LineGrid grid={grid} chosenId={product.id} /> : null}
          <p className="leading-relaxed whitespace-pre-line text-slate-700">
            {grid ? line.description : product.description}
          </p>
          <ComplianceFacts productId={product.id} facts={facts} lotReport={lotReport} />
          {grid ? null : hasPrice(product) ? (
            <Suspense fallback={<AddToCartButton inStock={product.inStock} disabled />}>
              <AddToCart product={product} />
            </Suspense>
          ) : (
            <Form method="post" className="flex flex-col gap-3">
              <AddToCartButton inStock={product.inStock} />
            </Form>
          )}
          <Suspense fallback={null}>
            {waitForStock && (personal || !signedIn) ? (
              <StockAlert productId={product.id} productName={product.name} personal={personal} />
            ) : null}
            {personal ? <AddToList productId={product.id} productName={product.name} personal={personal} /> : null}
          </Suspense>
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

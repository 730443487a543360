import { Link } from "react-router";
import * as LINE_MESSAGES from "~/lib/messages/lines";
import { formatCents } from "~/lib/money";
import { type ProductCard as Card, hasPrice } from "~/lib/product-types";
import { LoginForPrice, Price } from "./price";
import { ProductImage } from "./product-image";
import { SellingUnitLine } from "./selling-unit";
import { StockBadge } from "./ui/badge";

export const CARD_IMAGE_SIZES = "(min-width: 1280px) 240px, (min-width: 768px) 30vw, 50vw";

/**
 * A product card: image, name, then either the description (listings) or the price / login link
 * (home rows). The whole card links to the detail page.
 */
/** Where a card leads: its line's page (its product's, for a card made before lines). */
export function cardHref(product: Card): string {
  return product.line ? `/lines/${product.line.slug}` : `/products/details/${product.id}`;
}

export function ProductCard({
  product,
  show = "price",
  priority = false,
}: {
  product: Card;
  show?: "price" | "description";
  priority?: boolean;
}) {
  const many = product.line && product.line.variants > 1 ? product.line : null;
  const range = "priceRange" in product ? product.priceRange : undefined;
  const name = many ? many.name : product.name;
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-lg border border-slate-200 bg-white">
      <ProductImage image={product.image} alt={name} sizes={CARD_IMAGE_SIZES} priority={priority} />
      <div className="flex flex-1 flex-col gap-2 p-3">
        <h3 className="text-sm font-semibold break-words text-slate-900 group-hover:text-brand-700">
          <Link to={cardHref(product)} className="after:absolute after:inset-0" prefetch="intent">
            {name}
          </Link>
        </h3>
        {many ? (
          <p className="text-xs font-semibold text-brand-700">
            {LINE_MESSAGES.variantCount(many.variants, many.optionName ?? undefined)}
          </p>
        ) : null}
        {hasPrice(product) && !many ? (
          <SellingUnitLine sku={product.sku} upc={product.upc} unit={product} className="text-xs" />
        ) : null}
        {show === "description" ? <p className="line-clamp-3 text-sm text-slate-600">{product.description}</p> : null}
        {product.complianceNote ? (
          <p className="text-sm font-medium text-danger-700">{product.complianceNote}</p>
        ) : null}
        <div className="mt-auto flex flex-wrap items-center justify-between gap-2 pt-1">
          {hasPrice(product) ? (
            range ? (
              <span className="tabular font-semibold text-slate-900">
                {formatCents(range.minCents)} – {formatCents(range.maxCents)}
              </span>
            ) : (
              <Price cents={product.priceCents} />
            )
          ) : (
            <LoginForPrice />
          )}
          {!product.inStock ? <StockBadge inStock={false} /> : null}
        </div>
      </div>
    </article>
  );
}

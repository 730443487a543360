import type {
  BuyerProductCard,
  BuyerProductDetail,
  ProductCard,
  ProductDetail,
  PublicProductCard,
  PublicProductDetail,
} from "~/lib/product-types";
import type { Product } from "./product";

/**
 * The one place that decides what a viewer may see of a product. Visitors get objects built
 * field by field with no price (nothing is deleted from a full object, so nothing can leak).
 */
const CARD_DESCRIPTION_LENGTH = 160;

function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), max - 20)).trimEnd()}…`;
}

function toPublicCard(p: Product): PublicProductCard {
  return {
    id: p.id,
    name: p.name,
    description: shorten(p.description, CARD_DESCRIPTION_LENGTH),
    category: p.category,
    inStock: p.stock > 0,
    image: p.images[0] ?? null,
  };
}

/** What a buyer sees beyond a visitor: price, stock, SKU, UPC and how it is sold (issue 16). */
function buyerFields(p: Product) {
  return {
    priceCents: p.priceCents,
    stock: p.stock,
    sku: p.sku,
    upc: p.upc,
    casePack: p.casePack,
    minQuantity: p.minQuantity,
    maxQuantity: p.maxQuantity,
  };
}

function toBuyerCard(p: Product): BuyerProductCard {
  return { ...toPublicCard(p), ...buyerFields(p) };
}

function toPublicDetail(p: Product): PublicProductDetail {
  return { ...toPublicCard(p), description: p.description, images: p.images };
}

function toBuyerDetail(p: Product): BuyerProductDetail {
  return { ...toPublicDetail(p), ...buyerFields(p) };
}

export function shapeCard(p: Product, showPrices: boolean): ProductCard {
  return showPrices ? toBuyerCard(p) : toPublicCard(p);
}

export function shapeDetail(p: Product, showPrices: boolean): ProductDetail {
  return showPrices ? toBuyerDetail(p) : toPublicDetail(p);
}

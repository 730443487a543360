import type { CategorySlug } from "./categories";
import type { ProductImage } from "./images";
import type { SellingUnit } from "./quantity";

/** What anyone may see of a product on a card. No price field exists on this type. */
export interface PublicProductCard {
  id: number;
  name: string;
  description: string;
  category: CategorySlug | string;
  inStock: boolean;
  image: ProductImage | null;
  /** For a signed-in customer: why it cannot ship to their default address (compliance rules). */
  complianceNote?: string;
}

/** A card for a signed-in, verified buyer: the public card plus price, stock count and how it is sold. */
export interface BuyerProductCard extends PublicProductCard, SellingUnit {
  priceCents: number;
  stock: number;
  sku: string;
  upc: string | null;
}

export type ProductCard = PublicProductCard | BuyerProductCard;

export interface PublicProductDetail extends PublicProductCard {
  images: ProductImage[];
}

export interface BuyerProductDetail extends PublicProductDetail, SellingUnit {
  priceCents: number;
  stock: number;
  sku: string;
  upc: string | null;
}

export type ProductDetail = PublicProductDetail | BuyerProductDetail;

export function hasPrice<T extends PublicProductCard>(
  p: T,
): p is T & { priceCents: number; stock: number; sku: string; upc: string | null } & SellingUnit {
  return "priceCents" in p && typeof (p as { priceCents?: unknown }).priceCents === "number";
}

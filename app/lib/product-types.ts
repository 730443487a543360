import type { CategorySlug } from "./categories";
import type { ProductImage } from "./images";

/** What anyone may see of a product on a card. No price field exists on this type. */
export interface PublicProductCard {
  id: number;
  name: string;
  description: string;
  category: CategorySlug | string;
  inStock: boolean;
  image: ProductImage | null;
}

/** A card for a signed-in, verified buyer: the public card plus price and stock count. */
export interface BuyerProductCard extends PublicProductCard {
  priceCents: number;
  stock: number;
}

export type ProductCard = PublicProductCard | BuyerProductCard;

export interface PublicProductDetail extends PublicProductCard {
  images: ProductImage[];
}

export interface BuyerProductDetail extends PublicProductDetail {
  priceCents: number;
  stock: number;
}

export type ProductDetail = PublicProductDetail | BuyerProductDetail;

export function hasPrice<T extends PublicProductCard>(p: T): p is T & { priceCents: number; stock: number } {
  return "priceCents" in p && typeof (p as { priceCents?: unknown }).priceCents === "number";
}

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
  /** The line it stands for (issue 38): its page, how many variants, its first option's name. */
  line?: { slug: string; name: string; variants: number; optionName: string | null };
}

/** A card for a signed-in, verified buyer: the public card plus price, stock count and how it is sold. */
export interface BuyerProductCard extends PublicProductCard, SellingUnit {
  priceCents: number;
  stock: number;
  sku: string;
  upc: string | null;
  /** The customer's lowest and highest price among the line's variants, when they differ. */
  priceRange?: { minCents: number; maxCents: number };
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

/** What anyone may see of one variant of a line in its grid (issue 38). No price field. */
export interface PublicVariant {
  id: number;
  /** Its values of the line's options, in the line's order. */
  options: string[];
  /** Its full name ("Vaporlux 6000 Blue Razz 5%"). */
  name: string;
  inStock: boolean;
  /** For a signed-in customer: why it cannot ship to their default address. */
  complianceNote?: string;
}

/** A buyer's grid cell: the customer's prices at each quantity break the line's quantity reaches. */
export interface BuyerVariant extends PublicVariant, SellingUnit {
  priceCents: number;
  stock: number;
  sku: string;
  upc: string | null;
  /** The customer's unit price from each break on (quantities of the whole line, or of this variant if apart). */
  breaks: { minQuantity: number; priceCents: number }[];
  apart: boolean;
}

export type Variant = PublicVariant | BuyerVariant;

/** A line's grid as a page shows it: its options and its variants. */
export interface LineGrid {
  id: number;
  slug: string;
  name: string;
  optionNames: string[];
  variants: Variant[];
}

export function isBuyerVariant(v: Variant): v is BuyerVariant {
  return "priceCents" in v && typeof (v as { priceCents?: unknown }).priceCents === "number";
}

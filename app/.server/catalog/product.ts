import type { ProductImage } from "~/lib/images";

/** A product as the catalog domain knows it (everything, including price). */
export interface Product {
  id: number;
  sku: string;
  name: string;
  description: string;
  priceCents: number;
  stock: number;
  category: string;
  createdAt: string;
  updatedAt: string;
  /** Raised by every admin edit (an edit made on an older version is refused). */
  version: number;
  /** How it is sold (issue 16): case pack, minimum and maximum per order. */
  casePack: number;
  minQuantity: number;
  maxQuantity: number | null;
  /** The line it is a variant of (decision 0055), and its values of the line's options ('' for none). */
  lineId: number;
  options: [string, string, string];
  /** Quantity breaks count this variant apart from the rest of its line. */
  priceApart: boolean;
  /** The product's UPC (kept with its compliance facts), or null. */
  upc: string | null;
  images: ProductImage[];
}

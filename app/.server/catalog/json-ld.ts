import { imageSrc } from "~/lib/images";
import type { Product } from "./product";

/**
 * schema.org Product for a detail page. Visitors get no `offers` (that is where a price
 * would be); signed-in buyers get the offer with price and availability.
 */
export function productJsonLd(product: Product, options: { baseUrl: string; withOffer: boolean }) {
  const url = `${options.baseUrl}/products/details/${product.id}`;
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    description: product.description,
    sku: product.sku,
    url,
    category: product.category,
    image: product.images.map((img) => `${options.baseUrl}${imageSrc(img, 800)}`),
    ...(options.withOffer
      ? {
          offers: {
            "@type": "Offer",
            url,
            priceCurrency: "USD",
            price: (product.priceCents / 100).toFixed(2),
            availability: product.stock > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
          },
        }
      : {}),
  };
}

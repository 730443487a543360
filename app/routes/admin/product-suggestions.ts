import { suggestProductsByCode } from "~/.server/catalog/search/engine";
import { getDb } from "~/.server/db/instance";
import type { ProductChoice } from "~/components/admin/product-picker";
import type { Route } from "./+types/product-suggestions";

/** How many products the picker offers at once: it narrows as the admin types, never lists the catalog. */
export const MAX_PRODUCT_CHOICES = 8;

/**
 * The back office's product picker (components/admin/product-picker.tsx): the products whose SKU
 * starts with `q` or whose name contains it, at most MAX_PRODUCT_CHOICES, with their SKU. A fixed
 * number of small queries whatever the size of the catalog. Admins only, as the admin group says.
 */
export async function loader({ url }: Route.LoaderArgs): Promise<{ suggestions: ProductChoice[] }> {
  const products = await suggestProductsByCode(getDb(), url.searchParams.get("q") ?? "", MAX_PRODUCT_CHOICES);
  return { suggestions: products.map((p) => ({ id: p.id, sku: p.sku, name: p.name })) };
}

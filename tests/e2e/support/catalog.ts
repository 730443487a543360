import "./env";
import { searchProducts } from "../../../app/.server/catalog/search/engine";
import { getDb } from "../../../app/.server/db/instance";
import { waitForHydration } from "./fixtures";

/**
 * Read-only look-ups in the test server's catalog for the public journeys (which product is
 * out of stock, which has three images...).
 */
export interface CatalogProduct {
  id: number;
  name: string;
  description: string;
  category: string;
  stock: number;
  priceCents: number;
  imageCount: number;
  /** How many variants its line has (1: a product sold alone, whose page is the product's own). */
  variants: number;
}

/**
 * The catalog as listings show it (issue 38): one product a line, its lead variant, named as its
 * card names it (the line's name when the line has several variants).
 */
export async function catalogProducts(): Promise<CatalogProduct[]> {
  const db = getDb();
  const rows = await db
    .selectFrom("products")
    .innerJoin("product_lines", "product_lines.id", "products.line_id")
    .leftJoin("product_images", "product_images.product_id", "products.id")
    .select((eb) => [
      "products.id",
      "products.name",
      "product_lines.name as line_name",
      "products.description",
      "products.category",
      "products.stock",
      "products.price_cents",
      eb.fn.count<number>("product_images.id").as("images"),
      eb
        .selectFrom("products as v")
        .select((v) => v.fn.countAll<number>().as("n"))
        .whereRef("v.line_id", "=", "products.line_id")
        .as("variants"),
    ])
    .where("products.lead", "=", 1)
    .groupBy(["products.id", "product_lines.name"])
    .orderBy("products.id")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: Number(r.variants) > 1 ? r.line_name : r.name,
    description: r.description,
    category: r.category,
    stock: r.stock,
    priceCents: r.price_cents,
    imageCount: Number(r.images),
    variants: Number(r.variants),
  }));
}

async function pick(what: string, test: (p: CatalogProduct) => boolean): Promise<CatalogProduct> {
  const found = (await catalogProducts()).find(test);
  if (!found) throw new Error(`No product in the test catalog that is ${what}`);
  return found;
}

/** An out-of-stock product sold alone (a line of one: its page is a product's, not a grid). */
export function outOfStockProduct(): Promise<CatalogProduct> {
  return pick("out of stock", (p) => p.stock <= 0 && p.variants === 1);
}

/** An in-stock product sold alone with exactly `count` images. */
export function productWithImages(count: number): Promise<CatalogProduct> {
  return pick(`in stock with ${count} images`, (p) => p.stock > 0 && p.imageCount === count && p.variants === 1);
}

/** The heading of a product's page: its line's name when the line has several variants, else its own. */
export async function pageHeading(id: number): Promise<string> {
  const row = await getDb()
    .selectFrom("products")
    .innerJoin("product_lines", "product_lines.id", "products.line_id")
    .select((eb) => [
      "products.name",
      "product_lines.name as line_name",
      eb
        .selectFrom("products as v")
        .select((v) => v.fn.countAll<number>().as("n"))
        .whereRef("v.line_id", "=", "products.line_id")
        .as("variants"),
    ])
    .where("products.id", "=", id)
    .executeTakeFirstOrThrow();
  return Number(row.variants) > 1 ? row.line_name : row.name;
}

export async function productsInCategory(category: string): Promise<CatalogProduct[]> {
  return (await catalogProducts()).filter((p) => p.category === category);
}

/**
 * What the store's search finds for `query`, in its order (the engine, whose rules are tested
 * on their own in app/.server/catalog/search/engine.test.ts): the journeys check what the page
 * shows of it.
 */
export async function searchMatches(query: string): Promise<{ id: number; name: string }[]> {
  const found = await searchProducts(getDb(), query, { limit: 100 });
  return found.products.map((p) => ({ id: p.id, name: p.name }));
}

export { waitForHydration };

/** A product's page (issue 38): its line's, with it chosen unless it is the line's first. */
export async function productPage(id: number): Promise<string> {
  const { productPath } = await import("../../../app/.server/catalog/lines");
  const path = await productPath(getDb(), id);
  if (!path) throw new Error(`productPage: no product ${id}`);
  return path;
}

/** The route data address of a page ("/lines/x?variant=2" to "/lines/x.data?variant=2"). */
export function dataUrl(path: string): string {
  const [pathname, query] = path.split("?");
  return query ? `${pathname}.data?${query}` : `${pathname}.data`;
}

/** A URL ending in a product's page (its line's), for toHaveURL. */
export async function productPageUrl(id: number): Promise<RegExp> {
  const path = await productPage(id);
  return new RegExp(`${path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`);
}

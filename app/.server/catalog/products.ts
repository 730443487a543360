import { type Kysely, type RawBuilder, type Selectable, sql } from "kysely";
import type { Refusal } from "~/lib/compliance/sold-here";
import { type FacetChoice, facetSearch } from "~/lib/facets";
import type { ListingSort } from "~/lib/listing";
import { dialectOf } from "../db/connect";
import type { DB, ProductsTable } from "../db/schema";
import { facetCondition, scopeCondition, scopeKey } from "./facets";
import { cachedPriceOrder, linePriceKey, pageOfOrder, type SortGroup } from "./price-order";
import type { Product } from "./product";

export type Db = Kysely<DB>;
export type { SortGroup };

type ProductRowLike = Pick<
  Selectable<ProductsTable>,
  | "id"
  | "sku"
  | "name"
  | "description"
  | "price_cents"
  | "stock"
  | "category"
  | "created_at"
  | "updated_at"
  | "version"
  | "case_pack"
  | "min_quantity"
  | "max_quantity"
  | "line_id"
  | "option1"
  | "option2"
  | "option3"
  | "price_apart"
>;

export const PRODUCT_COLUMNS = [
  "products.id",
  "products.sku",
  "products.name",
  "products.description",
  "products.price_cents",
  "products.stock",
  "products.category",
  "products.created_at",
  "products.updated_at",
  "products.version",
  "products.case_pack",
  "products.min_quantity",
  "products.max_quantity",
  "products.line_id",
  "products.option1",
  "products.option2",
  "products.option3",
  "products.price_apart",
] as const;

/** The first image of each of the given products (one query), for tables and cards. */
export async function firstImages(db: Db, productIds: number[]): Promise<Map<number, Product["images"][number]>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("product_images")
    .select(["product_id", "media_key", "width", "height"])
    .where("product_id", "in", productIds)
    .where("position", "=", 0)
    .execute();
  return new Map(rows.map((i) => [i.product_id, { key: i.media_key, width: i.width, height: i.height }]));
}

/** Loads the ordered images (and UPCs) of the given products, a query each, and builds domain products. */
export async function withImages(db: Db, rows: ProductRowLike[]): Promise<Product[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [images, codes] = await Promise.all([
    db
      .selectFrom("product_images")
      .select(["product_id", "media_key", "width", "height"])
      .where("product_id", "in", ids)
      .orderBy("product_id")
      .orderBy("position")
      .orderBy("id")
      .execute(),
    // The UPC (a compliance fact, issue 15) is shown with the SKU to buyers (issue 16).
    db
      .selectFrom("product_compliance")
      .select(["product_id", "upc"])
      .where("product_id", "in", ids)
      .where("upc", "is not", null)
      .execute(),
  ]);
  const upcs = new Map(codes.map((c) => [c.product_id, c.upc]));
  const byProduct = new Map<number, Product["images"]>();
  for (const img of images) {
    const list = byProduct.get(img.product_id) ?? [];
    list.push({ key: img.media_key, width: img.width, height: img.height });
    byProduct.set(img.product_id, list);
  }
  return rows.map((r) => ({ ...toProduct(r), upc: upcs.get(r.id) ?? null, images: byProduct.get(r.id) ?? [] }));
}

/** A product row as the domain knows it, before its UPC and images are read. */
function toProduct(r: ProductRowLike): Product {
  return {
    id: r.id,
    sku: r.sku,
    name: r.name,
    description: r.description,
    priceCents: r.price_cents,
    stock: r.stock,
    category: r.category,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    version: r.version,
    casePack: r.case_pack,
    minQuantity: r.min_quantity,
    maxQuantity: r.max_quantity,
    lineId: r.line_id,
    options: [r.option1, r.option2, r.option3],
    priceApart: r.price_apart === 1,
    upc: null,
    images: [],
  };
}

export async function findProduct(db: Db, id: number): Promise<Product | null> {
  const row = await db.selectFrom("products").select(PRODUCT_COLUMNS).where("id", "=", id).executeTakeFirst();
  if (!row) return null;
  const [product] = await withImages(db, [row]);
  return product ?? null;
}

/** Products by id, in the order of `ids`; unknown ids are skipped. */
export async function listProductsByIds(db: Db, ids: number[]): Promise<Product[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const rows = await db.selectFrom("products").select(PRODUCT_COLUMNS).where("id", "in", unique).execute();
  const products = await withImages(db, rows);
  const byId = new Map(products.map((p) => [p.id, p]));
  return unique.flatMap((id) => byId.get(id) ?? []);
}

/** Where the next page of a listing starts: the last row's sort key (name, date or price) and id. */
export interface ListingCursor {
  key: string | number;
  id: number;
}

function encodeCursor(cursor: ListingCursor): string {
  return Buffer.from(JSON.stringify([cursor.key, cursor.id])).toString("base64url");
}

export function decodeCursor(value: string | null | undefined): ListingCursor | null {
  if (!value) return null;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, "base64url").toString("utf8"));
    if (
      Array.isArray(parsed) &&
      parsed.length === 2 &&
      (typeof parsed[0] === "string" || Number.isSafeInteger(parsed[0])) &&
      Number.isSafeInteger(parsed[1])
    ) {
      return { key: parsed[0] as string | number, id: parsed[1] as number };
    }
  } catch {
    // A malformed cursor reads as the first page.
  }
  return null;
}

export interface ProductPage {
  items: Product[];
  nextCursor: string | null;
}

/**
 * One page of a category (or of everything when `category` is null), by name (the default),
 * newest first, or by the customer's price (`group`: their price group). Keyset paging on the
 * sort key and the id, so a page never repeats or skips a product while the customer scrolls;
 * `inStockOnly` leaves out products with no stock.
 */
export async function listCategoryPage(
  db: Db,
  options: {
    category: string | null;
    after: ListingCursor | null;
    limit: number;
    sort?: ListingSort;
    inStockOnly?: boolean;
    group?: SortGroup | null;
    /** Lines of this brand only (its page). */
    brandId?: number | null;
    /** The filters chosen (issue 38). */
    facets?: FacetChoice;
    /** Sold to my address: the buyer's refusals (lines with a variant they may buy). */
    soldHere?: readonly Refusal[] | null;
  },
): Promise<ProductPage> {
  const sort = options.sort ?? "name";
  const descending = sort === "newest" || sort === "price-desc";
  const key: RawBuilder<string | number> =
    sort === "name"
      ? sql<string>`products.name`
      : sort === "newest"
        ? sql<string>`products.created_at`
        : linePriceKey(options.group ?? null);
  // Two steps: the order is decided on narrow rows (id and key), then only the page's rows are
  // read in full.
  // One card per line: its lead variant (decision 0055); in stock when any of its variants is;
  // of the brand and the facets chosen.
  const scope = {
    category: options.category,
    brandId: options.brandId ?? null,
    inStockOnly: options.inStockOnly ?? false,
    soldHere: options.soldHere ?? null,
  };
  let query = db
    .selectFrom("products")
    .select(["products.id", key.as("sort_key")])
    .where(scopeCondition(scope, dialectOf(db)))
    .where(facetCondition(options.facets ?? {}));
  // A cursor of another sort (a name where a price is expected) starts again at the first page.
  const after =
    options.after && typeof options.after.key === (isNumericSort(sort) ? "number" : "string") ? options.after : null;
  let order: { id: number; sort_key: string | number }[];
  if (isNumericSort(sort)) {
    // A price order prices every product of the category: it is built once per change of the
    // catalog or its prices and kept in memory (catalog/price-order.ts); a page is a search in it.
    const group = options.group?.kind === "explicit" ? options.group.id : "list";
    const name = `${scopeKey(scope)}|${group}|${facetSearch(options.facets ?? {})}`;
    const sorted = await cachedPriceOrder(db, name, () =>
      query.orderBy(key, "asc").orderBy("products.id", "asc").execute(),
    );
    order = pageOfOrder(sorted, after as { key: number; id: number } | null, options.limit + 1, descending);
  } else {
    const direction = descending ? "desc" : "asc";
    if (after) {
      const beyond = descending ? sql`<` : sql`>`;
      query = query.where(
        sql<boolean>`(${key} ${beyond} ${after.key} or (${key} = ${after.key} and products.id ${beyond} ${after.id}))`,
      );
    }
    order = await query
      .orderBy(key, direction)
      .orderBy("products.id", direction)
      .limit(options.limit + 1)
      .execute();
  }
  const hasMore = order.length > options.limit;
  const pageOrder = hasMore ? order.slice(0, options.limit) : order;
  const last = pageOrder.at(-1);
  const rows = pageOrder.length
    ? await db
        .selectFrom("products")
        .select(PRODUCT_COLUMNS)
        .where(
          "products.id",
          "in",
          pageOrder.map((r) => r.id),
        )
        .execute()
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return {
    items: await withImages(
      db,
      pageOrder.flatMap((r) => byId.get(r.id) ?? []),
    ),
    nextCursor: hasMore && last ? encodeCursor({ key: toKey(last.sort_key, sort), id: last.id }) : null,
  };
}

function isNumericSort(sort: ListingSort): boolean {
  return sort === "price-asc" || sort === "price-desc";
}

/** A sort key as the driver returned it (PostgreSQL gives bigint arithmetic back as a string). */
function toKey(value: string | number, sort: ListingSort): string | number {
  return isNumericSort(sort) ? Number(value) : String(value);
}

export async function listNewestProducts(db: Db, limit: number): Promise<Product[]> {
  const rows = await db
    .selectFrom("products")
    .select(PRODUCT_COLUMNS)
    .where("lead", "=", 1)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return withImages(db, rows);
}

/** Up to `limit` other products of the same category ('Customers Also Viewed'). */
export async function listRelatedProducts(db: Db, product: Product, limit: number): Promise<Product[]> {
  const rows = await db
    .selectFrom("products")
    .select(PRODUCT_COLUMNS)
    .where("category", "=", product.category)
    .where("lead", "=", 1)
    .where("line_id", "!=", product.lineId)
    .orderBy("name")
    .orderBy("id")
    .limit(limit)
    .execute();
  return withImages(db, rows);
}

/** In-stock products, newest first, skipping `excludeIds` (fills rows when orders are few). */
export async function listInStockProducts(db: Db, limit: number, excludeIds: number[]): Promise<Product[]> {
  let query = db.selectFrom("products").select(PRODUCT_COLUMNS).where("stock", ">", 0).where("lead", "=", 1);
  if (excludeIds.length > 0) query = query.where("id", "not in", excludeIds);
  const rows = await query.orderBy("created_at", "desc").orderBy("id", "desc").limit(limit).execute();
  return withImages(db, rows);
}

/** Every product id and last change, for the sitemap. */
export async function listProductIdsForSitemap(db: Db, limit = 50_000): Promise<{ id: number; updatedAt: string }[]> {
  const rows = await db.selectFrom("products").select(["id", "updated_at"]).orderBy("id").limit(limit).execute();
  return rows.map((r) => ({ id: r.id, updatedAt: r.updated_at }));
}

/** A line's variants in their grid order (decision 0055). */
export async function listLineVariants(db: Db, lineId: number): Promise<Product[]> {
  const rows = await db
    .selectFrom("products")
    .select(PRODUCT_COLUMNS)
    .where("line_id", "=", lineId)
    .orderBy("position")
    .orderBy("id")
    .execute();
  return withImages(db, rows);
}

/** The variants of several lines, without images (what pricing a card's range needs). */
export async function listVariantsOfLines(db: Db, lineIds: readonly number[]): Promise<Product[]> {
  const ids = [...new Set(lineIds)];
  if (ids.length === 0) return [];
  const rows = await db.selectFrom("products").select(PRODUCT_COLUMNS).where("line_id", "in", ids).execute();
  return rows.map(toProduct);
}

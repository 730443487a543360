import type { Kysely, Selectable } from "kysely";
import type { DB, ProductsTable } from "../db/schema";
import type { Product } from "./product";

export type Db = Kysely<DB>;

type ProductRowLike = Pick<
  Selectable<ProductsTable>,
  "id" | "sku" | "name" | "description" | "price_cents" | "stock" | "category" | "created_at" | "updated_at" | "version"
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

/** Loads the ordered images of the given products in one query and builds domain products. */
export async function withImages(db: Db, rows: ProductRowLike[]): Promise<Product[]> {
  if (rows.length === 0) return [];
  const images = await db
    .selectFrom("product_images")
    .select(["product_id", "media_key", "width", "height"])
    .where(
      "product_id",
      "in",
      rows.map((r) => r.id),
    )
    .orderBy("product_id")
    .orderBy("position")
    .orderBy("id")
    .execute();
  const byProduct = new Map<number, Product["images"]>();
  for (const img of images) {
    const list = byProduct.get(img.product_id) ?? [];
    list.push({ key: img.media_key, width: img.width, height: img.height });
    byProduct.set(img.product_id, list);
  }
  return rows.map((r) => ({
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
    images: byProduct.get(r.id) ?? [],
  }));
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

export interface ListingCursor {
  name: string;
  id: number;
}

function encodeCursor(cursor: ListingCursor): string {
  return Buffer.from(JSON.stringify([cursor.name, cursor.id])).toString("base64url");
}

export function decodeCursor(value: string | null | undefined): ListingCursor | null {
  if (!value) return null;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, "base64url").toString("utf8"));
    if (
      Array.isArray(parsed) &&
      parsed.length === 2 &&
      typeof parsed[0] === "string" &&
      Number.isSafeInteger(parsed[1])
    ) {
      return { name: parsed[0], id: parsed[1] as number };
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
 * One page of a category (or of everything when `category` is null), ordered by name.
 * Keyset paging on (name, id) keeps every page an index range scan, however deep.
 */
export async function listCategoryPage(
  db: Db,
  options: { category: string | null; after: ListingCursor | null; limit: number },
): Promise<ProductPage> {
  let query = db.selectFrom("products").select(PRODUCT_COLUMNS);
  if (options.category) query = query.where("category", "=", options.category);
  if (options.after) {
    const after = options.after;
    query = query.where((eb) => eb(eb.refTuple("name", "id"), ">", eb.tuple(after.name, after.id)));
  }
  const rows = await query
    .orderBy("name")
    .orderBy("id")
    .limit(options.limit + 1)
    .execute();
  const hasMore = rows.length > options.limit;
  const pageRows = hasMore ? rows.slice(0, options.limit) : rows;
  const last = pageRows.at(-1);
  return {
    items: await withImages(db, pageRows),
    nextCursor: hasMore && last ? encodeCursor({ name: last.name, id: last.id }) : null,
  };
}

export async function listNewestProducts(db: Db, limit: number): Promise<Product[]> {
  const rows = await db
    .selectFrom("products")
    .select(PRODUCT_COLUMNS)
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
    .where("id", "!=", product.id)
    .orderBy("name")
    .orderBy("id")
    .limit(limit)
    .execute();
  return withImages(db, rows);
}

/** In-stock products, newest first, skipping `excludeIds` (fills rows when orders are few). */
export async function listInStockProducts(db: Db, limit: number, excludeIds: number[]): Promise<Product[]> {
  let query = db.selectFrom("products").select(PRODUCT_COLUMNS).where("stock", ">", 0);
  if (excludeIds.length > 0) query = query.where("id", "not in", excludeIds);
  const rows = await query.orderBy("created_at", "desc").orderBy("id", "desc").limit(limit).execute();
  return withImages(db, rows);
}

/** Every product id and last change, for the sitemap. */
export async function listProductIdsForSitemap(db: Db, limit = 50_000): Promise<{ id: number; updatedAt: string }[]> {
  const rows = await db.selectFrom("products").select(["id", "updated_at"]).orderBy("id").limit(limit).execute();
  return rows.map((r) => ({ id: r.id, updatedAt: r.updated_at }));
}

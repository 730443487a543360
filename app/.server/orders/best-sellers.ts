import { type Kysely, sql, type Transaction } from "kysely";
import type { Product } from "../catalog/product";
import { listInStockProducts, listProductsByIds } from "../catalog/products";
import type { DB } from "../db/schema";

type Db = Kysely<DB> | Transaction<DB>;

/** Adds (or, negative, removes) units sold of a product; called inside the order transactions. */
export async function addUnitsSold(db: Db, productId: number, units: number): Promise<void> {
  await db
    .insertInto("product_sales")
    .values({ product_id: productId, units })
    .onConflict((oc) => oc.column("product_id").doUpdateSet({ units: sql<number>`product_sales.units + ${units}` }))
    .execute();
}

/** Recomputes units sold from every order line (bulk data loads use it). */
export async function rebuildProductSales(db: Db): Promise<void> {
  await db.deleteFrom("product_sales").execute();
  await sql`insert into product_sales (product_id, units)
    select i.product_id, sum(i.quantity) from order_items i join orders o on o.id = i.order_id
    where o.status <> 'Cancelled' and i.product_id is not null
    group by i.product_id`.execute(db);
}

/** Product ids by units ordered (cancelled orders excluded), best first: an index read. */
export async function listBestSellerIds(db: Db, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom("product_sales")
    .select("product_id")
    .where("units", ">", 0)
    .orderBy("units", "desc")
    .orderBy("product_id", "desc")
    .limit(limit)
    .execute();
  return rows.map((r) => r.product_id);
}

/**
 * A home row's order: products in stock first, sold-out ones after them, each group keeping
 * its order (best selling, newest). A buyer scanning the row meets what they can order.
 */
export function inStockFirst<T extends { stock: number }>(products: T[]): T[] {
  return [...products.filter((p) => p.stock > 0), ...products.filter((p) => p.stock <= 0)];
}

/**
 * Best Sellers for the home page: the best sellers by units ordered, filled up with other
 * in-stock products while there are too few orders, in stock first (`inStockFirst`). Products
 * in `exclude` (the New Products row) are left out, so the two rows never show the same product
 * twice.
 */
export async function listBestSellers(db: Kysely<DB>, limit: number, exclude: number[]): Promise<Product[]> {
  const excluded = new Set(exclude);
  const ids = (await listBestSellerIds(db, limit + excluded.size)).filter((id) => !excluded.has(id));
  const sellers = await listProductsByIds(db, ids.slice(0, limit));
  if (sellers.length >= limit) return inStockFirst(sellers.slice(0, limit));
  const taken = [...exclude, ...sellers.map((p) => p.id)];
  const fill = await listInStockProducts(db, limit - sellers.length, taken);
  return inStockFirst([...sellers, ...fill]);
}

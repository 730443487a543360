import type { Kysely } from "kysely";
import type { ProductImage } from "~/lib/images";
import { lineSummaries } from "../catalog/lines";
import { firstImages } from "../catalog/products";
import { nameContains } from "../catalog/search/name-contains";
import { normalizeQuery } from "../catalog/search/text";
import type { DB } from "../db/schema";

export const ADMIN_PAGE_SIZE = 25;

export type ProductSort = "name" | "price-asc" | "price-desc" | "newest";
export type StockFilter = "all" | "in" | "out";

export interface AdminProductQuery {
  q?: string;
  category?: string;
  stock?: StockFilter;
  sort?: ProductSort;
  page?: number;
  pageSize?: number;
}

export interface AdminProductRow {
  id: number;
  sku: string;
  name: string;
  category: string;
  priceCents: number;
  stock: number;
  image: ProductImage | null;
  /** Its line, when the line has other variants too (issue 38). */
  line: { id: number; name: string; variants: number } | null;
}

/**
 * The admin product table: filtered, sorted and paged in the database (name search on the
 * trigram index, category and stock on their indexes), so it stays fast at 100,000 products.
 */
export async function listAdminProducts(
  db: Kysely<DB>,
  query: AdminProductQuery,
): Promise<{ items: AdminProductRow[]; total: number; page: number; pageSize: number }> {
  const pageSize = query.pageSize ?? ADMIN_PAGE_SIZE;
  const page = Math.max(1, query.page ?? 1);
  let base = db.selectFrom("products");
  const q = normalizeQuery(query.q);
  if (q) base = base.where(nameContains(db, q));
  // Exact, case-insensitive: categories are stored as lower-case slugs.
  if (query.category) base = base.where("category", "=", query.category.trim().toLowerCase());
  if (query.stock === "in") base = base.where("stock", ">", 0);
  if (query.stock === "out") base = base.where("stock", "<=", 0);

  let rows = base.select(["id", "sku", "name", "category", "price_cents", "stock", "line_id"]);
  switch (query.sort) {
    case "price-asc":
      rows = rows.orderBy("price_cents", "asc").orderBy("id", "asc");
      break;
    case "price-desc":
      rows = rows.orderBy("price_cents", "desc").orderBy("id", "desc");
      break;
    case "newest":
      rows = rows.orderBy("created_at", "desc").orderBy("id", "desc");
      break;
    default:
      rows = rows.orderBy("name").orderBy("id");
  }
  const [items, count] = await Promise.all([
    rows
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  const [firstImage, lines] = await Promise.all([
    firstImages(
      db,
      items.map((i) => i.id),
    ),
    lineSummaries(
      db,
      items.map((i) => i.line_id),
    ),
  ]);
  return {
    items: items.map((r) => ({
      id: r.id,
      sku: r.sku,
      name: r.name,
      category: r.category,
      priceCents: r.price_cents,
      stock: r.stock,
      image: firstImage.get(r.id) ?? null,
      line: lineOf(r.line_id, lines.get(r.line_id)),
    })),
    total: Number(count.n),
    page,
    pageSize,
  };
}

function lineOf(id: number, summary: { name: string; variants: number } | undefined): AdminProductRow["line"] {
  return summary && summary.variants > 1 ? { id, name: summary.name, variants: summary.variants } : null;
}

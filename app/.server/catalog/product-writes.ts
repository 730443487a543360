import type { Kysely, Transaction } from "kysely";
import type { ProductImage } from "~/lib/images";
import { dialectOf } from "../db/connect";
import type { DB } from "../db/schema";
import { sqlNow } from "../db/time";

export interface ProductInput {
  sku: string;
  name: string;
  description: string;
  priceCents: number;
  stock: number;
  category: string;
}

type Db = Kysely<DB> | Transaction<DB>;

/** Inserts a product and its ordered images; run inside a transaction when images matter. */
export async function insertProduct(db: Db, input: ProductInput, images: ProductImage[]): Promise<number> {
  const now = sqlNow(dialectOf(db));
  const row = await db
    .insertInto("products")
    .values({
      sku: input.sku,
      name: input.name,
      description: input.description,
      price_cents: input.priceCents,
      stock: input.stock,
      category: input.category,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await replaceProductImages(db, row.id, images);
  return row.id;
}

/** Sets a product's images to exactly `images`, in that order. */
export async function replaceProductImages(db: Db, productId: number, images: ProductImage[]): Promise<void> {
  await db.deleteFrom("product_images").where("product_id", "=", productId).execute();
  if (images.length === 0) return;
  const now = sqlNow(dialectOf(db));
  await db
    .insertInto("product_images")
    .values(
      images.map((img, position) => ({
        product_id: productId,
        position,
        media_key: img.key,
        width: img.width,
        height: img.height,
        created_at: now,
      })),
    )
    .execute();
}

export async function findProductIdBySku(db: Db, sku: string): Promise<number | null> {
  const row = await db.selectFrom("products").select("id").where("sku", "=", sku).executeTakeFirst();
  return row?.id ?? null;
}

export async function countProducts(db: Db): Promise<number> {
  const row = await db
    .selectFrom("products")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

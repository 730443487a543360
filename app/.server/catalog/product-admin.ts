import crypto from "node:crypto";
import type { Kysely } from "kysely";
import type { ProductImage } from "~/lib/images";
import { dialectOf } from "../db/connect";
import type { DB } from "../db/schema";
import { sqlNow } from "../db/time";
import { type PreparedImage, prepareImage, removeFiles, storeImages, variantNames } from "../media/intake";
import { insertProduct, type ProductInput, replaceProductImages } from "./product-writes";
import { findProduct } from "./products";

export interface Upload {
  name: string;
  data: Buffer;
}

export interface ProductChanges {
  sku?: string | undefined;
  name: string;
  description: string;
  priceCents: number;
  stock: number;
  category: string;
}

export class SkuTakenError extends Error {
  constructor(sku: string) {
    super(`SKU ${sku} is already used by another product.`);
  }
}

function generateSku(category: string): string {
  const prefix = category
    .split("-")
    .map((w) => w[0]?.toUpperCase() ?? "")
    .join("");
  return `${prefix || "P"}-${crypto.randomBytes(4).toString("hex").toUpperCase()}`;
}

async function skuTaken(db: Kysely<DB>, sku: string, exceptId?: number): Promise<boolean> {
  let q = db.selectFrom("products").select("id").where("sku", "=", sku);
  if (exceptId !== undefined) q = q.where("id", "!=", exceptId);
  return !!(await q.executeTakeFirst());
}

/** Checks and re-encodes every upload first: one bad file refuses them all (ImageRejectedError). */
async function prepareAll(uploads: Upload[]): Promise<PreparedImage[]> {
  const prepared: PreparedImage[] = [];
  for (const u of uploads) prepared.push(await prepareImage(u.name, u.data));
  return prepared;
}

const toImage = ({ key, width, height }: PreparedImage): ProductImage => ({ key, width, height });

/** Removes the files of images that no product uses any more. */
export async function removeUnusedImageFiles(db: Kysely<DB>, images: ProductImage[]): Promise<void> {
  if (images.length === 0) return;
  const keys = [...new Set(images.map((i) => i.key))];
  const stillUsed = await db.selectFrom("product_images").select("media_key").where("media_key", "in", keys).execute();
  const used = new Set(stillUsed.map((r) => r.media_key));
  const unused = images.filter((i) => !used.has(i.key));
  await removeFiles(unused.flatMap(variantNames));
}

/**
 * Creates a product with its images. Images are checked and written first; if the database
 * write then fails, the files written for it are removed: no product without its images,
 * no orphan files.
 */
export async function createProductWithImages(
  db: Kysely<DB>,
  changes: ProductChanges,
  uploads: Upload[],
): Promise<number> {
  const sku = changes.sku ?? generateSku(changes.category);
  if (await skuTaken(db, sku)) throw new SkuTakenError(sku);
  const prepared = await prepareAll(uploads);
  const created = await storeImages(prepared);
  try {
    const input: ProductInput = { ...changes, sku };
    return await db.transaction().execute((trx) => insertProduct(trx, input, prepared.map(toImage)));
  } catch (error) {
    await removeFiles(created);
    throw error;
  }
}

/**
 * Updates a product: fields, which existing images to keep and in what order (`keepKeys`),
 * and new uploads appended after them. Returns false when the product does not exist.
 */
export async function updateProductWithImages(
  db: Kysely<DB>,
  id: number,
  changes: ProductChanges,
  images: { keepKeys: string[]; uploads: Upload[] },
): Promise<boolean> {
  const current = await findProduct(db, id);
  if (!current) return false;
  if (changes.sku && (await skuTaken(db, changes.sku, id))) throw new SkuTakenError(changes.sku);
  const byKey = new Map(current.images.map((i) => [i.key, i]));
  const kept = [...new Set(images.keepKeys)].flatMap((k) => byKey.get(k) ?? []);
  const prepared = await prepareAll(images.uploads);
  const created = await storeImages(prepared);
  const nextImages = [...kept, ...prepared.map(toImage).filter((img) => !kept.some((k) => k.key === img.key))];
  try {
    const updated = await db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable("products")
        .set({
          ...(changes.sku ? { sku: changes.sku } : {}),
          name: changes.name,
          description: changes.description,
          price_cents: changes.priceCents,
          stock: changes.stock,
          category: changes.category,
          updated_at: sqlNow(dialectOf(db)),
        })
        .where("id", "=", id)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return false;
      await replaceProductImages(trx, id, nextImages);
      return true;
    });
    if (!updated) {
      await removeFiles(created);
      return false;
    }
  } catch (error) {
    await removeFiles(created);
    throw error;
  }
  const removed = current.images.filter((i) => !nextImages.some((n) => n.key === i.key));
  await removeUnusedImageFiles(db, removed);
  return true;
}

/**
 * Deletes a product. Past orders keep their own copies of its name and price (their link to
 * the product becomes empty); its image files go unless another product uses them.
 */
export async function deleteProduct(db: Kysely<DB>, id: number): Promise<boolean> {
  const current = await findProduct(db, id);
  if (!current) return false;
  const result = await db.deleteFrom("products").where("id", "=", id).executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) return false;
  await removeUnusedImageFiles(db, current.images);
  return true;
}

export interface BulkChanges {
  priceCents?: number | undefined;
  stock?: number | undefined;
  category?: string | undefined;
}

/** Applies the filled-in fields to every selected product in one transaction; returns how many changed. */
export async function bulkUpdateProducts(db: Kysely<DB>, ids: number[], changes: BulkChanges): Promise<number> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return 0;
  const set = {
    ...(changes.priceCents !== undefined ? { price_cents: changes.priceCents } : {}),
    ...(changes.stock !== undefined ? { stock: changes.stock } : {}),
    ...(changes.category !== undefined ? { category: changes.category } : {}),
  };
  if (Object.keys(set).length === 0) return 0;
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable("products")
      .set({ ...set, updated_at: sqlNow(dialectOf(db)) })
      .where("id", "in", unique)
      // Only rows where something actually differs count as changed.
      .where((eb) =>
        eb.or([
          ...(changes.priceCents !== undefined ? [eb("price_cents", "!=", changes.priceCents)] : []),
          ...(changes.stock !== undefined ? [eb("stock", "!=", changes.stock)] : []),
          ...(changes.category !== undefined ? [eb("category", "!=", changes.category)] : []),
        ]),
      )
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  });
}

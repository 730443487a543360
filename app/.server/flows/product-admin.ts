import crypto from "node:crypto";
import { type Kysely, sql, type Transaction } from "kysely";
import { auditFieldLabel } from "~/lib/audit";
import type { ProductImage } from "~/lib/images";
import * as MESSAGES from "~/lib/messages";
import * as INVENTORY_MESSAGES from "~/lib/messages/inventory";
import type { ProductComplianceInput } from "~/lib/schemas/compliance";
import type { Tier } from "~/lib/tiers";
import { type Actor, changedFields, recordAudit } from "../audit/log";
import { refreshLineFacets } from "../catalog/facets";
import { type Counter, lockCounters, lockProducts } from "../catalog/product-locks";
import { insertProduct, type ProductInput, productThreshold, replaceProductImages } from "../catalog/product-writes";
import { findProduct } from "../catalog/products";
import { saveProductCompliance } from "../compliance/facts";
import { dialectOf } from "../db/connect";
import type { DB } from "../db/schema";
import { sqlNow } from "../db/time";
import { unitsInLots, unitsInLotsOf } from "../inventory/lots";
import { type PreparedImage, prepareImage, removeFiles, storeImages, variantNames } from "../media/intake";
import { replaceTiers } from "../pricing/tiers";
import { DomainError } from "../runtime/domain-error";

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
  /** How it is sold (issue 16); absent: single units. */
  casePack?: number;
  minQuantity?: number;
  maxQuantity?: number | null;
  /** Quantity breaks (issue 16); absent: unchanged. */
  tiers?: Tier[];
  /** The product's own low-stock threshold (issue 17), null for the store-wide one; absent: unchanged. */
  lowStockThreshold?: number | null;
  /** Its bin in the warehouse (issue 39), null for none; absent: unchanged. */
  bin?: string | null;
}

/** What the edit form was opened on: a save is refused if the product changed since. */
export interface EditedVersion {
  version: number;
  /** The stock the form showed: the stock is written only if the admin changed it from this. */
  stockSeen: number;
}

/** A stock typed below the units its available lots hold (issue 39, decision 0066). */
export class StockBelowLotsError extends DomainError {
  constructor(units: number) {
    super(INVENTORY_MESSAGES.stockBelowLots(units), { status: 409, field: "quantity" });
  }
}

export class SkuTakenError extends DomainError {
  constructor(sku: string) {
    super(MESSAGES.skuTaken(sku), { status: 409, field: "sku" });
  }
}

export const PRODUCT_CHANGED = MESSAGES.productChangedSinceOpened;

/**
 * A save refused because someone else changed the product (or sold some of it, when the admin
 * corrected the stock) after the form was opened. Nothing was written.
 */
export class ProductChangedError extends DomainError {
  constructor(readonly stockNow: number | null = null) {
    super(stockNow === null ? PRODUCT_CHANGED : MESSAGES.stockChangedSinceOpened(stockNow), { status: 409 });
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

/** The fields of a product an audit entry shows (the description shortened: its change is what matters). */
function auditFields(p: {
  sku?: string | undefined;
  name: string;
  description: string;
  priceCents: number;
  stock: number;
  category: string;
  casePack?: number;
  minQuantity?: number;
  maxQuantity?: number | null;
  lowStockThreshold?: number | null;
}) {
  return {
    ...(p.sku ? { sku: p.sku } : {}),
    name: p.name,
    description: p.description.length > 300 ? `${p.description.slice(0, 300)}…` : p.description,
    priceCents: p.priceCents,
    stock: p.stock,
    category: p.category,
    ...sellingUnitAudit(p),
    ...(p.lowStockThreshold === undefined ? {} : { lowStockThreshold: p.lowStockThreshold }),
  };
}

/** The selling unit in an audit entry, when the change names one. */
function sellingUnitAudit(p: { casePack?: number; minQuantity?: number; maxQuantity?: number | null }) {
  if (p.casePack === undefined) return {};
  return { casePack: p.casePack, minQuantity: p.minQuantity ?? p.casePack, maxQuantity: p.maxQuantity ?? null };
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
  actor: Actor,
  /** The compliance facts set in the new-product form: saved in the product's transaction. */
  facts?: ProductComplianceInput,
): Promise<number> {
  const sku = changes.sku ?? generateSku(changes.category);
  if (await skuTaken(db, sku)) throw new SkuTakenError(sku);
  const prepared = await prepareAll(uploads);
  const created = await storeImages(prepared);
  try {
    const input: ProductInput = { ...changes, sku };
    return await db.transaction().execute(async (trx) => {
      // PostgreSQL: the counters by name before any write (decision 0005): the row moves 'catalog', its breaks 'prices'.
      if (changes.tiers?.length) await lockCounters(trx, ["catalog", "prices"]);
      const id = await insertProduct(trx, input, prepared.map(toImage));
      if (changes.tiers) await replaceTiers(trx, id, changes.tiers, actor);
      await recordAudit(trx, actor, {
        action: "product.create",
        subjectType: "product",
        subjectId: id,
        summary: `Added ${sku} (${input.name})`,
        after: auditFields(input),
      });
      if (facts) await saveProductCompliance(trx, id, facts, actor);
      return id;
    });
  } catch (error) {
    await removeFiles(created);
    throw error;
  }
}

/** Whether a save moves the prices counter (migration 0011): the price, case pack or minimum, or breaks. */
function movesPrices(
  current: { priceCents: number; casePack: number; minQuantity: number },
  changes: ProductChanges,
): boolean {
  if (changes.tiers) return true;
  if (changes.priceCents !== current.priceCents) return true;
  if (changes.casePack === undefined) return false;
  return changes.casePack !== current.casePack || (changes.minQuantity ?? changes.casePack) !== current.minQuantity;
}

/**
 * Updates a product: fields, which existing images to keep and in what order (`keepKeys`),
 * and new uploads appended after them. Returns false when the product does not exist.
 * The update is conditional on the version the form was opened on (ProductChangedError when
 * another edit came first). The stock is written only when the admin changed the number the
 * form showed, and then only if it is still that number: a correction never puts back units
 * sold while the form was open.
 */
export async function updateProductWithImages(
  db: Kysely<DB>,
  id: number,
  changes: ProductChanges,
  images: { keepKeys: string[]; uploads: Upload[] },
  opened: EditedVersion,
  actor: Actor,
): Promise<boolean> {
  const current = await findProduct(db, id);
  if (!current) return false;
  const thresholdBefore = await productThreshold(db, id);
  if (current.version !== opened.version) throw new ProductChangedError();
  const correctsStock = changes.stock !== opened.stockSeen;
  if (changes.sku && (await skuTaken(db, changes.sku, id))) throw new SkuTakenError(changes.sku);
  const byKey = new Map(current.images.map((i) => [i.key, i]));
  const kept = [...new Set(images.keepKeys)].flatMap((k) => byKey.get(k) ?? []);
  const prepared = await prepareAll(images.uploads);
  const created = await storeImages(prepared);
  const nextImages = [...kept, ...prepared.map(toImage).filter((img) => !kept.some((k) => k.key === img.key))];
  try {
    const updated = await db.transaction().execute(async (trx) => {
      // PostgreSQL (decision 0005): the product, then the counters by name, before any write. A new
      // price moves 'prices' (the row's trigger) before its images move 'catalog'; a new name moves
      // 'catalog' before the breaks move 'prices'.
      const counters: Counter[] = ["catalog"];
      if (movesPrices(current, changes)) counters.push("prices");
      if (counters.length > 1) {
        await lockProducts(trx, [id], "no key update");
        await lockCounters(trx, counters);
      }
      // A count typed over units held in lots (issue 39): those are counted on their lot's page.
      if (correctsStock) {
        const inLots = await unitsInLots(trx, id);
        if (changes.stock < inLots) throw new StockBelowLotsError(inLots);
      }
      let update = trx
        .updateTable("products")
        .set({
          ...(changes.sku ? { sku: changes.sku } : {}),
          name: changes.name,
          description: changes.description,
          price_cents: changes.priceCents,
          ...(correctsStock ? { stock: changes.stock } : {}),
          category: changes.category,
          ...(changes.casePack === undefined
            ? {}
            : {
                case_pack: changes.casePack,
                min_quantity: changes.minQuantity ?? changes.casePack,
                max_quantity: changes.maxQuantity ?? null,
              }),
          ...(changes.lowStockThreshold === undefined ? {} : { low_stock_threshold: changes.lowStockThreshold }),
          ...(changes.bin === undefined ? {} : { bin: changes.bin }),
          version: sql<number>`version + 1`,
          updated_at: sqlNow(dialectOf(db)),
        })
        .where("id", "=", id)
        .where("version", "=", opened.version);
      if (correctsStock) update = update.where("stock", "=", opened.stockSeen);
      const result = await update.executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) {
        const now = await trx
          .selectFrom("products")
          .select(["version", "stock"])
          .where("id", "=", id)
          .executeTakeFirst();
        if (!now) return false;
        throw new ProductChangedError(now.version === opened.version && correctsStock ? now.stock : null);
      }
      await replaceProductImages(trx, id, nextImages);
      if (changes.tiers) await replaceTiers(trx, id, changes.tiers, actor);
      const diff = changedFields(
        auditFields({
          ...current,
          ...(changes.lowStockThreshold === undefined ? {} : { lowStockThreshold: thresholdBefore }),
        }),
        auditFields({
          ...changes,
          sku: changes.sku ?? current.sku,
          stock: correctsStock ? changes.stock : current.stock,
        }),
      );
      const imagesChanged =
        nextImages.length !== current.images.length || nextImages.some((img, i) => img.key !== current.images[i]?.key);
      if (diff || imagesChanged) {
        const what = [...Object.keys(diff?.after ?? {}), ...(imagesChanged ? ["images"] : [])];
        await recordAudit(trx, actor, {
          action: "product.update",
          subjectType: "product",
          subjectId: id,
          summary: `Edited ${changes.sku ?? current.sku}: ${what.map(auditFieldLabel).join(", ")}`,
          before: { ...diff?.before, ...(imagesChanged ? { images: current.images.length } : {}) },
          after: { ...diff?.after, ...(imagesChanged ? { images: nextImages.length } : {}) },
        });
      }
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
export async function deleteProduct(db: Kysely<DB>, id: number, actor: Actor): Promise<boolean> {
  const current = await findProduct(db, id);
  if (!current) return false;
  const deleted = await db.transaction().execute(async (trx) => {
    // PostgreSQL (decision 0005): the product, then the counters by name. The delete takes its
    // images and facts ('catalog') and its breaks and group prices ('prices') with it.
    await lockProducts(trx, [id], "update");
    await lockCounters(trx, ["catalog", "prices"]);
    const result = await trx.deleteFrom("products").where("id", "=", id).executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) return false;
    // What the line's filters list goes with the variant (an emptied line went with it).
    await refreshLineFacets(trx, [current.lineId]);
    await recordAudit(trx, actor, {
      action: "product.delete",
      subjectType: "product",
      subjectId: id,
      summary: `Deleted ${current.sku} (${current.name})`,
      before: auditFields(current),
    });
    return true;
  });
  if (!deleted) return false;
  await removeUnusedImageFiles(db, current.images);
  return true;
}

/** A bulk edit would set a product's stock under the units in its lots; nothing was changed. */
export class BulkStockBelowLotsError extends DomainError {
  constructor(message: string) {
    super(message, { status: 409, field: "stock" });
  }
}

export interface BulkChanges {
  priceCents?: number | undefined;
  stock?: number | undefined;
  category?: string | undefined;
}

/**
 * Applies the filled-in fields to every selected product in one transaction; returns how many
 * changed. Each changed product gets its own audit entry with its values before.
 */
export async function bulkUpdateProducts(
  db: Kysely<DB>,
  ids: number[],
  changes: BulkChanges,
  actor: Actor,
): Promise<number> {
  return db.transaction().execute((trx) => bulkUpdateProductsIn(trx, ids, changes, actor));
}

/**
 * Several bulk changes at once, each to its own products, in one transaction (the REST API's
 * prices and stock in bulk, issue 42): every product's row is held first, by id (decision 0005),
 * then each change is applied as the back office's bulk edit applies it. All or nothing.
 */
export async function bulkUpdateProductSets(
  db: Kysely<DB>,
  sets: { ids: number[]; changes: BulkChanges }[],
  actor: Actor,
): Promise<number> {
  const all = [...new Set(sets.flatMap((s) => s.ids))].sort((a, b) => a - b);
  if (all.length === 0) return 0;
  return db.transaction().execute(async (trx) => {
    if (dialectOf(db) === "postgres")
      await trx.selectFrom("products").select("id").where("id", "in", all).orderBy("id").forUpdate().execute();
    let changed = 0;
    for (const set of sets) changed += await bulkUpdateProductsIn(trx, set.ids, set.changes, actor);
    return changed;
  });
}

async function bulkUpdateProductsIn(
  trx: Transaction<DB>,
  ids: number[],
  changes: BulkChanges,
  actor: Actor,
): Promise<number> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return 0;
  const set = {
    ...(changes.priceCents !== undefined ? { price_cents: changes.priceCents } : {}),
    ...(changes.stock !== undefined ? { stock: changes.stock } : {}),
    ...(changes.category !== undefined ? { category: changes.category } : {}),
  };
  if (Object.keys(set).length === 0) return 0;
  const wanted = {
    ...(changes.priceCents !== undefined ? { priceCents: changes.priceCents } : {}),
    ...(changes.stock !== undefined ? { stock: changes.stock } : {}),
    ...(changes.category !== undefined ? { category: changes.category } : {}),
  };
  {
    // Only rows where something actually differs change (and are recorded).
    let read = trx
      .selectFrom("products")
      .select(["id", "sku", "price_cents", "stock", "category"])
      .where("id", "in", unique);
    // PostgreSQL: hold the rows so the values recorded as "before" are the ones replaced, by id
    // (decision 0005): an order of the same products never holds one while waiting for another.
    if (dialectOf(trx) === "postgres") read = read.orderBy("id").forUpdate();
    const rows = await read.execute();
    const changing = rows
      .map((r) => ({
        row: r,
        diff: changedFields({ priceCents: r.price_cents, stock: r.stock, category: r.category }, wanted),
      }))
      .filter((c) => c.diff !== null);
    if (changing.length === 0) return 0;
    // Stock held in lots is counted on the lot's page (issue 39): a bulk count may not set less.
    if (changes.stock !== undefined) {
      const inLots = await unitsInLotsOf(
        trx,
        changing.map((c) => c.row.id),
      );
      const under = changing.find((c) => (inLots.get(c.row.id) ?? 0) > (changes.stock ?? 0));
      if (under)
        throw new BulkStockBelowLotsError(
          INVENTORY_MESSAGES.bulkStockBelowLots(under.row.sku, inLots.get(under.row.id) ?? 0),
        );
    }
    // Then the counters by name (decision 0005) when it moves both: each row's new price moves
    // 'prices' before its new category or stock crossing zero moves 'catalog'.
    if (changes.priceCents !== undefined && (changes.category !== undefined || changes.stock !== undefined))
      await lockCounters(trx, ["catalog", "prices"]);
    const result = await trx
      .updateTable("products")
      .set({ ...set, version: sql<number>`version + 1`, updated_at: sqlNow(dialectOf(trx)) })
      .where(
        "id",
        "in",
        changing.map((c) => c.row.id),
      )
      .executeTakeFirst();
    for (const { row, diff } of changing) {
      await recordAudit(trx, actor, {
        action: "product.bulk-update",
        subjectType: "product",
        subjectId: row.id,
        summary: `Bulk edit of ${row.sku}: ${Object.keys(diff?.after ?? {})
          .map(auditFieldLabel)
          .join(", ")}`,
        before: diff?.before ?? null,
        after: diff?.after ?? null,
      });
    }
    return Number(result.numUpdatedRows);
  }
}

import type { Kysely } from "kysely";
import { formatCents } from "~/lib/money";
import { MAX_LOW_STOCK_THRESHOLD } from "~/lib/quantity";
import { type Actor, recordAudit } from "../audit/log";
import { dialectOf } from "../db/connect";
import type { DB } from "../db/schema";
import { sqlNow } from "../db/time";
import { defineJob } from "../jobs/registry";
import { enqueueMail } from "../mail/outbox";
import { layout } from "../mail/templates";
import { env } from "../runtime/env";
import { emitWebhook } from "../webhooks/events";
import { updateProductColumns } from "./product-writes";

/**
 * Low stock (issue 17): a product is low at or under its own threshold, or the store-wide one when
 * it has none (set by the admin on the report page; 5 until then). The report lists them, out of
 * stock first; a daily digest mails the store inbox when anything is low or out.
 */
export const DEFAULT_LOW_STOCK_THRESHOLD = 5;
export const MAX_THRESHOLD = MAX_LOW_STOCK_THRESHOLD;
const SETTING = "low_stock_threshold";

export async function storeThreshold(db: Kysely<DB>): Promise<number> {
  const row = await db.selectFrom("store_settings").select("value").where("name", "=", SETTING).executeTakeFirst();
  const n = Number(row?.value);
  return row && Number.isInteger(n) && n >= 0 ? n : DEFAULT_LOW_STOCK_THRESHOLD;
}

/**
 * A sale that took a product's stock from above its threshold to at or under it emits the
 * stock.low webhook (issue 42), in the sale's transaction: once per crossing, not per sale while
 * it stays low. The store-wide threshold is read only for a product without its own.
 */
export async function emitIfCrossedLow(
  db: Kysely<DB>,
  product: { id: number; sku: string; stock: number; low_stock_threshold: number | null },
  taken: number,
): Promise<void> {
  if (taken <= 0) return;
  if (product.low_stock_threshold === null && product.stock > MAX_THRESHOLD) return;
  const threshold = product.low_stock_threshold ?? (await storeThreshold(db));
  if (product.stock <= threshold && product.stock + taken > threshold)
    await emitWebhook(db, "stock.low", { productId: product.id, sku: product.sku, stock: product.stock, threshold });
}

export async function setStoreThreshold(db: Kysely<DB>, threshold: number, actor: Actor): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await storeThreshold(trx);
    if (before === threshold) return;
    const now = sqlNow(dialectOf(db));
    await trx
      .insertInto("store_settings")
      .values({ name: SETTING, value: String(threshold), updated_at: now })
      .onConflict((oc) => oc.column("name").doUpdateSet({ value: String(threshold), updated_at: now }))
      .execute();
    await recordAudit(trx, actor, {
      action: "store.low-stock-threshold",
      subjectType: "store",
      subjectId: SETTING,
      summary: `Store-wide low-stock threshold ${before} to ${threshold}`,
      before: { threshold: before },
      after: { threshold },
    });
  });
}

/** A product's own threshold (null: the store's). Returns false when the product does not exist. */
export async function setProductThreshold(
  db: Kysely<DB>,
  productId: number,
  threshold: number | null,
  actor: Actor,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const product = await trx
      .selectFrom("products")
      .select(["sku", "low_stock_threshold"])
      .where("id", "=", productId)
      .executeTakeFirst();
    if (!product) return false;
    if (product.low_stock_threshold === threshold) return true;
    await updateProductColumns(trx, productId, { low_stock_threshold: threshold });
    await recordAudit(trx, actor, {
      action: "product.low-stock-threshold",
      subjectType: "product",
      subjectId: productId,
      summary: `Low-stock threshold of ${product.sku}: ${product.low_stock_threshold ?? "store-wide"} to ${threshold ?? "store-wide"}`,
      before: { threshold: product.low_stock_threshold },
      after: { threshold },
    });
    return true;
  });
}

export interface LowStockItem {
  id: number;
  sku: string;
  name: string;
  stock: number;
  priceCents: number;
  /** The product's own threshold, or null when the store-wide one applies. */
  ownThreshold: number | null;
  threshold: number;
}

export const LOW_STOCK_LIMIT = 500;

/** At or under the product's own threshold, or the store-wide one when it has none. */
function atOrUnderThreshold(db: Kysely<DB>, threshold: number) {
  return db
    .selectFrom("products")
    .where((eb) =>
      eb.or([
        eb.and([eb("low_stock_threshold", "is", null), eb("stock", "<=", threshold)]),
        eb("stock", "<=", eb.ref("low_stock_threshold")),
      ]),
    );
}

/** The dashboard's figures: products sold out, and products in stock but low (as the report counts them). */
export async function countStockLevels(db: Kysely<DB>): Promise<{ out: number; low: number }> {
  const threshold = await storeThreshold(db);
  const [out, low] = await Promise.all([
    db
      .selectFrom("products")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("stock", "<=", 0)
      .executeTakeFirstOrThrow(),
    atOrUnderThreshold(db, threshold)
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("stock", ">", 0)
      .executeTakeFirstOrThrow(),
  ]);
  return { out: Number(out.n), low: Number(low.n) };
}

/** Products at or under their threshold, out of stock first, then fewest units. */
export async function listLowStock(
  db: Kysely<DB>,
  limit = LOW_STOCK_LIMIT,
): Promise<{ items: LowStockItem[]; total: number; threshold: number }> {
  const threshold = await storeThreshold(db);
  const base = atOrUnderThreshold(db, threshold);
  const [rows, count] = await Promise.all([
    base
      .select(["id", "sku", "name", "stock", "price_cents", "low_stock_threshold"])
      .orderBy("stock")
      .orderBy("name")
      .orderBy("id")
      .limit(limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      sku: r.sku,
      name: r.name,
      stock: r.stock,
      priceCents: r.price_cents,
      ownThreshold: r.low_stock_threshold,
      threshold: r.low_stock_threshold ?? threshold,
    })),
    total: Number(count.n),
    threshold,
  };
}

export const LOW_STOCK_DIGEST_JOB = "low-stock-digest";
const DIGEST_LINES = 100;

/** Queues the digest to the store inbox when anything is low or out; returns whether it did. */
export async function sendLowStockDigest(db: Kysely<DB>): Promise<boolean> {
  const { items, total } = await listLowStock(db, DIGEST_LINES);
  if (total === 0) return false;
  const out = items.filter((i) => i.stock <= 0).length;
  const e = env();
  const lines = items.map(
    (i) =>
      `${i.stock <= 0 ? "OUT" : `${i.stock} left`} · ${i.sku} · ${i.name} (threshold ${i.threshold}, ${formatCents(i.priceCents)})`,
  );
  await enqueueMail(
    db,
    {
      to: e.STORE_INBOX,
      subject: `Low stock: ${total} product${total === 1 ? "" : "s"} at or under the threshold`,
      ...layout(
        [
          `${total} product${total === 1 ? " is" : "s are"} at or under the low-stock threshold${out ? `, ${out === total ? "all" : `${out}${total > items.length ? " or more" : ""}`} of them out of stock` : ""}.`,
          lines.join("\n") + (total > items.length ? `\n…and ${total - items.length} more.` : ""),
        ],
        { label: "Open the low-stock report", url: `${e.BASE_URL}/admin/stock` },
      ),
    },
    "low-stock digest",
  );
  return true;
}

/** Scheduled daily (startup.ts). */
export const lowStockDigestJob = defineJob(LOW_STOCK_DIGEST_JOB, async (_payload, { db }) => {
  await sendLowStockDigest(db);
});

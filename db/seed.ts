import type { Kysely } from "kysely";
import { findProductIdBySku, insertProduct } from "../app/.server/catalog/product-writes";
import type { DB } from "../app/.server/db/schema";
import { type PreparedImage, prepareImage, removeFiles, storeImages } from "../app/.server/media/intake";
import { renderDemoImage } from "./demo-art";
import { DEMO_PRODUCTS } from "./demo-catalog";

/**
 * Adds the demo catalog: every demo product whose SKU is not in the database yet, with
 * images drawn here by sharp (nothing is downloaded). Safe to run again.
 */
export async function seedDemoCatalog(
  db: Kysely<DB>,
  options: { log?: (line: string) => void } = {},
): Promise<{ added: number; skipped: number }> {
  const log = options.log ?? (() => {});
  let added = 0;
  let skipped = 0;
  // Images are drawn and encoded four products at a time (sharp works on libuv's threads);
  // rows are written one product at a time, in catalog order.
  const missing = [];
  for (const demo of DEMO_PRODUCTS) {
    if ((await findProductIdBySku(db, demo.sku)) !== null) skipped++;
    else missing.push(demo);
  }
  const prepareAll = (demo: (typeof DEMO_PRODUCTS)[number]) =>
    Promise.all(
      Array.from({ length: demo.imageCount }, async (_, n) =>
        prepareImage(`${demo.sku}-${n + 1}.png`, await renderDemoImage(demo, n)),
      ),
    );
  for (let start = 0; start < missing.length; start += 4) {
    const batch = missing.slice(start, start + 4);
    const prepared = await Promise.all(batch.map(prepareAll));
    for (const [k, demo] of batch.entries()) {
      const images: PreparedImage[] = prepared[k] ?? [];
      const created = await storeImages(images);
      try {
        await db.transaction().execute((trx) =>
          insertProduct(
            trx,
            {
              sku: demo.sku,
              name: demo.name,
              description: demo.description,
              priceCents: demo.priceCents,
              stock: demo.stock,
              category: demo.category,
            },
            images.map(({ key, width, height }) => ({ key, width, height })),
          ),
        );
      } catch (error) {
        await removeFiles(created);
        throw error;
      }
      added++;
    }
    log(`  ${Math.min(start + 4, missing.length)}/${missing.length} products`);
  }
  return { added, skipped };
}

import type { Kysely } from "kysely";
import { attachImagesIfNone, findProductIdBySku, insertProduct } from "../app/.server/catalog/product-writes";
import type { DB } from "../app/.server/db/schema";
import { prepareImage, removeFiles, storeImages } from "../app/.server/media/intake";
import { renderDemoImage } from "./demo-art";
import { DEMO_PRODUCTS, type DemoProduct } from "./demo-catalog";

/** Products whose pictures are drawn together (sharp works on libuv's four threads). */
export const DEMO_IMAGE_BATCH = 4;

/**
 * Adds every demo product whose SKU is not in the database yet, without its pictures (rows only:
 * fast). Returns the SKUs added that have pictures to draw (drawDemoImages). Safe to run again.
 */
export async function addDemoProducts(db: Kysely<DB>): Promise<{ added: number; skipped: number; toDraw: string[] }> {
  let added = 0;
  let skipped = 0;
  const toDraw: string[] = [];
  for (const demo of DEMO_PRODUCTS) {
    if ((await findProductIdBySku(db, demo.sku)) !== null) {
      skipped++;
      continue;
    }
    await insertProduct(
      db,
      {
        sku: demo.sku,
        name: demo.name,
        description: demo.description,
        priceCents: demo.priceCents,
        stock: demo.stock,
        category: demo.category,
      },
      [],
    );
    added++;
    if (demo.imageCount > 0) toDraw.push(demo.sku);
  }
  return { added, skipped, toDraw };
}

const bySku = new Map<string, DemoProduct>(DEMO_PRODUCTS.map((p) => [p.sku, p]));

/**
 * Draws the pictures of the demo products `skus` (here, by sharp: nothing is downloaded) and
 * gives each product its pictures, unless it has some already (an admin's, or a previous run's):
 * safe to run again. Returns how many products got their pictures.
 */
export async function drawDemoImages(db: Kysely<DB>, skus: string[]): Promise<number> {
  const demos = skus.map((sku) => bySku.get(sku)).filter((d): d is DemoProduct => d !== undefined);
  const prepared = await Promise.all(
    demos.map((demo) =>
      Promise.all(
        Array.from({ length: demo.imageCount }, async (_, n) =>
          prepareImage(`${demo.sku}-${n + 1}.png`, await renderDemoImage(demo, n)),
        ),
      ),
    ),
  );
  let attached = 0;
  for (const [k, demo] of demos.entries()) {
    const images = prepared[k] ?? [];
    const id = await findProductIdBySku(db, demo.sku);
    if (id === null || images.length === 0) continue;
    const created = await storeImages(images);
    try {
      const done = await db.transaction().execute((trx) =>
        attachImagesIfNone(
          trx,
          id,
          images.map(({ key, width, height }) => ({ key, width, height })),
        ),
      );
      if (done) attached++;
      else await removeFiles(created);
    } catch (error) {
      await removeFiles(created);
      throw error;
    }
  }
  return attached;
}

/**
 * Adds the demo catalog with its pictures, drawn at once (npm run db:seed): every demo product
 * whose SKU is not in the database yet. Safe to run again. The server's demo store draws them
 * after it listens instead (flows/startup.ts).
 */
export async function seedDemoCatalog(
  db: Kysely<DB>,
  options: { log?: (line: string) => void } = {},
): Promise<{ added: number; skipped: number }> {
  const log = options.log ?? (() => {});
  const { added, skipped, toDraw } = await addDemoProducts(db);
  for (let start = 0; start < toDraw.length; start += DEMO_IMAGE_BATCH) {
    await drawDemoImages(db, toDraw.slice(start, start + DEMO_IMAGE_BATCH));
    log(`  pictures of ${Math.min(start + DEMO_IMAGE_BATCH, toDraw.length)}/${toDraw.length} products`);
  }
  return { added, skipped };
}

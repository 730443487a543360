import type { Kysely, Transaction } from "kysely";
import { attachImagesIfNone, findProductIdBySku } from "../app/.server/catalog/product-writes";
import type { DB } from "../app/.server/db/schema";
import { prepareImage, removeFiles, storeImages } from "../app/.server/media/intake";
import { formatCents } from "../app/lib/money";
import { type LineFormFields, type LineSaveInput, lineSchema, variantField } from "../app/lib/schemas/product-line";
import { renderDemoImage } from "./demo-art";
import { DEMO_LINES, DEMO_PRODUCTS, type DemoLine, type DemoProduct } from "./demo-catalog";
import { demoUpc } from "./demo-compliance";

/** Products whose pictures are drawn together (sharp works on libuv's four threads). */
export const DEMO_IMAGE_BATCH = 4;

/**
 * Writes one demo line as the line editor saves it (flows/line-admin.ts saveLineInTransaction),
 * handed in by the caller: db/ sits below the flows (the folder graph has no way back up).
 */
export type SaveDemoLine = (trx: Transaction<DB>, line: LineSaveInput) => Promise<unknown>;

/**
 * A demo line as the back office's line editor would post it (a new line: every row new, its SKU
 * and UPC typed), read by the editor's own schema: the demo catalog is what the editor accepts.
 */
export function demoLineInput(line: DemoLine): LineSaveInput {
  const fields: LineFormFields = {
    name: line.name,
    description: line.description,
    category: line.category,
    brand: line.brand ?? "",
    puffs: line.puffs === undefined ? "" : String(line.puffs),
    optionName1: line.optionNames[0] ?? "",
    optionName2: line.optionNames[1] ?? "",
    optionName3: line.optionNames[2] ?? "",
    tiers: "",
  };
  line.variants.forEach((v, row) => {
    fields[variantField(row, "option1")] = v.options[0] ?? "";
    fields[variantField(row, "option2")] = v.options[1] ?? "";
    fields[variantField(row, "option3")] = v.options[2] ?? "";
    fields[variantField(row, "sku")] = v.sku;
    fields[variantField(row, "upc")] = demoUpc(v.sku);
    fields[variantField(row, "price")] = formatCents(v.priceCents ?? line.priceCents);
    fields[variantField(row, "stock")] = String(v.stock);
  });
  const parsed = lineSchema.safeParse(fields);
  if (!parsed.success) throw new Error(`Demo line ${line.name}: ${JSON.stringify(parsed.error.issues)}`);
  return parsed.data;
}

/**
 * Adds every demo line none of whose SKUs is in the database yet, through the line editor's save
 * (flows/line-admin.ts), without pictures (rows only: fast). Returns how many lines and products
 * were added and the SKUs whose pictures are to draw (drawDemoImages): each line's first variant,
 * whose pictures every variant of the line shows. Safe to run again.
 */
export async function addDemoProducts(
  trx: Transaction<DB>,
  saveLine: SaveDemoLine,
): Promise<{ lines: number; added: number; skipped: number; toDraw: string[] }> {
  let lines = 0;
  let added = 0;
  let skipped = 0;
  const toDraw: string[] = [];
  const known = new Set((await trx.selectFrom("products").select("sku").execute()).map((p) => p.sku));
  for (const line of DEMO_LINES) {
    if (line.variants.some((v) => known.has(v.sku))) {
      skipped += line.variants.length;
      continue;
    }
    await saveLine(trx, demoLineInput(line));
    lines++;
    added += line.variants.length;
    const lead = line.variants[0];
    if (lead && line.imageCount > 0) toDraw.push(lead.sku);
  }
  return { lines, added, skipped, toDraw };
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
 * Adds the demo catalog with its pictures, drawn at once (npm run db:seed): every demo line none
 * of whose SKUs is in the database yet. Safe to run again. The server's demo store draws them
 * after it listens instead (flows/startup.ts).
 */
export async function seedDemoCatalog(
  db: Kysely<DB>,
  options: { log?: (line: string) => void; saveLine: SaveDemoLine },
): Promise<{ added: number; skipped: number }> {
  const log = options.log ?? (() => {});
  const { added, skipped, toDraw } = await db.transaction().execute((trx) => addDemoProducts(trx, options.saveLine));
  for (let start = 0; start < toDraw.length; start += DEMO_IMAGE_BATCH) {
    await drawDemoImages(db, toDraw.slice(start, start + DEMO_IMAGE_BATCH));
    log(`  pictures of ${Math.min(start + DEMO_IMAGE_BATCH, toDraw.length)}/${toDraw.length} lines`);
  }
  return { added, skipped };
}

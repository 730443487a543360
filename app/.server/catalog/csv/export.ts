import { stringify } from "csv-stringify/sync";
import type { Kysely } from "kysely";
import { imageSrc } from "~/lib/images";
import type { DB } from "../../db/schema";
import { type LineHead, loadLineHeads } from "../lines";
import { COLUMN_NAMES, DELETE_COLUMN, MAX_OPTION_COLUMNS, PRODUCT_COLUMNS, type Value } from "./columns";
import { neutralizeFormula } from "./file";
import { productsWithFacts, tierCells } from "./rows";

const EXPORT_BATCH = 1000;

/** The image URLs of some products, each as its CSV cell. */
async function imageCells(db: Kysely<DB>, ids: number[], baseUrl: string): Promise<Map<number, string>> {
  const rows = await db
    .selectFrom("product_images")
    .select(["product_id", "media_key as key", "width", "height"])
    .where("product_id", "in", ids)
    .orderBy("product_id")
    .orderBy("position")
    .execute();
  const cells = new Map<number, string[]>();
  for (const r of rows) cells.set(r.product_id, [...(cells.get(r.product_id) ?? []), `${baseUrl}${imageSrc(r, 1200)}`]);
  return new Map([...cells].map(([id, urls]) => [id, urls.join(";")]));
}

/**
 * Every product, in SKU order, as CSV text in chunks (the header first): one row per variant, its
 * line's handle, name and options first (issue 38), then the columns the import reads, then the
 * read-only image URLs (absolute, from `baseUrl`).
 */
export async function* exportProductsCsv(db: Kysely<DB>, options: { baseUrl: string }): AsyncGenerator<string> {
  yield stringify([COLUMN_NAMES.filter((c) => c !== DELETE_COLUMN)]);
  let after: string | null = null;
  for (;;) {
    let q = productsWithFacts(db).orderBy("products.sku").limit(EXPORT_BATCH);
    if (after !== null) q = q.where("products.sku", ">", after);
    const rows = (await q.execute()) as (Record<string, Value> & { id: number })[];
    if (rows.length === 0) return;
    const ids = rows.map((r) => r.id);
    const tiers = await tierCells(db, ids);
    const images = await imageCells(db, ids, options.baseUrl);
    const lines = await loadLineHeads(
      db,
      rows.map((r) => Number(r.line_id)),
    );
    yield stringify(
      rows.map((row) => [
        ...lineCells(lines.get(Number(row.line_id)), [row.option1, row.option2, row.option3]).map(neutralizeFormula),
        ...PRODUCT_COLUMNS.map((c) =>
          neutralizeFormula(c.format(c.table === "tiers" ? (tiers.get(row.id) ?? "") : (row[c.column] ?? null))),
        ),
        neutralizeFormula(images.get(row.id) ?? ""),
      ]),
    );
    after = String(rows.at(-1)?.sku);
    if (rows.length < EXPORT_BATCH) return;
  }
}

/** A variant's line cells: handle, name, then each option's name and the variant's value of it. */
function lineCells(line: LineHead | undefined, values: (Value | undefined)[]): string[] {
  const options = Array.from({ length: MAX_OPTION_COLUMNS }, (_, i) => {
    const name = line?.optionNames[i];
    return name === undefined ? ["", ""] : [name, String(values[i] ?? "")];
  });
  return [line?.slug ?? "", line?.name ?? "", ...options.flat()];
}

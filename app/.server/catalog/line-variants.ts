import { type Kysely, sql, type Transaction } from "kysely";
import { dialectOf } from "../db/connect";
import type { DB } from "../db/schema";

type Db = Kysely<DB> | Transaction<DB>;

/**
 * What the back office's line editor reads and writes of a line's variants (issue 38; decision
 * 0055), beside lines.ts: the line's version, its variants as rows, the SKUs other products hold.
 */
export interface VariantRow {
  id: number;
  lineId: number;
  version: number;
  sku: string;
  name: string;
  description: string;
  category: string;
  priceCents: number;
  stock: number;
  casePack: number;
  minQuantity: number;
  maxQuantity: number | null;
  options: [string, string, string];
  position: number;
  priceApart: boolean;
}

/** A line's version (moved by every save of it), or null when there is no such line. */
export async function findLineVersion(db: Db, lineId: number): Promise<number | null> {
  const row = await db.selectFrom("product_lines").select("version").where("id", "=", lineId).executeTakeFirst();
  return row?.version ?? null;
}

/**
 * The line's version, its row held until the transaction ends (PostgreSQL; SQLite has one writer
 * at a time): two saves of one line happen one after the other, and the second sees the first's.
 */
export async function holdLine(trx: Transaction<DB>, lineId: number): Promise<number | null> {
  let q = trx.selectFrom("product_lines").select("version").where("id", "=", lineId);
  if (dialectOf(trx) === "postgres") q = q.forUpdate();
  const row = await q.executeTakeFirst();
  return row?.version ?? null;
}

/** The lines of these products (unknown ids are left out). */
export async function linesOfProducts(db: Db, ids: readonly number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom("products")
    .select(["id", "line_id"])
    .where("id", "in", [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [r.id, r.line_id]));
}

/** The variants of these lines, by id. */
export async function variantIdsOf(db: Db, lineIds: readonly number[]): Promise<{ id: number; lineId: number }[]> {
  if (lineIds.length === 0) return [];
  const rows = await db
    .selectFrom("products")
    .select(["id", "line_id"])
    .where("line_id", "in", [...new Set(lineIds)])
    .orderBy("id")
    .execute();
  return rows.map((r) => ({ id: r.id, lineId: r.line_id }));
}

/** These products as the editor compares and writes them. */
export async function variantRows(db: Db, ids: readonly number[]): Promise<Map<number, VariantRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom("products")
    .select([
      "id",
      "line_id",
      "version",
      "sku",
      "name",
      "description",
      "category",
      "price_cents",
      "stock",
      "case_pack",
      "min_quantity",
      "max_quantity",
      "option1",
      "option2",
      "option3",
      "position",
      "price_apart",
    ])
    .where("id", "in", [...new Set(ids)])
    .execute();
  return new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        lineId: r.line_id,
        version: r.version,
        sku: r.sku,
        name: r.name,
        description: r.description,
        category: r.category,
        priceCents: r.price_cents,
        stock: r.stock,
        casePack: r.case_pack,
        minQuantity: r.min_quantity,
        maxQuantity: r.max_quantity,
        options: [r.option1, r.option2, r.option3],
        position: r.position,
        priceApart: r.price_apart === 1,
      },
    ]),
  );
}

/** Which products hold these SKUs (exactly as written). */
export async function skuHolders(db: Db, skus: readonly string[]): Promise<Map<string, number>> {
  if (skus.length === 0) return new Map();
  const rows = await db
    .selectFrom("products")
    .select(["id", "sku"])
    .where("sku", "in", [...new Set(skus)])
    .execute();
  return new Map(rows.map((r) => [r.sku, r.id]));
}

/** The products of these SKUs: as written, else in any case (as quick order reads a SKU). */
export async function productIdsBySku(db: Db, skus: readonly string[]): Promise<Map<string, number>> {
  const found = await skuHolders(db, skus);
  const missing = skus.filter((s) => !found.has(s));
  if (missing.length) {
    const rows = await db
      .selectFrom("products")
      .select(["id", "sku"])
      .where(
        sql<string>`lower(sku)`,
        "in",
        missing.map((s) => s.toLowerCase()),
      )
      .orderBy("id")
      .execute();
    for (const s of missing) {
      const row = rows.find((r) => r.sku.toLowerCase() === s.toLowerCase());
      if (row) found.set(s, row.id);
    }
  }
  return found;
}

/** Deletes these products (their images, facts and breaks go with them; the triggers settle their lines). */
export async function deleteVariants(db: Db, ids: readonly number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db
    .deleteFrom("products")
    .where("id", "in", [...ids])
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

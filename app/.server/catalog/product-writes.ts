import { type Insertable, type Kysely, sql, type Transaction } from "kysely";
import type { ProductImage } from "~/lib/images";
import { optionColumns } from "~/lib/product-lines";
import { dialectOf } from "../db/connect";
import type { DB, ProductsTable, ProductUpdate } from "../db/schema";
import { sqlNow } from "../db/time";
import { refreshLineFacets } from "./facets";
import { createLine, lineSlug, settleLine } from "./lines";

export interface ProductInput {
  sku: string;
  name: string;
  description: string;
  priceCents: number;
  stock: number;
  category: string;
  /** How it is sold (issue 16); absent: single units. */
  casePack?: number | undefined;
  minQuantity?: number | undefined;
  maxQuantity?: number | null | undefined;
  /** The product's own low-stock threshold (issue 17); absent or null: the store-wide one. */
  lowStockThreshold?: number | null | undefined;
  /**
   * The line it is a variant of, its values of the line's options and its place in the grid
   * (decision 0055); absent: a line of its own is made, named, described and filed as it is.
   * `settle: false`: the caller settles the line (its lead, its facets) once every variant is in.
   */
  line?:
    | { id: number; options?: readonly string[]; position?: number; priceApart?: boolean; settle?: boolean }
    | undefined;
  /** More of its columns, written with it (a catalog import's row: its case pack, threshold…). */
  columns?: ProductUpdate | undefined;
}

type Db = Kysely<DB> | Transaction<DB>;

/** A new product's row in `line_id`: the input's columns and its place in the line. */
function productRow(input: ProductInput, lineId: number, now: ReturnType<typeof sqlNow>): Insertable<ProductsTable> {
  return {
    line_id: lineId,
    ...optionColumns(input.line?.options ?? []),
    position: input.line?.position ?? 0,
    price_apart: input.line?.priceApart ? 1 : 0,
    lead: input.line ? 0 : 1,
    sku: input.sku,
    name: input.name,
    description: input.description,
    price_cents: input.priceCents,
    stock: input.stock,
    category: input.category,
    ...(input.lowStockThreshold === undefined ? {} : { low_stock_threshold: input.lowStockThreshold }),
    ...(input.casePack === undefined
      ? {}
      : {
          case_pack: input.casePack,
          min_quantity: input.minQuantity ?? input.casePack,
          max_quantity: input.maxQuantity ?? null,
        }),
    ...(input.columns as Partial<Insertable<ProductsTable>> | undefined),
    created_at: now,
    updated_at: now,
  } as Insertable<ProductsTable>;
}

/** Inserts a product and its ordered images; run inside a transaction when images matter. */
export async function insertProduct(db: Db, input: ProductInput, images: ProductImage[]): Promise<number> {
  const lineId =
    input.line?.id ??
    (await createLine(db, { name: input.name, description: input.description, category: input.category }));
  const row = await db
    .insertInto("products")
    .values(productRow(input, lineId, sqlNow(dialectOf(db))))
    .returning("id")
    .executeTakeFirstOrThrow();
  if (input.line?.settle !== false) {
    if (input.line) await settleLine(db, lineId);
    await refreshLineFacets(db, [lineId]);
  }
  // A new product has no images to replace.
  if (images.length > 0) await replaceProductImages(db, row.id, images);
  return row.id;
}

/** The most variants one insert statement writes (about 20 parameters each). */
const VARIANTS_BATCH = 250;

/**
 * Inserts many variants of existing lines, without images, a few statements for all (a catalog
 * import): the caller settles their lines (settleLine) once they are in. Returns their ids in the
 * order given (matched by SKU, which is unique).
 */
export async function insertVariants(
  db: Db,
  inputs: readonly (ProductInput & { line: { id: number } })[],
  onWritten?: (rows: number) => Promise<void>,
): Promise<number[]> {
  const now = sqlNow(dialectOf(db));
  const ids = new Map<string, number>();
  for (let i = 0; i < inputs.length; i += VARIANTS_BATCH) {
    const rows = await db
      .insertInto("products")
      .values(inputs.slice(i, i + VARIANTS_BATCH).map((input) => productRow(input, input.line.id, now)))
      .returning(["id", "sku"])
      .execute();
    for (const row of rows) ids.set(row.sku, row.id);
    await onWritten?.(rows.length);
  }
  return inputs.map((input) => {
    const id = ids.get(input.sku);
    if (id === undefined) throw new Error(`variant ${input.sku} was not inserted`);
    return id;
  });
}

/**
 * Sets some columns of a product, moving its version (and, through the triggers, the catalog's
 * when a visitor sees the change). With `version`, only if the product is still at that version;
 * with `stockWas`, only if its stock is still that (a checkout does not move the version).
 * Returns whether a row changed.
 */
export async function updateProductColumns(
  db: Db,
  id: number,
  set: ProductUpdate,
  version?: number,
  stockWas?: number,
): Promise<boolean> {
  let q = db
    .updateTable("products")
    .set({ ...set, version: sql<number>`version + 1`, updated_at: sqlNow(dialectOf(db)) })
    .where("id", "=", id);
  if (version !== undefined) q = q.where("version", "=", version);
  if (stockWas !== undefined) q = q.where("stock", "=", stockWas);
  const result = await q.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The SQL type of each product column a bulk change may set (PostgreSQL types a VALUES list's cells by it). */
const BULK_COLUMN_TYPES: Partial<Record<keyof ProductsTable, "text" | "integer">> = {
  sku: "text",
  name: "text",
  description: "text",
  category: "text",
  option1: "text",
  option2: "text",
  option3: "text",
  price_cents: "integer",
  stock: "integer",
  case_pack: "integer",
  min_quantity: "integer",
  max_quantity: "integer",
  low_stock_threshold: "integer",
  position: "integer",
};

/** One product's change for updateProductsColumns: only if it is still at `version` (and, given, with `stockWas` in stock). */
export interface ProductChange {
  id: number;
  set: ProductUpdate;
  version: number;
  stockWas?: number | undefined;
}

/** The most products one bulk change statement writes. */
const CHANGES_BATCH = 200;

/**
 * updateProductColumns (with its version and stock checks) for many products: one statement for
 * each 200 products that change the same columns (a catalog import); `onWritten` hears each
 * statement's rows (an import's progress). Returns how many changed;
 * fewer than given means some product moved meanwhile (the caller rolls back).
 */
export async function updateProductsColumns(
  db: Db,
  changes: readonly ProductChange[],
  onWritten?: (rows: number) => Promise<void>,
): Promise<number> {
  const dialect = dialectOf(db);
  const groups = new Map<string, ProductChange[]>();
  let changed = 0;
  for (const change of changes) {
    const columns = Object.keys(change.set).sort();
    // A column with no bulk type is written on its own, as a single edit is.
    if (columns.some((c) => !(c in BULK_COLUMN_TYPES))) {
      if (await updateProductColumns(db, change.id, change.set, change.version, change.stockWas)) changed++;
      await onWritten?.(1);
      continue;
    }
    const key = columns.join(",");
    groups.set(key, [...(groups.get(key) ?? []), change]);
  }
  for (const [key, group] of groups) {
    const columns = (key ? key.split(",") : []) as (keyof ProductsTable)[];
    const cell = (value: unknown, type: "text" | "integer") =>
      dialect === "postgres" ? sql`cast(${value ?? null} as ${sql.raw(type)})` : sql`${value ?? null}`;
    const names = sql.raw(
      ["v_id", "v_version", "v_stock", ...columns.map((_, i) => `v_${i}`)]
        .map((name, i) => `column${i + 1} as ${name}`)
        .join(", "),
    );
    const assignments = sql.join([
      ...columns.map((column, i) => sql`${sql.ref(column)} = ${sql.ref(`v.v_${i}`)}`),
      sql`version = products.version + 1`,
      sql`updated_at = ${sqlNow(dialect)}`,
    ]);
    for (let at = 0; at < group.length; at += CHANGES_BATCH) {
      const rows = group
        .slice(at, at + CHANGES_BATCH)
        .map(
          (c) =>
            sql`(${sql.join([
              cell(c.id, "integer"),
              cell(c.version, "integer"),
              cell(c.stockWas, "integer"),
              ...columns.map((column) =>
                cell(c.set[column as keyof ProductUpdate], BULK_COLUMN_TYPES[column] ?? "text"),
              ),
            ])})`,
        );
      const result = await sql<{ id: number }>`update products set ${assignments}
        from (select ${names} from (values ${sql.join(rows)}) as t) as v
        where products.id = v.v_id and products.version = v.v_version
          and (v.v_stock is null or products.stock = v.v_stock)
        returning products.id`.execute(db);
      changed += result.rows.length;
      await onWritten?.(rows.length);
    }
  }
  return changed;
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

/**
 * Gives a product `images` when it has none yet, moving its version (an admin's open edit form
 * then asks again rather than dropping them). Run in a transaction. False when the product has
 * images already or is gone: nothing changed.
 */
export async function attachImagesIfNone(db: Db, productId: number, images: ProductImage[]): Promise<boolean> {
  const existing = await db
    .selectFrom("product_images")
    .select("product_id")
    .where("product_id", "=", productId)
    .limit(1)
    .executeTakeFirst();
  if (existing) return false;
  if (!(await updateProductColumns(db, productId, {}))) return false;
  await replaceProductImages(db, productId, images);
  return true;
}

/** A product's own low-stock threshold (null: the store's, or no such product). */
export async function productThreshold(db: Db, productId: number): Promise<number | null> {
  const row = await db
    .selectFrom("products")
    .select("low_stock_threshold")
    .where("id", "=", productId)
    .executeTakeFirst();
  return row?.low_stock_threshold ?? null;
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

/** A product row as bulk loads write it (scripts, tests that need thousands at once). */
export type BulkProductRow = Omit<Insertable<ProductsTable>, "line_id">;

/**
 * Inserts many products at once, each a line of its own (named, described and filed as it is),
 * in two statements; returns their ids in order. No images.
 */
export async function insertProductsInBulk(db: Db, rows: readonly BulkProductRow[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const now = sqlNow(dialectOf(db));
  const lines = await db
    .insertInto("product_lines")
    .values(
      rows.map((r) => ({
        slug: `new-${crypto.randomUUID()}`,
        name: r.name,
        description: r.description,
        category: r.category,
        created_at: r.created_at ?? now,
        updated_at: r.updated_at ?? now,
      })),
    )
    .returning(["id", "name"])
    .execute();
  // Both databases return the rows of a multi-row insert in the order of its values.
  await db
    .updateTable("product_lines")
    .set({
      slug: sql<string>`case ${sql.join(
        lines.map((l) => sql`when id = ${l.id} then ${lineSlug(l.name, l.id)}`),
        sql` `,
      )} end`,
    })
    .where(
      "id",
      "in",
      lines.map((l) => l.id),
    )
    .execute();
  const ids = await db
    .insertInto("products")
    .values(rows.map((r, i) => ({ ...r, line_id: lines[i]?.id as number, lead: 1 })))
    .returning("id")
    .execute();
  await refreshLineFacets(
    db,
    lines.map((l) => l.id),
  );
  return ids.map((r) => r.id);
}

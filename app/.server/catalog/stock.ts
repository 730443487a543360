import { type Kysely, sql, type Transaction } from "kysely";
import { dialectOf } from "../db/connect";
import type { DB } from "../db/schema";
import { sqlNow } from "../db/time";
import { emitIfCrossedLow } from "./low-stock";

type Db = Kysely<DB> | Transaction<DB>;

export interface TakenStock {
  id: number;
  sku: string;
  name: string;
  priceCents: number;
  /** Its line, and whether quantity breaks count it apart (decision 0055). */
  lineId: number;
  priceApart: boolean;
}

/**
 * Takes `quantity` units of a product if that many are in stock, in one conditional UPDATE:
 * two buyers racing for the last unit cannot both get it (the row is locked or the database
 * serializes writers, and the condition is checked again against the current row).
 * Returns the product as sold, or null when it does not exist or has too few units.
 */
export async function takeStock(db: Db, productId: number, quantity: number): Promise<TakenStock | null> {
  const row = await db
    .updateTable("products")
    .set({ stock: sql<number>`stock - ${quantity}`, updated_at: sqlNow(dialectOf(db)) })
    .where("id", "=", productId)
    .where("stock", ">=", quantity)
    .returning(["id", "sku", "name", "price_cents", "line_id", "price_apart", "stock", "low_stock_threshold"])
    .executeTakeFirst();
  if (row) await emitIfCrossedLow(db, row, quantity);
  return row
    ? {
        id: row.id,
        sku: row.sku,
        name: row.name,
        priceCents: row.price_cents,
        lineId: row.line_id,
        priceApart: row.price_apart === 1,
      }
    : null;
}

/** Puts units back (an order cancelled). Products deleted since are skipped. */
export async function returnStock(db: Db, productId: number, quantity: number): Promise<void> {
  await db
    .updateTable("products")
    .set({ stock: sql<number>`stock + ${quantity}`, updated_at: sqlNow(dialectOf(db)) })
    .where("id", "=", productId)
    .execute();
}

export async function findStock(db: Db, productId: number): Promise<{ name: string; stock: number } | null> {
  const row = await db.selectFrom("products").select(["name", "stock"]).where("id", "=", productId).executeTakeFirst();
  return row ?? null;
}

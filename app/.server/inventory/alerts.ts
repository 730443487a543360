import { type Kysely, sql } from "kysely";
import { addDays } from "~/lib/business";
import type { DB } from "../db/schema";

/** The overview's stock alerts (issue 39): lots about to expire, products at their reorder point. */

export const NEAR_EXPIRY_DAYS = 30;

export interface NearExpiryLot {
  id: number;
  code: string;
  name: string;
  expiresOn: string;
  onHand: number;
}

/** Available lots with units on hand whose last day is within NEAR_EXPIRY_DAYS of today, soonest first. */
export async function nearExpiryLots(
  db: Kysely<DB>,
  today: string,
  limit = 10,
): Promise<{ items: NearExpiryLot[]; total: number }> {
  const base = db
    .selectFrom("lots")
    .where("status", "=", "available")
    .where("on_hand", ">", 0)
    .where("expires_on", ">=", today)
    .where("expires_on", "<=", addDays(today, NEAR_EXPIRY_DAYS));
  const [items, total] = await Promise.all([
    base
      .select(["id", "code", "name", "expires_on", "on_hand"])
      .orderBy("expires_on")
      .orderBy("id")
      .limit(limit)
      .execute(),
    base.select(sql<number>`count(*)`.as("n")).executeTakeFirst(),
  ]);
  return {
    items: items.map((l) => ({
      id: l.id,
      code: l.code,
      name: l.name,
      expiresOn: l.expires_on as string,
      onHand: l.on_hand,
    })),
    total: Number(total?.n ?? 0),
  };
}

export interface ReorderItem {
  id: number;
  name: string;
  stock: number;
  reorderPoint: number;
  supplierId: number | null;
}

/** Products at or under their reorder point, the emptiest first, with the supplier to order from. */
export async function reorderAlerts(db: Kysely<DB>, limit = 10): Promise<{ items: ReorderItem[]; total: number }> {
  const base = db
    .selectFrom("products as p")
    .where("p.reorder_point", "is not", null)
    .where(sql<boolean>`p.stock <= p.reorder_point`);
  const [items, total] = await Promise.all([
    base
      .select((eb) => [
        "p.id",
        "p.name",
        "p.stock",
        "p.reorder_point",
        eb
          .selectFrom("supplier_items as i")
          .select("i.supplier_id")
          .whereRef("i.product_id", "=", "p.id")
          .orderBy("i.preferred", "desc")
          .orderBy("i.supplier_id")
          .limit(1)
          .as("supplier_id"),
      ])
      .orderBy(sql`p.stock - p.reorder_point`)
      .orderBy("p.id")
      .limit(limit)
      .execute(),
    base.select(sql<number>`count(*)`.as("n")).executeTakeFirst(),
  ]);
  return {
    items: items.map((r) => ({
      id: r.id,
      name: r.name,
      stock: r.stock,
      reorderPoint: r.reorder_point ?? 0,
      supplierId: r.supplier_id ?? null,
    })),
    total: Number(total?.n ?? 0),
  };
}

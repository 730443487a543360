import type { Kysely, Transaction } from "kysely";
import { type Tier, tiersToText } from "~/lib/tiers";
import { type Actor, recordAudit } from "../audit/log";
import type { DB } from "../db/schema";

type Db = Kysely<DB> | Transaction<DB>;

/** A product's quantity breaks, lowest first. */
export async function listTiers(db: Db, productId: number): Promise<Tier[]> {
  const rows = await db
    .selectFrom("price_tiers")
    .select(["min_quantity", "price_cents"])
    .where("product_id", "=", productId)
    .orderBy("min_quantity")
    .execute();
  return rows.map((r) => ({ minQuantity: r.min_quantity, priceCents: r.price_cents }));
}

/**
 * Sets a product's quantity breaks to exactly `tiers` (already checked by parseTiers), recording
 * the change in the audit log when there is one. Run in the product save's transaction.
 */
export async function replaceTiers(db: Db, productId: number, tiers: Tier[], actor: Actor): Promise<void> {
  const before = await listTiers(db, productId);
  if (tiersToText(before) === tiersToText(tiers)) return;
  await db.deleteFrom("price_tiers").where("product_id", "=", productId).execute();
  if (tiers.length > 0) {
    await db
      .insertInto("price_tiers")
      .values(tiers.map((t) => ({ product_id: productId, min_quantity: t.minQuantity, price_cents: t.priceCents })))
      .execute();
  }
  await recordAudit(db, actor, {
    action: "product.tiers",
    subjectType: "product",
    subjectId: productId,
    summary: `Volume prices of product #${productId}: ${tiers.length} break${tiers.length === 1 ? "" : "s"}`,
    before: { tiers: tiersToText(before) },
    after: { tiers: tiersToText(tiers) },
  });
}

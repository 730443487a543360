import type { Kysely } from "kysely";

/**
 * Indexes for the back office's reports and overview (issue 32; decision 0037). A report reads
 * the orders of a range of days that are not cancelled and their lines: both indexes hold every
 * column those reads use, so a report is a range scan of the first and a lookup in the second,
 * never a read of the tables' rows. Businesses by signup day serve the
 * overview's "new businesses" (licenses by expiry have licenses_expiry_idx already).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations work on the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex("orders_report_idx")
    .on("orders")
    .columns(["created_at", "status", "id", "user_id", "ship_state", "total_cents", "item_count"])
    .execute();
  await db.schema
    .createIndex("order_items_report_idx")
    .on("order_items")
    .columns(["order_id", "product_id", "quantity", "unit_price_cents"])
    .execute();
  await db.schema.createIndex("businesses_created_idx").on("businesses").column("created_at").execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("businesses_created_idx").execute();
  await db.schema.dropIndex("order_items_report_idx").execute();
  await db.schema.dropIndex("orders_report_idx").execute();
}

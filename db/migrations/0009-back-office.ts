import { type Kysely, sql } from "kysely";

/**
 * Back office (issue 17).
 * - users.disabled_at: when the store disabled the account (ISO-8601 UTC), NULL while in use. A
 *   disabled account cannot sign in and has no session (they are deleted when it is disabled).
 * - products.low_stock_threshold: the product is low at or under this many units; NULL uses the
 *   store-wide threshold.
 * - store_settings: values the admin sets in the back office (the store-wide low-stock threshold),
 *   one row per name, the value as text.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations work on the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("users").addColumn("disabled_at", "text").execute();
  await db.schema
    .alterTable("products")
    .addColumn("low_stock_threshold", "integer", (c) => c.check(sql`low_stock_threshold >= 0`))
    .execute();
  await db.schema
    .createTable("store_settings")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("store_settings").execute();
  await db.schema.alterTable("products").dropColumn("low_stock_threshold").execute();
  await db.schema.alterTable("users").dropColumn("disabled_at").execute();
}

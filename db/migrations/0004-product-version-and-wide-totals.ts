import { type Kysely, sql } from "kysely";
import { dialectOf } from "../../app/.server/db/connect";

/**
 * - products.version: raised by every admin edit, so an edit made on a form opened before
 *   another change is refused instead of overwriting it (sales take stock with their own
 *   conditional update and do not need it).
 * - orders.total_cents becomes a 64-bit integer on PostgreSQL: an order of 100 lines at the
 *   highest price the forms accept does not fit in 32 bits (SQLite integers are 64-bit already).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations work on the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("products")
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
  if (dialectOf(db) === "postgres") {
    await sql`alter table orders alter column total_cents type bigint`.execute(db);
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("products").dropColumn("version").execute();
}

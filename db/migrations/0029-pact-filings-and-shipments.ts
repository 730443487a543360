import type { Kysely } from "kysely";

/**
 * order_shipments (issue 31): the shipment of a completed order, as the admin enters it: the
 * carrier and the tracking number (one per order; the customer sees them on the order page and in
 * a mail, and the PACT file lists them). recorded_by is the admin's name as the audit log writes it.
 *
 * pact_filings (issue 31): the PACT Act filing of one destination state and month, marked filed
 * by an admin (due by the 10th of the next month). One row per state and month: absent means not
 * filed yet. filed_by is the admin's name as the audit log writes it (kept when the account goes);
 * filed_on is the date the admin says it was filed (YYYY-MM-DD).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations work on the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("pact_filings")
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("month", "text", (c) => c.notNull())
    .addColumn("filed_on", "text", (c) => c.notNull())
    .addColumn("filed_by", "text", (c) => c.notNull())
    .addColumn("note", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("pact_filings_pk", ["state", "month"])
    .execute();
  await db.schema
    .createTable("order_shipments")
    .addColumn("order_id", "integer", (c) => c.primaryKey().references("orders.id").onDelete("cascade"))
    .addColumn("carrier", "text", (c) => c.notNull())
    .addColumn("tracking", "text", (c) => c.notNull())
    .addColumn("recorded_by", "text", (c) => c.notNull())
    .addColumn("recorded_at", "text", (c) => c.notNull())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("order_shipments").execute();
  await db.schema.dropTable("pact_filings").execute();
}

import type { Kysely } from "kysely";

/**
 * import_staging: a catalog file uploaded once for its dry run and kept until its Apply (issue
 * 27; docs/decisions/0030-catalog-import-uploaded-once-staged-in-the-database.md). Apply posts only the id, and only the
 * admin who uploaded the file may apply it. The file is kept as text: it is staged only once it
 * has been read as a product CSV, so it is UTF-8 without NUL or other control characters, which
 * a text column holds the same on both databases. expires_at is epoch milliseconds (as the jobs'
 * run_at): a job deletes what has expired, and a lookup ignores it before then. An admin's staged
 * files go with their account.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations work on the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("import_staging")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("admin_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("file_name", "text", (c) => c.notNull())
    .addColumn("content", "text", (c) => c.notNull())
    .addColumn("size", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("import_staging_expires_at_idx").on("import_staging").column("expires_at").execute();
  await db.schema
    .createIndex("import_staging_admin_id_idx")
    .on("import_staging")
    .columns(["admin_id", "created_at"])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("import_staging").execute();
}

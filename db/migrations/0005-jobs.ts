import { type Kysely, sql } from "kysely";

/**
 * jobs: scheduled work claimed from the database (docs/decisions/0011-database-job-table.md).
 * Times the runner compares (run_at, locked_until) are epoch milliseconds; created_at and
 * updated_at are ISO-8601 text like every table of ours. unique_key makes an enqueue idempotent
 * ("license-reminder:<id>:30"); NULLs do not collide on either database.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations work on the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("jobs")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("payload", "text", (c) => c.notNull())
    .addColumn("unique_key", "text", (c) => c.unique())
    .addColumn("state", "text", (c) =>
      c.notNull().defaultTo("pending").check(sql`state in ('pending', 'done', 'failed')`),
    )
    .addColumn("run_at", "bigint", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("max_attempts", "integer", (c) => c.notNull())
    .addColumn("last_error", "text")
    .addColumn("locked_by", "text")
    .addColumn("locked_until", "bigint")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  // The runner's question: which pending jobs are due?
  await db.schema.createIndex("jobs_state_run_at_idx").on("jobs").columns(["state", "run_at"]).execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("jobs").execute();
}

import { type Kysely, sql } from "kysely";
import { dialectOf } from "../../app/.server/db/connect";

/**
 * Sales reps (issue 29, decision 0033). A rep is a user whose role is 'rep'; an admin assigns
 * businesses to them (rep_assignments). A rep, or an admin taking a phone order, acts for one
 * business at a time (acting_for, one row per person): while it exists, their requests see what
 * that business sees. Removing an assignment removes the acting row with it (the app does it in
 * the same transaction; the viewer lookup also joins the assignment, so acting cannot outlive it).
 * Both tables move the 'accounts' counter (migration 0020): the next request everywhere sees it.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations work on the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("rep_assignments")
    .addColumn("rep_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("business_id", "text", (c) => c.notNull().references("businesses.user_id").onDelete("cascade"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("rep_assignments_pk", ["rep_id", "business_id"])
    .execute();
  await db.schema.createIndex("rep_assignments_business_idx").on("rep_assignments").column("business_id").execute();
  await db.schema
    .createTable("acting_for")
    .addColumn("user_id", "text", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("business_id", "text", (c) => c.notNull().references("businesses.user_id").onDelete("cascade"))
    .addColumn("started_at", "text", (c) => c.notNull())
    .execute();
  for (const table of ["rep_assignments", "acting_for"]) {
    if (dialectOf(db) === "postgres") {
      await sql
        .raw(`create trigger ${table}_accounts_version after insert or update or delete on ${table}
        for each statement execute function bump_accounts_version()`)
        .execute(db);
    } else {
      for (const op of ["insert", "update", "delete"]) {
        await sql
          .raw(`create trigger ${table}_accounts_version_${op} after ${op} on ${table}
          begin update cache_versions set version = version + 1 where name = 'accounts'; end`)
          .execute(db);
      }
    }
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("acting_for").execute();
  await db.schema.dropTable("rep_assignments").execute();
}

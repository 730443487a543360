import { type Kysely, sql } from "kysely";
import { dialectOf } from "../../app/.server/db/connect";

/**
 * Erasure of a deleted customer's personal data from the audit log (issue 17).
 *
 * The log stays append-only (migration 0006): no row can be deleted, and an UPDATE is refused
 * unless it is an erasure: it counts itself in `erasures` (one more than before) and leaves the
 * record of what happened as it was (id, actor id, action, subject, time). Only the text a person
 * reads (summary, actor name, values before and after) can be rewritten, and only to take a
 * deleted customer's name and email out of it (app/.server/audit/erase.ts); every row so changed
 * says how many times it was.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations work on the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("audit_log")
    .addColumn("erasures", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  if (dialectOf(db) === "postgres") {
    await sql`create or replace function audit_log_append_only() returns trigger language plpgsql as $$
      begin
        if tg_op = 'UPDATE'
          and new.erasures = old.erasures + 1
          and new.id = old.id
          and new.actor_id is not distinct from old.actor_id
          and new.action = old.action
          and new.subject_type = old.subject_type
          and new.subject_id = old.subject_id
          and new.created_at = old.created_at then
          return new;
        end if;
        raise exception 'audit_log is append-only';
      end $$`.execute(db);
  } else {
    await sql`drop trigger audit_log_no_update`.execute(db);
    await sql`create trigger audit_log_no_update before update on audit_log
      when not (
        new.erasures = old.erasures + 1
        and new.id = old.id
        and new.actor_id is old.actor_id
        and new.action = old.action
        and new.subject_type = old.subject_type
        and new.subject_id = old.subject_id
        and new.created_at = old.created_at
      )
      begin select raise(abort, 'audit_log is append-only'); end`.execute(db);
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) === "postgres") {
    await sql`create or replace function audit_log_append_only() returns trigger language plpgsql as $$
      begin raise exception 'audit_log is append-only'; end $$`.execute(db);
    await sql`alter table audit_log drop column erasures`.execute(db);
  } else {
    // The trigger reads the column: it goes first.
    await sql`drop trigger audit_log_no_update`.execute(db);
    await sql`alter table audit_log drop column erasures`.execute(db);
    await sql`create trigger audit_log_no_update before update on audit_log
      begin select raise(abort, 'audit_log is append-only'); end`.execute(db);
  }
}

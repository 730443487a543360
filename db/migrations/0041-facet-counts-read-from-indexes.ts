import { type Kysely, sql } from "kysely";
import { dialectOf } from "../../app/.server/db/connect";

/**
 * The listings' filter counts read from indexes alone (issue 38: a category or search page with
 * facets under 100 ms at 100,000 lines; decision 0065).
 *
 * A count joins the listing's lead variants to their lines' facet values. Measured at 100,000
 * lines on SQLite, 6 to 8 µs a row went to reading each lead variant's row for its line_id and
 * each facet row for its label.
 * - products_lead_line_idx (lead, category, line_id): a category's lead variants and their lines
 *   from the index (both databases).
 * - line_facets holds its label in its key's tree: on SQLite the table is made again WITHOUT
 *   ROWID (its primary key is the table); on PostgreSQL an index on the key includes the label.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index products_lead_line_idx on products (lead, category, line_id)`.execute(db);
  if (dialectOf(db) === "postgres") {
    await sql`create index line_facets_line_label_idx on line_facets (line_id, facet, value) include (label)`.execute(
      db,
    );
    return;
  }
  await rebuildSqlite(db, "without rowid");
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index products_lead_line_idx`.execute(db);
  if (dialectOf(db) === "postgres") {
    await sql`drop index line_facets_line_label_idx`.execute(db);
    return;
  }
  await rebuildSqlite(db, "");
}

/** SQLite: line_facets made again with the same columns, rows and index, `options` after its columns. */
async function rebuildSqlite(db: Kysely<any>, options: string): Promise<void> {
  await sql
    .raw(`create table line_facets_next (
    line_id integer not null references product_lines (id) on delete cascade,
    facet text not null,
    value text not null,
    label text not null,
    primary key (line_id, facet, value)) ${options}`)
    .execute(db);
  await sql`insert into line_facets_next (line_id, facet, value, label)
    select line_id, facet, value, label from line_facets`.execute(db);
  await sql`drop table line_facets`.execute(db);
  await sql`alter table line_facets_next rename to line_facets`.execute(db);
  await db.schema
    .createIndex("line_facets_value_idx")
    .on("line_facets")
    .columns(["facet", "value", "line_id"])
    .execute();
}

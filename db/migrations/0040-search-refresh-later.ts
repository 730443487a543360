import { type Kysely, sql } from "kysely";
import { dialectOf } from "../../app/.server/db/connect";

/**
 * A catalog import may refresh the search documents once, at its end (issue 38: 10,000 variant
 * rows imported in under 10 s on PostgreSQL; decision 0063).
 *
 * On PostgreSQL the search triggers of migration 0035 refresh a product's document (its words,
 * codes and vocabulary) for every statement that writes it: about 0.6 ms each, most of an
 * import's time when it writes its rows one by one. A transaction that sets
 * `store.search_later` to 'on' (set_config(..., true): that transaction only) is skipped by these
 * triggers and must call search_refresh() itself, before it commits, with the id of every product
 * it wrote (catalog/search/refresh.ts). Every other writer is unchanged. SQLite's triggers, a
 * fraction of a millisecond in the same process, stay as they are. down() brings back 0035's.
 */

const LATER = `if current_setting('store.search_later', true) = 'on' then return null; end if;`;

/** The trigger functions of 0035 (name, the ids they refresh), with the guard or without. */
const FUNCTIONS: [string, string][] = [
  ["search_inserted_products", "array(select id from new_rows)"],
  ["search_changed_product", "array[new.id]"],
  ["search_inserted_facts", "array(select product_id from new_rows)"],
  ["search_deleted_facts", "array(select product_id from old_rows)"],
  ["search_changed_facts", "array[old.product_id, new.product_id]"],
];

async function define(db: Kysely<any>, guarded: boolean): Promise<void> {
  if (dialectOf(db) !== "postgres") return;
  for (const [name, ids] of FUNCTIONS)
    await sql
      .raw(`create or replace function ${name}() returns trigger language plpgsql as $$
    begin
      ${guarded ? LATER : ""}
      perform search_refresh(${ids});
      return null;
    end $$`)
      .execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  await define(db, true);
}

export async function down(db: Kysely<any>): Promise<void> {
  await define(db, false);
}

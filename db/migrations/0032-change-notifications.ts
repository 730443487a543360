import { type Kysely, sql } from "kysely";
import { dialectOf } from "../../app/.server/db/connect";

/**
 * Change notifications on PostgreSQL (issue 28, decision 0042): every app server listens on
 * 'store_changes' (app/.server/db/versions-watch.ts) and keeps the cache counters and the stock
 * changes it hears, instead of asking the database on every cached page.
 *
 * - A counter of cache_versions that moves sends 'v:<name>:<version>'.
 * - A product whose stock moves sends 's:<id>' (a buyer's product page shows the stock).
 *
 * NOTIFY is transactional: a listener hears a change when it commits, never one rolled back, and
 * identical messages of one transaction are sent once. SQLite has one process per database file
 * and reads its counters in microseconds: nothing to do there.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations work on the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== "postgres") return;
  await sql`create function notify_cache_version() returns trigger language plpgsql as $$
    begin
      perform pg_notify('store_changes', 'v:' || new.name || ':' || new.version);
      return null;
    end $$`.execute(db);
  await sql`create trigger cache_versions_notify after insert or update on cache_versions
    for each row execute function notify_cache_version()`.execute(db);
  await sql`create function notify_product_stock() returns trigger language plpgsql as $$
    begin
      perform pg_notify('store_changes', 's:' || new.id);
      return null;
    end $$`.execute(db);
  await sql`create trigger products_stock_notify after update of stock on products
    for each row when (old.stock is distinct from new.stock) execute function notify_product_stock()`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== "postgres") return;
  await sql`drop trigger if exists products_stock_notify on products`.execute(db);
  await sql`drop function if exists notify_product_stock()`.execute(db);
  await sql`drop trigger if exists cache_versions_notify on cache_versions`.execute(db);
  await sql`drop function if exists notify_cache_version()`.execute(db);
}

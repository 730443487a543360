import { type Kysely, sql } from "kysely";
import { dialectOf } from "../../app/.server/db/connect";

/**
 * A counter that moves whenever a customer's price order of a listing could change: a product's
 * list price, case pack or smallest order; any quantity break; any price group's own price.
 * Together with the catalog counter (0002: products added, removed, recategorized, crossing zero
 * stock) it tells the in-memory price orders of catalog/price-order.ts when to rebuild. Triggers
 * keep it, so imports, scripts and every app server move it.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations work on the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  await db.insertInto("cache_versions").values({ name: "prices", version: 1 }).execute();
  const productChanged = `(old.price_cents <> new.price_cents or old.case_pack <> new.case_pack
    or old.min_quantity <> new.min_quantity)`;
  if (dialectOf(db) === "postgres") {
    await sql`create function bump_prices_version() returns trigger language plpgsql as $$
      begin
        update cache_versions set version = version + 1 where name = 'prices';
        return null;
      end $$`.execute(db);
    await sql
      .raw(`create trigger products_prices_version after update on products
      for each row when ${productChanged} execute function bump_prices_version()`)
      .execute(db);
    for (const table of ["price_tiers", "price_group_prices"]) {
      await sql
        .raw(`create trigger ${table}_prices_version after insert or update or delete on ${table}
        for each statement execute function bump_prices_version()`)
        .execute(db);
    }
    return;
  }
  const bump = "update cache_versions set version = version + 1 where name = 'prices';";
  await sql
    .raw(`create trigger products_prices_version after update on products when ${productChanged} begin ${bump} end`)
    .execute(db);
  for (const table of ["price_tiers", "price_group_prices"]) {
    for (const op of ["insert", "update", "delete"]) {
      await sql
        .raw(`create trigger ${table}_prices_version_${op} after ${op} on ${table} begin ${bump} end`)
        .execute(db);
    }
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) === "postgres") {
    await sql`drop trigger if exists products_prices_version on products`.execute(db);
    for (const table of ["price_tiers", "price_group_prices"]) {
      await sql.raw(`drop trigger if exists ${table}_prices_version on ${table}`).execute(db);
    }
    await sql`drop function if exists bump_prices_version()`.execute(db);
  } else {
    await sql`drop trigger if exists products_prices_version`.execute(db);
    for (const table of ["price_tiers", "price_group_prices"]) {
      for (const op of ["insert", "update", "delete"]) {
        await sql.raw(`drop trigger if exists ${table}_prices_version_${op}`).execute(db);
      }
    }
  }
  await db.deleteFrom("cache_versions").where("name", "=", "prices").execute();
}

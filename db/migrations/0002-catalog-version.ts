import { type Kysely, sql } from "kysely";
import { dialectOf } from "../../app/.server/db/connect";

/**
 * A counter that moves whenever something a visitor sees of the catalog changes (a product's
 * name, description, category, in/out of stock, images; products added or removed). Triggers
 * keep it, so every writer (app servers, scripts, tests) moves it. The visitor page cache
 * compares it before serving. Stock changes that do not cross zero do not move it.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations work on the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("cache_versions")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("version", "bigint", (c) => c.notNull())
    .execute();
  await db.insertInto("cache_versions").values({ name: "catalog", version: 1 }).execute();

  const productChanged = `(old.name <> new.name or old.description <> new.description or old.category <> new.category
    or (old.stock > 0) <> (new.stock > 0) or old.sku <> new.sku)`;
  if (dialectOf(db) === "postgres") {
    await sql`create function bump_catalog_version() returns trigger language plpgsql as $$
      begin
        update cache_versions set version = version + 1 where name = 'catalog';
        return null;
      end $$`.execute(db);
    await sql
      .raw(`create trigger products_version_ins after insert or delete on products
      for each statement execute function bump_catalog_version()`)
      .execute(db);
    await sql
      .raw(`create trigger products_version_upd after update on products
      for each row when ${productChanged} execute function bump_catalog_version()`)
      .execute(db);
    await sql
      .raw(`create trigger product_images_version after insert or update or delete on product_images
      for each statement execute function bump_catalog_version()`)
      .execute(db);
    return;
  }
  const bump = "update cache_versions set version = version + 1 where name = 'catalog';";
  await sql.raw(`create trigger products_version_ins after insert on products begin ${bump} end`).execute(db);
  await sql.raw(`create trigger products_version_del after delete on products begin ${bump} end`).execute(db);
  await sql
    .raw(`create trigger products_version_upd after update on products when ${productChanged} begin ${bump} end`)
    .execute(db);
  for (const op of ["insert", "update", "delete"]) {
    await sql
      .raw(`create trigger product_images_version_${op} after ${op} on product_images begin ${bump} end`)
      .execute(db);
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) === "postgres") {
    await sql`drop trigger if exists products_version_ins on products`.execute(db);
    await sql`drop trigger if exists products_version_upd on products`.execute(db);
    await sql`drop trigger if exists product_images_version on product_images`.execute(db);
    await sql`drop function if exists bump_catalog_version()`.execute(db);
  } else {
    for (const t of ["products_version_ins", "products_version_del", "products_version_upd"]) {
      await sql.raw(`drop trigger if exists ${t}`).execute(db);
    }
    for (const op of ["insert", "update", "delete"])
      await sql.raw(`drop trigger if exists product_images_version_${op}`).execute(db);
  }
  await db.schema.dropTable("cache_versions").execute();
}

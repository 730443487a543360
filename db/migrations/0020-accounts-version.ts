import { type Kysely, sql } from "kysely";
import { dialectOf } from "../../app/.server/db/connect";

/**
 * A counter that moves whenever who a session stands for, or what that person's pages show,
 * could change: a user changed or removed (role, verification, disabled), a session ended or was
 * extended, a business's approval, a price group's members, an address, a license. The memo of
 * signed-in viewers and their audiences (accounts/viewer.ts, and the shared page cache) is valid
 * for one value of it, so a change made by any writer (an admin, a script, another app server)
 * shows on the next request everywhere. New sessions do not move it: a new token is simply not in
 * the memo yet.
 *
 * Also: a price group's own terms (its kind and percentage) move the 'prices' counter (0011 covered
 * its prices and the products, not the group row).
 */
const ACCOUNT_TABLES: { table: string; ops: ("insert" | "update" | "delete")[] }[] = [
  { table: "users", ops: ["update", "delete"] },
  { table: "sessions", ops: ["update", "delete"] },
  { table: "businesses", ops: ["insert", "update", "delete"] },
  { table: "customer_price_groups", ops: ["insert", "update", "delete"] },
  { table: "addresses", ops: ["insert", "update", "delete"] },
  { table: "licenses", ops: ["insert", "update", "delete"] },
];

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  await db.insertInto("cache_versions").values({ name: "accounts", version: 1 }).execute();
  if (dialectOf(db) === "postgres") {
    await sql`create function bump_accounts_version() returns trigger language plpgsql as $$
      begin
        update cache_versions set version = version + 1 where name = 'accounts';
        return null;
      end $$`.execute(db);
    for (const { table, ops } of ACCOUNT_TABLES) {
      await sql
        .raw(`create trigger ${table}_accounts_version after ${ops.join(" or ")} on ${table}
        for each statement execute function bump_accounts_version()`)
        .execute(db);
    }
    await sql
      .raw(`create trigger price_groups_prices_version after update or delete on price_groups
      for each statement execute function bump_prices_version()`)
      .execute(db);
    return;
  }
  const bump = "update cache_versions set version = version + 1 where name = 'accounts';";
  for (const { table, ops } of ACCOUNT_TABLES) {
    for (const op of ops) {
      await sql
        .raw(`create trigger ${table}_accounts_version_${op} after ${op} on ${table} begin ${bump} end`)
        .execute(db);
    }
  }
  const bumpPrices = "update cache_versions set version = version + 1 where name = 'prices';";
  for (const op of ["update", "delete"]) {
    await sql
      .raw(`create trigger price_groups_prices_version_${op} after ${op} on price_groups begin ${bumpPrices} end`)
      .execute(db);
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) === "postgres") {
    for (const { table } of ACCOUNT_TABLES) {
      await sql.raw(`drop trigger if exists ${table}_accounts_version on ${table}`).execute(db);
    }
    await sql`drop trigger if exists price_groups_prices_version on price_groups`.execute(db);
    await sql`drop function if exists bump_accounts_version()`.execute(db);
  } else {
    for (const { table, ops } of ACCOUNT_TABLES) {
      for (const op of ops) await sql.raw(`drop trigger if exists ${table}_accounts_version_${op}`).execute(db);
    }
    for (const op of ["update", "delete"]) {
      await sql.raw(`drop trigger if exists price_groups_prices_version_${op}`).execute(db);
    }
  }
  await db.deleteFrom("cache_versions").where("name", "=", "accounts").execute();
}

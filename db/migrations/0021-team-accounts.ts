import { type Kysely, sql } from "kysely";
import { dialectOf } from "../../app/.server/db/connect";

/**
 * Team accounts (issue 29, decision 0032): the business is the account, people are its members.
 *
 * - business_members: who belongs to which business, as its owner or a buyer. A person belongs to
 *   one business (user_id is the key). business_id is the business's key, which is the user id of
 *   the person who registered it (businesses.user_id, addresses.user_id, licenses.user_id,
 *   orders.user_id and customer_price_groups.user_id all hold that same key): nothing moves, and a
 *   one-person business is what it was. order_limit_cents: a buyer's spending limit per order,
 *   NULL for none.
 * - team_invitations: an owner's invitation by email, valid 7 days, used once. Only the SHA-256 of
 *   its token is kept.
 * - orders.placed_by_id / placed_by_name: the person who placed the order (the name as it was).
 *   hold_reason: why an order waits In Review (the owner's approval of a buyer's order above their
 *   limit), NULL otherwise.
 *
 * Every existing business gets its founder as owner. Membership changes move the 'accounts'
 * counter (migration 0020), so a removed member's next request already sees the change.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations work on the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  const pg = dialectOf(db) === "postgres";
  await db.schema
    .createTable("business_members")
    .addColumn("user_id", "text", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("business_id", "text", (c) => c.notNull().references("businesses.user_id").onDelete("cascade"))
    .addColumn("role", "text", (c) => c.notNull().check(sql`role in ('owner', 'buyer')`))
    .addColumn("order_limit_cents", "integer", (c) => c.check(sql`order_limit_cents is null or order_limit_cents >= 0`))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("business_members_business_idx")
    .on("business_members")
    .columns(["business_id", "role"])
    .execute();

  await db.schema
    .createTable("team_invitations")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("business_id", "text", (c) => c.notNull().references("businesses.user_id").onDelete("cascade"))
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("role", "text", (c) => c.notNull().check(sql`role in ('owner', 'buyer')`))
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("invited_by", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("accepted_by", "text")
    .addColumn("accepted_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("team_invitations_business_idx")
    .on("team_invitations")
    .columns(["business_id", "created_at"])
    .execute();

  await db.schema.alterTable("orders").addColumn("placed_by_id", "text").execute();
  await db.schema.alterTable("orders").addColumn("placed_by_name", "text").execute();
  await db.schema.alterTable("orders").addColumn("hold_reason", "text").execute();
  await db.schema.createIndex("orders_placed_by_idx").on("orders").columns(["placed_by_id", "created_at"]).execute();

  // Founders own their businesses; their past orders were placed by them.
  await sql`insert into business_members (user_id, business_id, role, created_at)
    select user_id, user_id, 'owner', created_at from businesses`.execute(db);
  await sql`update orders set placed_by_id = user_id,
    placed_by_name = (select name from users where users.id = orders.user_id)
    where user_id is not null`.execute(db);

  if (pg) {
    await sql`create trigger business_members_accounts_version after insert or update or delete on business_members
      for each statement execute function bump_accounts_version()`.execute(db);
  } else {
    for (const op of ["insert", "update", "delete"]) {
      await sql
        .raw(`create trigger business_members_accounts_version_${op} after ${op} on business_members
        begin update cache_versions set version = version + 1 where name = 'accounts'; end`)
        .execute(db);
    }
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("orders_placed_by_idx").execute();
  await db.schema.alterTable("orders").dropColumn("hold_reason").execute();
  await db.schema.alterTable("orders").dropColumn("placed_by_name").execute();
  await db.schema.alterTable("orders").dropColumn("placed_by_id").execute();
  await db.schema.dropTable("team_invitations").execute();
  await db.schema.dropTable("business_members").execute();
}

import { type Kysely, sql } from "kysely";

/**
 * Staff invitations (issue 37, decision 0047): an admin invites a sales rep or a delivery driver by
 * email from /admin/reps. The invitee makes a login of their own from the mailed link: verified,
 * with that role, in no business. Kept apart from team_invitations, which always name a business.
 *
 * staff_invitations: the invitee's email and name (as the admin typed it), the role, the SHA-256 of
 * the link's token, who invited, until when it is valid (7 days), and when and by which login it
 * was used (once). An invitation sent again to the same email replaces the one not yet used.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations work on the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("staff_invitations")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("role", "text", (c) => c.notNull().check(sql`role in ('rep', 'driver')`))
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("invited_by", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("accepted_by", "text")
    .addColumn("accepted_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("staff_invitations_email_idx").on("staff_invitations").column("email").execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("staff_invitations").execute();
}

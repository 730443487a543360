import type { Kysely } from "kysely";

/**
 * A license uploaded for one address covers that address only, also once the address is gone
 * (issue 26). The licenses' address_id is set to NULL when its address is deleted (migration
 * 0006), and NULL meant "the whole business": deleting an address widened its license to every
 * address. `address_bound` keeps what the license was uploaded for: 1 for one address (a bound
 * license whose address_id is NULL covers nothing), 0 for the whole business.
 *
 * Every license with an address is bound. So is every license that lost its address before this
 * migration: the upload's audit entry ("license.add" or "license.replace", migration 0006) kept
 * the address it was uploaded for. Nothing else changes: ids, statuses and documents stay.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations work on the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("licenses")
    .addColumn("address_bound", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.updateTable("licenses").set({ address_bound: 1 }).where("address_id", "is not", null).execute();

  const uploads: { subject_id: string; after: string | null }[] = await db
    .selectFrom("audit_log")
    .select(["subject_id", "after"])
    .where("subject_type", "=", "license")
    .where("action", "in", ["license.add", "license.replace"])
    .execute();
  const lostTheirAddress = uploads.flatMap((u) => {
    try {
      const after = JSON.parse(u.after ?? "null") as { addressId?: unknown } | null;
      return typeof after?.addressId === "string" && after.addressId ? [u.subject_id] : [];
    } catch {
      return [];
    }
  });
  for (let i = 0; i < lostTheirAddress.length; i += 500) {
    await db
      .updateTable("licenses")
      .set({ address_bound: 1 })
      .where("id", "in", lostTheirAddress.slice(i, i + 500))
      .where("address_id", "is", null)
      .execute();
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("licenses").dropColumn("address_bound").execute();
}

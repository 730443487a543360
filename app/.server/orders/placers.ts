import type { Kysely } from "kysely";
import type { DB } from "../db/schema";

/**
 * Which of an account's orders someone other than `viewerId` placed (issue 37): a member of the
 * business, or a sales rep acting for it. My Orders says "Placed by" on those, whatever the
 * number of members, so an owner alone sees which orders their rep placed. An order placed before
 * the placer was kept (no id) counts when it has a placer's name.
 */
export async function ordersPlacedByOthers(
  db: Kysely<DB>,
  accountId: string,
  viewerId: string,
  orderIds: number[],
): Promise<Set<number>> {
  if (orderIds.length === 0) return new Set();
  const rows = await db
    .selectFrom("orders")
    .select(["id", "placed_by_id"])
    .where("user_id", "=", accountId)
    .where("id", "in", orderIds)
    .where("placed_by_name", "is not", null)
    .where((eb) => eb.or([eb("placed_by_id", "is", null), eb("placed_by_id", "!=", viewerId)]))
    .execute();
  return new Set(rows.map((r) => r.id));
}

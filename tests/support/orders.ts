import type { Kysely } from "kysely";
import type { DB } from "../../app/.server/db/schema";
import { editableLines } from "../../app/.server/flows/order-edit";
import { parseSeenLines, type SeenLines, seenLinesOf } from "../../app/lib/orders";

/**
 * The lines of an order as the admin's page shows them now (what the page's form that adds a
 * product sends): for tests that add to an order from a page that is up to date.
 */
export async function linesSeen(db: Kysely<DB>, orderId: number): Promise<SeenLines> {
  return parseSeenLines(seenLinesOf(await editableLines(db, orderId))) ?? new Map();
}

import { sql, type Transaction } from "kysely";
import { dialectOf } from "../../db/connect";
import type { DB } from "../../db/schema";

/**
 * Refreshing the search documents once for a transaction that writes many products (a catalog
 * import; migration 0040, decision 0063). On PostgreSQL the search triggers refresh a product's
 * document for every statement that writes it (about 0.6 ms each); `refreshSearchLater` turns
 * them off for this transaction only, and the transaction then owes `refreshSearchNow` with the
 * id of every product it wrote, before it commits. On SQLite the triggers run in-process at a
 * fraction of that cost and are left on: both are no-ops there.
 */
export async function refreshSearchLater(trx: Transaction<DB>): Promise<void> {
  if (dialectOf(trx) !== "postgres") return;
  await sql`select set_config('store.search_later', 'on', true)`.execute(trx);
}

/** The most product ids one refresh statement takes. */
const BATCH = 1000;

/** Refreshes the documents of `ids` (products gone are dropped from the codes) and turns the triggers back on. */
export async function refreshSearchNow(trx: Transaction<DB>, ids: Iterable<number>): Promise<void> {
  if (dialectOf(trx) !== "postgres") return;
  const all = [...new Set(ids)].sort((a, b) => a - b);
  for (let i = 0; i < all.length; i += BATCH)
    await sql`select search_refresh(${all.slice(i, i + BATCH)}::integer[])`.execute(trx);
  await sql`select set_config('store.search_later', 'off', true)`.execute(trx);
}

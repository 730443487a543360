import type { Kysely, Transaction } from "kysely";
import { dialectOf } from "../db/connect";
import type { DB } from "../db/schema";

/**
 * How a transaction holds the products it works on (PostgreSQL):
 * - "update": rows it deletes;
 * - "no key update": rows whose columns it changes (stock, price, ...);
 * - "share": rows that must not change while it writes what depends on them (compliance facts);
 * - "key share": rows that must not be deleted while it writes rows that refer to them (a price
 *   group's prices): the lock their foreign keys take, taken before anything else.
 */
export type ProductLock = "update" | "no key update" | "share" | "key share";

/** Ids per statement: an import can lock tens of thousands of rows. */
const BATCH = 1000;

/**
 * The one order in which transactions take product rows on PostgreSQL (decision 0005). A
 * transaction that changes several products, or a product and a row that goes with it (its
 * compliance facts, quantity breaks, units sold, or the catalog and price counters that the
 * products' triggers update), first locks every product row it will touch, by ascending id,
 * before it writes anything. Two such transactions over the same products then meet at the first
 * one they share, and the one that waits holds nothing the other needs: PostgreSQL never has to
 * cancel one of them as a deadlock (40P01). Rows that no longer exist are skipped. SQLite runs one
 * writer at a time: nothing to do there.
 */
export async function lockProducts(
  trx: Kysely<DB> | Transaction<DB>,
  ids: Iterable<number | null>,
  mode: ProductLock,
): Promise<void> {
  if (dialectOf(trx) !== "postgres") return;
  const sorted = [...new Set([...ids].filter((id): id is number => id !== null))].sort((a, b) => a - b);
  for (let i = 0; i < sorted.length; i += BATCH) {
    const rows = trx
      .selectFrom("products")
      .select("id")
      .where("id", "in", sorted.slice(i, i + BATCH))
      .orderBy("id");
    const locked =
      mode === "update"
        ? rows.forUpdate()
        : mode === "share"
          ? rows.forShare()
          : mode === "key share"
            ? rows.forKeyShare()
            : rows.forNoKeyUpdate();
    await locked.execute();
  }
}

/** The counter rows of cache_versions that the products' triggers move (migrations 0002, 0007, 0011). */
export type Counter = "catalog" | "prices";

/**
 * The second half of the order (decision 0005): after its product rows, a transaction that will
 * move both counters takes their rows, by name ('catalog', then 'prices'), before it writes. The
 * triggers move them in the order of its statements and of the triggers' names: a price change
 * takes 'prices' before the 'catalog' of its images or name, a new name or facts take 'catalog'
 * before the 'prices' of the breaks after them. Two admins over different products, each holding
 * one counter and waiting for the other's, would deadlock. A transaction that moves one counter
 * (a checkout selling out, a price group's prices) takes nothing more: it waits for nothing while
 * it holds it. SQLite runs one writer at a time: nothing to do there.
 */
export async function lockCounters(trx: Kysely<DB> | Transaction<DB>, counters: Iterable<Counter>): Promise<void> {
  if (dialectOf(trx) !== "postgres") return;
  const names = [...new Set(counters)].sort();
  if (names.length < 2) return;
  await trx
    .selectFrom("cache_versions")
    .select("name")
    .where("name", "in", names)
    .orderBy("name")
    .forNoKeyUpdate()
    .execute();
}

import { CompiledQuery, type Kysely, sql, type Transaction } from "kysely";
import { dialectOf } from "../db/connect";
import type { DB } from "../db/schema";

/**
 * The rule-book's version of a rule set (decision 0045): a row of cache_versions that triggers on
 * the kind's table move with every change, whoever writes it (compliance: migration 0007). Each app
 * server keeps the rules in memory under the version it read them at and reloads when the row has
 * moved: one small query per evaluation, never one per product, and never a stale rule after a
 * change has committed. A kind without such a row (excise reads its rules per state) needs none.
 */
export interface VersionedRules<R> {
  /** The version row as it is now. */
  version: (db: Kysely<DB> | Transaction<DB>) => Promise<number>;
  /** The rules in force for this read, with the version they belong to. */
  current: (db: Kysely<DB>) => Promise<{ version: number; rules: R[] }>;
  /**
   * The rules inside an order's transaction. On PostgreSQL the version row is read FOR SHARE: a
   * rule change (whose trigger updates that row) waits for the order to commit, and an order waits
   * for a rule change in flight, so the order is checked against the rules as they are when it
   * commits. SQLite runs one writer at a time, which gives the same.
   */
  forTransaction: (trx: Transaction<DB>) => Promise<{ version: number; rules: R[] }>;
  /** Forgets the copy in memory (tests). */
  reset: () => void;
}

export function versionedRules<R>(
  name: string,
  load: (db: Kysely<DB> | Transaction<DB>) => Promise<R[]>,
): VersionedRules<R> {
  let cached: { version: number; rules: R[] } | null = null;
  // The name is the kind's own constant; written into the query so each read is one raw query
  // without parameters, whatever the dialect's placeholders.
  if (!/^[a-z-]+$/.test(name)) throw new Error(`A rule set's version is named in lower case: ${name}`);
  const versionQuery = CompiledQuery.raw(`select version from cache_versions where name = '${name}'`);

  async function version(db: Kysely<DB> | Transaction<DB>): Promise<number> {
    const result = await db.executeQuery<{ version: number | string }>(versionQuery);
    return Number(result.rows[0]?.version ?? 0);
  }

  async function current(db: Kysely<DB>) {
    const before = await version(db);
    if (cached && cached.version === before) return cached;
    const rules = await load(db);
    // Read the version again: a change that committed while the rules were read must not be kept
    // under the older number.
    const after = await version(db);
    const fresh = { version: after, rules };
    if (after === before) cached = fresh;
    return fresh;
  }

  async function forTransaction(trx: Transaction<DB>) {
    const row =
      dialectOf(trx) === "postgres"
        ? await sql<{
            version: number | string;
          }>`select version from cache_versions where name = ${name} for share`.execute(trx)
        : await trx.executeQuery<{ version: number | string }>(versionQuery);
    const at = Number(row.rows[0]?.version ?? 0);
    if (cached && cached.version === at) return cached;
    cached = { version: at, rules: await load(trx) };
    return cached;
  }

  return {
    version,
    current,
    forTransaction,
    reset: () => {
      cached = null;
    },
  };
}

/**
 * Takes a rule set's version row for update, so two admins saving rules at once check for
 * contradictions one after the other (PostgreSQL; SQLite runs one writer at a time).
 */
export async function lockRuleSet(trx: Transaction<DB>, name: string): Promise<void> {
  if (dialectOf(trx) === "postgres")
    await sql`select version from cache_versions where name = ${name} for update`.execute(trx);
}

import { CompiledQuery, type Kysely, sql, type Transaction } from "kysely";
import type { Rule } from "~/lib/compliance/engine";
import { dialectOf } from "../db/connect";
import type { DB } from "../db/schema";
import { listRules } from "./rules";

/**
 * The rules, read from an in-memory copy tied to the 'compliance' row of cache_versions. Triggers
 * on compliance_rules move that row with every change (migration 0007), whoever writes it, so each
 * app server sees a change on its next read of the version and reloads: one small query per
 * evaluation, never one per product, and never a stale rule after a change has committed.
 */
let cached: { version: number; rules: Rule[] } | null = null;

const VERSION_QUERY = CompiledQuery.raw("select version from cache_versions where name = 'compliance'");

export async function rulesVersion(db: Kysely<DB> | Transaction<DB>): Promise<number> {
  const result = await db.executeQuery<{ version: number | string }>(VERSION_QUERY);
  return Number(result.rows[0]?.version ?? 0);
}

/** The rules in force for this read, with the version they belong to. */
export async function currentRules(db: Kysely<DB>): Promise<{ version: number; rules: Rule[] }> {
  const version = await rulesVersion(db);
  if (cached && cached.version === version) return cached;
  const rules = await listRules(db);
  // Read the version again: a change that committed while the rules were read must not be kept
  // under the older number.
  const after = await rulesVersion(db);
  const fresh = { version: after, rules };
  if (after === version) cached = fresh;
  return fresh;
}

/**
 * The rules inside an order's transaction. On PostgreSQL the version row is read FOR SHARE: a rule
 * change (whose trigger updates that row) waits for the order to commit, and an order waits for a
 * rule change in flight, so the order is checked against the rules as they are when it commits.
 * SQLite runs one writer at a time, which gives the same.
 */
export async function rulesForTransaction(trx: Transaction<DB>): Promise<{ version: number; rules: Rule[] }> {
  const row =
    dialectOf(trx) === "postgres"
      ? await sql<{
          version: number | string;
        }>`select version from cache_versions where name = 'compliance' for share`.execute(trx)
      : await trx.executeQuery<{ version: number | string }>(VERSION_QUERY);
  const version = Number(row.rows[0]?.version ?? 0);
  if (cached && cached.version === version) return cached;
  const rules = await listRules(trx);
  cached = { version, rules };
  return cached;
}

export function resetRuleCacheForTests(): void {
  cached = null;
}

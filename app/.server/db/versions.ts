import { CompiledQuery, type Kysely } from "kysely";
import type { DB } from "./schema";

/**
 * The counters of cache_versions, moved by triggers whatever writes (migrations 0002, 0007, 0011,
 * 0020): 'catalog' (what anyone sees of the products), 'prices', 'compliance' (rules and facts)
 * and 'accounts' (who a session stands for and what their pages depend on). Memos and caches in
 * an app process are valid for the values they were made under; reading them is one small query.
 */
export interface Versions {
  catalog: number;
  prices: number;
  compliance: number;
  accounts: number;
}

const ALL = CompiledQuery.raw("select name, version from cache_versions");
const ACCOUNTS = CompiledQuery.raw("select version from cache_versions where name = 'accounts'");

export async function readVersions(db: Kysely<DB>): Promise<Versions> {
  const { rows } = await db.executeQuery<{ name: string; version: number | string }>(ALL);
  const versions: Versions = { catalog: 0, prices: 0, compliance: 0, accounts: 0 };
  for (const row of rows) {
    if (row.name in versions) versions[row.name as keyof Versions] = Number(row.version);
  }
  return versions;
}

export async function accountsVersion(db: Kysely<DB>): Promise<number> {
  const { rows } = await db.executeQuery<{ version: number | string }>(ACCOUNTS);
  return Number(rows[0]?.version ?? 0);
}

/** The versions as one string, for an entry valid under all of them. */
export function versionStamp(v: Versions): string {
  return `${v.catalog}.${v.prices}.${v.compliance}.${v.accounts}`;
}

import type { Kysely } from "kysely";
import { type Migration, type MigrationResultSet, Migrator } from "kysely/migration";
import type { DB } from "../app/.server/db/schema";
import * as m0001 from "./migrations/0001-initial";
import * as m0002 from "./migrations/0002-catalog-version";
import * as m0003 from "./migrations/0003-product-sales";
import * as m0004 from "./migrations/0004-product-version-and-wide-totals";
import * as m0005 from "./migrations/0005-jobs";
import * as m0006 from "./migrations/0006-business-accounts";
import * as m0007 from "./migrations/0007-compliance";
import * as m0008 from "./migrations/0008-wholesale";
import * as m0009 from "./migrations/0009-back-office";
import * as m0010 from "./migrations/0010-ordering";
import * as m0011 from "./migrations/0011-price-order-version";
import * as m0012 from "./migrations/0012-directory-listing";
import * as m0013 from "./migrations/0013-audit-erasure";
import * as m0014 from "./migrations/0014-license-address-bound";
import * as m0018 from "./migrations/0018-import-staging";
import * as m0020 from "./migrations/0020-accounts-version";
import * as m0021 from "./migrations/0021-team-accounts";
import * as m0022 from "./migrations/0022-sales-reps";
import * as m0025 from "./migrations/0025-report-indexes";
import * as m0027 from "./migrations/0027-excise-product-facts";
import * as m0028 from "./migrations/0028-excise-rules";
import * as m0029 from "./migrations/0029-pact-filings-and-shipments";
import * as m0030 from "./migrations/0030-receivables";
import * as m0031 from "./migrations/0031-sales-summary";
import * as m0032 from "./migrations/0032-change-notifications";
import * as m0033 from "./migrations/0033-order-money";
import * as m0034 from "./migrations/0034-staff-invitations";
import * as m0035 from "./migrations/0035-search-documents";
import * as m0036 from "./migrations/0036-product-lines";
import * as m0039 from "./migrations/0039-sales-by-line";
import * as m0040 from "./migrations/0040-search-refresh-later";
import * as m0041 from "./migrations/0041-facet-counts-read-from-indexes";
import * as m0042 from "./migrations/0042-suppliers-and-lots";
import * as m0043 from "./migrations/0043-local-delivery";
import * as m0044 from "./migrations/0044-driver-deliveries";
import * as m0045 from "./migrations/0045-sales-tax";
import * as m0046 from "./migrations/0046-api-keys";
import * as m0047 from "./migrations/0047-webhooks";
import * as m0048 from "./migrations/0048-sales-tax-rules";
import * as m0049 from "./migrations/0049-webhook-prune-index";

/** Every migration, in order. Imported statically so the server bundle carries them. */
const migrations: Record<string, Migration> = {
  "0001-initial": m0001,
  "0002-catalog-version": m0002,
  "0003-product-sales": m0003,
  "0004-product-version-and-wide-totals": m0004,
  "0005-jobs": m0005,
  "0006-business-accounts": m0006,
  "0007-compliance": m0007,
  "0008-wholesale": m0008,
  "0009-back-office": m0009,
  "0010-ordering": m0010,
  "0011-price-order-version": m0011,
  "0012-directory-listing": m0012,
  "0013-audit-erasure": m0013,
  "0014-license-address-bound": m0014,
  "0018-import-staging": m0018,
  "0020-accounts-version": m0020,
  "0021-team-accounts": m0021,
  "0022-sales-reps": m0022,
  "0025-report-indexes": m0025,
  "0027-excise-product-facts": m0027,
  "0028-excise-rules": m0028,
  "0029-pact-filings-and-shipments": m0029,
  "0030-receivables": m0030,
  "0031-sales-summary": m0031,
  "0032-change-notifications": m0032,
  "0033-order-money": m0033,
  "0034-staff-invitations": m0034,
  "0035-search-documents": m0035,
  "0036-product-lines": m0036,
  "0039-sales-by-line": m0039,
  "0040-search-refresh-later": m0040,
  "0041-facet-counts-read-from-indexes": m0041,
  "0042-suppliers-and-lots": m0042,
  "0043-local-delivery": m0043,
  "0044-driver-deliveries": m0044,
  "0045-sales-tax": m0045,
  "0046-api-keys": m0046,
  "0047-webhooks": m0047,
  "0048-sales-tax-rules": m0048,
  "0049-webhook-prune-index": m0049,
};

export const migrationNames = Object.keys(migrations);
export const latestMigration = migrationNames.at(-1) as string;

function migrator(db: Kysely<DB>) {
  return new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableName: "schema_migrations",
    migrationLockTableName: "schema_migrations_lock",
  });
}

/**
 * Brings the schema up to date. Kysely's migrator takes a lock (a row lock on PostgreSQL,
 * a transaction on SQLite), so several servers starting together run each migration once.
 */
export async function migrateToLatest(db: Kysely<DB>): Promise<MigrationResultSet> {
  const result = await migrator(db).migrateToLatest();
  if (result.error) {
    throw result.error instanceof Error ? result.error : new Error(String(result.error));
  }
  return result;
}

/** True when every known migration has been applied. */
export async function isSchemaCurrent(db: Kysely<DB>): Promise<boolean> {
  const applied = await migrator(db).getMigrations();
  return applied.every((m) => m.executedAt !== undefined);
}

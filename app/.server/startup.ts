import { type Kysely, sql } from "kysely";
import { seedDemoCatalog } from "../../db/seed";
import { createDemoAccounts } from "./accounts/demo-accounts";
import { countProducts } from "./catalog/product-writes";
import { dialectOf } from "./db/connect";
import { getDb } from "./db/instance";
import { migrateToLatest } from "./db/migrate";
import type { DB } from "./db/schema";
import { env } from "./env";
import { log } from "./log";

const STARTUP_LOCK = 7_246_001;

/**
 * Runs `task` while holding a PostgreSQL advisory lock, so several app servers starting together
 * seed at most once. SQLite has one server per file: no lock needed.
 */
async function withStartupLock<T>(db: Kysely<DB>, task: () => Promise<T>): Promise<T> {
  if (dialectOf(db) !== "postgres") return task();
  return db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${STARTUP_LOCK})`.execute(conn);
    try {
      return await task();
    } finally {
      await sql`select pg_advisory_unlock(${STARTUP_LOCK})`.execute(conn);
    }
  });
}

/**
 * Runs before the server listens: brings the schema up to date (the migrator takes its own lock)
 * and, on an empty database, seeds the demo catalog (unless SEED_DEMO=false); outside
 * production, creates the demo accounts.
 */
export async function runStartupTasks(): Promise<void> {
  const e = env();
  const db = getDb();
  const result = await migrateToLatest(db);
  for (const m of result.results ?? []) log.info({ migration: m.migrationName, status: m.status }, "migration");
  await withStartupLock(db, async () => {
    if (e.SEED_DEMO && (await countProducts(db)) === 0) {
      log.info("empty catalog: adding the demo products (images are drawn locally, this takes a moment)");
      const { added } = await seedDemoCatalog(db, { log: (line) => log.info(line.trim()) });
      log.info({ added }, "demo catalog ready");
    }
    if (!e.isProduction) {
      const credentials = await createDemoAccounts(db, e.DATA_DIR);
      // Shown once to the person starting the store, on the terminal, never in the JSON log.
      if (credentials) process.stdout.write(`\n${credentials}(kept in ${e.DATA_DIR}/demo-credentials.txt)\n\n`);
    }
  });
}

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Kysely } from "kysely";
import { resetAuthForTests } from "~/.server/accounts/auth";
import { forgetViewersForTests } from "~/.server/accounts/viewer";
import { closeDb, getDb } from "~/.server/db/instance";
import type { DB } from "~/.server/db/schema";
import { forgetAudiencesForTests } from "~/.server/flows/audience";
import { resetMailForTests } from "~/.server/mail/transport";
import { setMediaStoreForTests } from "~/.server/media/store";
import { resetEnvForTests } from "~/.server/runtime/env";
import { migrateToLatest } from "../../db/migrate";
import { scratchDatabase } from "./server-process";

/**
 * A fresh, migrated database for one test file, on the database the suite runs against:
 * PostgreSQL when DATABASE_URL names one (a new database is created on that server and
 * dropped afterwards), SQLite in a temporary folder otherwise. The process environment is
 * pointed at it, so code that calls getDb() or getAuth() uses it too.
 */
export interface TestDatabase {
  db: Kysely<DB>;
  dialect: "sqlite" | "postgres";
  dataDir: string;
  /** Connection URL of the test database (PostgreSQL only). */
  url?: string;
  cleanup(): Promise<void>;
}

const baseUrl = process.env.DATABASE_URL;

export async function setupTestDatabase(): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "store-test-"));
  process.env.DATA_DIR = dataDir;
  process.env.NODE_ENV = "test";
  // Vitest puts Vite's BASE_URL ("/") into process.env; ours is an origin.
  process.env.BASE_URL = "http://localhost:3000";
  let url: string | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  if (baseUrl) {
    const scratch = await scratchDatabase(baseUrl, "t");
    url = scratch.url;
    process.env.DATABASE_URL = url;
    dropDatabase = scratch.drop;
  } else {
    delete process.env.DATABASE_URL;
  }
  resetEnvForTests();
  resetAuthForTests();
  forgetViewersForTests();
  forgetAudiencesForTests();
  resetMailForTests();
  setMediaStoreForTests(undefined);
  await closeDb();
  const db = getDb();
  await migrateToLatest(db);
  return {
    db,
    dialect: baseUrl ? "postgres" : "sqlite",
    dataDir,
    ...(url ? { url } : {}),
    async cleanup() {
      await closeDb();
      await dropDatabase?.();
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (baseUrl) process.env.DATABASE_URL = baseUrl;
    },
  };
}

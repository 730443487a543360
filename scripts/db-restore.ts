import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import SQLite from "better-sqlite3";
import { env } from "../app/.server/runtime/env";

/**
 * npm run db:restore -- --from FILE [--force]
 * Puts a backup made by db:backup back in place of DATA_DIR/store.db. Stop the server first.
 * The current database is kept next to it as store.db.before-restore-<time>.
 */
function main() {
  const e = env();
  if (e.DATABASE_URL) {
    console.error("DATABASE_URL names PostgreSQL: restore it with pg_restore / psql (see docs/operations.md).");
    process.exit(2);
  }
  const { values } = parseArgs({ options: { from: { type: "string" }, force: { type: "boolean" } } });
  if (!values.from) {
    console.error("Usage: npm run db:restore -- --from data/backups/store-....db [--force]");
    process.exit(2);
  }
  const from = path.resolve(values.from);
  const check = new SQLite(from, { readonly: true, fileMustExist: true });
  const integrity = check.pragma("integrity_check", { simple: true });
  check.close();
  if (integrity !== "ok") {
    console.error(`${from} failed its integrity check (${String(integrity)}); nothing was changed.`);
    process.exit(1);
  }
  const target = path.join(e.DATA_DIR, "store.db");
  if (fs.existsSync(target)) {
    if (!values.force) {
      console.error(`${target} exists. Stop the server, then run again with --force to replace it.`);
      process.exit(2);
    }
    const stamp = new Date().toISOString().replace(/[:.]/g, "-");
    fs.renameSync(target, `${target}.before-restore-${stamp}`);
    for (const suffix of ["-wal", "-shm"]) fs.rmSync(`${target}${suffix}`, { force: true });
  }
  fs.mkdirSync(e.DATA_DIR, { recursive: true });
  fs.copyFileSync(from, target);
  console.log(`Restored ${from} to ${target}.`);
}

main();

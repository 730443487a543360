import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import SQLite from "better-sqlite3";
import { env } from "../app/.server/runtime/env";

/**
 * npm run db:backup [-- --out FILE]
 * A consistent online backup of the SQLite database (the server may keep running: SQLite's
 * backup API copies a snapshot page by page). For PostgreSQL, use pg_dump (docs/operations.md).
 */
async function main() {
  const e = env();
  if (e.DATABASE_URL) {
    console.error("DATABASE_URL names PostgreSQL: back it up with pg_dump (see docs/operations.md).");
    process.exit(2);
  }
  const { values } = parseArgs({ options: { out: { type: "string" } } });
  const source = path.join(e.DATA_DIR, "store.db");
  if (!fs.existsSync(source)) {
    console.error(`No database at ${source}.`);
    process.exit(2);
  }
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const out = path.resolve(values.out ?? path.join(e.DATA_DIR, "backups", `store-${stamp}.db`));
  fs.mkdirSync(path.dirname(out), { recursive: true });
  const db = new SQLite(source, { readonly: true });
  await db.backup(out);
  db.close();
  const check = new SQLite(out, { readonly: true });
  const result = check.pragma("integrity_check", { simple: true });
  check.close();
  if (result !== "ok") {
    console.error(`Backup written to ${out} but its integrity check said: ${String(result)}`);
    process.exit(1);
  }
  console.log(
    `Backup written to ${out} (integrity ok). Media files live in ${path.join(e.DATA_DIR, "media")}: copy that folder too.`,
  );
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

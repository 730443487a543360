import { closeDb, getDb } from "../app/.server/db/instance";
import { migrateToLatest } from "../db/migrate";

/** npm run db:migrate — brings the database named by the environment up to date. */
async function main() {
  const result = await migrateToLatest(getDb());
  const applied = result.results ?? [];
  if (applied.length === 0) console.log("Database is up to date.");
  for (const m of applied) console.log(`${m.migrationName}: ${m.status}`);
  await closeDb();
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

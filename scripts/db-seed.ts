import { closeDb, getDb } from "../app/.server/db/instance";
import { saveDemoLine } from "../app/.server/flows/startup";
import { migrateToLatest } from "../db/migrate";
import { seedDemoCatalog } from "../db/seed";

/** npm run db:seed — adds the demo catalog's missing products (safe to run again). */
async function main() {
  const db = getDb();
  await migrateToLatest(db);
  const { added, skipped } = await seedDemoCatalog(db, { log: console.log, saveLine: saveDemoLine });
  console.log(`Demo catalog: ${added} added, ${skipped} already present.`);
  await closeDb();
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

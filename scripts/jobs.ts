import { closeDb, getDb } from "../app/.server/db/instance";
import { listFailedJobs, retryFailedJobs } from "../app/.server/jobs/maintenance";

/**
 * npm run jobs -- failed            lists failed jobs (newest first) with their last error
 * npm run jobs -- retry ID [ID...]  gives those failed jobs a fresh set of attempts, due now
 * npm run jobs -- retry --all       the same for every failed job
 * A running server picks retried jobs up at its next poll (a few seconds).
 */
async function main() {
  const [command, ...args] = process.argv.slice(2);
  const db = getDb();
  if (command === "failed") {
    const failed = await listFailedJobs(db);
    if (failed.length === 0) console.log("No failed jobs.");
    for (const j of failed) {
      console.log(`${j.id}  ${j.name}  attempts ${j.attempts}/${j.max_attempts}  failed ${j.updated_at}`);
      console.log(`    ${j.last_error ?? "(no error recorded)"}`);
    }
  } else if (command === "retry" && args.length > 0) {
    const count = await retryFailedJobs(db, args.includes("--all") ? undefined : args);
    console.log(`${count} job(s) queued again.`);
  } else {
    console.error("Usage: npm run jobs -- failed | retry ID [ID...] | retry --all");
    process.exitCode = 2;
  }
  await closeDb();
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

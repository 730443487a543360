/**
 * The reports' timings alone (issue 32), on the database npm run bench:data filled (DATA_DIR,
 * default bench-results/data, or DATABASE_URL): p95 in ms of each report on the last 30 and 365
 * days, and of the overview. npm run bench prints the same figures among its query timings.
 *
 *   npm run bench:data -- --products 100000 --users 10000 --orders 200000
 *   npm run bench:reports
 */
import { closeDb, getDb } from "../app/.server/db/instance";
import { reportTimingLines, reportTimings } from "./bench/reports";

process.env.DATA_DIR ??= "bench-results/data";
process.env.LOG_LEVEL ??= "warn";
const db = getDb();
try {
  const timings = await reportTimings(db, Number(process.env.RUNS ?? 20));
  console.log("Reports, p95 ms (target 200):");
  for (const line of reportTimingLines(timings)) console.log(line);
} finally {
  await closeDb();
}

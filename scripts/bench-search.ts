/**
 * The search's timings alone (issue 38), on the database npm run bench:data filled (DATA_DIR,
 * default bench-results/data, or DATABASE_URL): p95 in ms of the header's suggestions and of the
 * search page's data for the queries buyers type. npm run bench prints the same figures among its
 * query timings.
 *
 *   npm run bench:data
 *   npm run bench:search
 */
import os from "node:os";
import { dialectOf } from "../app/.server/db/connect";
import { closeDb, getDb } from "../app/.server/db/instance";
import { searchTimingLines, searchTimings } from "./bench/search";

process.env.DATA_DIR ??= "bench-results/data";
process.env.LOG_LEVEL ??= "warn";
const db = getDb();
try {
  const timings = await searchTimings(db, Number(process.env.RUNS ?? 20));
  const load = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ");
  console.log(
    `Search on ${dialectOf(db)}, p95 ms (targets: suggestions 30, page 100); load average ${load} on ${os.cpus().length} cores:`,
  );
  for (const line of searchTimingLines(timings)) console.log(line);
} finally {
  await closeDb();
}

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { MAX_QUICK_ORDER_LINES, readPaste } from "../app/lib/quick-order";
import { healthDuringHostileForms } from "../tests/support/hostile-forms";
import { hasBuild, startServer } from "../tests/support/server-process";

/**
 * npm run bench:hostile
 * How fast hostile input is turned away (figures the tests used to assert as time limits; tests
 * check what is answered, this measures how soon, decision 0077):
 * - a quick-order paste of 10,000 lines refused without reading a line (target 500 ms; in-process);
 * - the built server's /healthz while one attacker posts 1 MB forms of 330,000 empty fields back to
 *   back (target: every answer within 100 ms). Needs `npm run build`; uses a fresh data folder.
 */
const pasteRuns: number[] = [];
const many = Array.from({ length: 10_000 }, (_, i) => `SKU-${i}\t1`).join("\n");
for (let i = 0; i < 20; i++) {
  const started = performance.now();
  const answer = readPaste(many);
  pasteRuns.push(performance.now() - started);
  if (answer.ok) throw new Error(`a paste of 10,000 lines was taken (the limit is ${MAX_QUICK_ORDER_LINES})`);
}

const p = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * q))] ?? 0;
const load = () => `load average ${os.loadavg()[0]?.toFixed(1)} on ${os.cpus().length} cores`;
console.log(`Hostile input (${load()}):`);
console.log(
  `  quick order, 10,000-line paste refused: median ${p(pasteRuns, 0.5).toFixed(1)} ms, max ${Math.max(...pasteRuns).toFixed(1)} ms (target 500)`,
);

if (!hasBuild) {
  console.log("  /healthz under hostile forms: skipped (no build: npm run build first)");
} else {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-hostile-"));
  const server = await startServer({ DATA_DIR: dir, DATABASE_URL: "", LOG_LEVEL: "warn" });
  try {
    const { refused, healthMs: times } = await healthDuringHostileForms(server.origin);
    console.log(
      `  /healthz while 10 hostile forms are refused (${refused.join(", ")}): ${times.length} answers, ` +
        `median ${p(times, 0.5).toFixed(1)} ms, p95 ${p(times, 0.95).toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms (target 100)`,
    );
  } finally {
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { BUILD_DIR, freePort, hasBuild, scratchDatabase, spawnDemo } from "../tests/support/server-process";

/**
 * npm run bench:start [-- --runs 3]
 * How soon `npm run demo` answers on a fresh data folder (issue 37's target: /healthz and the home
 * page within 5 s of the start; decision 0049), and when every demo picture is drawn. Starts the
 * built server (npm run build first) as the demo script does, on an empty temporary data folder
 * (or, with DATABASE_URL, a new empty PostgreSQL database next to the one named), a few times,
 * and prints each run and the median against the target with the machine's load average: a
 * figure taken on a busy machine says little, which is why this is a benchmark and not a test.
 */
const { values: opts } = parseArgs({ options: { runs: { type: "string", default: "3" } } });
const RUNS = Math.max(1, Number(opts.runs) || 3);
const TARGET_MS = 5000;

interface Run {
  healthMs: number;
  homeMs: number;
  picturesMs: number;
}

async function oneRun(): Promise<Run> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-start-"));
  const database = process.env.DATABASE_URL ? await scratchDatabase(process.env.DATABASE_URL, "bench_start") : null;
  const started = performance.now();
  const { proc, origin, output } = spawnDemo({
    port: await freePort(),
    dataDir: dir,
    databaseUrl: database?.url ?? "",
    env: { LOG_LEVEL: "warn" },
  });
  const exited = new Promise((resolve) => proc.on("exit", resolve));
  try {
    let healthMs = 0;
    while (!healthMs) {
      if (proc.exitCode !== null) throw new Error(`the server exited:\n${output()}`);
      if (performance.now() - started > 120_000) throw new Error(`no answer in 120 s:\n${output()}`);
      try {
        if ((await fetch(`${origin}/healthz`)).ok) healthMs = performance.now() - started;
      } catch {
        await new Promise((r) => setTimeout(r, 25));
      }
    }
    const home = await fetch(`${origin}/`);
    await home.text();
    if (!home.ok) throw new Error(`the home page answered ${home.status}`);
    const homeMs = performance.now() - started;
    while (!(await fetch(`${origin}/readyz`)).ok) {
      if (performance.now() - started > 600_000) throw new Error("pictures not drawn in 10 minutes");
      await new Promise((r) => setTimeout(r, 250));
    }
    return { healthMs, homeMs, picturesMs: performance.now() - started };
  } finally {
    proc.kill("SIGTERM");
    await exited;
    fs.rmSync(dir, { recursive: true, force: true });
    await database?.drop();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function main() {
  if (!hasBuild) throw new Error(`no build in ${BUILD_DIR}: run npm run build first`);
  console.log(
    `npm run demo on a fresh ${process.env.DATABASE_URL ? "PostgreSQL database" : "data folder"}, ${RUNS} runs ` +
      `(load average ${os.loadavg()[0]?.toFixed(1)} on ${os.cpus().length} cores)`,
  );
  const runs: Run[] = [];
  for (let i = 0; i < RUNS; i++) {
    const run = await oneRun();
    runs.push(run);
    console.log(
      `  run ${i + 1}: /healthz ${s(run.healthMs)}, home page ${s(run.homeMs)}, every picture ${s(run.picturesMs)}`,
    );
  }
  const home = median(runs.map((r) => r.homeMs));
  console.log(
    `median: /healthz ${s(median(runs.map((r) => r.healthMs)))}, home page ${s(home)} ` +
      `(target ${s(TARGET_MS)}: ${home < TARGET_MS ? "met" : "MISSED"}), every picture ${s(median(runs.map((r) => r.picturesMs)))}`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

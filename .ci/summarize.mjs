// Adds up the JSON reports of Vitest and Playwright of every pass (.ci/reports/node-<version>/)
// into one closing line: "N passed, N failed". A phase that failed without a report naming a
// failed test (type check, lint, build, a server that did not start) counts as one failure.
// Above that line: the phase timings, then the failures, each named with its pass, so the tail
// of a CI log says what broke and where.
import fs from "node:fs";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";

const [dir = ".ci/reports"] = process.argv.slice(2);
const BUDGET_SECONDS = 45 * 60;
let passed = 0;
let failed = 0;
const failures = [];
const notes = [];

/** Phases in the order they ran: pass, phase, status ("0", "1", "skipped: why"), seconds. */
const phasesFile = path.join(dir, "phases.tsv");
const phases = fs.existsSync(phasesFile)
  ? fs
      .readFileSync(phasesFile, "utf8")
      .split("\n")
      .filter(Boolean)
      .map((line) => {
        const [pass, phase, status, seconds] = line.split("\t");
        return { pass, phase, status, seconds: Number(seconds) };
      })
  : [];

/** Playwright's report nests suites (files, describes) around specs; a spec is one test in one project. */
function playwrightFailures(label, suites, trail, into) {
  for (const suite of suites ?? []) {
    const here = suite.title ? [...trail, suite.title] : trail;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === "unexpected") {
          const last = test.results?.at(-1);
          const why = last?.error?.message?.split("\n")[0] ?? last?.status ?? "";
          into.push(`[${label} ${test.projectName}] ${[...here, spec.title].join(" › ")}: ${why}`);
        }
      }
    }
    playwrightFailures(label, suite.suites, here, into);
  }
}

/** One report: its counts and its failures, each labelled "<pass> <report>". */
function readReport(file, label) {
  const report = JSON.parse(fs.readFileSync(file, "utf8"));
  const out = { passed: 0, failed: 0, failures: [] };
  if ("numPassedTests" in report) {
    out.passed = report.numPassedTests;
    out.failed = report.numFailedTests;
    for (const result of report.testResults ?? []) {
      const where = path.relative(process.cwd(), result.name);
      for (const test of result.assertionResults ?? []) {
        if (test.status === "failed") {
          const why = test.failureMessages?.[0]?.split("\n")[0] ?? "";
          out.failures.push(`[${label}] ${where} › ${test.fullName}: ${why}`);
        }
      }
      if (result.status === "failed" && !(result.assertionResults ?? []).length) {
        out.failures.push(`[${label}] ${where}: ${result.message?.split("\n")[0] ?? "failed to run"}`);
        out.failed += 1;
      }
    }
  } else if (report.stats) {
    out.passed = report.stats.expected + (report.stats.flaky ?? 0);
    out.failed = report.stats.unexpected;
    playwrightFailures(label, report.suites, [], out.failures);
    // Errors outside any test (a web server that did not start, a spec that did not load).
    for (const error of report.errors ?? []) {
      out.failures.push(`[${label}] ${error.message?.split("\n")[0]}`);
      out.failed += 1;
    }
  }
  return out;
}

const passDirs = fs.existsSync(dir)
  ? fs.readdirSync(dir).filter((name) => fs.statSync(path.join(dir, name)).isDirectory())
  : [];
const reportsOf = new Map(); // "<pass>/<report>" -> counts
for (const pass of passDirs) {
  for (const file of fs.readdirSync(path.join(dir, pass)).filter((f) => f.endsWith(".json"))) {
    const name = file.replace(/\.json$/, "");
    const report = readReport(path.join(dir, pass, file), `${pass} ${name}`);
    reportsOf.set(`${pass}/${name}`, report);
    passed += report.passed;
    failed += report.failed;
    failures.push(...report.failures);
  }
}

// Phases that failed: counted once unless their report already names failed tests.
for (const { pass, phase, status } of phases) {
  if (status === "0" || status.startsWith("skipped") || pass === "all") continue;
  // A phase's first word names its report ("playwright @smoke" writes playwright.json).
  const report = reportsOf.get(`${pass}/${phase.split(" ")[0]}`);
  if (report && report.failed > 0) continue;
  failed += 1;
  failures.push(`[${pass}] ${phase} exited ${status}${report ? " (its report names no failed test)" : ""}`);
}
// A test phase that ran and passed must have written its report.
for (const { pass, phase, status } of phases) {
  const name = phase.split(" ")[0];
  if (status === "0" && /^(vitest|vitest-postgres|playwright)$/.test(name) && !reportsOf.has(`${pass}/${name}`)) {
    notes.push(`(no report from [${pass}] ${phase})`);
  }
}

const clock = (s) => `${Math.floor(s / 60)}:${String(Math.round(s % 60)).padStart(2, "0")}`;
if (phases.length) {
  const rows = [["pass", "phase", "result", "time"]];
  const totals = new Map();
  // Grouped by pass (a background phase finishes among another pass's phases).
  const foreground = phases.filter((p) => !p.phase.endsWith("(background)"));
  const passOrder = [...new Set([...foreground, ...phases].map((p) => p.pass))];
  const grouped = [...phases].sort((a, b) => passOrder.indexOf(a.pass) - passOrder.indexOf(b.pass));
  for (const { pass, phase, status, seconds } of grouped) {
    if (pass === "all") continue;
    rows.push([
      pass,
      phase,
      status === "0" ? "ok" : status.startsWith("skipped") ? status : `exit ${status}`,
      clock(seconds),
    ]);
    // Background phases ran during another pass: not part of this pass's own time.
    if (!phase.endsWith("(background)")) totals.set(pass, (totals.get(pass) ?? 0) + seconds);
  }
  for (const [pass, seconds] of totals) rows.push([pass, "(all phases)", "", clock(seconds)]);
  const wall = phases.find((p) => p.pass === "all")?.seconds;
  if (wall !== undefined) {
    rows.push([
      "all",
      "wall clock",
      wall > BUDGET_SECONDS ? `over the ${clock(BUDGET_SECONDS)} budget` : "",
      clock(wall),
    ]);
  }
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  console.log("\nPhase timings");
  for (const row of rows) {
    console.log(`  ${row.map((cell, i) => (i === 3 ? cell.padStart(widths[i]) : cell.padEnd(widths[i]))).join("  ")}`);
  }
  console.log();
}
for (const note of notes) console.log(note);
for (const failure of failures) console.log(`FAILED ${stripVTControlCharacters(failure).slice(0, 300)}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);

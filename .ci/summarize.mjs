// Adds up the JSON reports of Vitest and Playwright into one closing line: "N passed, N failed".
// A step that failed without reporting tests (type check, lint) counts as one failure.
// Failed tests are named above that line, so the tail of a CI log says what broke.
import fs from "node:fs";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";

const [dir, ...statuses] = process.argv.slice(2);
let passed = 0;
let failed = 0;
const failures = [];

/** Playwright's report nests suites (files, describes) around specs; a spec is one test in one project. */
function playwrightFailures(suites, trail) {
  for (const suite of suites ?? []) {
    const here = suite.title ? [...trail, suite.title] : trail;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === "unexpected") {
          const last = test.results?.at(-1);
          const why = last?.error?.message?.split("\n")[0] ?? last?.status ?? "";
          failures.push(`[${test.projectName}] ${[...here, spec.title].join(" › ")}: ${why}`);
        }
      }
    }
    playwrightFailures(suite.suites, here);
  }
}
const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith(".json")) : [];
for (const file of files) {
  const report = JSON.parse(fs.readFileSync(path.join(dir, file), "utf8"));
  if ("numPassedTests" in report) {
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    for (const result of report.testResults ?? []) {
      for (const test of result.assertionResults ?? []) {
        if (test.status === "failed") {
          const why = test.failureMessages?.[0]?.split("\n")[0] ?? "";
          failures.push(
            `[${file.replace(/\.json$/, "")}] ${path.relative(process.cwd(), result.name)} › ${test.fullName}: ${why}`,
          );
        }
      }
      if (result.status === "failed" && !(result.assertionResults ?? []).length) {
        failures.push(
          `[${file.replace(/\.json$/, "")}] ${path.relative(process.cwd(), result.name)}: ${result.message?.split("\n")[0] ?? "failed to run"}`,
        );
      }
    }
  } else if (report.stats) {
    passed += report.stats.expected + (report.stats.flaky ?? 0);
    failed += report.stats.unexpected;
    playwrightFailures(report.suites, []);
    for (const error of report.errors ?? []) failures.push(`[playwright] ${error.message?.split("\n")[0]}`);
  }
}
const reported = new Set(files.map((f) => f.replace(/\.json$/, "")));
const stepsFailed = statuses.map(Number).filter((s) => s !== 0).length;
if (stepsFailed > 0 && failed === 0) failed += stepsFailed;
if (!reported.has("vitest") || !reported.has("playwright")) {
  console.log(`(missing reports: ${["vitest", "playwright"].filter((r) => !reported.has(r)).join(", ") || "none"})`);
}
for (const failure of failures) console.log(`FAILED ${stripVTControlCharacters(failure).slice(0, 300)}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);

// Adds up the JSON reports of Vitest and Playwright into one closing line: "N passed, N failed".
// A step that failed without reporting tests (type check, lint) counts as one failure.
import fs from "node:fs";
import path from "node:path";

const [dir, ...statuses] = process.argv.slice(2);
let passed = 0;
let failed = 0;
const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith(".json")) : [];
for (const file of files) {
  const report = JSON.parse(fs.readFileSync(path.join(dir, file), "utf8"));
  if ("numPassedTests" in report) {
    passed += report.numPassedTests;
    failed += report.numFailedTests;
  } else if (report.stats) {
    passed += report.stats.expected + (report.stats.flaky ?? 0);
    failed += report.stats.unexpected;
  }
}
const reported = new Set(files.map((f) => f.replace(/\.json$/, "")));
const stepsFailed = statuses.map(Number).filter((s) => s !== 0).length;
if (stepsFailed > 0 && failed === 0) failed += stepsFailed;
if (!reported.has("vitest") || !reported.has("playwright")) {
  console.log(`(missing reports: ${["vitest", "playwright"].filter((r) => !reported.has(r)).join(", ") || "none"})`);
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);

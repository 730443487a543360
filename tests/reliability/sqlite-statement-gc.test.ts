import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/**
 * What the server does all day: Kysely prepares a statement per query, and the garbage collector
 * frees them, often in a collection V8 runs between turns of the event loop, outside JavaScript.
 * better-sqlite3 12 compiled against Node 24.19+'s headers aborts the process right there
 * (SIGABRT, "Assertion failed: (env) != nullptr" in Statement::~Statement; decision 0014). Run in
 * a child process on this test's own Node, so an abort fails this test instead of the run.
 */
const SCRIPT = `
const Database = require("better-sqlite3");
const db = new Database(":memory:");
let round = 0;
function burst() {
  for (let i = 0; i < 5000; i++) db.prepare("select ? as v").get(i);
  const garbage = [];
  for (let i = 0; i < 100000; i++) garbage.push({ i });
  if (++round < 10) setTimeout(burst, 100);
  else {
    db.close();
    console.log("survived " + round + " rounds on Node " + process.versions.node);
  }
}
burst();
`;

it("better-sqlite3 survives statements collected between turns of the event loop", async () => {
  const child = spawn(process.execPath, ["-e", SCRIPT], { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => {
    stdout += chunk;
  });
  child.stderr.on("data", (chunk) => {
    stderr += chunk;
  });
  const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
    child.on("close", (c, s) => resolve([c, s])),
  );
  const why = stderr.split("\n").filter(Boolean).slice(0, 3).join("\n");
  expect({ code, signal }, why).toEqual({ code: 0, signal: null });
  expect(stdout).toContain("survived 10 rounds");
});

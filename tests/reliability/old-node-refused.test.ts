import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/**
 * server.js on a Node older than package.json's engines allow stops with one sentence (decision
 * 0026): better-sqlite3 13 would otherwise crash the process (a segfault on Node 20) once the
 * build loads. The server is run here from a copy beside a package.json whose floor is above or
 * equal to this test's own Node (inside the project, so that its imports resolve).
 */
fs.mkdirSync(path.join(ROOT, ".e2e"), { recursive: true });
const dir = fs.mkdtempSync(path.join(ROOT, ".e2e", "node-floor-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function startWithFloor(floor: string) {
  fs.copyFileSync(path.join(ROOT, "server.js"), path.join(dir, "server.js"));
  fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ type: "module", engines: { node: `>=${floor}` } }));
  // BUILD_DIR names no build: past the check, the server stops at once, loading it.
  return spawnSync(process.execPath, ["server.js"], {
    cwd: dir,
    env: { ...process.env, BUILD_DIR: "no-such-build", DATA_DIR: path.join(dir, "data") },
    encoding: "utf8",
    timeout: 30_000,
  });
}

it("refuses a Node older than the floor with one sentence naming both versions", () => {
  const [major, minor] = process.versions.node.split(".").map(Number) as [number, number];
  for (const floor of [`${major + 1}.0.0`, `${major}.${minor + 1}.0`]) {
    const run = startWithFloor(floor);
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe(
      `This store needs Node ${floor} or newer (Node 24 LTS recommended); this is Node ${process.versions.node}.`,
    );
  }
});

it("goes on to load the build on the floor itself", () => {
  const run = startWithFloor(process.versions.node);
  expect(run.stderr).not.toContain("This store needs Node");
  expect(run.stderr).toContain("no-such-build");
});

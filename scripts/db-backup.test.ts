import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { describe, expect, it } from "vitest";

const run = (script: string, args: string[], dataDir: string) =>
  execFileSync(process.execPath, ["--import", "tsx", script, ...args], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      BASE_URL: "http://localhost:3000",
      LOG_LEVEL: "silent",
    },
    encoding: "utf8",
  });

describe.skipIf(!!process.env.DATABASE_URL)("SQLite backup and restore", () => {
  it("copies a live database consistently and puts it back", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "backup-test-"));
    const live = new SQLite(path.join(dir, "store.db"));
    live.pragma("journal_mode = WAL");
    live.exec("create table t (n integer)");
    live.prepare("insert into t values (1), (2), (3)").run();
    // The writer stays open (WAL not checkpointed) while the backup runs.
    const out = path.join(dir, "copy.db");
    expect(run("scripts/db-backup.ts", ["--out", out], dir)).toContain("integrity ok");
    live.prepare("insert into t values (4)").run();
    live.close();
    expect(() => run("scripts/db-restore.ts", ["--from", out], dir)).toThrow();
    run("scripts/db-restore.ts", ["--from", out, "--force"], dir);
    const restored = new SQLite(path.join(dir, "store.db"), { readonly: true });
    expect(restored.prepare("select count(*) as n from t").get()).toEqual({ n: 3 });
    restored.close();
    expect(fs.readdirSync(dir).some((f) => f.startsWith("store.db.before-restore-"))).toBe(true);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

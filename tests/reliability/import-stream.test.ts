import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ImportApplyLine } from "../../app/.server/catalog/import-form";
import {
  cookiesOf,
  createAdminWithCli,
  hasBuild,
  postLogin,
  type RunningServer,
  startServer,
} from "../support/server-process";

/**
 * The catalog import's Apply on the real server and its default database (issue 17: "a progress
 * bar for large files"). On SQLite every query is synchronous and the import's one transaction
 * holds the one connection, so progress can only reach the page if the apply itself gives the
 * event loop turns and its streamed lines are not held back (by compression, say) until the end.
 * This reads the stream as the page does, as it arrives.
 */
const ROWS = 4000;

describe.skipIf(!hasBuild || !!process.env.DATABASE_URL)("catalog import streams its progress (SQLite)", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "import-stream-"));
  const env = {
    DATA_DIR: dir,
    LOG_LEVEL: "silent",
    RATE_LIMIT_FACTOR: "1000",
    SESSION_SECRET: crypto.randomBytes(32).toString("hex"),
  };
  let server: RunningServer | undefined;
  const email = `import-${crypto.randomBytes(3).toString("hex")}@stream.test`;
  const password = "import-password-1";
  let cookie = "";

  beforeAll(async () => {
    server = await startServer(env);
    createAdminWithCli(server, env, { email, password });
    cookie = cookiesOf(await postLogin(server.origin, { email, password }));
  }, 120_000);

  afterAll(async () => {
    await server?.stop("SIGTERM");
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Posts an Apply and reads its lines chunk by chunk: which read each line came in. */
  async function apply(csv: string, digest: string) {
    const origin = server?.origin ?? "";
    const form = new FormData();
    form.set("file", new Blob([csv], { type: "text/csv" }), "stream.csv");
    form.set("intent", "apply");
    form.set("digest", digest);
    const res = await fetch(`${origin}/admin/import/apply`, {
      method: "POST",
      headers: { origin, cookie, "accept-encoding": "gzip, deflate, br" },
      body: form,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/x-ndjson/);
    const lines: { line: ImportApplyLine; read: number }[] = [];
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let buffered = "";
    for (let read = 0; ; read++) {
      const { value, done } = await reader.read();
      if (done) break;
      buffered += decoder.decode(value, { stream: true });
      for (let at = buffered.indexOf("\n"); at !== -1; at = buffered.indexOf("\n")) {
        lines.push({ line: JSON.parse(buffered.slice(0, at)) as ImportApplyLine, read });
        buffered = buffered.slice(at + 1);
      }
    }
    expect(buffered).toBe("");
    return lines;
  }

  it(`sends how many of ${ROWS} rows are written while it writes them, then its answer`, async () => {
    const skus = Array.from({ length: ROWS }, (_, i) => `STREAM-${String(i).padStart(5, "0")}`);
    const csv = `sku,name,category,price,stock\n${skus.map((s) => `${s},Stream ${s},novelty,1.00,5`).join("\n")}\n`;

    // A digest the dry run did not give: nothing is written, and the answer holds the real dry run.
    const stale = await apply(csv, "0".repeat(64));
    expect(stale.map((l) => l.line)).toEqual([
      expect.objectContaining({ status: 409, reply: expect.objectContaining({ ok: false }) }),
    ]);
    const last = stale[0]?.line;
    const digest = last && "reply" in last ? last.reply.data?.digest : undefined;
    expect(last && "reply" in last ? last.reply.data?.counts.added : 0).toBe(ROWS);

    const lines = await apply(csv, digest ?? "");
    const progress = lines.flatMap(({ line }) => ("progress" in line ? [line.progress] : []));
    const answer = lines.at(-1)?.line;
    expect(answer && "reply" in answer ? answer : null).toMatchObject({
      status: 200,
      reply: { ok: true, message: "Imported: 4,000 added, 0 changed, 0 deleted.", data: { applied: true } },
    });
    // The count starts at 0 and ends at every row, never going back, about a hundredth at a time.
    expect(progress[0]).toEqual({ done: 0, total: ROWS });
    expect(progress.at(-1)).toEqual({ done: ROWS, total: ROWS });
    expect(progress.every((p, i) => i === 0 || p.done > (progress[i - 1]?.done ?? 0))).toBe(true);
    expect(progress.length).toBeGreaterThan(50);
    expect(progress.length).toBeLessThanOrEqual(102);
    // And it arrived while the rows were written, not all at once when the transaction ended:
    // the progress lines came in several reads of the stream, before the one with the answer.
    const readsWithProgress = new Set(lines.filter((l) => "progress" in l.line).map((l) => l.read));
    expect(readsWithProgress.size).toBeGreaterThan(2);
    expect(Math.min(...readsWithProgress)).toBeLessThan(lines.at(-1)?.read ?? 0);
  }, 120_000);

  it("refuses, before anything streams, a post it cannot apply; and a visitor's as the admin group does", async () => {
    const origin = server?.origin ?? "";
    const post = (fields: Record<string, string | Blob>, headers: Record<string, string>) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.set(name, value);
      return fetch(`${origin}/admin/import/apply`, { method: "POST", headers: { origin, ...headers }, body: form });
    };
    const csv = new Blob(["sku,name\nX-1,X\n"], { type: "text/csv" });
    const noFile = await post({ intent: "apply", digest: "0".repeat(64) }, { cookie });
    expect(noFile.status).toBe(400);
    expect(await noFile.json()).toEqual({ ok: false, message: "Choose a CSV file to import." });
    const noDryRun = await post({ intent: "apply", file: csv }, { cookie });
    expect(noDryRun.status).toBe(400);
    const notCsv = await post(
      { intent: "apply", digest: "0".repeat(64), file: new Blob([Buffer.from([0, 1, 2, 255, 254])]) },
      { cookie },
    );
    expect(notCsv.status).toBe(422);
    expect(((await notCsv.json()) as { ok: boolean }).ok).toBe(false);

    const visitor = await post({ intent: "apply", digest: "0".repeat(64), file: csv }, {});
    expect(visitor.status).toBe(403);
    expect(visitor.headers.get("content-type")).not.toMatch(/ndjson/);
  });
});

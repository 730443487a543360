import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ImportApplyLine } from "../../app/.server/flows/catalog-import/import-form";
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

  /**
   * Posts a dry run as the page's form does without JavaScript, and reads from the page it answers
   * with what its Apply form posts: the staged file's id and the dry run's digest.
   */
  async function dryRun(csv: string) {
    const origin = server?.origin ?? "";
    const form = new FormData();
    form.set("file", new Blob([csv], { type: "text/csv" }), "stream.csv");
    form.set("intent", "dry-run");
    const res = await fetch(`${origin}/admin/import`, { method: "POST", headers: { origin, cookie }, body: form });
    expect(res.status).toBe(200);
    const html = await res.text();
    return {
      staged: /name="staged" value="([a-f0-9]{32})"/.exec(html)?.[1] ?? "",
      digest: /name="digest" value="([a-f0-9]{64})"/.exec(html)?.[1] ?? "",
    };
  }

  /** Posts an Apply (no file: the staged id) and reads its lines chunk by chunk: which read each line came in. */
  async function apply(staged: string, digest: string) {
    const origin = server?.origin ?? "";
    const form = new FormData();
    form.set("intent", "apply");
    form.set("staged", staged);
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

    const { staged, digest: dryRunDigest } = await dryRun(csv);
    expect(staged).toMatch(/^[a-f0-9]{32}$/);
    // A digest the dry run did not give: nothing is written, and the answer holds the real dry run.
    const stale = await apply(staged, "0".repeat(64));
    expect(stale.map((l) => l.line)).toEqual([
      expect.objectContaining({ status: 409, reply: expect.objectContaining({ ok: false }) }),
    ]);
    const last = stale[0]?.line;
    const digest = last && "reply" in last ? last.reply.data?.digest : undefined;
    expect(last && "reply" in last ? last.reply.data?.counts.added : 0).toBe(ROWS);
    expect(digest).toBe(dryRunDigest);

    const lines = await apply(staged, digest ?? "");
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
    const noDryRun = await post({ intent: "apply", digest: "0".repeat(64) }, { cookie });
    expect(noDryRun.status).toBe(400);
    // The one form contract (issue 37): the refusal, and the fields posted given back.
    expect(await noDryRun.json()).toEqual({
      ok: false,
      message: "Choose a CSV file to import.",
      values: { intent: "apply", digest: "0".repeat(64) },
    });
    const noDigest = await post({ intent: "apply", staged: "a".repeat(32) }, { cookie });
    expect(noDigest.status).toBe(400);
    // An id this admin never staged: as unknown as any other.
    const unknown = await post({ intent: "apply", staged: "a".repeat(32), digest: "0".repeat(64) }, { cookie });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({
      ok: false,
      message:
        "This dry run can no longer be applied: it was applied already or is more than a day old. Run a dry run of the file again.",
    });

    const visitor = await post({ intent: "apply", staged: "a".repeat(32), digest: "0".repeat(64) }, {});
    expect(visitor.status).toBe(403);
    expect(visitor.headers.get("content-type")).not.toMatch(/ndjson/);
  });
});

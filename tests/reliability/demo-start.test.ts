import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { variantNames } from "~/.server/media/intake";
import { DEMO_LINES, DEMO_PRODUCTS } from "../../db/demo-catalog";
import { freePort, hasBuild, scratchDatabase, spawnDemo } from "../support/server-process";

/**
 * `npm run demo` on a fresh clone (issue 37): the built server, started as that script starts
 * it (production, the heap cap, SEED_DEMO) on an empty data folder (and, with DATABASE_URL, an
 * empty PostgreSQL database), answers /healthz and the home page before the demo catalog's
 * pictures are drawn (decision 0049), pages answering meanwhile, the progress in the log, and
 * every picture is there in the end.
 *
 * How soon it answers (the 5 s target) is measured by `npm run bench:start`, not asserted here:
 * a timed assertion fails on a busy machine whatever the code does (it did at 5.8 s on CI with
 * the machine loaded). Each run still prints its figures.
 */
const baseUrl = process.env.DATABASE_URL;

describe.skipIf(!hasBuild)("npm run demo on a fresh data folder", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "demo-start-"));
  let dbUrl = "";
  let proc: ChildProcess | undefined;
  let output: () => string = () => "";
  let database: { url: string; drop(): Promise<void> } | undefined;
  let origin = "";
  let started = 0;

  /** Rows of a query on the server's database (SQLite file or the PostgreSQL database). */
  async function query<T>(text: string): Promise<T[]> {
    if (!baseUrl) {
      const db = new Database(path.join(dir, "store.db"), { readonly: true });
      try {
        return db.prepare(text).all() as T[];
      } finally {
        db.close();
      }
    }
    const client = new pg.Client({ connectionString: dbUrl });
    await client.connect();
    try {
      return (await client.query(text)).rows as T[];
    } finally {
      await client.end();
    }
  }

  beforeAll(async () => {
    if (baseUrl) {
      database = await scratchDatabase(baseUrl, "demo");
      dbUrl = database.url;
    }
    started = performance.now();
    const demo = spawnDemo({
      port: await freePort(),
      dataDir: dir,
      databaseUrl: dbUrl,
      env: { LOG_LEVEL: "info", LOG_FORMAT: "json" },
    });
    proc = demo.proc;
    origin = demo.origin;
    output = demo.output;
  });

  afterAll(async () => {
    if (proc && proc.exitCode === null) {
      const exited = new Promise((resolve) => proc?.on("exit", resolve));
      proc.kill("SIGTERM");
      await exited;
    }
    fs.rmSync(dir, { recursive: true, force: true });
    await database?.drop();
  });

  it("answers /healthz and the home page while it draws the pictures, then has every picture", async () => {
    // /healthz, polled as a person reloading would, from the moment the process starts.
    let healthMs = 0;
    while (!healthMs) {
      if (proc?.exitCode !== null) throw new Error(`server exited:\n${output()}`);
      if (performance.now() - started > 60_000) throw new Error(`no answer in 60 s:\n${output()}`);
      try {
        if ((await fetch(`${origin}/healthz`)).ok) healthMs = performance.now() - started;
      } catch {
        await new Promise((r) => setTimeout(r, 50));
      }
    }
    const home = await fetch(`${origin}/`);
    const html = await home.text();
    const homeMs = performance.now() - started;
    const placeholders = html.match(/no image available/g)?.length ?? 0;
    console.log(
      `demo start: /healthz after ${Math.round(healthMs)} ms, home page after ${Math.round(homeMs)} ms ` +
        `(${placeholders} cards waiting for their picture)`,
    );
    expect(home.status).toBe(200);
    // The port opened before the pictures were drawn: the store says it is still drawing them
    // (before decision 0049 nothing answered until the last one was drawn).
    const early = await fetch(`${origin}/readyz`);
    expect(early.status).toBe(503);
    expect(await early.json()).toMatchObject({ ok: false, demo: "drawing pictures" });
    // The catalog is there from the first page: its cards link to products.
    expect(html.match(/href="\/(?:products\/details\/\d+|lines\/[a-z0-9-]+)"/g)?.length ?? 0).toBeGreaterThanOrEqual(7);
    // No card looks broken meanwhile: a picture shown is there, the others show the placeholder.
    for (const src of new Set(html.match(/\/media\/[0-9a-f]{2}\/[0-9a-f]+-\d+\.webp/g) ?? [])) {
      expect((await fetch(`${origin}${src}`)).status, src).toBe(200);
    }

    // Ready once every picture is drawn (what /readyz waits for with SEED_DEMO).
    const readyBy = performance.now() + 240_000;
    for (;;) {
      const ready = await fetch(`${origin}/readyz`);
      if (ready.ok) break;
      expect(await ready.json()).toMatchObject({ ok: false, migrations: "current", demo: "drawing pictures" });
      if (performance.now() > readyBy) throw new Error(`pictures not drawn in 240 s:\n${output()}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    console.log(`demo start: every picture drawn after ${Math.round(performance.now() - started)} ms`);

    // The progress was in the log, a few products at a time, to the last one.
    const log = output();
    // Pictures a line (issue 38): its first variant's, which every variant of the line shows.
    const drawing = DEMO_LINES.filter((l) => l.imageCount > 0).length;
    expect(log).toContain(
      `demo catalog ready: ${DEMO_LINES.length} lines, ${DEMO_PRODUCTS.length} products; the pictures of ${drawing} lines are drawn next`,
    );
    expect(log).toContain(`"demo pictures: 4/${drawing} products"`);
    expect(log).toContain(`"demo pictures: ${drawing}/${drawing} products"`);

    // Every demo line's first variant has the line's pictures, in order (the other variants none:
    // they show the line's), and every stored size of each answers.
    const rows = await query<{ sku: string; media_key: string; width: number; height: number }>(
      `select p.sku, i.media_key, i.width, i.height from products p
         join product_images i on i.product_id = p.id order by p.sku, i.position`,
    );
    for (const demo of DEMO_PRODUCTS) {
      const images = rows.filter((r) => r.sku === demo.sku);
      expect(images.length, demo.sku).toBe(demo.imageCount);
      for (const image of images) {
        for (const name of variantNames({ key: image.media_key, width: image.width, height: image.height })) {
          expect((await fetch(`${origin}/media/${name}`)).status, `${demo.sku} ${name}`).toBe(200);
        }
      }
    }
    // The pages show them now (the visitor's cached home page included): a placeholder is
    // left only on the demo products drawn without a picture.
    const again = await (await fetch(`${origin}/`)).text();
    const fromHtml = (t: string) =>
      t
        .replace(/&quot;/g, '"')
        .replace(/&#x27;/g, "'")
        .replace(/&amp;/g, "&");
    const waiting = [...again.matchAll(/aria-label="([^"]+): no image available"/g)].map((m) => fromHtml(m[1] ?? ""));
    const withoutPictures = DEMO_LINES.filter((l) => l.imageCount === 0).map((l) => l.name);
    for (const name of waiting) expect(withoutPictures, name).toContain(name);
    expect(again.match(/\/media\/[0-9a-f]{2}\/[0-9a-f]+-\d+\.webp/g)?.length ?? 0).toBeGreaterThan(0);
  }, 300_000);
});

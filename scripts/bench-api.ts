/**
 * The REST API's list timing (issue 42, decision 0072): `GET /api/v1/products?limit=100` over
 * HTTP, with a real key (looked up by its hash, last use written, rate limit counted), against a
 * scratch database of PRODUCTS variants (default 20,000: bench scale) on SQLite, or PostgreSQL
 * when DATABASE_URL names a server (a database is created on it and dropped). Pages are read at
 * random cursors and with updated_since; p50 and p95 in ms (target: p95 under 20).
 *
 *   npm run bench:api
 *   PRODUCTS=50000 RUNS=500 DATABASE_URL=postgres://... npm run bench:api
 */
import type { AddressInfo } from "node:net";
import os from "node:os";
import { TEST_ADMIN } from "../tests/support/actors";
import { setupTestDatabase } from "../tests/support/test-database";

process.env.LOG_LEVEL ??= "warn";
process.env.JOBS = "off";
const PRODUCTS = Number(process.env.PRODUCTS ?? 20_000);
const RUNS = Number(process.env.RUNS ?? 300);

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * p) - 1)] ?? 0;
}

const t = await setupTestDatabase();
let server: import("node:http").Server | undefined;
try {
  const express = (await import("express")).default;
  const { insertProductsInBulk } = await import("../app/.server/catalog/product-writes");
  const { createApiKey } = await import("../app/.server/api-keys/keys");
  const { apiRouter } = await import("../app/.server/flows/api/router");
  const { encodeCursor } = await import("../app/.server/flows/api/paging");
  const db = t.db;
  const BATCH = 1000;
  const started = performance.now();
  for (let i = 0; i < PRODUCTS; i += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, PRODUCTS - i) }, (_, j) => ({
      sku: `BA-${i + j}`,
      name: `Bench variant ${i + j}`,
      description: "",
      price_cents: 500 + ((i + j) % 900),
      stock: (i + j) % 300,
      category: "novelty",
      created_at: new Date(Date.UTC(2026, 0, 1) + (i + j) * 1000).toISOString(),
      updated_at: new Date(Date.UTC(2026, 0, 1) + (i + j) * 1000).toISOString(),
    }));
    await insertProductsInBulk(db, rows);
  }
  console.log(`${PRODUCTS} variants written in ${Math.round(performance.now() - started)} ms`);
  const { secret } = await createApiKey(
    db,
    { name: "bench", scopes: ["catalog:read"], ratePerMinute: 1_000_000 },
    TEST_ADMIN,
  );
  const app = express();
  app.use("/api/v1", apiRouter());
  const listening = app.listen(0);
  server = listening;
  await new Promise<void>((resolve) => listening.once("listening", () => resolve()));
  const base = `http://127.0.0.1:${(listening.address() as AddressInfo).port}/api/v1`;
  const headers = { Authorization: `Bearer ${secret}` };
  const ids = await db.selectFrom("products").select("id").orderBy("id").execute();
  const get = async (path: string) => {
    const start = performance.now();
    const res = await fetch(`${base}${path}`, { headers });
    const body = (await res.json()) as { data?: unknown[] };
    const ms = performance.now() - start;
    const timing = /app;dur=([\d.]+)/.exec(res.headers.get("server-timing") ?? "");
    serverMs.push(Number(timing?.[1] ?? Number.NaN));
    if (res.status !== 200 || body.data?.length !== 100) throw new Error(`unexpected answer ${res.status} for ${path}`);
    return ms;
  };
  const serverMs: number[] = [];
  const pick = () => ids[Math.floor(Math.random() * (ids.length - 200))]?.id ?? 0;
  for (let i = 0; i < 20; i++) await get("/products?limit=100");
  serverMs.length = 0;
  const first: number[] = [];
  const cursors: number[] = [];
  const since: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    first.push(await get("/products?limit=100"));
    cursors.push(await get(`/products?limit=100&cursor=${encodeCursor(pick())}`));
    const moment = new Date(Date.UTC(2026, 0, 1) + Math.floor(Math.random() * (PRODUCTS - 200)) * 1000);
    since.push(await get(`/products?limit=100&updated_since=${moment.toISOString()}`));
  }
  const load = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ");
  console.log(
    `GET /api/v1/products?limit=100 on ${t.dialect}, ${PRODUCTS} variants, ${RUNS} runs each; load average ${load} on ${os.cpus().length} cores:`,
  );
  for (const [label, samples] of [
    ["first page", first],
    ["random cursor", cursors],
    ["updated_since", since],
  ] as const)
    console.log(
      `  ${label.padEnd(14)} p50 ${percentile(samples, 0.5).toFixed(1)} ms, p95 ${percentile(samples, 0.95).toFixed(1)} ms (target p95 < 20)`,
    );
  console.log(
    `  in the server (Server-Timing, all requests): p50 ${percentile(serverMs, 0.5).toFixed(1)} ms, p95 ${percentile(serverMs, 0.95).toFixed(1)} ms`,
  );
} finally {
  server?.close();
  await t.cleanup();
}

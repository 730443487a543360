/**
 * How soon an order placed's webhook leaves while the store is under load (issue 42, decision
 * 0073; target: within 2 s). A fresh database (SQLite in a temporary folder, or a new database
 * on the PostgreSQL server DATABASE_URL names), the job runner as a server runs it (polling every
 * 2 s, kicked after each order's commit), a receiver on 127.0.0.1 that verifies each signature,
 * and CONCURRENCY buyers placing orders through the real place-order flow for BENCH_SECONDS
 * seconds, RATE orders a second between them (default 50; 0: as fast as they can).
 * Each order's latency is from its commit (placeOrder returned) to the receiver having read the
 * signed request. Prints the count, p50, p95 and max in ms.
 *
 *   npm run bench:webhooks
 *   LANE=off npm run bench:webhooks                  (webhooks and mail in one runner loop)
 *   RATE=0 npm run bench:webhooks                    (orders as fast as the store takes them)
 *   CONCURRENCY=32 RATE=100 BENCH_SECONDS=30 npm run bench:webhooks
 */
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { insertProduct } from "../app/.server/catalog/product-writes";
import { placeOrder } from "../app/.server/flows/place-order";
import { startJobRunner } from "../app/.server/jobs/runner";
import { mailJob } from "../app/.server/mail/outbox";
import { webhookDeliveryJob } from "../app/.server/webhooks/delivery";
import { createEndpoint, findEndpoint } from "../app/.server/webhooks/endpoints";
import { WEBHOOK_DELIVERY_JOB } from "../app/.server/webhooks/events";
import { customerWithAddress } from "../tests/support/customers";
import { setupTestDatabase } from "../tests/support/test-database";

process.env.LOG_LEVEL ??= "warn";
// The receiver is on this machine: the bench lets webhooks reach it, as the tests do.
process.env.WEBHOOK_ALLOW_PRIVATE_ADDRESSES = "true";
process.env.WEBHOOK_ALLOW_HTTP = "true";
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 16);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
/** Orders per second across all buyers; 0: as fast as they can (the store saturated). */
const RATE = Number(process.env.RATE ?? 50);
const actor = { id: null, name: "Bench" };
// Both registered (defineJob) by importing them.
void mailJob;
void webhookDeliveryJob;

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(sorted.length * p) - 1))] ?? 0;
}

async function main() {
  const t = await setupTestDatabase();
  const committed = new Map<number, number>();
  const latencies: number[] = [];
  let badSignatures = 0;
  let secret = "";
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const arrived = performance.now();
      const body = Buffer.concat(chunks).toString("utf8");
      try {
        const payload = new Webhook(secret).verify(body, req.headers as Record<string, string>) as {
          data: { orderId: number };
        };
        const at = committed.get(payload.data.orderId);
        if (at !== undefined) latencies.push(arrived - at);
      } catch {
        badSignatures++;
      }
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  const endpointId = await createEndpoint(
    t.db,
    { url: `http://127.0.0.1:${port}/orders`, description: "bench", events: ["order.placed"] },
    actor,
  );
  secret = (await findEndpoint(t.db, endpointId))?.secret ?? "";

  const products: number[] = [];
  for (let i = 0; i < 20; i++)
    products.push(
      await insertProduct(
        t.db,
        {
          sku: `BENCH-HOOK-${i}`,
          name: `Bench Pod ${i}`,
          description: "",
          priceCents: 500 + i,
          stock: 10_000_000,
          category: "accessories",
        },
        [],
      ),
    );
  const buyers: { id: string; addressId: string }[] = [];
  for (let i = 0; i < CONCURRENCY; i++)
    buyers.push(await customerWithAddress(t.db, `bench-hooks-${i}@test.invalid`, { businessName: `Bench ${i}` }));

  // As the server runs it (flows/startup.ts): webhook deliveries in a lane of their own.
  // LANE=off runs everything in one loop, to compare.
  const lane = process.env.LANE !== "off";
  const runner = startJobRunner({ db: t.db, ...(lane ? { separate: [WEBHOOK_DELIVERY_JOB] } : {}) });
  const orderTimes: number[] = [];
  const until = Date.now() + SECONDS * 1000;
  await Promise.all(
    buyers.map(async (buyer, n) => {
      let k = 0;
      while (Date.now() < until) {
        const lines = [0, 1, 2].map((j) => ({
          id: products[(n + k + j * 7) % products.length] as number,
          quantity: 1 + j,
        }));
        const start = performance.now();
        const { order } = await placeOrder(t.db, {
          userId: buyer.id,
          orderLimitCents: null,
          idempotencyKey: crypto.randomUUID(),
          addressId: buyer.addressId,
          lines,
        });
        const done = performance.now();
        committed.set(order.id, done);
        orderTimes.push(done - start);
        k++;
        // Paced: each buyer places one order every CONCURRENCY / RATE seconds.
        if (RATE > 0) {
          const wait = (CONCURRENCY / RATE) * 1000 - (done - start);
          if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        }
      }
    }),
  );
  // The last deliveries: wait until every order's webhook arrived (or 30 s).
  const deadline = Date.now() + 30_000;
  while (latencies.length < committed.size && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  await runner.stop();
  server.close();
  const missing = committed.size - latencies.length;
  const ms = (n: number) => Math.round(n);
  console.log(
    JSON.stringify(
      {
        database: t.dialect,
        concurrency: CONCURRENCY,
        webhookLane: lane,
        rate: RATE || "as fast as possible",
        seconds: SECONDS,
        orders: committed.size,
        ordersPerSecond: Math.round(committed.size / SECONDS),
        placeOrderP95Ms: ms(percentile(orderTimes, 0.95)),
        webhook: {
          delivered: latencies.length,
          missing,
          badSignatures,
          p50Ms: ms(percentile(latencies, 0.5)),
          p95Ms: ms(percentile(latencies, 0.95)),
          maxMs: ms(percentile(latencies, 1)),
        },
        target: "p95 and max under 2000 ms",
      },
      null,
      2,
    ),
  );
  await t.cleanup();
  if (missing > 0 || badSignatures > 0) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

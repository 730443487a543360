import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  cookiesOf,
  createAdminWithCli,
  hasBuild,
  postLogin,
  type RunningServer,
  startServer,
} from "../support/server-process";

/**
 * Places orders against the real server and kills it with SIGKILL at random moments, again and
 * again. After every crash the SQLite database must pass its integrity check, every order the
 * client saw confirmed must be there, and stock must match the orders exactly.
 * ROUNDS: 3 in npm test, CRASH_ROUNDS (e.g. 50) in npm run test:soak.
 */
const ROUNDS = Number(process.env.CRASH_ROUNDS ?? (process.env.SOAK ? 40 : 3));
const STOCK = 1_000_000;

describe.skipIf(!hasBuild || !!process.env.DATABASE_URL)("crash safety (SQLite)", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "crash-"));
  const env = {
    DATA_DIR: dir,
    LOG_LEVEL: "silent",
    RATE_LIMIT_FACTOR: "1000",
    SESSION_SECRET: crypto.randomBytes(32).toString("hex"),
  };
  let server: RunningServer | undefined;
  let productId = 0;
  let addressId = "";
  const email = `crash-${crypto.randomBytes(3).toString("hex")}@crash.test`;
  const password = "crash-password-1";

  beforeAll(async () => {
    server = await startServer(env);
    createAdminWithCli(server, env, { email, password });
    await server.stop("SIGTERM");
    const db = new SQLite(path.join(dir, "store.db"));
    db.prepare("update users set role = 'customer' where email = ?").run(email);
    const user = db.prepare("select id from users where email = ?").get(email) as { id: string };
    addressId = crypto.randomUUID();
    const now = new Date().toISOString();
    db.prepare(
      "insert into addresses (id, user_id, business_name, street, city, state, zip, phone, is_default, created_at, updated_at) values (?, ?, 'Crash Shop', '1 Elm', 'Dallas', 'TX', '75201', '', 1, ?, ?)",
    ).run(addressId, user.id, now, now);
    db.prepare(
      "insert into products (sku, name, description, price_cents, stock, category, created_at, updated_at) values ('CRASH-1', 'Crash Test Item', '', 100, ?, 'novelty', ?, ?)",
    ).run(STOCK, now, now);
    productId = (db.prepare("select id from products where sku = 'CRASH-1'").get() as { id: number }).id;
    db.close();
  }, 120_000);

  afterAll(async () => {
    await server?.stop("SIGKILL");
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function login(origin: string): Promise<string> {
    return cookiesOf(await postLogin(origin, { email, password }));
  }

  it(`keeps every confirmed order and a sound database through ${ROUNDS} SIGKILLs`, async () => {
    const confirmed = new Set<number>();
    for (let round = 0; round < ROUNDS; round++) {
      server = await startServer(env);
      const origin = server.origin;
      const cookie = await login(origin);
      let stop = false;
      const worker = async () => {
        while (!stop) {
          try {
            const res = await fetch(`${origin}/checkout.data`, {
              method: "POST",
              headers: { origin, cookie, "content-type": "application/x-www-form-urlencoded" },
              body: new URLSearchParams({
                idempotencyKey: crypto.randomUUID(),
                addressId,
                lines: JSON.stringify([{ id: productId, quantity: 1 + (round % 3) }]),
              }),
            });
            const text = await res.text();
            const id = /"orderId",(\d+)/.exec(text)?.[1];
            if (res.ok && id) confirmed.add(Number(id));
          } catch {
            // The server died mid-request: that order was not confirmed to us.
          }
        }
      };
      const workers = [worker(), worker(), worker()];
      await new Promise((r) => setTimeout(r, 150 + Math.random() * 700));
      await server.stop("SIGKILL");
      stop = true;
      await Promise.all(workers);

      const db = new SQLite(path.join(dir, "store.db"));
      expect(db.pragma("integrity_check", { simple: true })).toBe("ok");
      const ids = new Set((db.prepare("select id from orders").all() as { id: number }[]).map((r) => r.id));
      for (const id of confirmed) expect(ids.has(id), `confirmed order ${id} lost`).toBe(true);
      const sold = db
        .prepare("select coalesce(sum(quantity), 0) as n from order_items where product_id = ?")
        .get(productId) as { n: number };
      const stock = db.prepare("select stock from products where id = ?").get(productId) as { stock: number };
      expect(stock.stock + sold.n).toBe(STOCK);
      const orphans = db
        .prepare(
          "select count(*) as n from orders o where not exists (select 1 from order_items i where i.order_id = o.id)",
        )
        .get() as { n: number };
      expect(orphans.n).toBe(0);
      db.close();
    }
    expect(confirmed.size).toBeGreaterThan(0);
  }, 600_000);
});

import { type ChildProcess, spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import S3rver from "s3rver";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrationNames } from "../../db/migrate";

/**
 * Two app servers on two ports against one PostgreSQL database, with images in S3-compatible
 * storage (s3rver): sessions, logout, rate limits, orders and images are shared by both.
 * Needs PostgreSQL (DATABASE_URL) and a build (npm run build); skipped otherwise.
 */
const baseUrl = process.env.DATABASE_URL;
const buildDir = process.env.BUILD_DIR || "build";
const hasBuild = fs.existsSync(path.join(buildDir, "server", "index.js"));

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

class Client {
  cookies = new Map<string, string>();
  constructor(readonly origin: string) {}

  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size) headers.set("cookie", [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; "));
    if (init.method && init.method !== "GET") headers.set("origin", this.origin);
    const res = await fetch(`${this.origin}${url}`, { ...init, headers, redirect: "manual" });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const [name, ...value] = (pair ?? "").split("=");
      if (!name) continue;
      if (/max-age=0/i.test(c) || value.join("=") === "") this.cookies.delete(name);
      else this.cookies.set(name, value.join("="));
    }
    return res;
  }

  /** Same cookies, other server. */
  on(origin: string): Client {
    const other = new Client(origin);
    other.cookies = this.cookies;
    return other;
  }
}

const describeIf = baseUrl && hasBuild ? describe : describe.skip;

describeIf("two app servers on one PostgreSQL with S3 media", () => {
  const dbName = `scale_${crypto.randomBytes(4).toString("hex")}`;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "scale-out-"));
  let dbUrl = "";
  let s3: S3rver;
  let servers: { proc: ChildProcess; origin: string; output: string[] }[] = [];
  const secret = crypto.randomBytes(32).toString("base64url");
  let db: pg.Client;

  async function waitReady(origin: string, proc: ChildProcess) {
    for (let i = 0; i < 240; i++) {
      if (proc.exitCode !== null) throw new Error(`server exited with ${proc.exitCode}`);
      try {
        const res = await fetch(`${origin}/readyz`);
        if (res.ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error(`${origin} never became ready`);
  }

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const u = new URL(baseUrl as string);
    u.pathname = `/${dbName}`;
    dbUrl = u.toString();

    const s3Port = await freePort();
    s3 = new S3rver({
      port: s3Port,
      address: "127.0.0.1",
      silent: true,
      directory: path.join(tmp, "s3"),
      configureBuckets: [{ name: "media", configs: [] }],
    });
    await s3.run();

    const ports = [await freePort(), await freePort()];
    // Both start at the same moment: the migrations must run once.
    servers = ports.map((port, i) => {
      const output: string[] = [];
      const proc = spawn(process.execPath, ["server.js"], {
        env: {
          ...process.env,
          NODE_ENV: "test",
          PORT: String(port),
          HOST: "127.0.0.1",
          BASE_URL: `http://127.0.0.1:${port}`,
          DATA_DIR: path.join(tmp, `server-${i}`),
          DATABASE_URL: dbUrl,
          SESSION_SECRET: secret,
          SEED_DEMO: "false",
          LOG_LEVEL: "warn",
          RATE_LIMIT_FACTOR: "1",
          BUILD_DIR: buildDir,
          MEDIA_STORE: "s3",
          S3_BUCKET: "media",
          S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
          S3_ACCESS_KEY_ID: "S3RVER",
          S3_SECRET_ACCESS_KEY: "S3RVER",
          S3_FORCE_PATH_STYLE: "true",
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      proc.stdout?.on("data", (d: Buffer) => output.push(d.toString()));
      proc.stderr?.on("data", (d: Buffer) => output.push(d.toString()));
      return { proc, origin: `http://127.0.0.1:${port}`, output };
    });
    await Promise.all(servers.map((s) => waitReady(s.origin, s.proc)));

    db = new pg.Client({ connectionString: dbUrl });
    await db.connect();
  }, 120_000);

  afterAll(async () => {
    if (process.env.SCALE_DEBUG) for (const s of servers) console.log(s.origin, s.output.join("").slice(-4000));
    for (const s of servers) if (s.proc.exitCode === null) s.proc.kill("SIGKILL");
    await db?.end();
    await s3?.close();
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  const a = () => servers[0]?.origin as string;
  const b = () => servers[1]?.origin as string;

  /** Accounts are made through the admin CLI against the shared database. */
  async function account(role: "admin" | "customer"): Promise<{ email: string; password: string }> {
    const email = `${role}-${crypto.randomBytes(3).toString("hex")}@scale.test`;
    const password = `pw-${crypto.randomBytes(6).toString("hex")}`;
    const { execFileSync } = await import("node:child_process");
    execFileSync(
      process.execPath,
      ["--import", "tsx", "scripts/admin-create.ts", "--email", email, "--password", password],
      {
        env: {
          ...process.env,
          BASE_URL: a(),
          DATA_DIR: path.join(tmp, "cli"),
          DATABASE_URL: dbUrl,
          SESSION_SECRET: secret,
          LOG_LEVEL: "warn",
        },
        stdio: "pipe",
      },
    );
    if (role === "customer") await db.query(`update users set role = 'customer' where email = $1`, [email]);
    return { email, password };
  }

  async function logIn(client: Client, who: { email: string; password: string }) {
    const body = new URLSearchParams({ identifier: who.email, password: who.password, redirectTo: "/" });
    const res = await client.request("/login", { method: "POST", body });
    expect(res.status).toBe(302);
  }

  it("ran each migration once although both servers started together", async () => {
    const rows = await db.query("select name from schema_migrations order by name");
    expect(rows.rows.map((r) => r.name)).toEqual(migrationNames);
  });

  it("accepts a session made on one server on the other, and a logout on one ends it on both", async () => {
    const who = await account("customer");
    const onA = new Client(a());
    await logIn(onA, who);
    const onB = onA.on(b());
    const page = await onB.request("/account/settings");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(who.email);
    // Keep the cookie as it was: a stolen or stale copy must stop working too.
    const saved = new Map(onA.cookies);
    const out = await onA.request("/logout", { method: "POST" });
    expect(out.status).toBe(302);
    const stale = new Client(b());
    stale.cookies = saved;
    const after = await stale.request("/account/settings");
    expect(after.status).toBe(302);
    expect(after.headers.get("location")).toContain("/login");
  });

  it("counts sign-in attempts across both servers", async () => {
    const who = await account("customer");
    for (let i = 0; i < 10; i++) {
      const c = new Client(i % 2 ? a() : b());
      const res = await c.request("/login", {
        method: "POST",
        body: new URLSearchParams({ identifier: who.email, password: `wrong-${i}` }),
      });
      expect(res.status).toBe(400);
    }
    const last = await new Client(a()).request("/login", {
      method: "POST",
      body: new URLSearchParams({ identifier: who.email, password: who.password }),
    });
    expect(last.status).toBe(429);
    expect(await last.text()).toContain("Too many attempts");
  });

  it("refuses an API key on both servers from the request after its revoke (issue 42)", async () => {
    const secret = `sk_live_${crypto.randomBytes(30).toString("base64url")}`;
    const hash = crypto.createHash("sha256").update(secret).digest("hex");
    const { rows } = await db.query(
      `insert into api_keys (name, prefix, secret_hash, scopes, rate_limit_per_minute, created_by_name, created_at)
       values ('two servers', $1, $2, 'catalog:read', 1000, 'test', $3) returning id`,
      [secret.slice(0, 16), hash, new Date().toISOString()],
    );
    const headers = { Authorization: `Bearer ${secret}` };
    for (const origin of [a(), b(), a(), b()])
      expect((await fetch(`${origin}/api/v1/products?limit=1`, { headers })).status).toBe(200);
    // Revoked as the admin page revokes it: the row, nothing else.
    await db.query("update api_keys set revoked_at = $1 where id = $2", [new Date().toISOString(), rows[0]?.id]);
    for (const origin of [a(), b()]) {
      const res = await fetch(`${origin}/api/v1/products?limit=1`, { headers });
      expect(res.status).toBe(401);
      expect(res.headers.get("content-type")).toContain("application/problem+json");
    }
  });

  it("shows an order placed through one server through the other, and serves an image uploaded through one from the other", async () => {
    const boss = await account("admin");
    const adminA = new Client(a());
    await logIn(adminA, boss);
    const image = await sharp({
      create: { width: 500, height: 400, channels: 3, background: { r: 20, g: 90, b: 160 } },
    })
      .png()
      .toBuffer();
    const form = new FormData();
    form.set("name", "Scale Test Grinder");
    form.set("price", "19.99");
    form.set("quantity", "12");
    form.set("category", "accessories");
    form.set("description", "made through server A");
    form.append("images", new Blob([image], { type: "image/png" }), "grinder.png");
    const created = await adminA.request("/admin/products/new", { method: "POST", body: form });
    expect(created.status).toBe(302);
    const product = await db.query("select id from products where name = $1", ["Scale Test Grinder"]);
    const productId = product.rows[0]?.id as number;
    const img = await db.query("select media_key from product_images where product_id = $1", [productId]);
    const key = img.rows[0]?.media_key as string;
    const served = await fetch(`${b()}/media/${key.slice(0, 2)}/${key}-200.webp`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect(served.headers.get("cache-control")).toContain("immutable");
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).format).toBe("webp");
    expect(fs.existsSync(path.join(tmp, "server-0", "media"))).toBe(false);

    const buyer = await account("customer");
    const buyerA = new Client(a());
    await logIn(buyerA, buyer);
    await buyerA.request("/shipping-address", {
      method: "POST",
      body: new URLSearchParams({
        intent: "save",
        businessName: "Scale Shop",
        street: "1 Elm St",
        city: "Dallas",
        state: "TX",
        zip: "75201",
        phone: "",
      }),
    });
    const address = await db.query("select a.id from addresses a join users u on u.id = a.user_id where u.email = $1", [
      buyer.email,
    ]);
    const placed = await buyerA.request("/checkout.data", {
      method: "POST",
      body: new URLSearchParams({
        idempotencyKey: crypto.randomUUID(),
        addressId: address.rows[0]?.id as string,
        lines: JSON.stringify([{ id: productId, quantity: 2 }]),
      }),
    });
    expect(placed.status).toBe(200);
    const order = await db.query("select o.id from orders o join users u on u.id = o.user_id where u.email = $1", [
      buyer.email,
    ]);
    const orderId = order.rows[0]?.id as number;
    const onB = await buyerA.on(b()).request(`/orders/${orderId}`);
    expect(onB.status).toBe(200);
    expect(await onB.text()).toContain("Scale Test Grinder");
  });

  it("finishes in-flight work and exits cleanly on SIGTERM", async () => {
    const server = servers[1];
    if (!server) throw new Error("no server");
    const exited = new Promise<number | null>((resolve) => server.proc.on("exit", (code) => resolve(code)));
    // A request the server has started answering when the signal arrives.
    const inFlight = fetch(`${server.origin}/products/accessories`);
    await new Promise((r) => setTimeout(r, 50));
    server.proc.kill("SIGTERM");
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(await exited).toBe(0);
  });
});

import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
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
 * The production server's manners: security headers on every response, no stack traces in
 * error pages, and logs that never contain a password, token or cookie.
 */
describe.skipIf(!hasBuild || !!process.env.DATABASE_URL)("production server hygiene", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hygiene-"));
  let server: RunningServer;
  const password = `Secret-${crypto.randomBytes(6).toString("hex")}`;
  const email = `hygiene-${crypto.randomBytes(3).toString("hex")}@hygiene.test`;

  beforeAll(async () => {
    const env = {
      // Unset, as the README's first command leaves it: server.js must choose production.
      NODE_ENV: "",
      SESSION_SECRET: crypto.randomBytes(32).toString("hex"),
      DATA_DIR: dir,
      LOG_LEVEL: "info",
      SEED_DEMO: "true",
      RATE_LIMIT_FACTOR: "100",
    };
    server = await startServer(env);
    createAdminWithCli(server, env, { email, password }, { NODE_ENV: "production", LOG_LEVEL: "silent" });
  }, 300_000);

  afterAll(async () => {
    await server?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("sends the security headers on every kind of response", async () => {
    const home = await (await fetch(`${server.origin}/`)).text();
    const asset = /\/assets\/[^"]+\.js/.exec(home)?.[0];
    const image = /\/media\/[^" ]+\.webp/.exec(home)?.[0];
    const urls = [
      "/",
      "/products/kratom",
      "/products/kratom.data",
      "/no-such-page",
      "/robots.txt",
      "/sitemap.xml",
      "/healthz",
      "/api/search-suggestions?q=mint",
      "/favicon.svg",
    ];
    if (asset) urls.push(asset);
    if (image) urls.push(image);
    expect(asset && image).toBeTruthy();
    for (const url of urls) {
      const res = await fetch(`${server.origin}${url}`, { redirect: "manual" });
      const h = res.headers;
      expect(h.get("x-content-type-options"), url).toBe("nosniff");
      expect(h.get("content-security-policy"), url).toContain("frame-ancestors 'none'");
      expect(h.get("content-security-policy"), url).not.toContain("unsafe-eval");
      expect(h.get("referrer-policy"), url).toBe("strict-origin-when-cross-origin");
      expect(h.get("strict-transport-security"), url).toContain("max-age=");
      expect(h.get("x-powered-by"), url).toBeNull();
      expect(h.get("x-request-id"), url).toMatch(/^[\w-]{8,}$/);
    }
  });

  it("answers health while its database does, and readiness only with every migration applied", async () => {
    const health = await fetch(`${server.origin}/healthz`);
    expect(health.status).toBe(200);
    const ready = await fetch(`${server.origin}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ ok: true, migrations: "current" });

    // A database one migration behind (a new release before its migrations ran) is not ready.
    const db = new Database(path.join(dir, "store.db"));
    const last = db.prepare("select * from schema_migrations order by name desc limit 1").get() as {
      name: string;
    };
    db.prepare("delete from schema_migrations where name = ?").run(last.name);
    try {
      const behind = await fetch(`${server.origin}/readyz`);
      expect(behind.status).toBe(503);
      expect(await behind.json()).toMatchObject({ ok: false, migrations: "pending" });
      expect((await fetch(`${server.origin}/healthz`)).status).toBe(200);
    } finally {
      const columns = Object.keys(last);
      db.prepare(
        `insert into schema_migrations (${columns.join(", ")}) values (${columns.map(() => "?").join(", ")})`,
      ).run(...Object.values(last));
      db.close();
    }
    expect((await fetch(`${server.origin}/readyz`)).status).toBe(200);
  });

  it("sets Secure, HttpOnly, SameSite=Lax session cookies in production", async () => {
    const res = await postLogin(server.origin, { email, password });
    const cookie = res.headers.getSetCookie().find((c) => c.includes("session_token")) ?? "";
    expect(cookie).toMatch(/^__Secure-store\.session_token=/);
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/; SameSite=Lax/i);
  });

  it("keeps the demo outbox (reset and verification links) for a signed-in admin only", async () => {
    const visitor = await fetch(`${server.origin}/admin/outbox`, { redirect: "manual" });
    expect(visitor.status).toBe(302);
    // The spec: /admin answers non-admins, visitors included, with a redirect to "/".
    expect(visitor.headers.get("location")).toBe("/");
    expect((await fetch(`${server.origin}/dev/outbox`, { redirect: "manual" })).status).toBe(404);
    const login = await postLogin(server.origin, { email, password });
    const cookie = cookiesOf(login);
    const admin = await fetch(`${server.origin}/admin/outbox`, { headers: { cookie } });
    expect(admin.status).toBe(200);
    expect(await admin.text()).toContain("Mail outbox");
  });

  it("answers errors without stack traces or file paths", async () => {
    const broken = [
      fetch(`${server.origin}/%E0%A4%A`),
      fetch(`${server.origin}/products/details/1.data?_routes=%00`),
      fetch(`${server.origin}/contact`, {
        method: "POST",
        headers: { origin: server.origin, "content-type": "multipart/form-data; boundary=x" },
        body: "--x\r\ngarbage",
      }),
      fetch(`${server.origin}/login.data`, {
        method: "POST",
        headers: { origin: server.origin, "content-type": "application/json" },
        body: "{not json",
      }),
    ];
    for (const res of await Promise.all(broken)) {
      const body = await res.text();
      expect(body).not.toMatch(/\n\s+at .+:\d+:\d+/);
      expect(body).not.toContain(process.cwd());
      expect(body).not.toContain("node_modules");
      expect(body).not.toMatch(/SqliteError|TypeError|SyntaxError/);
    }
  });

  it("never writes passwords, tokens or cookies to the log", async () => {
    const origin = server.origin;
    const login = await postLogin(origin, { email, password });
    const session = cookiesOf(login);
    await fetch(`${origin}/account/settings`, { headers: { cookie: session } });
    await fetch(`${origin}/login`, {
      method: "POST",
      headers: { origin, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ identifier: email, password: `${password}-wrong` }),
      redirect: "manual",
    });
    const token = crypto.randomBytes(16).toString("hex");
    await fetch(`${origin}/verify-email?token=${token}`, { redirect: "manual" });
    await fetch(`${origin}/reset-password?token=${token}`);
    await fetch(`${origin}/forgot`, {
      method: "POST",
      headers: { origin, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email }),
    });
    await new Promise((r) => setTimeout(r, 300));
    const log = server.output();
    expect(log).toContain('"msg":"request"');
    expect(log).toContain("/verify-email?token=%5Bredacted%5D");
    expect(log).not.toContain(password);
    expect(log).not.toContain(token);
    const sessionValue = session.split("=")[1] ?? "";
    expect(sessionValue.length).toBeGreaterThan(10);
    expect(log).not.toContain(sessionValue);
    // Reset tokens live in mails (the outbox in this setup), never in the log.
    const outbox = fs
      .readdirSync(path.join(dir, "outbox"))
      .map((f) => fs.readFileSync(path.join(dir, "outbox", f), "utf8"));
    const resetToken = /reset-password\?token=([\w.-]+)/.exec(outbox.join("\n"))?.[1];
    expect(resetToken).toBeTruthy();
    expect(log).not.toContain(resetToken);
  });
});

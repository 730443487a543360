import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureAccount } from "~/.server/accounts/admins";
import { insertProduct } from "~/.server/catalog/product-writes";
import { DEFAULT_BODY_LIMIT, MB, type RouteHandle } from "~/lib/route-policy";
import { ACTION_ROUTES, samplePath } from "../support/route-table";
import { cookiesOf, hasBuild, postLogin, type RunningServer, startServer } from "../support/server-process";
import { setupTestDatabase, type TestDatabase } from "../support/test-database";

/**
 * Issue 26, point 5: a route that takes large bodies (bulk images, license documents, quick-order
 * files) takes them only from those its group lets in. Anyone else gets the default body cap, so
 * their post is refused before its body is read: the server answers while the body is still
 * arriving, closes the connection, and its memory does not grow by the body's size. The routes
 * are found by class: every route with an action whose module declares a body limit above the
 * default and whose group does not let everyone in.
 */
interface Target {
  path: string;
  access: string;
  limit: number;
}

const targets: Target[] = [];
for (const route of ACTION_ROUTES) {
  if (route.declared === "public" || route.declared === "guest") continue;
  const module = (await import(/* @vite-ignore */ `../../app/${route.file}`)) as { handle?: RouteHandle };
  const limit = module.handle?.bodyLimitBytes ?? DEFAULT_BODY_LIMIT;
  if (limit > DEFAULT_BODY_LIMIT) targets.push({ path: samplePath(route.path), access: route.declared, limit });
}

/** The resident memory of a process, in bytes (Linux). */
function rssOf(pid: number): number {
  const line = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
  return Number(line?.[1] ?? 0) * 1024;
}

interface Outcome {
  status: number | null;
  /** Body bytes sent when the answer came (null: no answer). */
  sentAtAnswer: number | null;
  /** Body bytes sent in all. */
  sent: number;
  /** Whether the server closed the connection before the whole body was sent. */
  cut: boolean;
}

/**
 * A post that declares `declared` bytes of multipart body, on a raw socket (an HTTP client would
 * report the broken pipe rather than an answer that came while it was still sending).
 * - "trickle": sends the first 256 KB and waits for an answer (a server that reads the body waits
 *   for the rest, and there is none within 5 s), then sends the rest at 1.3 MB/s, as a slow
 *   upload would arrive, until the server closes the connection;
 * - "flood": sends as fast as the server takes it until the answer, then stops and waits for the
 *   server to close the connection.
 */
function streamPost(
  origin: string,
  path: string,
  declared: number,
  cookie: string,
  pace: "trickle" | "flood",
): Promise<Outcome> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname);
    const chunk = Buffer.alloc(256 * 1024, "a");
    let sent = 0;
    let sentAtAnswer: number | null = null;
    let answer = "";
    let closed = false;
    const write = (bytes: number): boolean => {
      const piece = chunk.subarray(0, Math.min(bytes, declared - sent));
      sent += piece.length;
      return socket.write(piece);
    };
    const flood = () => {
      while (sentAtAnswer === null && sent < declared && !closed) {
        if (!write(64 * 1024)) return void socket.once("drain", flood);
      }
    };
    const timers: NodeJS.Timeout[] = [];
    const finish = () => {
      for (const t of timers) clearTimeout(t);
      const status = /^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1];
      resolve({ status: status ? Number(status) : null, sentAtAnswer, sent, cut: closed && sent < declared });
      socket.destroy();
    };
    const trickle = () => {
      if (closed) return;
      if (sent >= declared) return void timers.push(setTimeout(finish, 2000));
      write(64 * 1024);
      timers.push(setTimeout(trickle, 50));
    };
    socket.on("connect", () => {
      socket.write(
        [
          `POST ${path} HTTP/1.1`,
          `Host: ${hostname}:${port}`,
          `Origin: ${origin}`,
          "Content-Type: multipart/form-data; boundary=----attack",
          `Content-Length: ${declared}`,
          ...(cookie ? [`Cookie: ${cookie}`] : []),
          "",
          "",
        ].join("\r\n"),
      );
      if (pace === "flood") flood();
      else {
        write(256 * 1024);
        timers.push(setTimeout(finish, 5000));
      }
    });
    socket.on("data", (d: Buffer) => {
      if (sentAtAnswer !== null) return;
      answer += d.toString("latin1");
      if (!answer.includes("\r\n\r\n")) return;
      sentAtAnswer = sent;
      if (pace === "trickle") {
        for (const t of timers) clearTimeout(t);
        trickle();
      }
    });
    socket.on("error", () => {});
    socket.on("close", () => {
      closed = true;
      finish();
    });
  });
}

describe.skipIf(!hasBuild)("bodies are capped by who may use the route, before they are read", () => {
  let database: TestDatabase;
  let server: RunningServer;
  const password = "bodies-password-1";
  const admin = { email: `admin-${crypto.randomBytes(3).toString("hex")}@bodies.test`, password };
  const customer = { email: `buyer-${crypto.randomBytes(3).toString("hex")}@bodies.test`, password };
  let adminCookie = "";
  let customerCookie = "";
  const SKU = "BODY-CAP-1";

  beforeAll(async () => {
    database = await setupTestDatabase();
    await ensureAccount(database.db, { ...admin, name: "Body Admin", role: "admin" });
    await ensureAccount(database.db, { ...customer, name: "Body Buyer", role: "customer" });
    await insertProduct(
      database.db,
      { sku: SKU, name: "Body cap", description: "", priceCents: 500, stock: 5, category: "novelty" },
      [],
    );
    server = await startServer({
      DATA_DIR: database.dataDir,
      DATABASE_URL: database.url ?? "",
      LOG_LEVEL: "warn",
      RATE_LIMIT_FACTOR: "1000",
    });
    adminCookie = cookiesOf(await postLogin(server.origin, admin));
    customerCookie = cookiesOf(await postLogin(server.origin, customer));
    expect(adminCookie).toMatch(/session_token/);
    expect(customerCookie).toMatch(/session_token/);
  }, 300_000);

  afterAll(async () => {
    await server?.stop();
    await database?.cleanup();
  });

  it("finds the routes that take large bodies from some people only", () => {
    expect(targets.map((t) => t.path)).toEqual(
      expect.arrayContaining(["/admin/images", "/account/business", "/quick-order"]),
    );
  });

  it("refuses a large post from anyone the route's group does not let in, while its body is still arriving", async () => {
    const attackers = [
      { name: "visitor", cookie: "", refusedOn: () => true },
      { name: "customer", cookie: customerCookie, refusedOn: (t: Target) => t.access === "admin" },
    ];
    const cases = targets.flatMap((target) =>
      attackers
        .filter((attacker) => attacker.refusedOn(target))
        .flatMap((attacker) => [target.path, `${target.path}.data`].map((path) => ({ target, attacker, path }))),
    );
    expect(cases.length).toBeGreaterThanOrEqual(8);
    // All at once: each waits a second for the server to cut it off.
    await Promise.all(
      cases.map(async ({ target, attacker, path }) => {
        // Just under the route's own limit, so only who sends it can be the reason to refuse it.
        const declared = target.limit - 64 * 1024;
        const outcome = await streamPost(server.origin, path, declared, attacker.cookie, "trickle");
        const label = `${attacker.name} → ${path} (${Math.round(declared / MB)} MB)`;
        // Answered while the body was still arriving, and then cut off: the rest is never read.
        expect(outcome.status, label).toBe(413);
        expect(outcome.sentAtAnswer, label).toBe(256 * 1024);
        expect(outcome.cut, label).toBe(true);
      }),
    );
  }, 120_000);

  it("keeps the server's memory flat under eight 100 MB posts at once to the bulk images", async () => {
    const before = rssOf(server.proc.pid as number);
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        streamPost(server.origin, "/admin/images", 100 * MB, i % 2 ? customerCookie : "", "flood"),
      ),
    );
    const after = rssOf(server.proc.pid as number);
    for (const outcome of outcomes) expect(outcome).toMatchObject({ status: 413, cut: true });
    expect(outcomes.reduce((sum, o) => sum + o.sent, 0)).toBeLessThan(100 * MB);
    expect(after - before).toBeLessThan(64 * MB);
    // And the server still answers.
    expect((await fetch(`${server.origin}/healthz`)).status).toBe(200);
  }, 120_000);

  it("still takes an admin's upload above the default cap, within the route's limit", async () => {
    const noise = crypto.randomBytes(900 * 900 * 3);
    const png = await sharp(noise, { raw: { width: 900, height: 900, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(png.length).toBeGreaterThan(DEFAULT_BODY_LIMIT);
    const form = new FormData();
    form.append("files", new Blob([png], { type: "image/png" }), `${SKU}.png`);
    const res = await fetch(`${server.origin}/admin/images.data`, {
      method: "POST",
      headers: { origin: server.origin, cookie: adminCookie },
      body: form,
    });
    expect(res.status).toBe(200);
    const images = await database.db
      .selectFrom("product_images")
      .innerJoin("products", "products.id", "product_images.product_id")
      .select("product_images.media_key")
      .where("products.sku", "=", SKU)
      .execute();
    expect(images).toHaveLength(1);
  }, 120_000);
});

import http from "node:http";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { healthDuringHostileForms } from "../support/hostile-forms";
import { ACTION_ROUTES, ROUTES, samplePath } from "../support/route-table";
import { hasBuild, type RunningServer, startServer } from "../support/server-process";
import { setupTestDatabase, type TestDatabase } from "../support/test-database";

/**
 * Hostile requests against the built server, by class rather than by example: every body a
 * browser's form would never send, on every route that has an action (as a page post and as a
 * route-data post), forged client addresses behind a trusted proxy, paths that try to borrow
 * another route's body cap, and raw paths aimed at the media folder. None may reach a 500, a
 * stack trace or a file path. Runs on the suite's database (SQLite, or PostgreSQL when
 * DATABASE_URL names one).
 */
const NO_STACK = /\n\s+at |\/work\/|node_modules|\.ts:\d+/;

describe.skipIf(!hasBuild)("hostile requests", () => {
  let database: TestDatabase;
  let server: RunningServer;

  beforeAll(async () => {
    database = await setupTestDatabase();
    server = await startServer({
      DATA_DIR: database.dataDir,
      DATABASE_URL: database.url ?? "",
      LOG_LEVEL: "warn",
      // One proxy in front (as docs/operations.md sets it up): it appends the client's address.
      TRUST_PROXY: "1",
    });
  }, 300_000);

  afterAll(async () => {
    await server?.stop();
    await database?.cleanup();
  });

  async function post(path: string, body: BodyInit | null, headers: Record<string, string> = {}) {
    const res = await fetch(`${server.origin}${path}`, {
      method: "POST",
      body,
      headers: { Origin: server.origin, ...headers },
      redirect: "manual",
    });
    return { status: res.status, text: await res.text(), headers: res.headers };
  }

  const targets = ACTION_ROUTES.flatMap((r) => {
    const path = samplePath(r.path);
    return [path, `${path === "/" ? "/_" : path}.data`];
  });

  it("finds the routes with actions in the route table", () => {
    expect(targets).toEqual(expect.arrayContaining(["/login", "/contact.data", "/checkout", "/admin/products"]));
  });

  const classes: {
    name: string;
    status: number;
    message: RegExp;
    body: () => BodyInit | null;
    headers: Record<string, string>;
  }[] = [
    {
      name: "JSON",
      status: 415,
      message: /application\/x-www-form-urlencoded or multipart\/form-data/,
      body: () => JSON.stringify({ email: "a@b.test" }),
      headers: { "Content-Type": "application/json" },
    },
    {
      name: "plain text",
      status: 415,
      message: /application\/x-www-form-urlencoded or multipart\/form-data/,
      body: () => "email=a@b.test",
      headers: { "Content-Type": "text/plain" },
    },
    {
      name: "no Content-Type",
      status: 415,
      message: /application\/x-www-form-urlencoded or multipart\/form-data/,
      body: () => new Blob(["email=a@b.test"]),
      headers: {},
    },
    {
      name: "multipart without a boundary",
      status: 415,
      message: /application\/x-www-form-urlencoded or multipart\/form-data/,
      body: () => '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--\r\n',
      headers: { "Content-Type": "multipart/form-data" },
    },
    {
      name: "more fields than any form has (urlencoded)",
      status: 413,
      message: /more fields than it can take/,
      // The largest form (the product line editor, 250 variants of 19 fields) takes 4,800.
      body: () => "x=&".repeat(5000),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    },
    {
      name: "more fields than any form has (multipart)",
      status: 413,
      message: /more fields than it can take/,
      body: () => {
        const form = new FormData();
        for (let i = 0; i < 5000; i++) form.append("x", "");
        return form;
      },
      headers: {},
    },
    {
      name: "a NUL byte in a field",
      status: 400,
      message: /control characters/,
      body: () => "email=kr%00a&name=x",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    },
    {
      name: "an escape character in a multipart field",
      status: 400,
      message: /control characters/,
      body: () => {
        const form = new FormData();
        form.append("name", "a\u001bb");
        return form;
      },
      headers: {},
    },
  ];

  for (const c of classes) {
    it(`refuses ${c.name} on every action with ${c.status} and a message`, async () => {
      for (const path of targets) {
        const res = await post(path, c.body(), c.headers);
        expect(res.status, `${c.name} → ${path}`).toBe(c.status);
        expect(res.text, `${c.name} → ${path}`).toMatch(c.message);
        expect(res.text).not.toMatch(NO_STACK);
        expect(res.headers.get("cache-control") ?? "", path).not.toMatch(/public/);
      }
    }, 120_000);
  }

  it("takes a POST without a body as an empty form (a logout button), not as a refused body", async () => {
    const res = await post("/logout", null);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/");
    // A body without a Content-Type is still refused (see the classes above).
    expect((await post("/logout", new Blob(["a=b"]))).status).toBe(415);
  });

  it("refuses 40,000 repeated fields (the request that froze the server) at once", async () => {
    const res = await post("/login.data", "x=&".repeat(40_000), {
      "Content-Type": "application/x-www-form-urlencoded",
    });
    expect(res.status).toBe(413);
    expect((await fetch(`${server.origin}/healthz`)).status).toBe(200);
  });

  // Soak (npm run test:soak): the server keeps answering while hostile 1 MB forms are parsed.
  // How soon it answers is measured by npm run bench:hostile (target 100 ms), not asserted here.
  it.runIf(process.env.SOAK)(
    "keeps answering /healthz between hostile forms being parsed",
    async () => {
      const { refused, healthMs } = await healthDuringHostileForms(server.origin);
      expect(refused).toEqual(Array(10).fill(413));
      // The health checks ran between the attacks, not once they were all over.
      expect(healthMs.length).toBeGreaterThan(10);
    },
    120_000,
  );

  it("logs no stack for a refused body", () => {
    expect(server.output()).not.toMatch(/\n\s+at .+\(.+:\d+:\d+\)/);
  });

  /** A request on a raw socket (fetch and http.request refuse TRACE, CONNECT and made-up methods): its status. */
  function rawStatus(method: string, path: string): Promise<number | null> {
    const { hostname, port } = new URL(server.origin);
    return new Promise((resolve) => {
      const socket = net.connect(Number(port), hostname, () => {
        socket.write(`${method} ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nConnection: close\r\n\r\n`);
      });
      let answer = "";
      socket.on("data", (d: Buffer) => {
        answer += d.toString("latin1");
      });
      socket.on("error", () => {});
      socket.on("close", () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0) || null));
    });
  }

  it("answers every method the store does not take with 405 (with Allow) or 501: never a 500, nothing logged as an error", async () => {
    const logged = server.output().length;
    // Every method Node's parser knows, and some it does not (TRACK, WebDAV extensions, made-up ones).
    const methods = [...http.METHODS, "TRACK", "FOO", "BREW", "X-NONSENSE"].filter(
      (m) => !["GET", "HEAD", "POST"].includes(m),
    );
    const paths = ["/", "/products", "/products/kratom", "/admin/images", "/account", "/login.data", "/no-such-page"];
    paths.push("/favicon.ico", "/healthz", "/media/products/missing.webp", "/assets/missing.js");
    for (const method of methods) {
      for (const path of paths) {
        const status = await rawStatus(method, path);
        expect([405, 501], `${method} ${path}`).toContain(status);
      }
    }
    // The 405 says what the store takes.
    const options = await new Promise<http.IncomingMessage>((resolve, reject) => {
      const req = http.request(`${server.origin}/products`, { method: "OPTIONS" }, resolve);
      req.on("error", reject);
      req.end();
    });
    options.resume();
    expect(options.statusCode).toBe(405);
    expect(options.headers.allow).toBe("GET, HEAD, POST");
    // A form posted to a page without an action: React Router's 405, not an error either.
    const pages = ROUTES.filter((r) => !r.hasAction && r.declared === "public" && r.access === "public");
    expect(pages.length).toBeGreaterThan(3);
    for (const route of pages) {
      const res = await post(samplePath(route.path), "a=b", { "Content-Type": "application/x-www-form-urlencoded" });
      expect(res.status, route.path).toBe(405);
    }
    // Nothing above is the server's fault: no error lines, no stacks.
    const lines = server.output().slice(logged);
    expect(lines).not.toMatch(/"level":(50|60)/);
    expect(lines).not.toMatch(/\n\s+at |\\n\s+at /);
  }, 120_000);

  it("refuses control characters in the query of pages and suggestions", async () => {
    for (const path of [
      "/search?q=kr%00a",
      "/api/search-suggestions?q=kr%00a",
      "/products/kratom?cursor=%1b",
      "/search?q=%7f",
    ]) {
      const res = await fetch(`${server.origin}${path}`);
      expect(res.status, path).toBe(400);
      expect(res.headers.get("cache-control") ?? "", path).not.toMatch(/public/);
    }
  });

  it("decides the body cap after normalizing the path: the admin cap never reaches another route", async () => {
    const big = `message=${"a".repeat(3 * 1024 * 1024)}`;
    for (const path of [
      "/admin/%2e%2e/contact.data",
      "/admin/%2E%2E/contact",
      "/admin/../contact",
      "/admin/products/new/%2e%2e/%2e%2e/%2e%2e/contact.data",
      "/admin/products/%2e%2e/%2e%2e/login",
    ]) {
      const res = await new Promise<number>((resolve, reject) => {
        // fetch would normalize the path itself; a raw request sends it as an attacker would.
        const req = http.request(
          `${server.origin}${path}`,
          {
            method: "POST",
            path,
            headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.origin },
          },
          (r) => {
            r.resume();
            resolve(r.statusCode ?? 0);
          },
        );
        req.on("error", (e) => ((e as NodeJS.ErrnoException).code === "EPIPE" ? resolve(413) : reject(e)));
        req.end(big);
      });
      expect(res, path).toBe(413);
    }
  });

  it("takes the client's address from the trusted proxy's hop, not from a forged header", async () => {
    const contact = (forged: string, client: string) =>
      post(
        "/contact.data",
        new URLSearchParams({ name: "Pat", email: "pat@example.com", notRobot: "on", message: "Hello" }),
        { "X-Forwarded-For": `${forged}, ${client}` },
      );
    const answers: number[] = [];
    // The limit is 5 an hour per client; a client choosing a new forged address each time is
    // still the same client to the proxy.
    for (let i = 0; i < 8; i++) answers.push((await contact(`10.9.8.${i}`, "203.0.113.7")).status);
    expect(answers.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.slice(5)).toEqual([400, 400, 400]);
    const refused = await contact("10.9.9.9", "203.0.113.7");
    expect(refused.text).toContain("Too many attempts. Please try again later.");
    // Another client behind the same proxy is not affected.
    expect((await contact("10.9.8.1", "198.51.100.20")).status).toBe(200);
  });

  it("refuses a cross-site post even when its Host header agrees with its Origin", async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request(
        `${server.origin}/contact.data`,
        {
          method: "POST",
          headers: {
            Host: "evil.example",
            Origin: "http://evil.example",
            "Content-Type": "application/x-www-form-urlencoded",
          },
        },
        (r) => {
          r.resume();
          resolve(r.statusCode ?? 0);
        },
      );
      req.on("error", reject);
      req.end("name=Pat&email=pat%40example.com&notRobot=on");
    });
    expect(status).toBe(403);
  });

  it("answers raw media paths with a plain 404: no stack, no file path, no file outside media", async () => {
    for (const path of [
      "/media/../session-secret",
      "/media/%2e%2e/session-secret",
      "/media/%2e%2e%2fsession-secret",
      "/media/..%5csession-secret",
      "/media/.hidden",
      "/media/products/missing.webp",
      "/media/%00",
    ]) {
      const res = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = http.request(`${server.origin}${path}`, { path }, (r) => {
          let body = "";
          r.on("data", (d) => (body += d));
          r.on("end", () => resolve({ status: r.statusCode ?? 0, body }));
        });
        req.on("error", reject);
        req.end();
      });
      expect([400, 403, 404], path).toContain(res.status);
      expect(res.body, path).not.toMatch(NO_STACK);
      expect(res.body, path).not.toMatch(/[0-9a-f]{64}/);
    }
  });

  it("never lets a shared cache keep an error page", async () => {
    for (const path of ["/no-such-page", "/products/details/999999", "/search?q=%00"]) {
      const res = await fetch(`${server.origin}${path}`);
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(res.headers.get("cache-control") ?? "", path).not.toMatch(/public|s-maxage/);
      expect(res.headers.get("x-cache"), path).not.toBe("HIT");
    }
  });

  it("lists every product under a made-up category slug (the spec's 'All') without making a cache entry for it", async () => {
    for (const round of [1, 2]) {
      const res = await fetch(`${server.origin}/products/made-up-slug`);
      expect(res.status).toBe(200);
      expect(res.headers.get("x-cache"), `round ${round}`).toBe("BYPASS");
      expect(res.headers.get("cache-control") ?? "").not.toMatch(/public/);
      expect(res.headers.has("x-visitor-cache")).toBe(false);
      const html = await res.text();
      expect(html).toMatch(/<h1[^>]*>All<\/h1>/);
      expect(html).toMatch(/<link rel="canonical" href="[^"]*\/products\/all"/);
    }
    // A declared category is still cached.
    await fetch(`${server.origin}/products/glass`);
    expect((await fetch(`${server.origin}/products/glass`)).headers.get("x-cache")).toBe("HIT");
  });

  it("refuses a multi-line name before it can reach a mail", async () => {
    const res = await post(
      "/contact.data",
      new URLSearchParams({
        name: "Pat\r\nEmail: boss@store.example",
        email: "pat@example.com",
        notRobot: "on",
      }),
      { "X-Forwarded-For": "192.0.2.55" },
    );
    expect(res.status).toBe(400);
    expect(res.text).toContain("Name must be on one line.");
  });
});

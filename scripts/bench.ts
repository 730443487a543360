import { type ChildProcess, spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { parseArgs } from "node:util";
import zlib from "node:zlib";
import autocannon from "autocannon";
import { listAdminProducts } from "../app/.server/admin/products";
import { productPath as linePath } from "../app/.server/catalog/lines";
import { dialectOf } from "../app/.server/db/connect";
import { closeDb, getDb } from "../app/.server/db/instance";
import { checkQuickOrder } from "../app/.server/wholesale/quick-order";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../tests/support/chromium";
import { BENCH_EXPLICIT_GROUP, BENCH_PASSWORD } from "./bench/names";
import { reportTimingLines, reportTimings } from "./bench/reports";
import { searchTimingLines, searchTimings } from "./bench/search";

/**
 * npm run bench [-- --duration 10 --connections 20 --no-lighthouse]
 * Starts the built server (npm run build first) on the database filled by npm run bench:data
 * (DATA_DIR, default bench-results/data, or DATABASE_URL), drives it with autocannon from this
 * process, and prints requests per second, p50/p95/p99 latency and errors per scenario, each as
 * a ratio of a bare Node http server returning the same bytes. Also: query timings at scale,
 * orders per second with an oversell check, JavaScript and CSS per page, Lighthouse (mobile) and
 * the server's peak memory. Results go to bench-results/bench-<time>.json as well.
 */
const { values: opts } = parseArgs({
  options: {
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "20" },
    port: { type: "string", default: "3400" },
    "no-lighthouse": { type: "boolean", default: false },
  },
});
const DURATION = Number(opts.duration);
const CONNECTIONS = Number(opts.connections);
const PORT = Number(opts.port);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const BUILD_DIR = process.env.BUILD_DIR || "build";
process.env.DATA_DIR ??= "bench-results/data";
process.env.LOG_LEVEL ??= "warn";
/** Where the server writes its page cache's hits and misses when it stops (server/app.ts). */
const CACHE_REPORT = path.resolve("bench-results", "page-cache.json");

interface PageCacheFigures {
  visitor: { hits: number; misses: number };
  signedIn: { hits: number; misses: number; bypassed: number };
  pages: number;
  bytes: number;
}

interface ScenarioResult {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  non2xx: number;
  ratioToFloor?: number;
  /** CPU time the store's server spent per request (user + system), in microseconds. */
  serverCpuUs?: number;
  /** The store server's largest resident memory during the scenario, in MB. */
  peakRssMb?: number;
}

/** The store's server process, once started: its CPU time is read around each scenario. */
let serverPid: number | null = null;
/** The server's largest resident memory since it was last asked (startServer's sampling). */
let takeScenarioPeak: (() => number) | null = null;
const CLOCK_TICK_US = 10_000; // Linux reports process times in 1/100 s

/** CPU time (user + system) a process has used so far, in microseconds, from /proc. */
function cpuTimeUs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * CLOCK_TICK_US;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

async function drive(
  name: string,
  options: Omit<autocannon.Options, "url" | "duration"> & { url: string },
): Promise<ScenarioResult> {
  const times: number[] = [];
  const pid = options.url.startsWith(ORIGIN) ? serverPid : null;
  const cpuBefore = pid ? cpuTimeUs(pid) : 0;
  takeScenarioPeak?.();
  const instance = autocannon({ duration: DURATION, connections: CONNECTIONS, ...options });
  instance.on("response", (_client: unknown, _status: number, _bytes: number, responseTime: number) =>
    times.push(responseTime),
  );
  const result = await instance;
  times.sort((a, b) => a - b);
  return {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    p50: Number(percentile(times, 50).toFixed(2)),
    p95: Number(percentile(times, 95).toFixed(2)),
    p99: Number(percentile(times, 99).toFixed(2)),
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    ...(pid && times.length > 0 ? { serverCpuUs: Math.round((cpuTimeUs(pid) - cpuBefore) / times.length) } : {}),
    ...(pid && takeScenarioPeak ? { peakRssMb: Math.round(takeScenarioPeak() / 1024 / 1024) } : {}),
  };
}

async function waitReady(proc: ChildProcess) {
  for (let i = 0; i < 600; i++) {
    if (proc.exitCode !== null) throw new Error(`server exited with ${proc.exitCode}`);
    try {
      if ((await fetch(`${ORIGIN}/readyz`)).ok) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("server did not become ready");
}

/** The Node flags of `npm start` (the heap cap), so the server runs here as it runs in production. */
function startFlags(): string[] {
  const pkg = JSON.parse(fs.readFileSync("package.json", "utf8")) as { scripts: { start: string } };
  return pkg.scripts.start.split(/\s+/).filter((arg) => arg.startsWith("--"));
}

function startServer(): {
  proc: ChildProcess;
  peakRss: () => number;
  takePeak: () => number;
  stop: () => void;
} {
  const proc = spawn(process.execPath, [...startFlags(), "server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      SESSION_SECRET: crypto.randomBytes(32).toString("base64url"),
      PORT: String(PORT),
      HOST: "127.0.0.1",
      BASE_URL: ORIGIN,
      SEED_DEMO: "false",
      RATE_LIMIT_FACTOR: "1000",
      LOG_LEVEL: "warn",
      PAGE_CACHE_REPORT: CACHE_REPORT,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  let peak = 0;
  let sincePeak = 0;
  const timer = setInterval(() => {
    try {
      const status = fs.readFileSync(`/proc/${proc.pid}/status`, "utf8");
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      peak = Math.max(peak, kb * 1024);
      sincePeak = Math.max(sincePeak, kb * 1024);
    } catch {
      // process gone
    }
  }, 200);
  return {
    proc,
    peakRss: () => peak,
    takePeak: () => {
      const taken = sincePeak;
      sincePeak = 0;
      return taken;
    },
    stop: () => {
      clearInterval(timer);
      proc.kill("SIGTERM");
    },
  };
}

async function login(email: string, password: string): Promise<string> {
  const res = await fetch(`${ORIGIN}/login`, {
    method: "POST",
    headers: { Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ identifier: email, password, redirectTo: "/" }),
    redirect: "manual",
  });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .filter((c) => c?.includes("session_token"))
    .join("; ");
  if (!cookie) throw new Error(`bench login failed for ${email} (${res.status})`);
  return cookie;
}

/**
 * Gzipped bytes of the JavaScript and CSS a page makes the browser download, measured in
 * Chromium (what the page really fetches up to network idle, not what its HTML mentions).
 */
async function pageWeights(
  paths: Record<string, string>,
): Promise<Record<string, { js: number; jsSent: number; css: number; files: number }>> {
  const { chromium } = await import("playwright-core");
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ["--headless", ...CHROMIUM_FLAGS] });
  const out: Record<string, { js: number; jsSent: number; css: number; files: number }> = {};
  try {
    for (const [name, p] of Object.entries(paths)) {
      const page = await browser.newPage();
      const pending: Promise<void>[] = [];
      // js: each script gzipped (the budget's measure); jsSent: the bytes the server really sent.
      const weight = { js: 0, jsSent: 0, css: 0, files: 0 };
      page.on("response", (res) => {
        const type = res.request().resourceType();
        if (type !== "script" && type !== "stylesheet") return;
        pending.push(
          Promise.all([res.body(), res.request().sizes()])
            .then(([body, sizes]) => {
              const gz = zlib.gzipSync(body).length;
              if (type === "script") {
                weight.js += gz;
                weight.jsSent += sizes.responseBodySize;
              } else weight.css += gz;
              weight.files++;
            })
            .catch(() => undefined),
        );
      });
      await page.goto(`${ORIGIN}${p}`, { waitUntil: "networkidle" });
      await Promise.all(pending);
      out[name] = weight;
      await page.close();
    }
  } finally {
    await browser.close();
  }
  return out;
}

/**
 * Navigation to interactive on the slow-phone profile (tests/support/slow-phone.ts: 390 px, 4x CPU,
 * slow 4G): milliseconds from the start of the navigation until React has hydrated the page
 * (its root element carries React's fiber), the median of RUNS cold loads. A figure to watch.
 */
async function slowPhoneInteractive(
  paths: Record<string, string>,
  cookie: string,
  cart: { id: number; name: string; priceCents: number; quantity: number; stock: number }[],
): Promise<Record<string, number>> {
  const RUNS = 3;
  const { chromium } = await import("playwright-core");
  const { SLOW_PHONE, throttleLikeASlowPhone } = await import("../tests/support/slow-phone");
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ["--headless", ...CHROMIUM_FLAGS] });
  const out: Record<string, number> = {};
  try {
    for (const [name, p] of Object.entries(paths)) {
      const times: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        const context = await browser.newContext({ viewport: SLOW_PHONE.viewport, isMobile: true, hasTouch: true });
        // The header may carry several cookies ("a=1; b=2"): each is added on its own.
        await context.addCookies(
          cookie.split("; ").map((pair) => {
            const at = pair.indexOf("=");
            const name = pair.slice(0, at);
            // A production server names its cookie __Secure-…: Chromium takes it only as Secure,
            // and a Secure cookie only by domain and path, not by an http:// url (it still sends it
            // to http://127.0.0.1, a secure origin for cookies).
            return {
              name,
              value: pair.slice(at + 1),
              domain: new URL(ORIGIN).hostname,
              path: "/",
              secure: name.startsWith("__Secure-"),
            };
          }),
        );
        // A string, not a function: tsx would wrap a function's inner helpers in its __name().
        await context.addInitScript(`
          localStorage.setItem("ageVerified", "true");
          localStorage.setItem("cart", ${JSON.stringify(JSON.stringify(cart.map((l) => ({ ...l, image: null }))))});
          (function poll() {
            var main = document.getElementById("main");
            if (main && Object.keys(main).some(function (k) { return k.indexOf("__reactFiber") === 0; })) {
              window.interactiveAt = performance.now();
            } else requestAnimationFrame(poll);
          })();
        `);
        const page = await context.newPage();
        await throttleLikeASlowPhone(page as unknown as Parameters<typeof throttleLikeASlowPhone>[0]);
        await page.goto(`${ORIGIN}${p}`, { waitUntil: "commit" });
        await page.waitForFunction(() => (window as unknown as { interactiveAt?: number }).interactiveAt, undefined, {
          timeout: 60_000,
        });
        times.push(await page.evaluate(() => (window as unknown as { interactiveAt: number }).interactiveAt));
        await context.close();
      }
      out[name] = Math.round(
        percentile(
          [...times].sort((a, b) => a - b),
          50,
        ),
      );
    }
  } finally {
    await browser.close();
  }
  return out;
}

async function queryTimings() {
  const db = getDb();
  const time = async (fn: () => Promise<unknown>, runs = 200) => {
    const samples: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t = performance.now();
      await fn();
      samples.push(performance.now() - t);
    }
    samples.sort((a, b) => a - b);
    return { p50: Number(percentile(samples, 50).toFixed(2)), p95: Number(percentile(samples, 95).toFixed(2)) };
  };
  const adminDefault = await time(() => listAdminProducts(db, { page: 1 }), 50);
  const adminFiltered = await time(
    () => listAdminProducts(db, { q: "mint", category: "Disposable-Vapes", stock: "in", sort: "price-desc", page: 3 }),
    50,
  );
  const adminDeep = await time(() => listAdminProducts(db, { sort: "price-asc", page: 2000 }), 20);
  const count = await db
    .selectFrom("products")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return {
    database: dialectOf(db),
    products: Number(count.n),
    searchMs: await searchTimings(db),
    adminProductListMs: { firstPage: adminDefault, filtered: adminFiltered, page2000: adminDeep },
    reportsMs: await reportTimings(db),
  };
}

/** QUICK_ORDER_LINES paste lines: products in stock at their smallest quantity, and a few unknown SKUs. */
const QUICK_ORDER_LINES = 200;

async function quickOrderPaste(): Promise<string> {
  const rows = await getDb()
    .selectFrom("products")
    .select(["sku", "case_pack", "min_quantity"])
    .where("stock", ">", 100)
    .orderBy("id")
    .limit(QUICK_ORDER_LINES - 10)
    .execute();
  const known = rows.map((r) => `${r.sku}\t${Math.ceil(r.min_quantity / r.case_pack) * r.case_pack}`);
  const unknown = Array.from({ length: QUICK_ORDER_LINES - known.length }, (_, i) => `NO-SUCH-SKU-${i}\t2`);
  return [...known, ...unknown].join("\n");
}

/** The quick-order check of QUICK_ORDER_LINES lines in-process (read, resolve, price, compliance), as the action runs it. */
async function quickOrderTiming(userId: string, paste: string) {
  const samples: number[] = [];
  for (let i = 0; i < 30; i++) {
    const t = performance.now();
    const result = await checkQuickOrder(getDb(), userId, { codes: [], quantities: [], paste, file: null });
    if (!result.ok) throw new Error(`quick order bench: ${result.error}`);
    samples.push(performance.now() - t);
  }
  samples.sort((a, b) => a - b);
  return {
    lines: QUICK_ORDER_LINES,
    p50: Number(percentile(samples, 50).toFixed(2)),
    p95: Number(percentile(samples, 95).toFixed(2)),
  };
}

async function lighthouseScores(urls: string[]) {
  const { default: lighthouse } = await import("lighthouse");
  const chromeLauncher = await import("chrome-launcher");
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ["--headless=new", ...CHROMIUM_FLAGS],
  });
  const out = [];
  try {
    for (const url of urls) {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        formFactor: "mobile",
        onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
      });
      const lhr = result?.lhr;
      if (!lhr) continue;
      const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      out.push({
        url: url.replace(ORIGIN, ""),
        performance: score("performance"),
        accessibility: score("accessibility"),
        bestPractices: score("best-practices"),
        seo: score("seo"),
        lcpMs: Math.round(lhr.audits["largest-contentful-paint"]?.numericValue ?? 0),
        cls: Number((lhr.audits["cumulative-layout-shift"]?.numericValue ?? 0).toFixed(3)),
        tbtMs: Math.round(lhr.audits["total-blocking-time"]?.numericValue ?? 0),
        failing: Object.values(lhr.audits)
          .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === "binary")
          .map((a) => a.id),
      });
    }
  } finally {
    chrome.kill();
  }
  return out;
}

async function main() {
  if (!fs.existsSync(path.join(BUILD_DIR, "server", "index.js"))) throw new Error("Run npm run build first.");
  const db = getDb();
  const products = await db
    .selectFrom("products")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  if (Number(products.n) < 100) {
    throw new Error("The bench database is (nearly) empty: run npm run db:seed && npm run bench:data first.");
  }
  // A customer of the explicit-price group: their pages price every card through the group and
  // the quantity breaks (issue 16), the heaviest way a customer is priced.
  const buyer = await db
    .selectFrom("users")
    .innerJoin("customer_price_groups", "customer_price_groups.user_id", "users.id")
    .innerJoin("price_groups", "price_groups.id", "customer_price_groups.group_id")
    .select("users.email")
    .where("users.email", "like", "bench%@bench.test")
    .where("price_groups.name", "=", BENCH_EXPLICIT_GROUP)
    .executeTakeFirst();
  if (!buyer) throw new Error("No bench customers: run npm run bench:data first.");
  const product = await db
    .selectFrom("products")
    .select(["id", "category"])
    .where("stock", ">", 0)
    .orderBy("id")
    .offset(Math.floor(Number(products.n) / 2))
    .limit(1)
    .executeTakeFirstOrThrow();
  // One product with plenty of stock takes the orders.
  const orderProduct = await db
    .selectFrom("products")
    .select("id")
    .where("stock", ">", 0)
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirstOrThrow();
  const STOCK = 10_000_000;
  await db.updateTable("products").set({ stock: STOCK }).where("id", "=", orderProduct.id).execute();
  const ordersBefore = await db
    .selectFrom("orders")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();

  const timings = await queryTimings();
  console.log("Query timings at scale:", JSON.stringify(timings));
  const quickOrderBuyer = await db
    .selectFrom("users")
    .select("id")
    .where("email", "=", buyer.email)
    .executeTakeFirstOrThrow();
  const quickPaste = await quickOrderPaste();
  const quickOrderMs = await quickOrderTiming(quickOrderBuyer.id, quickPaste);
  console.log(`Quick order check, ${QUICK_ORDER_LINES} lines, in-process:`, JSON.stringify(quickOrderMs));

  const server = startServer();
  await waitReady(server.proc);
  serverPid = server.proc.pid ?? null;
  takeScenarioPeak = server.takePeak;
  const cookie = await login(buyer.email, BENCH_PASSWORD);
  const address = await db
    .selectFrom("addresses")
    .innerJoin("users", "users.id", "addresses.user_id")
    .select("addresses.id")
    .where("users.email", "=", buyer.email)
    .executeTakeFirstOrThrow();

  // The product's page is its line's (the old address answers with a redirect).
  const productPath = (await linePath(db, product.id)) ?? `/products/details/${product.id}`;
  const productBytes = Buffer.from(await (await fetch(`${ORIGIN}${productPath}`)).arrayBuffer());
  const floorServer = http.createServer((_req, res) => {
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Content-Length": productBytes.length });
    res.end(productBytes);
  });
  await new Promise<void>((r) => floorServer.listen(PORT + 1, "127.0.0.1", r));

  const pages = {
    home: "/",
    category: `/products/${product.category}`,
    "category by price": `/products/${product.category}?sort=price-asc`,
    product: productPath,
    suggestions: "/api/search-suggestions?q=mint",
  };
  const results: ScenarioResult[] = [];
  const floor = await drive("bare node http (same bytes as the product page)", {
    url: `http://127.0.0.1:${PORT + 1}/`,
  });
  results.push(floor);
  for (const [name, p] of Object.entries(pages)) {
    results.push(await drive(`visitor ${name}`, { url: `${ORIGIN}${p}` }));
  }
  // A shared machine's speed drifts: the floor is measured again after the visitor scenarios,
  // and ratios use the mean of both runs.
  const floorAgain = await drive("bare node http (again)", { url: `http://127.0.0.1:${PORT + 1}/` });
  results.push(floorAgain);
  const visitorFloorRps = (floor.requestsPerSecond + floorAgain.requestsPerSecond) / 2;
  const visitorResults = results.length;
  for (const [name, p] of Object.entries(pages)) {
    results.push(await drive(`customer ${name}`, { url: `${ORIGIN}${p}`, headers: { cookie } }));
  }
  // And after the customer scenarios: theirs and what follows are compared with the floors
  // measured around them.
  const floorThird = await drive("bare node http (after customers)", { url: `http://127.0.0.1:${PORT + 1}/` });
  results.push(floorThird);
  const customerFloorRps = (floorAgain.requestsPerSecond + floorThird.requestsPerSecond) / 2;
  // Server time per request, without queueing: one connection at a time.
  const latency: ScenarioResult[] = [];
  for (const name of ["category", "category by price", "product", "suggestions"] as const) {
    latency.push(
      await drive(`customer ${name}, one connection`, {
        url: `${ORIGIN}${pages[name]}`,
        headers: { cookie },
        connections: 1,
      }),
    );
  }
  results.push(
    await drive("customer cart check", {
      url: `${ORIGIN}/api/cart-check`,
      method: "POST",
      headers: { cookie, origin: ORIGIN, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        lines: JSON.stringify([
          { id: product.id, quantity: 2 },
          { id: orderProduct.id, quantity: 1 },
        ]),
      }).toString(),
    }),
  );
  // Quick order: one check of QUICK_ORDER_LINES pasted lines, as the page's form posts it.
  const quickOrder = {
    url: `${ORIGIN}/quick-order.data`,
    method: "POST" as const,
    headers: { cookie, origin: ORIGIN, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ paste: quickPaste }).toString(),
  };
  results.push(await drive(`customer quick order (${QUICK_ORDER_LINES} lines)`, quickOrder));
  latency.push(
    await drive(`customer quick order (${QUICK_ORDER_LINES} lines), one connection`, { ...quickOrder, connections: 1 }),
  );
  const orders = await drive("customer places orders", {
    url: `${ORIGIN}/checkout.data`,
    method: "POST",
    headers: { cookie, origin: ORIGIN, "content-type": "application/x-www-form-urlencoded" },
    requests: [
      {
        setupRequest: (req: autocannon.Request) => ({
          ...req,
          body: new URLSearchParams({
            idempotencyKey: crypto.randomUUID(),
            addressId: address.id,
            lines: JSON.stringify([{ id: orderProduct.id, quantity: 1 }]),
          }).toString(),
        }),
      },
    ],
  });
  results.push(orders, ...latency);
  results.forEach((r, i) => {
    const floorRps = i < visitorResults ? visitorFloorRps : customerFloorRps;
    r.ratioToFloor = Number((r.requestsPerSecond / Math.max(1, floorRps)).toFixed(2));
  });

  // Counted with the server stopped, so no order is half-way between the two counts.
  const peakRssMb = Math.round(server.peakRss() / 1024 / 1024);
  const exited = new Promise((r) => server.proc.once("exit", r));
  fs.mkdirSync("bench-results", { recursive: true });
  fs.rmSync(CACHE_REPORT, { force: true });
  server.stop();
  await exited;
  const pageCache = fs.existsSync(CACHE_REPORT)
    ? (JSON.parse(fs.readFileSync(CACHE_REPORT, "utf8")) as PageCacheFigures)
    : null;
  const ordersAfter = await db
    .selectFrom("orders")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  const stockAfter = await db
    .selectFrom("products")
    .select("stock")
    .where("id", "=", orderProduct.id)
    .executeTakeFirstOrThrow();
  const placed = Number(ordersAfter.n) - Number(ordersBefore.n);
  const orderCheck = {
    placed,
    ordersPerSecond: Math.round(placed / DURATION),
    unitsTaken: STOCK - stockAfter.stock,
    oversold: stockAfter.stock < 0 || STOCK - stockAfter.stock !== placed,
  };

  const second = startServer();
  await waitReady(second.proc);
  const weights = await pageWeights({
    home: "/",
    category: pages.category,
    product: productPath,
    search: "/search?q=mint",
    faq: "/faq",
    contact: "/contact",
    login: "/login",
    register: "/register",
    forgot: "/forgot",
    cart: "/cart",
  });

  const orderProductRow = await db
    .selectFrom("products")
    .select(["id", "name", "price_cents"])
    .where("id", "=", orderProduct.id)
    .executeTakeFirstOrThrow();
  const interactive = await slowPhoneInteractive(
    { home: "/", product: productPath, login: "/login", checkout: "/checkout" },
    cookie,
    [
      {
        id: orderProductRow.id,
        name: orderProductRow.name,
        priceCents: orderProductRow.price_cents,
        quantity: 1,
        stock: 100,
      },
    ],
  ).catch((error: unknown) => {
    console.error("Slow-phone timing failed:", error instanceof Error ? error.message : error);
    return {} as Record<string, number>;
  });

  const lighthouse = opts["no-lighthouse"]
    ? []
    : await lighthouseScores([`${ORIGIN}/`, `${ORIGIN}${pages.category}`, `${ORIGIN}${productPath}`]).catch(
        (error: unknown) => {
          console.error("Lighthouse failed:", error instanceof Error ? error.message : error);
          return [];
        },
      );

  second.stop();
  floorServer.close();
  await closeDb();

  console.log(
    "\nScenario                                           req/s   p50 ms   p95 ms   p99 ms  errors  non2xx  x floor  CPU µs/req  RSS MB",
  );
  for (const r of results) {
    console.log(
      `${r.name.padEnd(50)} ${String(r.requestsPerSecond).padStart(6)} ${r.p50.toFixed(1).padStart(8)} ${r.p95.toFixed(1).padStart(8)} ${r.p99.toFixed(1).padStart(8)} ${String(r.errors).padStart(7)} ${String(r.non2xx).padStart(7)} ${String(r.ratioToFloor).padStart(8)} ${String(r.serverCpuUs ?? "").padStart(11)} ${String(r.peakRssMb ?? "").padStart(7)}`,
    );
  }
  console.log("\nOrders:", JSON.stringify(orderCheck));
  console.log("\nPage weight (gzipped bytes):");
  for (const [name, w] of Object.entries(weights))
    console.log(`  ${name.padEnd(10)} JS ${w.js} (${w.jsSent} as sent, brotli)  CSS ${w.css}  (${w.files} files)`);
  console.log("\nSlow phone (390 px, 4x CPU, slow 4G): navigation to interactive, median of 3 cold loads");
  for (const [name, ms] of Object.entries(interactive)) console.log(`  ${name.padEnd(10)} ${ms} ms`);
  if (lighthouse.length) {
    console.log("\nLighthouse (mobile): perf / a11y / best practices / SEO, LCP, CLS, TBT");
    for (const l of lighthouse) {
      console.log(
        `  ${l.url.padEnd(28)} ${l.performance} / ${l.accessibility} / ${l.bestPractices} / ${l.seo}   LCP ${l.lcpMs} ms  CLS ${l.cls}  TBT ${l.tbtMs} ms${l.failing.length ? `  failing: ${l.failing.join(", ")}` : ""}`,
      );
    }
  }
  console.log("\nReports, p95 ms (target 200):");
  for (const line of reportTimingLines(timings.reportsMs)) console.log(line);
  console.log("\nSearch, p95 ms in-process (targets: suggestions 30, page 100):");
  for (const line of searchTimingLines(timings.searchMs)) console.log(line);
  console.log(`\nServer peak memory (RSS): ${peakRssMb} MB`);
  if (pageCache) {
    const share = (t: { hits: number; misses: number }) =>
      `${t.hits} hits, ${t.misses} misses (${((100 * t.hits) / Math.max(1, t.hits + t.misses)).toFixed(2)}% hits)`;
    console.log(
      `Page cache: visitors ${share(pageCache.visitor)}; signed in ${share(pageCache.signedIn)}, ${pageCache.signedIn.bypassed} sessions answered by the app; ${pageCache.pages} pages, ${Math.round(pageCache.bytes / 1024)} KB held`,
    );
  }

  const report = {
    at: new Date().toISOString(),
    database: timings.database,
    duration: DURATION,
    connections: CONNECTIONS,
    queryTimings: timings,
    quickOrderMs,
    scenarios: results,
    orders: orderCheck,
    pageWeight: weights,
    slowPhoneInteractiveMs: interactive,
    lighthouse,
    peakRssMb,
    pageCache,
  };
  fs.mkdirSync("bench-results", { recursive: true });
  const file = path.join("bench-results", `bench-${report.at.replace(/[:.]/g, "-")}.json`);
  fs.writeFileSync(file, JSON.stringify(report, null, 2));
  console.log(`Written to ${file}`);
  if (orderCheck.oversold) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

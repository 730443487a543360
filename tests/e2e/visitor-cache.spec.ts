import "./support/env";
import type { APIRequestContext, APIResponse } from "@playwright/test";
import { getDb } from "../../app/.server/db/instance";
import { createCustomer } from "./support/data";
import { expect, money, test } from "./support/fixtures";

const ORIGIN = process.env.BASE_URL as string;

async function newKratom(name: string, priceCents: number): Promise<number> {
  const { insertProduct } = await import("../../app/.server/catalog/product-writes");
  return insertProduct(
    getDb(),
    {
      sku: `CACHE-${crypto.randomUUID().slice(0, 8)}`,
      name,
      description: "cache test",
      priceCents,
      stock: 5,
      category: "kratom",
    },
    [],
  );
}

/**
 * Asks for `path` until the answer comes from the cache. Journeys in other workers change the
 * catalog meanwhile, and each change empties the cache: a miss then is the cache doing its job.
 */
async function cachedAnswer(
  request: APIRequestContext,
  path: string,
  headers?: Record<string, string>,
): Promise<APIResponse> {
  let answer = await request.get(path, { headers });
  await expect(async () => {
    answer = await request.get(path, { headers });
    expect(answer.headers()["x-cache"], path).toBe("HIT");
  }).toPass({ timeout: 20_000 });
  return answer;
}

test.describe("visitor pages from the cache @desktop-only", () => {
  // One after another: a test that adds a product empties the cache, and the others expect hits.
  test.describe.configure({ mode: "default" });

  test("a visitor page is rendered once, then served from the cache, with CDN-friendly headers", async ({
    request,
  }) => {
    const second = await cachedAnswer(request, "/products/glass");
    expect(second.headers()["cache-control"]).toContain("stale-while-revalidate");
    expect(second.headers()["cache-control"]).toContain("public");
    expect(second.headers().vary).toContain("Cookie");
    const data = await request.get("/products/glass.data");
    expect(data.status()).toBe(200);
    await cachedAnswer(request, "/products/glass.data");
  });

  test("a cached page or its data carries no per-response nonce for everyone to share", async ({ request }) => {
    for (const path of ["/products/glass.data", "/_.data", "/faq.data", "/products/glass", "/faq"]) {
      const hit = await cachedAnswer(request, path);
      // The page's tags keep the first render's nonce attribute (its CSP allows scripts by hash and
      // names no nonce); nothing else of the page or its data holds it.
      const body = (await hit.text()).replace(/ nonce="[\w-]+"/g, "");
      expect(body, path).not.toMatch(/nonce/i);
      expect(body, path).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}/);
      expect(hit.headers()["content-security-policy"] ?? "", path).not.toMatch(/nonce/);
    }
  });

  test("a listing's known orders are cached for visitors; made-up values are not", async ({ request }) => {
    // A visitor asking for a price order is shown the name order: a page like any other.
    await cachedAnswer(request, "/products/delta?sort=price-desc");
    await request.get("/products/delta?sort=cheapest-first");
    expect((await request.get("/products/delta?sort=cheapest-first")).headers()["x-cache"]).not.toBe("HIT");
  });

  test("a cached page allows its inline scripts by hash, shared by no one, and runs in the browser", async ({
    request,
    page,
  }) => {
    // Other journeys change the catalog meanwhile (each change empties the cache): ask until a hit.
    let hit = await request.get("/faq");
    await expect(async () => {
      await request.get("/faq");
      hit = await request.get("/faq");
      expect(hit.headers()["x-cache"]).toBe("HIT");
    }).toPass({ timeout: 20_000 });
    const scriptSrc = /script-src [^;]*/.exec(hit.headers()["content-security-policy"] ?? "")?.[0] ?? "";
    expect(scriptSrc).toMatch(/'sha256-[\w+/=]+'/);
    expect(scriptSrc).not.toMatch(/nonce|unsafe-inline|unsafe-eval/);

    const blocked: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") blocked.push(message.text());
    });
    page.on("pageerror", (error) => blocked.push(error.message));
    await expect(async () => {
      const response = await page.goto("/faq");
      expect(response?.headers()["x-cache"]).toBe("HIT");
    }).toPass({ timeout: 20_000 });
    // The page's scripts run: the search box suggests as the visitor types.
    await page.getByRole("combobox", { name: "Search products" }).fill("kratom");
    await expect(page.getByRole("option").first()).toBeVisible();
    expect(blocked).toEqual([]);
  });

  test("a cached page is compressed once, and revalidates with its ETag", async ({ request }) => {
    // All of it between two catalog changes of other journeys: asked again if one came in between.
    await expect(async () => {
      const br = await cachedAnswer(request, "/products/novelty", { "Accept-Encoding": "br" });
      expect(br.headers()["content-encoding"]).toBe("br");
      const gzip = await request.get("/products/novelty", { headers: { "Accept-Encoding": "gzip" } });
      expect(gzip.headers()["content-encoding"]).toBe("gzip");
      expect(await gzip.text()).toBe(await br.text());
      const etag = gzip.headers().etag ?? "";
      expect(etag).not.toBe("");
      const again = await request.get("/products/novelty", { headers: { "If-None-Match": etag } });
      expect(again.status()).toBe(304);
    }).toPass({ timeout: 30_000 });
  });

  test("a new product and a renamed product show to visitors at once", async ({ request }) => {
    await cachedAnswer(request, "/products/kratom");
    const name = `Aaa Cache Fresh ${crypto.randomUUID().slice(0, 6)}`;
    const id = await newKratom(name, 1234);
    const after = await request.get("/products/kratom");
    expect(after.headers()["x-cache"]).toBe("MISS");
    expect(await after.text()).toContain(name);
    await request.get(`/products/details/${id}`);
    await getDb()
      .updateTable("products")
      .set({ name: `${name} Renamed` })
      .where("id", "=", id)
      .execute();
    const renamed = await request.get(`/products/details/${id}`);
    expect(await renamed.text()).toContain(`${name} Renamed`);
  });

  test("a price change shows at once to buyers, and never reaches visitors", async ({ request, playwright }) => {
    const name = `Aaa Priced ${crypto.randomUUID().slice(0, 6)}`;
    const id = await newKratom(name, 1111);
    const customer = await createCustomer();
    const buyer = await playwright.request.newContext({ baseURL: ORIGIN });
    await buyer.post("/login", {
      form: { identifier: customer.email, password: customer.password, redirectTo: "/" },
      headers: { Origin: ORIGIN },
      maxRedirects: 0,
    });
    const first = await buyer.get(`/products/details/${id}`);
    expect(await first.text()).toContain(money(1111));
    expect(first.headers()["cache-control"]).toBe("private, no-store");
    expect(first.headers()["x-cache"]).toBeUndefined();
    await getDb().updateTable("products").set({ price_cents: 2222 }).where("id", "=", id).execute();
    const second = await buyer.get(`/products/details/${id}`);
    expect(await second.text()).toContain(money(2222));
    // The visitor's copy, rendered before and after the buyer's visits, never has a price.
    for (let i = 0; i < 2; i++) {
      const visitor = await request.get(`/products/details/${id}`);
      const body = await visitor.text();
      expect(body).not.toContain(money(2222));
      expect(body).not.toContain(money(1111));
      expect(body).not.toContain("priceCents");
    }
    await buyer.dispose();
  });

  test("a signed-in response is never kept by the browser, nor served to a visitor", async ({
    playwright,
    request,
  }) => {
    const a = await createCustomer();
    const ctx = await playwright.request.newContext({ baseURL: ORIGIN });
    await ctx.post("/login", {
      form: { identifier: a.email, password: a.password, redirectTo: "/" },
      headers: { Origin: ORIGIN },
      maxRedirects: 0,
    });
    for (const path of [
      "/",
      "/products/delta",
      "/products/delta.data",
      "/faq",
      "/account",
      "/api/search-suggestions?q=gum",
    ]) {
      // Catalog pages may come from the pages kept for their audience (issue 28); their account never.
      for (let i = 0; i < 2; i++) {
        const res = await ctx.get(path);
        expect(res.headers()["cache-control"], path).toBe("private, no-store");
        if (path === "/account") expect(res.headers()["x-cache"], path).toBeUndefined();
        // Nothing of the person in a page shared by their audience.
        else expect(await res.text(), path).not.toContain(a.email);
      }
    }
    // Their page (with their name and prices) is not what a visitor then receives.
    const visitorHome = await request.get("/");
    expect(await visitorHome.text()).not.toContain(a.email);
    expect(await visitorHome.text()).not.toContain("My Account");
    await ctx.dispose();
  });
});

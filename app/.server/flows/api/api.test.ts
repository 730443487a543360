import type { AddressInfo } from "node:net";
import express from "express";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_SCOPES, type ApiScope } from "~/lib/api-scopes";
import { MAX_PRICE_CENTS } from "~/lib/money";
import { TEST_ADMIN } from "../../../../tests/support/actors";
import { customerWithAddress } from "../../../../tests/support/customers";
import { setupTestDatabase, type TestDatabase } from "../../../../tests/support/test-database";
import { IDEMPOTENCY_TTL_MS, pruneIdempotencyKeys } from "../../api-keys/idempotency";
import { createApiKey, revokeApiKey } from "../../api-keys/keys";
import { listAudit } from "../../audit/log";
import { saveBusiness } from "../../business/profile";
import { insertProduct } from "../../catalog/product-writes";
import { placeOrder } from "../place-order";
import { API_ENDPOINTS } from "./index";
import { openApiDocument } from "./openapi";
import { apiRouter } from "./router";

/**
 * The public REST API end to end over HTTP (issue 42, decision 0072), on the database the run is
 * on: the authorization matrix over every declared endpoint, problem documents for every kind of
 * bad input (never a 5xx), idempotency, cursor pages, the key named in the audit log, no cost
 * outside purchasing:read, and the bulk stock and price change.
 */

let t: TestDatabase;
let base = "";
let close: () => Promise<void> = async () => {};
let all = "";
let revoked = "";
let businessId = "";
const products: { id: number; sku: string }[] = [];
let orderId = 0;

async function key(scopes: readonly ApiScope[], ratePerMinute = 100_000) {
  return (await createApiKey(t.db, { name: `test ${scopes.join(" ")}`, scopes, ratePerMinute }, TEST_ADMIN)).secret;
}

function call(path: string, init: RequestInit & { key?: string; json?: unknown } = {}) {
  const headers = new Headers(init.headers);
  if (init.key) headers.set("Authorization", `Bearer ${init.key}`);
  let body = init.body;
  if (init.json !== undefined) {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(init.json);
  }
  return fetch(`${base}/api/v1${path}`, { ...init, headers, ...(body !== undefined ? { body } : {}) });
}

/** A declared path with its parameters filled in. */
function concrete(path: string): string {
  return path.replace("{id}", "1");
}

beforeAll(async () => {
  t = await setupTestDatabase();
  const app = express();
  app.use("/api/v1", apiRouter());
  const server = app.listen(0);
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => new Promise((resolve) => server.close(() => resolve()));

  for (const [i, sku] of ["API-A", "API-B", "API-C", "API-D", "API-E"].entries()) {
    const id = await insertProduct(
      t.db,
      { sku, name: `Product ${sku}`, description: "", priceCents: 1000 + i, stock: 50, category: "disposable-vapes" },
      [],
    );
    products.push({ id, sku });
  }
  const customer = await customerWithAddress(t.db, "api-buyer@example.com", {
    state: "TX",
    zip: "75201",
    city: "Dallas",
  });
  businessId = customer.id;
  await saveBusiness(
    t.db,
    customer.id,
    { legalName: "API Buyer LLC", dba: null, businessType: "convenience-store", taxPermit: null },
    { id: customer.id, name: "api buyer" },
  );
  const placed = await placeOrder(t.db, {
    userId: customer.id,
    orderLimitCents: null,
    idempotencyKey: "api-order-1",
    addressId: customer.addressId,
    lines: [{ id: products[0]?.id ?? 0, quantity: 2 }],
  });
  orderId = placed.order.id;

  all = await key(API_SCOPES);
  revoked = await key(API_SCOPES);
  const revokedId = await t.db.selectFrom("api_keys").select("id").orderBy("id", "desc").executeTakeFirstOrThrow();
  await revokeApiKey(t.db, revokedId.id, TEST_ADMIN);
});

afterAll(async () => {
  await close();
  await t?.cleanup();
});

describe("the authorization matrix: every endpoint × no key, a revoked key, a key without its scope", () => {
  it("declares endpoints of every scope", () => {
    expect(new Set(API_ENDPOINTS.map((e) => e.scope))).toEqual(new Set(API_SCOPES));
  });

  for (const endpoint of API_ENDPOINTS) {
    it(`${endpoint.method} ${endpoint.path} (${endpoint.scope})`, async () => {
      const path = concrete(endpoint.path);
      const json = endpoint.method === "POST" ? {} : undefined;
      const none = await call(path, { method: endpoint.method, ...(json ? { json } : {}) });
      expect(none.status).toBe(401);
      expect(none.headers.get("content-type")).toContain("application/problem+json");
      const bad = await call(path, { method: endpoint.method, key: revoked, ...(json ? { json } : {}) });
      expect(bad.status).toBe(401);
      const lacking = await key(API_SCOPES.filter((s) => s !== endpoint.scope));
      const refused = await call(path, { method: endpoint.method, key: lacking, ...(json ? { json } : {}) });
      expect(refused.status).toBe(403);
      const problem = (await refused.json()) as { status: number; detail: string; title: string };
      expect(problem.status).toBe(403);
      expect(problem.detail).toContain(endpoint.scope);
      // With the scope it gets past the key: never 401/403.
      const allowed = await call(path, { method: endpoint.method, key: all, ...(json ? { json } : {}) });
      expect([401, 403]).not.toContain(allowed.status);
      expect(allowed.status).toBeLessThan(500);
    });
  }

  it("a key revoked after it worked is refused at its next request", async () => {
    const secret = await key(["catalog:read"]);
    expect((await call("/products", { key: secret })).status).toBe(200);
    const row = await t.db.selectFrom("api_keys").select("id").orderBy("id", "desc").executeTakeFirstOrThrow();
    await revokeApiKey(t.db, row.id, TEST_ADMIN);
    expect((await call("/products", { key: secret })).status).toBe(401);
  });

  it("records the key's last use and its address", async () => {
    const secret = await key(["catalog:read"]);
    await call("/products", { key: secret });
    const row = await t.db
      .selectFrom("api_keys")
      .select(["last_used_at", "last_used_ip", "secret_hash", "prefix"])
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(row.last_used_at).not.toBeNull();
    expect(row.last_used_ip).toMatch(/127\.0\.0\.1/);
    expect(row.secret_hash).not.toContain(secret);
    expect(secret.startsWith(row.prefix)).toBe(true);
  });

  it("audits a key's creation and revocation; revoking twice is refused", async () => {
    const made = await createApiKey(t.db, { name: "audited", scopes: ["orders:read"], ratePerMinute: 10 }, TEST_ADMIN);
    await revokeApiKey(t.db, made.id, TEST_ADMIN);
    await expect(revokeApiKey(t.db, made.id, TEST_ADMIN)).rejects.toThrow();
    const audit = await listAudit(t.db, { subjectType: "api-key", subjectId: String(made.id) });
    expect(audit.items.map((e) => e.action).sort()).toEqual(["api-key.create", "api-key.revoke"]);
    expect(JSON.stringify(audit.items)).not.toContain(made.secret);
  });

  it("limits each key to its own rate", async () => {
    const slow = await key(["catalog:read"], 2);
    const other = await key(["catalog:read"], 2);
    expect((await call("/products", { key: slow })).status).toBe(200);
    expect((await call("/products", { key: slow })).status).toBe(200);
    const third = await call("/products", { key: slow });
    expect(third.status).toBe(429);
    expect(third.headers.get("retry-after")).toMatch(/^\d+$/);
    expect((await call("/products", { key: other })).status).toBe(200);
  });
});

describe("the OpenAPI document", () => {
  it("describes every endpoint with its scope, from the same schemas", async () => {
    const res = await call("/openapi.json");
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { openapi: string; paths: Record<string, Record<string, { "x-scope": string }>> };
    expect(doc.openapi).toBe("3.1.0");
    for (const endpoint of API_ENDPOINTS) {
      expect(doc.paths[endpoint.path]?.[endpoint.method.toLowerCase()]?.["x-scope"]).toBe(endpoint.scope);
    }
    expect(doc).toEqual(JSON.parse(JSON.stringify(openApiDocument())));
  });

  it("serves the reference page as HTML without scripts", async () => {
    const res = await call("/docs");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("/api/v1/products/bulk-update");
    expect(html).not.toContain("<script");
  });
});

describe("catalog", () => {
  it("pages products by cursor and filters by updated_since; no cost anywhere", async () => {
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const res = await call(`/products?limit=2${cursor ? `&cursor=${cursor}` : ""}`, { key: all });
      expect(res.status).toBe(200);
      const page = (await res.json()) as { data: { id: number }[]; next_cursor: string | null };
      expect(JSON.stringify(page)).not.toMatch(/cost/i);
      seen.push(...page.data.map((p) => p.id));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toEqual(products.map((p) => p.id));
    const future = await call("/products?updated_since=2999-01-01T00:00:00Z", { key: all });
    expect(((await future.json()) as { data: unknown[] }).data).toEqual([]);
  });

  it("sets stock and prices in bulk, names the key in the audit log, all or nothing", async () => {
    const [a, b] = products;
    const res = await call("/products/bulk-update", {
      method: "POST",
      key: all,
      json: {
        items: [
          { sku: a?.sku, stock: 7 },
          { id: b?.id, price_cents: 2500, stock: 9 },
        ],
      },
    });
    expect(res.status).toBe(200);
    const result = (await res.json()) as { changed: number; products: { sku: string; stock: number }[] };
    expect(result.changed).toBe(2);
    expect(result.products.map((p) => [p.sku, p.stock])).toEqual([
      [a?.sku, 7],
      [b?.sku, 9],
    ]);
    const audit = await listAudit(t.db, { subjectType: "product" });
    const entry = audit.items.find((e) => e.subjectId === String(a?.id) && e.action === "product.bulk-update");
    expect(entry?.actorName).toMatch(/^API key sk_live_/);

    const refused = await call("/products/bulk-update", {
      method: "POST",
      key: all,
      json: {
        items: [
          { sku: a?.sku, stock: 1 },
          { sku: "NO-SUCH-SKU", stock: 1 },
        ],
      },
    });
    expect(refused.status).toBe(422);
    const row = await t.db
      .selectFrom("products")
      .select("stock")
      .where("id", "=", a?.id ?? 0)
      .executeTakeFirstOrThrow();
    expect(row.stock).toBe(7);
  });
});

describe("a variant created through the API", () => {
  it("is created as the new-product form creates it, audited with the key; a taken SKU is a 409", async () => {
    const res = await call("/products", {
      method: "POST",
      key: all,
      json: { sku: "API-NEW-1", name: "API made", category: "novelty", price_cents: 1234, stock: 4 },
    });
    expect(res.status).toBe(201);
    const made = (await res.json()) as { id: number; sku: string; stock: number; price_cents: number };
    expect(made).toMatchObject({ sku: "API-NEW-1", stock: 4, price_cents: 1234 });
    const audit = await listAudit(t.db, { subjectType: "product", subjectId: String(made.id) });
    expect(audit.items[0]?.actorName).toMatch(/^API key /);
    const again = await call("/products", {
      method: "POST",
      key: all,
      json: { sku: "API-NEW-1", name: "API made", category: "novelty", price_cents: 1234, stock: 4 },
    });
    expect(again.status).toBe(409);
    const wrong = await call("/products", {
      method: "POST",
      key: all,
      json: { name: "API made", category: "no-such-category", price_cents: 1, stock: 1 },
    });
    expect(wrong.status).toBe(400);
    await t.db.deleteFrom("products").where("id", "=", made.id).execute();
  });
});

describe("product lines created through the API, as the line editor saves them", () => {
  type LineAnswer = {
    id: number;
    name: string;
    option_names: string[];
    variants: { id: number; sku: string; name: string; price_cents: number; stock: number; version: number }[];
  };
  type Problem = { status: number; errors?: { location: string; message: string }[] };
  const lineBody = (suffix: string, variants: unknown[]) => ({
    name: `Cloud ${suffix}`,
    description: "A line made through the API",
    category: "disposable-vapes",
    brand: "Cloud Co",
    option_names: ["Flavor"],
    tiers: [{ min_quantity: 10, price_cents: 900 }],
    variants,
  });
  /** Three new variants; the first with a UPC when one is given (a UPC is one product's). */
  const threeFlavors = (suffix: string, upc?: string) => [
    { options: ["Blue Razz"], sku: `CL-${suffix}-BR`, ...(upc ? { upc } : {}), price_cents: 1000, stock: 5 },
    { options: ["Mint"], sku: `CL-${suffix}-MI`, price_cents: 1100, stock: 6, case_pack: 2 },
    { options: ["Mango"], sku: `CL-${suffix}-MA`, price_cents: 1200, stock: 0, price_apart: true },
  ];
  async function nothingMade(suffix: string) {
    const lines = await t.db.selectFrom("product_lines").select("id").where("name", "=", `Cloud ${suffix}`).execute();
    const made = await t.db.selectFrom("products").select("id").where("sku", "like", `CL-${suffix}-%`).execute();
    expect(lines).toEqual([]);
    expect(made).toEqual([]);
  }

  it("creates a line with its options and variants in one call, each variant audited with the key", async () => {
    const res = await call("/product-lines", {
      method: "POST",
      key: all,
      json: lineBody("ONE", threeFlavors("ONE", "036000291452")),
    });
    expect(res.status).toBe(201);
    const line = (await res.json()) as LineAnswer;
    expect(line.name).toBe("Cloud ONE");
    expect(line.option_names).toEqual(["Flavor"]);
    expect(line.variants.map((v) => [v.sku, v.name, v.price_cents, v.stock])).toEqual([
      ["CL-ONE-BR", "Cloud ONE Blue Razz", 1000, 5],
      ["CL-ONE-MI", "Cloud ONE Mint", 1100, 6],
      ["CL-ONE-MA", "Cloud ONE Mango", 1200, 0],
    ]);
    const [first] = line.variants;
    const upc = await t.db
      .selectFrom("product_compliance")
      .select("upc")
      .where("product_id", "=", first?.id ?? 0)
      .executeTakeFirstOrThrow();
    expect(upc.upc).toBe("036000291452");
    const breaks = await t.db
      .selectFrom("price_tiers")
      .select(["product_id", "min_quantity", "price_cents"])
      .where(
        "product_id",
        "in",
        line.variants.map((v) => v.id),
      )
      .orderBy("product_id")
      .execute();
    // The line's break on every variant not priced apart.
    expect(breaks.map((b) => [b.product_id, b.min_quantity, b.price_cents])).toEqual([
      [line.variants[0]?.id, 10, 900],
      [line.variants[1]?.id, 10, 900],
    ]);
    for (const v of line.variants) {
      const audit = await listAudit(t.db, { subjectType: "product", subjectId: String(v.id) });
      expect(audit.items.find((e) => e.action === "product.create")?.actorName).toMatch(/^API key sk_live_/);
    }
    const lineAudit = await listAudit(t.db, { subjectType: "product-line", subjectId: String(line.id) });
    expect(lineAudit.items.map((e) => [e.action, e.actorName.startsWith("API key ")])).toEqual([["line.create", true]]);
    const read = (await (await call(`/product-lines/${line.id}`, { key: all })).json()) as LineAnswer;
    expect(read.variants.map((v) => v.sku)).toEqual(["CL-ONE-BR", "CL-ONE-MI", "CL-ONE-MA"]);
  });

  it("refuses the whole call for one bad item, at the item's pointer, and creates nothing", async () => {
    const badUpc = threeFlavors("TWO");
    badUpc[1] = { ...badUpc[1], upc: "036000291453" } as (typeof badUpc)[number];
    const res = await call("/product-lines", { method: "POST", key: all, json: lineBody("TWO", badUpc) });
    expect(res.status).toBe(422);
    expect(res.headers.get("content-type")).toContain("application/problem+json");
    const problem = (await res.json()) as Problem;
    expect(problem.errors?.map((e) => e.location)).toEqual(["body.variants.1.upc"]);
    await nothingMade("TWO");

    const repeated = threeFlavors("TWO");
    repeated[2] = { ...repeated[2], sku: "CL-TWO-BR" } as (typeof repeated)[number];
    const again = await call("/product-lines", { method: "POST", key: all, json: lineBody("TWO", repeated) });
    expect(again.status).toBe(422);
    expect(((await again.json()) as Problem).errors?.map((e) => e.location)).toEqual(["body.variants.2.sku"]);
    await nothingMade("TWO");

    // A SKU another product holds: only the database knows, still said at the item.
    const taken = threeFlavors("TWO");
    taken[1] = { ...taken[1], sku: products[3]?.sku } as (typeof taken)[number];
    const conflict = await call("/product-lines", { method: "POST", key: all, json: lineBody("TWO", taken) });
    expect(conflict.status).toBe(409);
    const conflictProblem = (await conflict.json()) as Problem;
    expect(conflictProblem.errors?.map((e) => e.location)).toEqual(["body.variants.1.sku"]);
    expect(conflictProblem.errors?.[0]?.message).toContain(products[3]?.sku);
    await nothingMade("TWO");

    const missingValue = threeFlavors("TWO");
    missingValue[0] = { ...missingValue[0], options: [] } as (typeof missingValue)[number];
    missingValue[1] = { ...missingValue[1], options: ["Mint", "Large"] } as (typeof missingValue)[number];
    const shapes = await call("/product-lines", { method: "POST", key: all, json: lineBody("TWO", missingValue) });
    expect(shapes.status).toBe(422);
    expect(((await shapes.json()) as Problem).errors?.map((e) => e.location)).toEqual(["body.variants.1.options"]);
    await nothingMade("TWO");
  });

  it("adds a variant to a line as the editor's new row, leaving the line's own as they were", async () => {
    const made = (await (
      await call("/product-lines", { method: "POST", key: all, json: lineBody("ADD", threeFlavors("ADD")) })
    ).json()) as LineAnswer;
    const res = await call(`/product-lines/${made.id}/variants`, {
      method: "POST",
      key: all,
      json: {
        variants: [
          {
            options: ["Grape"],
            sku: "CL-ADD-GR",
            upc: "012345678905",
            price_cents: 1300,
            stock: 8,
            like_id: made.variants[0]?.id,
          },
        ],
      },
    });
    expect(res.status).toBe(201);
    const line = (await res.json()) as LineAnswer;
    expect(line.variants.map((v) => v.sku)).toEqual(["CL-ADD-BR", "CL-ADD-MI", "CL-ADD-MA", "CL-ADD-GR"]);
    const added = line.variants[3];
    expect(added).toMatchObject({ name: "Cloud ADD Grape", price_cents: 1300, stock: 8 });
    for (const [i, v] of made.variants.entries())
      expect(line.variants[i]).toMatchObject({ sku: v.sku, price_cents: v.price_cents, stock: v.stock });
    const audit = await listAudit(t.db, { subjectType: "product", subjectId: String(added?.id) });
    expect(audit.items.find((e) => e.action === "product.create")?.actorName).toMatch(/^API key sk_live_/);

    // A value the line has, a SKU of its own variant, a bad check digit: refused at the item, nothing added.
    const refusals: [unknown, number, string][] = [
      [{ options: ["Mint"], price_cents: 1500, stock: 1 }, 422, "body.variants.0.options.0"],
      [{ options: ["Kiwi"], sku: "CL-ADD-MI", price_cents: 1500, stock: 1 }, 422, "body.variants.0.sku"],
      [{ options: ["Kiwi"], upc: "036000291453", price_cents: 1500, stock: 1 }, 422, "body.variants.0.upc"],
      [{ options: ["Kiwi"], upc: "036000291452", price_cents: 1500, stock: 1 }, 409, "body.variants.0.upc"],
      [{ options: ["Kiwi"], price_cents: 1500, stock: 1, like_id: 2_000_000_000 }, 422, "body.variants.0.like_id"],
      // The editor's bounds: the price cap, seven digits of stock, whole cases.
      [{ options: ["Kiwi"], price_cents: MAX_PRICE_CENTS + 1, stock: 1 }, 422, "body.variants.0.price_cents"],
      [{ options: ["Kiwi"], price_cents: 1500, stock: 10_000_000 }, 422, "body.variants.0.stock"],
      [
        { options: ["Kiwi"], price_cents: 1500, stock: 1, case_pack: 6, min_quantity: 8 },
        422,
        "body.variants.0.min_quantity",
      ],
      // The line's break (10 at $9.00) cannot be dearer than a new variant counted with it: the line's problem.
      [{ options: ["Kiwi"], price_cents: 800, stock: 1 }, 422, "path.id"],
    ];
    for (const [variant, status, location] of refusals) {
      const refused = await call(`/product-lines/${made.id}/variants`, {
        method: "POST",
        key: all,
        json: { variants: [variant] },
      });
      expect(refused.status, JSON.stringify(variant)).toBe(status);
      expect(((await refused.json()) as Problem).errors?.map((e) => e.location)).toEqual([location]);
    }
    const after = await t.db.selectFrom("products").select("id").where("line_id", "=", made.id).execute();
    expect(after).toHaveLength(4);
    const missing = await call("/product-lines/2000000000/variants", {
      method: "POST",
      key: all,
      json: { variants: [{ options: ["Kiwi"], price_cents: 1500, stock: 1 }] },
    });
    expect(missing.status).toBe(404);
  });

  it("refuses a key without catalog:write", async () => {
    const reader = await key(API_SCOPES.filter((s) => s !== "catalog:write"));
    const res = await call("/product-lines", { method: "POST", key: reader, json: lineBody("RO", threeFlavors("RO")) });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { detail: string }).detail).toContain("catalog:write");
    const line = await t.db.selectFrom("product_lines").select("id").executeTakeFirstOrThrow();
    const add = await call(`/product-lines/${line.id}/variants`, {
      method: "POST",
      key: reader,
      json: { variants: [{ options: ["Kiwi"], price_cents: 1500, stock: 1 }] },
    });
    expect(add.status).toBe(403);
    await nothingMade("RO");
  });

  it("answers the same Idempotency-Key and body with the first answer, creating once", async () => {
    const send = () =>
      call("/product-lines", {
        method: "POST",
        key: all,
        headers: { "Idempotency-Key": "line-create-0001" },
        json: lineBody("IDEM", threeFlavors("IDEM")),
      });
    const first = await send();
    expect(first.status).toBe(201);
    const firstBody = await first.text();
    const second = await send();
    expect(second.status).toBe(201);
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    expect(await second.text()).toBe(firstBody);
    const lines = await t.db.selectFrom("product_lines").select("id").where("name", "=", "Cloud IDEM").execute();
    expect(lines).toHaveLength(1);
    const line = JSON.parse(firstBody) as LineAnswer;
    const addOnce = () =>
      call(`/product-lines/${line.id}/variants`, {
        method: "POST",
        key: all,
        headers: { "Idempotency-Key": "line-add-0001" },
        json: { variants: [{ options: ["Kiwi"], price_cents: 1400, stock: 2 }] },
      });
    expect((await addOnce()).status).toBe(201);
    const replay = await addOnce();
    expect(replay.status).toBe(201);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    const variants = await t.db.selectFrom("products").select("id").where("line_id", "=", line.id).execute();
    expect(variants).toHaveLength(4);
  });
});

describe("idempotency", () => {
  it("answers the same key and body with the first answer, another body with 422", async () => {
    const id = products[2]?.id;
    const first = await call("/products/bulk-update", {
      method: "POST",
      key: all,
      headers: { "Idempotency-Key": "idem-key-0001" },
      json: { items: [{ id, stock: 11 }] },
    });
    expect(first.status).toBe(200);
    const firstBody = await first.text();
    await t.db
      .updateTable("products")
      .set({ stock: 3 })
      .where("id", "=", id ?? 0)
      .execute();
    const again = await call("/products/bulk-update", {
      method: "POST",
      key: all,
      headers: { "Idempotency-Key": "idem-key-0001" },
      json: { items: [{ id, stock: 11 }] },
    });
    expect(again.status).toBe(200);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await again.text()).toBe(firstBody);
    const row = await t.db
      .selectFrom("products")
      .select("stock")
      .where("id", "=", id ?? 0)
      .executeTakeFirstOrThrow();
    expect(row.stock).toBe(3);
    const other = await call("/products/bulk-update", {
      method: "POST",
      key: all,
      headers: { "Idempotency-Key": "idem-key-0001" },
      json: { items: [{ id, stock: 12 }] },
    });
    expect(other.status).toBe(422);
    expect(other.headers.get("content-type")).toContain("application/problem+json");
  });

  it("forgets keys after 24 hours", async () => {
    const before = await t.db.selectFrom("api_idempotency").select("idem_key").execute();
    expect(before.length).toBeGreaterThan(0);
    expect(await pruneIdempotencyKeys(t.db, Date.now() + IDEMPOTENCY_TTL_MS + 1000)).toBe(before.length);
  });
});

describe("orders, businesses and receivables", () => {
  it("lists and reads orders and changes a status through the order's life", async () => {
    const list = (await (await call("/orders?limit=10", { key: all })).json()) as { data: { id: number }[] };
    expect(list.data.map((o) => o.id)).toContain(orderId);
    const detail = (await (await call(`/orders/${orderId}`, { key: all })).json()) as {
      status: string;
      lines: { quantity: number }[];
    };
    expect(detail.lines[0]?.quantity).toBe(2);
    const stale = await call(`/orders/${orderId}/status`, {
      method: "POST",
      key: all,
      json: { status: "Completed", expected_status: detail.status === "Cancelled" ? "Processing" : "Cancelled" },
    });
    expect(stale.status).toBe(409);
    const done = await call(`/orders/${orderId}/status`, {
      method: "POST",
      key: all,
      json: { status: "Completed", expected_status: detail.status },
    });
    expect(done.status).toBe(200);
    expect(((await done.json()) as { status: string }).status).toBe("Completed");
    const audit = await listAudit(t.db, { subjectType: "order" });
    expect(audit.items.some((e) => e.subjectId === String(orderId) && e.actorName.startsWith("API key"))).toBe(true);
  });

  it("reads businesses with members, invoices, and records a payment once per Idempotency-Key", async () => {
    const biz = (await (await call(`/businesses/${businessId}`, { key: all })).json()) as {
      legal_name: string;
      members: unknown[];
    };
    expect(biz.legal_name).toBe("API Buyer LLC");
    const invoices = (await (await call(`/invoices?business_id=${businessId}`, { key: all })).json()) as {
      data: { id: number; balance_cents: number }[];
    };
    expect(invoices.data.length).toBeGreaterThan(0);
    const pay = () =>
      call("/payments", {
        method: "POST",
        key: all,
        headers: { "Idempotency-Key": "payment-0001" },
        json: { business_id: businessId, amount_cents: 500, method: "check", reference: "CHK 12" },
      });
    const first = await pay();
    expect(first.status).toBe(201);
    const second = await pay();
    expect(second.status).toBe(201);
    expect(await second.json()).toEqual(await first.json());
    const payments = await t.db.selectFrom("payments").select("id").where("business_id", "=", businessId).execute();
    expect(payments).toHaveLength(1);
  });

  it("shows purchase costs only under purchasing:read", async () => {
    const lots = await call("/lots", { key: all });
    expect(lots.status).toBe(200);
    const catalogOnly = await key(["catalog:read", "orders:read", "receivables:read", "businesses:read"]);
    expect((await call("/lots", { key: catalogOnly })).status).toBe(403);
    expect((await call("/suppliers", { key: catalogOnly })).status).toBe(403);
    expect((await call("/purchase-orders", { key: catalogOnly })).status).toBe(403);
  });
});

describe("answers match their declared schemas", () => {
  for (const endpoint of API_ENDPOINTS.filter((e) => e.method === "GET")) {
    it(`${endpoint.method} ${endpoint.path}`, async () => {
      const id = endpoint.path.startsWith("/businesses")
        ? businessId
        : endpoint.path.startsWith("/orders")
          ? String(orderId)
          : endpoint.path.startsWith("/invoices")
            ? String((await t.db.selectFrom("invoices").select("id").executeTakeFirst())?.id ?? 1)
            : endpoint.path.startsWith("/product-lines")
              ? String((await t.db.selectFrom("products").select("line_id").executeTakeFirstOrThrow()).line_id)
              : String(products[0]?.id);
      const res = await call(endpoint.path.replace("{id}", id), { key: all });
      expect(res.status).toBe(200);
      const parsed = endpoint.response.safeParse(await res.json());
      expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    });
  }
});

describe("bad input: a problem document, never a 5xx", () => {
  async function expectProblem(res: Response) {
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.headers.get("content-type")).toContain("application/problem+json");
    const body = (await res.json()) as { status: number; title: string; detail: string };
    expect(body.status).toBe(res.status);
    expect(typeof body.detail).toBe("string");
  }

  it("refuses odd methods, unknown paths, wrong content types, malformed and huge bodies", async () => {
    for (const method of ["PUT", "DELETE", "PATCH", "OPTIONS"])
      await expectProblem(await call("/products", { method, key: all }));
    await expectProblem(await call("/nothing-here", { key: all }));
    await expectProblem(await call("/products/abc", { key: all }));
    await expectProblem(await call("/products/99999999", { key: all }));
    await expectProblem(await call("/products/bulk-update", { method: "POST", key: all, body: "items=1" }));
    await expectProblem(
      await call("/products/bulk-update", {
        method: "POST",
        key: all,
        headers: { "Content-Type": "application/json" },
        body: "{not json",
      }),
    );
    const huge = await call("/products/bulk-update", {
      method: "POST",
      key: all,
      json: { items: Array.from({ length: 20_000 }, (_, i) => ({ sku: `SKU-${i}-${"x".repeat(10)}`, stock: i })) },
    });
    expect(huge.status).toBe(413);
    await expectProblem(await call("/products?limit=1&limit=2", { key: all }));
    await expectProblem(await call("/products?limit=0", { key: all }));
    await expectProblem(await call("/products?cursor=garbage", { key: all }));
    await expectProblem(await call("/products?updated_since=yesterday", { key: all }));
    await expectProblem(await call("/products?unknown=1", { key: all }));
    await expectProblem(
      await call("/products/bulk-update", {
        method: "POST",
        key: all,
        headers: { "Idempotency-Key": "no spaces allowed" },
        json: { items: [{ id: 1, stock: 1 }] },
      }),
    );
  });

  it("fuzzes every endpoint's query and body with random JSON", async () => {
    const endpoints = API_ENDPOINTS;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...endpoints),
        fc.jsonValue({ maxDepth: 3 }),
        fc.dictionary(fc.constantFrom("limit", "cursor", "updated_since", "status", "business_id", "x"), fc.string()),
        fc.constantFrom("1", "0", "-1", "abc", "99999999999", "%E0%A4%A", businessId),
        async (endpoint, json, query, id) => {
          const path = endpoint.path.replace("{id}", id);
          const qs = new URLSearchParams(query).toString();
          const res = await call(`${path}${qs ? `?${qs}` : ""}`, {
            method: endpoint.method,
            key: all,
            ...(endpoint.method === "POST" ? { json } : {}),
          });
          expect(res.status, `${endpoint.method} ${path}?${qs} ${JSON.stringify(json)}`).toBeLessThan(500);
          if (res.status >= 400) expect(res.headers.get("content-type")).toContain("application/problem+json");
          await res.arrayBuffer();
        },
      ),
      { numRuns: 300 },
    );
  });

  it("fuzzes the writes with bodies of nearly the right shape", async () => {
    const anyValue = fc.oneof(
      fc.integer({ min: -5, max: 2 ** 40 }),
      fc.string({ maxLength: 20 }),
      fc.constant(null),
      fc.boolean(),
      fc.double(),
    );
    const ref = fc.oneof(
      fc.constantFrom(...products.map((p) => p.id)),
      fc.integer({ min: -3, max: 2 ** 33 }),
      fc.constantFrom(...products.map((p) => p.sku)),
    );
    const bulkItem = fc.record({ id: ref, sku: ref, price_cents: anyValue, stock: anyValue }, { requiredKeys: [] });
    // Mostly whole numbers, so that many bodies get past the schema to the line editor's rules.
    const mostlyInt = fc.oneof({ arbitrary: fc.integer({ min: 0, max: 5000 }), weight: 12 }, anyValue);
    const lineVariant = fc.record(
      {
        options: fc.array(fc.constantFrom("Blue", "Red", "", "blue"), { maxLength: 3 }),
        sku: fc.oneof(fc.constantFrom(...products.map((p) => p.sku)), fc.constantFrom("FZ-1", "FZ-2", "bad sku")),
        upc: fc.constantFrom("036000291452", "036000291453", "012345678905", "12", ""),
        price_cents: mostlyInt,
        stock: mostlyInt,
        case_pack: mostlyInt,
        min_quantity: mostlyInt,
        max_quantity: mostlyInt,
        price_apart: fc.boolean(),
        like_id: fc.oneof(
          { arbitrary: fc.constantFrom(...products.map((p) => p.id)), weight: 4 },
          fc.integer({ min: -3, max: 2 ** 33 }),
        ),
      },
      { requiredKeys: ["price_cents", "stock"] },
    );
    const lineId = (await t.db.selectFrom("products").select("line_id").executeTakeFirstOrThrow()).line_id;
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.record({
            path: fc.constant("/products/bulk-update"),
            json: fc.record({ items: fc.array(bulkItem, { maxLength: 6 }) }),
          }),
          fc.record({
            path: fc.constant("/payments"),
            json: fc.record(
              {
                business_id: fc.oneof(fc.constant(businessId), fc.string()),
                amount_cents: anyValue,
                method: fc.constantFrom("check", "ach", "cash", "card", "gold"),
                reference: anyValue,
                received_on: fc.constantFrom("2026-01-01", "2999-01-01", "1999-12-31", "yesterday", ""),
                invoice_id: anyValue,
              },
              { requiredKeys: ["business_id"] },
            ),
          }),
          fc.record({
            path: fc.constant(`/orders/${orderId}/status`),
            json: fc.record(
              { status: fc.constantFrom("Processing", "Completed", "Nope", ""), expected_status: anyValue },
              { requiredKeys: [] },
            ),
          }),
          fc.record({
            path: fc.constant("/product-lines"),
            json: fc.record(
              {
                name: fc.oneof(fc.constantFrom("Fuzz line", ""), fc.string({ maxLength: 8 })),
                category: fc.constantFrom("novelty", "disposable-vapes", "x"),
                option_names: fc.array(fc.constantFrom("Flavor", "Size", "", "flavor"), { maxLength: 4 }),
                tiers: fc.array(fc.record({ min_quantity: mostlyInt, price_cents: mostlyInt }), { maxLength: 3 }),
                puffs: mostlyInt,
                variants: fc.array(lineVariant, { minLength: 1, maxLength: 4 }),
              },
              { requiredKeys: ["name", "category", "variants"] },
            ),
          }),
          fc.record({
            path: fc.constant(`/product-lines/${lineId}/variants`),
            json: fc.record({ variants: fc.array(lineVariant, { minLength: 1, maxLength: 4 }) }),
          }),
          fc.record({
            path: fc.constant("/products"),
            json: fc.record(
              {
                sku: anyValue,
                name: anyValue,
                category: fc.constantFrom("novelty", "x"),
                price_cents: anyValue,
                stock: anyValue,
              },
              { requiredKeys: [] },
            ),
          }),
        ),
        async ({ path, json }) => {
          const res = await call(path, { method: "POST", key: all, json });
          expect(res.status, `${path} ${JSON.stringify(json)}`).toBeLessThan(500);
          if (res.status >= 400) expect(res.headers.get("content-type")).toContain("application/problem+json");
          await res.arrayBuffer();
        },
      ),
      { numRuns: 300 },
    );
  });
});

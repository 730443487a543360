import crypto from "node:crypto";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import {
  type CachedPage,
  cacheKeyFor,
  encodedBody,
  inlineScriptHashes,
  preparePage,
  VisitorPageStore,
} from "./visitor-pages";

const page = (size: number, version = "1"): CachedPage => ({
  status: 200,
  headers: {},
  body: Buffer.alloc(size),
  version,
  storedAt: Date.now(),
  etag: 'W/"x"',
  scriptHashes: [],
  gzip: null,
  br: null,
  bytes: size,
});

describe("visitor page cache", () => {
  it("serves an entry only while the catalog version is the same", () => {
    const cache = new VisitorPageStore();
    cache.set("/products/kratom", page(10, "3"));
    expect(cache.get("/products/kratom", "3")).not.toBeNull();
    expect(cache.get("/products/kratom", "4")).toBeNull();
    expect(cache.size).toBe(0);
  });

  it("lets entries expire after five minutes", () => {
    const cache = new VisitorPageStore();
    cache.set("/", { ...page(10), storedAt: 1_000 });
    expect(cache.get("/", "1", 1_000 + 60_000)).not.toBeNull();
    expect(cache.get("/", "1", 1_000 + 5 * 60_000 + 1)).toBeNull();
  });

  it("drops the least recently used entries beyond its limits", () => {
    const cache = new VisitorPageStore(2, 100);
    cache.set("a", page(10));
    cache.set("b", page(10));
    cache.get("a", "1");
    cache.set("c", page(10));
    expect(cache.get("b", "1")).toBeNull();
    expect(cache.get("a", "1")).not.toBeNull();
    cache.set("d", page(95));
    expect(cache.totalBytes).toBeLessThanOrEqual(100);
  });

  it("keys a page by its path and only the query parameters its route declared", () => {
    expect(cacheKeyFor("/", "?x=1", [])).toBe("/");
    expect(cacheKeyFor("/", "?x=2&utm_source=mail", [])).toBe("/");
    expect(cacheKeyFor("/products/kratom", "?cursor=abc&x=1", ["cursor"])).toBe("/products/kratom?cursor=abc");
    expect(cacheKeyFor("/search", "?page=2&q=kratom", ["q", "page"])).toBe(
      cacheKeyFor("/search", "?q=kratom&page=2", ["q", "page"]),
    );
    // Route data requests keep React Router's own parameter.
    expect(cacheKeyFor("/products/kratom.data", "?_routes=a&z=1", [])).toBe("/products/kratom.data?_routes=a");
    expect(cacheKeyFor("/products/kratom", "?_routes=a", [])).toBe("/products/kratom");
  });
});

describe("stored pages", () => {
  const sha256 = (text: string) => `sha256-${crypto.createHash("sha256").update(text, "utf8").digest("base64")}`;

  it("allows exactly the page's inline scripts, hashed as the browser reads them", () => {
    const html =
      '<head><script nonce="abc">window.a = "é";</script><script type="module" src="/assets/x.js"></script>' +
      '<script type="module" nonce="abc">import "/assets/y.js";\r\nboot();</script></head>' +
      '<body><SCRIPT>one()</SCRIPT ><script src="/z.js"></script></body>';
    expect(inlineScriptHashes(html)).toEqual([
      sha256('window.a = "é";'),
      sha256('import "/assets/y.js";\nboot();'),
      sha256("one()"),
    ]);
  });

  it("compresses a page once and serves the form the client accepts", async () => {
    const body = Buffer.from(`<!DOCTYPE html><html><body>${"Kratom capsules 150ct. ".repeat(200)}</body></html>`);
    const stored = preparePage({
      status: 200,
      headers: { "content-type": "text/html; charset=utf-8" },
      body,
      version: "1",
    });
    expect(zlib.gunzipSync(stored.gzip as Buffer).equals(body)).toBe(true);
    expect(zlib.brotliDecompressSync(stored.br as Buffer).equals(body)).toBe(true);
    expect(encodedBody(stored, "gzip, deflate, br").encoding).toBe("br");
    expect(encodedBody(stored, "gzip, br;q=0").encoding).toBe("gzip");
    expect(encodedBody(stored, "identity").encoding).toBeNull();
    expect(encodedBody(stored, undefined).body.equals(body)).toBe(true);
    expect(stored.etag).toMatch(/^W\/"[\w-]+"$/);
    const other = preparePage({ status: 200, headers: {}, body: Buffer.from("other"), version: "1" });
    expect(other.etag).not.toBe(stored.etag);
    expect(other.gzip).toBeNull();
  });
});

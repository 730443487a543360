import { describe, expect, it } from "vitest";
import { isCacheableRequest, VisitorPageCache } from "./visitor-pages";

const page = (size: number, version = 1) => ({
  status: 200,
  headers: {},
  body: Buffer.alloc(size),
  version,
  nonce: "n",
});

describe("visitor page cache", () => {
  it("serves an entry only while the catalog version is the same", () => {
    const cache = new VisitorPageCache();
    cache.set("/products/kratom", page(10, 3));
    expect(cache.get("/products/kratom", 3)).not.toBeNull();
    expect(cache.get("/products/kratom", 4)).toBeNull();
    expect(cache.size).toBe(0);
  });

  it("lets entries expire after five minutes", () => {
    const cache = new VisitorPageCache();
    cache.set("/", { ...page(10), storedAt: 1_000 });
    expect(cache.get("/", 1, 1_000 + 60_000)).not.toBeNull();
    expect(cache.get("/", 1, 1_000 + 5 * 60_000 + 1)).toBeNull();
  });

  it("drops the least recently used entries beyond its limits", () => {
    const cache = new VisitorPageCache(2, 100);
    cache.set("a", page(10));
    cache.set("b", page(10));
    cache.get("a", 1);
    cache.set("c", page(10));
    expect(cache.get("b", 1)).toBeNull();
    expect(cache.get("a", 1)).not.toBeNull();
    cache.set("d", page(95));
    expect(cache.totalBytes).toBeLessThanOrEqual(100);
  });

  it("caches public pages for visitors only", () => {
    expect(isCacheableRequest("GET", "/products/kratom", undefined)).toBe(true);
    expect(isCacheableRequest("GET", "/products/details/3.data", "ageVerified=1")).toBe(true);
    expect(isCacheableRequest("GET", "/_root.data", undefined)).toBe(true);
    expect(isCacheableRequest("GET", "/products/kratom", "a=1; store.session_token=abc")).toBe(false);
    expect(isCacheableRequest("GET", "/products/kratom", "__Secure-store.session_token=abc")).toBe(false);
    expect(isCacheableRequest("GET", "/", "store.toast=xyz")).toBe(false);
    expect(isCacheableRequest("POST", "/products/kratom", undefined)).toBe(false);
    for (const path of ["/account", "/cart", "/checkout", "/orders/1", "/admin", "/login", "/dev/outbox"]) {
      expect(isCacheableRequest("GET", path, undefined)).toBe(false);
    }
  });
});

describe("nonce replacement", () => {
  it("puts the new nonce wherever the old one was", async () => {
    const { bodyWithNonce } = await import("./visitor-pages");
    const cache = new VisitorPageCache();
    const body = Buffer.from('<script nonce="OLD">a</script><x nonce="OLD"></x>{"nonce":"OLD"}');
    cache.set("/", { status: 200, headers: {}, body, version: 1, nonce: "OLD" });
    const entry = cache.get("/", 1);
    if (!entry) throw new Error("missing");
    expect(bodyWithNonce(entry, "NEW").toString()).toBe(
      '<script nonce="NEW">a</script><x nonce="NEW"></x>{"nonce":"NEW"}',
    );
  });
});

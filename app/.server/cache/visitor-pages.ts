import crypto from "node:crypto";
import zlib from "node:zlib";
import { CompiledQuery, type Kysely } from "kysely";
import { LRUCache } from "lru-cache";
import type { DB } from "../db/schema";
import { preferredEncoding } from "../static/encoding";

/**
 * Server-side cache of visitor pages. A visitor's page carries no price and nothing personal
 * (the cart lives in the browser), so it is the same for every visitor and can be rendered once.
 * Entries are tied to the catalog version (kept by database triggers, see migration 0002): any
 * change a visitor could see makes every older entry stale at once, in every app process.
 */
/** A page as rendered for one visitor, before it is stored. */
export interface RenderedPage {
  status: number;
  /** The headers that belong to the content (type, caching, React Router's own). */
  headers: Record<string, string>;
  body: Buffer;
  /** The counters it is valid under (the catalog's for a visitor's page; catalog, prices and rules for a signed-in audience's). */
  version: string;
  /** The product stock it shows, for a buyer's product page (checked again before each use). */
  stock?: { productId: number; stock: number } | null;
  /** When it was rendered (ms); entries also expire after MAX_AGE_MS (best sellers move with orders). */
  storedAt?: number;
}

/**
 * A stored page: the same bytes for every visitor, so it is compressed once, and its inline
 * scripts are allowed by their hashes rather than by a per-response nonce.
 */
export interface CachedPage extends RenderedPage {
  storedAt: number;
  etag: string;
  /** CSP hash sources ('sha256-...') of the page's inline scripts. */
  scriptHashes: string[];
  gzip: Buffer | null;
  br: Buffer | null;
  /** Memory held: the body and its compressed forms. */
  bytes: number;
  /**
   * For a page showing stock: the stock-change ticket taken before its stock was last read
   * (db/versions-watch.ts); while no change of that product was heard since, no query is needed.
   */
  stockTicket?: number | null;
}

export const MAX_AGE_MS = 5 * 60 * 1000;

export const MAX_ENTRIES = 2000;
export const MAX_BYTES = 32 * 1024 * 1024;
export const MAX_ENTRY_BYTES = 2 * 1024 * 1024;

const COMPRESSIBLE = /^(?:text\/|application\/(?:json|xml|javascript))/;

/**
 * Hashes the page's inline scripts and compresses it: done once per page and catalog version
 * (a few milliseconds), synchronously so the entry exists before the next request is read.
 */
export function preparePage(page: RenderedPage): CachedPage {
  const type = page.headers["content-type"] ?? "";
  const scriptHashes = type.startsWith("text/html") ? inlineScriptHashes(page.body.toString("utf8")) : [];
  let gz: Buffer | null = null;
  let br: Buffer | null = null;
  if (page.body.length >= 1024 && COMPRESSIBLE.test(type)) {
    gz = zlib.gzipSync(page.body, { level: 6 });
    br = zlib.brotliCompressSync(page.body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 6,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: page.body.length,
      },
    });
  }
  return {
    ...page,
    storedAt: page.storedAt ?? Date.now(),
    etag: `W/"${crypto.createHash("sha256").update(page.body).digest("base64url").slice(0, 27)}"`,
    scriptHashes,
    gzip: gz,
    br,
    bytes: page.body.length + (gz?.length ?? 0) + (br?.length ?? 0),
  };
}

/**
 * CSP hash sources for every inline script of a server-rendered page, computed the way the
 * browser does: over the script's text as the HTML parser reads it (line breaks normalized).
 * React and React Router escape `<` inside the scripts they write, so a script ends at the
 * first `</script`.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const [, attributes = "", text = ""] = match;
    if (/\ssrc\s*=/i.test(attributes) || text === "") continue;
    const normalized = text.includes("\r") ? text.replace(/\r\n?/g, "\n") : text;
    hashes.add(`sha256-${crypto.createHash("sha256").update(normalized, "utf8").digest("base64")}`);
  }
  return [...hashes];
}

/** The best stored form of the body for an Accept-Encoding header. */
export function encodedBody(
  entry: CachedPage,
  acceptEncoding: string | undefined,
): { body: Buffer; encoding: "br" | "gzip" | null } {
  const encoding = preferredEncoding(acceptEncoding, { br: entry.br !== null, gzip: entry.gzip !== null });
  const body = encoding === "br" ? entry.br : encoding === "gzip" ? entry.gzip : null;
  return body ? { body, encoding } : { body: entry.body, encoding: null };
}

/**
 * The stored pages: a least-recently-used map bounded by entries and bytes (lru-cache), whose
 * entries are valid for one catalog version and at most MAX_AGE_MS.
 */
export class VisitorPageStore {
  private readonly lru: LRUCache<string, CachedPage>;

  constructor(maxEntries = MAX_ENTRIES, maxBytes = MAX_BYTES) {
    this.lru = new LRUCache<string, CachedPage>({
      max: maxEntries,
      maxSize: maxBytes,
      maxEntrySize: MAX_ENTRY_BYTES * 3,
      sizeCalculation: (entry) => Math.max(1, entry.bytes),
    });
  }

  get(key: string, version: string, now = Date.now()): CachedPage | null {
    const entry = this.lru.get(key);
    if (!entry) return null;
    if (entry.version !== version || now - entry.storedAt > MAX_AGE_MS) {
      this.lru.delete(key);
      return null;
    }
    return entry;
  }

  delete(key: string): void {
    this.lru.delete(key);
  }

  set(key: string, entry: CachedPage): void {
    if (entry.body.length > MAX_ENTRY_BYTES) return;
    this.lru.set(key, entry);
  }

  get size(): number {
    return this.lru.size;
  }

  get totalBytes(): number {
    return this.lru.calculatedSize;
  }
}

/**
 * The cache key of a request for a cacheable page: its path and, sorted, only the query
 * parameters the route declared (plus React Router's own `_routes` on route data requests).
 * Anything else in the query is dropped, so `/?x=1..n` is one entry, not n.
 */
export function cacheKeyFor(pathname: string, search: string, keep: readonly string[]): string {
  if (!search || search === "?") return pathname;
  const params = new URLSearchParams(search);
  const kept: [string, string][] = [];
  for (const [name, value] of params) {
    if (keep.includes(name) || (name === "_routes" && pathname.endsWith(".data"))) kept.push([name, value]);
  }
  if (kept.length === 0) return pathname;
  kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${pathname}?${new URLSearchParams(kept).toString()}`;
}

// Compiled once: this runs on every visitor request.
const VERSION_QUERY = CompiledQuery.raw("select version from cache_versions where name = 'catalog'");

export async function catalogVersion(db: Kysely<DB>): Promise<number> {
  const result = await db.executeQuery<{ version: number | string }>(VERSION_QUERY);
  return Number(result.rows[0]?.version ?? 0);
}

/** What shared caches may do with a visitor page: keep it briefly, serve it stale while refreshing. */
export const VISITOR_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=300";

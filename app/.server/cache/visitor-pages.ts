import crypto from "node:crypto";
import zlib from "node:zlib";
import { CompiledQuery, type Kysely } from "kysely";
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
  version: number;
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

export class VisitorPageCache {
  private readonly entries = new Map<string, CachedPage>();
  private bytes = 0;

  constructor(
    private readonly maxEntries = MAX_ENTRIES,
    private readonly maxBytes = MAX_BYTES,
  ) {}

  get(key: string, version: number, now = Date.now()): CachedPage | null {
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (entry.version !== version || now - entry.storedAt > MAX_AGE_MS) {
      this.delete(key);
      return null;
    }
    // Most recently used last.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  set(key: string, entry: CachedPage): void {
    if (entry.body.length > MAX_ENTRY_BYTES) return;
    this.delete(key);
    this.entries.set(key, entry);
    this.bytes += entry.bytes;
    for (const [oldest, old] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= old.bytes;
    }
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }

  get size(): number {
    return this.entries.size;
  }

  get totalBytes(): number {
    return this.bytes;
  }
}

// Compiled once: this runs on every visitor request.
const VERSION_QUERY = CompiledQuery.raw("select version from cache_versions where name = 'catalog'");

export async function catalogVersion(db: Kysely<DB>): Promise<number> {
  const result = await db.executeQuery<{ version: number | string }>(VERSION_QUERY);
  return Number(result.rows[0]?.version ?? 0);
}

const PUBLIC_PREFIXES = ["/products/", "/api/search-suggestions"];
const PUBLIC_PATHS = new Set([
  "/",
  "/_root",
  "/search",
  "/contact",
  "/sitemap.xml",
  "/robots.txt",
  "/about",
  "/services",
  "/support",
  "/faq",
  "/privacy-policy",
  "/terms",
  "/shipping",
  "/return",
  "/disclaimer",
]);

/** Whether a request is a visitor's request for a public catalog page (or its route data). */
export function isCacheableRequest(method: string, path: string, cookieHeader: string | undefined): boolean {
  if (method !== "GET") return false;
  if (cookieHeader && /(?:^|;\s*)(?:__Secure-)?store\.(?:session_token|toast)=/.test(cookieHeader)) return false;
  const page = path.endsWith(".data") ? path.slice(0, -".data".length) || "/" : path;
  return PUBLIC_PATHS.has(page) || PUBLIC_PREFIXES.some((p) => page.startsWith(p));
}

/** What shared caches may do with a visitor page: keep it briefly, serve it stale while refreshing. */
export const VISITOR_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=300";

import { CompiledQuery, type Kysely } from "kysely";
import type { DB } from "../db/schema";

/**
 * Server-side cache of visitor pages. A visitor's page carries no price and nothing personal
 * (the cart lives in the browser), so it is the same for every visitor and can be rendered once.
 * Entries are tied to the catalog version (kept by database triggers, see migration 0002): any
 * change a visitor could see makes every older entry stale at once, in every app process.
 */
export interface CachedPage {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  /** The body cut at each occurrence of the nonce (filled in by the cache). */
  parts?: Buffer[];
  version: number;
  /** The CSP nonce rendered into the body; replaced with the response's own on every hit. */
  nonce: string;
  /** When it was rendered (ms); entries also expire after MAX_AGE_MS (best sellers move with orders). */
  storedAt?: number;
}

export const MAX_AGE_MS = 5 * 60 * 1000;

export const MAX_ENTRIES = 2000;
export const MAX_BYTES = 64 * 1024 * 1024;
export const MAX_ENTRY_BYTES = 2 * 1024 * 1024;

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
    if (entry.version !== version || now - (entry.storedAt ?? now) > MAX_AGE_MS) {
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
    this.entries.set(key, { ...entry, parts: splitOn(entry.body, entry.nonce) });
    this.bytes += entry.body.length;
    for (const [oldest, old] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= old.body.length;
    }
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.body.length;
  }

  get size(): number {
    return this.entries.size;
  }

  get totalBytes(): number {
    return this.bytes;
  }
}

function splitOn(body: Buffer, separator: string): Buffer[] {
  if (!separator) return [body];
  const sep = Buffer.from(separator);
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = body.indexOf(sep, from); at !== -1; at = body.indexOf(sep, from)) {
    parts.push(body.subarray(from, at));
    from = at + sep.length;
  }
  parts.push(body.subarray(from));
  return parts;
}

/**
 * The cached body as pieces with this response's nonce where the original one was: written
 * one after the other (a single writev), nothing is copied.
 */
export function piecesWithNonce(entry: CachedPage, nonce: string): { pieces: Buffer[]; length: number } {
  const parts = entry.parts ?? [entry.body];
  const sep = Buffer.from(nonce);
  const pieces: Buffer[] = [];
  let length = 0;
  parts.forEach((part, i) => {
    if (i > 0) {
      pieces.push(sep);
      length += sep.length;
    }
    pieces.push(part);
    length += part.length;
  });
  return { pieces, length };
}

/** The cached body with this response's nonce where the original one was. */
export function bodyWithNonce(entry: CachedPage, nonce: string): Buffer {
  const parts = entry.parts ?? [entry.body];
  if (parts.length === 1) return parts[0] as Buffer;
  const sep = Buffer.from(nonce);
  const out: Buffer[] = [];
  parts.forEach((part, i) => {
    if (i > 0) out.push(sep);
    out.push(part);
  });
  return Buffer.concat(out);
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

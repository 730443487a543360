import crypto from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { CompiledQuery } from "kysely";
import { mayCarryOneTimeCookie, mayCarrySession, viewerFromCookie } from "~/.server/accounts/viewer";
import {
  type CachedPage,
  cacheKeyFor,
  encodedBody,
  preparePage,
  VISITOR_CACHE_CONTROL,
  VisitorPageStore,
} from "~/.server/cache/visitor-pages";
import { dialectOf } from "~/.server/db/connect";
import { getDb } from "~/.server/db/instance";
import type { Versions } from "~/.server/db/versions";
import { currentVersions, noteActivity, stockTicket, stockUnchangedSince } from "~/.server/db/versions-watch";
import { audienceFor, audienceKey } from "~/.server/flows/audience";
import { headerMode, securityHeaders, securityHeadersForHashes, withRouteHeaders } from "~/.server/security/headers";
import { STOCK_HEADER } from "~/lib/page-cache";
import type { RoutePolicy } from "~/lib/route-policy";

/**
 * A loader of a cached route answers with this header set to "skip" when its page must not be
 * stored (for example a listing reached through a slug nobody declared, which would otherwise
 * make a cache entry per made-up address). Removed before the answer leaves.
 */
export const SKIP_HEADER = "x-visitor-cache";

function stockOf(value: string | null): { productId: number; stock: number } | null {
  const match = value ? /^(\d+):(-?\d+)$/.exec(value) : null;
  return match ? { productId: Number(match[1]), stock: Number(match[2]) } : null;
}

import { type RoutePolicyTable, routePathOf } from "./route-policy";

/**
 * Visitor pages, answered before Express: a page whose route declares `visitorCache` is the same
 * for every visitor (no price, nothing personal: the cart lives in the browser), so it is rendered
 * once per catalog version and its bytes are served to everyone, compressed once. Hit and miss
 * both live here: a miss renders the page through React Router (from the URL as the cache keeps
 * it: only the declared query parameters), stores it when it is a 200 without cookies that the
 * render resolved to no viewer, and sends it exactly as a hit would be sent. Everything else goes
 * to Express: posts, routes that did not opt in, and any request that may carry a session or a
 * flash message, as the code that signs people in reads cookies (accounts/viewer.ts).
 *
 * Who is asking is never decided here by a second reading of the request: the gate is the
 * viewer's own (mayCarryPersonalCookie), and a page is stored only when the render itself
 * resolved its viewer to nobody (resolvedAsVisitor), so a cookie spelled in a way the gate did
 * not foresee still cannot put a signed-in page into the shared cache.
 */
export interface RenderRequest {
  url: URL;
  req: IncomingMessage;
  cspNonce: string;
  isDataRequest: boolean;
  policy: RoutePolicy;
  /** The counters read before the render (for the viewer's and the audience's memos). */
  versions: Versions;
}

/**
 * A rendered page, and what its render resolved: no viewer at all (`asVisitor`), the key of the
 * audience its loaders asked for (`audience`, null when none asked), and whether anything read
 * the viewer themself (`personal`).
 */
export interface RenderResult {
  response: Response;
  asVisitor: boolean;
  audience: string | null;
  personal: boolean;
}

export interface VisitorCacheOptions {
  policies: RoutePolicyTable;
  render: (request: RenderRequest) => Promise<RenderResult>;
  requestId: (req: IncomingMessage) => string;
  onAnswered: (req: IncomingMessage, res: ServerResponse, reqId: string, started: bigint) => void;
  devServer: boolean;
}

const STORED_HEADERS = ["content-type", "vary", "x-remix-response", "x-remix-redirect"];

/** A page for signed-in people is never kept by the browser or anything between. */
const SIGNED_IN_CACHE_CONTROL = "private, no-store";

/** Hits and misses since the process started, by who asked (reported by the bench and on exit). */
export interface CacheCounts {
  visitor: { hits: number; misses: number };
  signedIn: { hits: number; misses: number; bypassed: number };
}

export function createVisitorCache(options: VisitorCacheOptions) {
  const pages = new VisitorPageStore();
  const counts: CacheCounts = { visitor: { hits: 0, misses: 0 }, signedIn: { hits: 0, misses: 0, bypassed: 0 } };

  function originOf(req: IncomingMessage): string {
    return `http://${req.headers.host && /^[\w.:[\]-]+$/.test(req.headers.host) ? req.headers.host : "localhost"}`;
  }

  /**
   * The stock a signed-in page was rendered with still the product's: a buyer's product page says
   * how many are available, which moves with every sale without changing the catalog version.
   */
  async function stockStillSame(page: CachedPage): Promise<boolean> {
    if (!page.stock) return true;
    const db = getDb();
    // Written once per dialect: this runs on every hit of a buyer's product page.
    const text = `select stock from products where id = ${dialectOf(db) === "postgres" ? "$1" : "?"}`;
    const { rows } = await db.executeQuery<{ stock: number | string }>(CompiledQuery.raw(text, [page.stock.productId]));
    return rows.length === 1 && Number(rows[0]?.stock) === page.stock.stock;
  }

  async function serve(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    const cookie = req.headers.cookie;
    if (req.method !== "GET" || mayCarryOneTimeCookie(cookie)) return false;
    const raw = req.url ?? "/";
    const path = routePathOf(raw);
    const policy = options.policies.forPath(path);
    if (!policy.visitorCache) return false;
    let url: URL;
    try {
      url = new URL(raw, originOf(req));
    } catch {
      return false;
    }
    const db = getDb();
    let versions: Versions;
    try {
      // Heard on PostgreSQL while this server has done nothing that may write (db/versions-watch.ts).
      versions = await currentVersions(db);
    } catch {
      return false;
    }
    // Who is asking is decided by the code that signs people in (viewerFromCookie), the one the
    // render itself uses: a request that may carry a session is served by audience, or by the app.
    const signedIn = mayCarrySession(cookie);
    let audience = "visitor";
    if (signedIn) {
      const viewer = await viewerFromCookie(cookie, versions.accounts);
      if (!viewer) {
        // A session that is not one (forged, expired, ended, unverified): the app answers it.
        counts.signedIn.bypassed++;
        return false;
      }
      audience = audienceKey(await audienceFor(db, viewer, versions));
    }
    const started = process.hrtime.bigint();
    const reqId = options.requestId(req);
    const pageKey = cacheKeyFor(url.pathname, url.search, policy.visitorCache.query);
    const key = signedIn ? `${audience}\n${pageKey}` : pageKey;
    // A visitor's page shows no price and no verdict: the catalog alone decides it.
    const stamp = signedIn ? `${versions.catalog}.${versions.prices}.${versions.compliance}` : String(versions.catalog);
    const mode = headerMode(options.devServer);
    const tally = signedIn ? counts.signedIn : counts.visitor;

    let page = pages.get(key, stamp);
    if (page?.stock && !stockUnchangedSince(page.stock.productId, page.stockTicket)) {
      // Heard of a sale of the product since, or unsure: the database says.
      const ticket = stockTicket();
      if (await stockStillSame(page)) page.stockTicket = ticket;
      else {
        pages.delete(key);
        page = null;
      }
    }
    if (!page) {
      tally.misses++;
      // A render reads the session (which better-auth may extend): counted as this server's activity.
      noteActivity();
      const ticket = stockTicket();
      const cspNonce = crypto.randomUUID();
      const result = await options.render({
        url: new URL(pageKey, url.origin),
        req,
        cspNonce,
        isDataRequest: url.pathname.endsWith(".data"),
        policy,
        versions,
      });
      const { response } = result;
      const body = Buffer.from(await response.arrayBuffer());
      // Stored only when the render itself says whom it was for: nobody, for a visitor's page; for
      // a signed-in one, the very audience of the key, with nothing read about the person.
      const forThisKey = signedIn
        ? !result.asVisitor && !result.personal && (result.audience === audience || result.audience === null)
        : result.asVisitor;
      if (
        !forThisKey ||
        response.status !== 200 ||
        response.headers.has("set-cookie") ||
        response.headers.get(SKIP_HEADER) === "skip"
      ) {
        // Not a page for everyone in the key (rendered for someone else, a redirect, a 404, a
        // flash, a page its loader said not to keep): sent as rendered, never stored.
        const headers: string[] = [];
        const routeHeaders = [...response.headers].filter(([name]) => name !== SKIP_HEADER && name !== STOCK_HEADER);
        for (const [name, value] of withRouteHeaders(securityHeaders(cspNonce, mode), routeHeaders))
          headers.push(name, value);
        headers.push("X-Request-Id", reqId, "X-Cache", "BYPASS");
        res.writeHead(response.status, headers);
        res.end(body);
        options.onAnswered(req, res, reqId, started);
        return true;
      }
      // A route that says how long it may be kept publicly (robots.txt, the sitemap) keeps its own.
      const own = response.headers.get("cache-control");
      const stored: Record<string, string> = {
        "cache-control": signedIn ? SIGNED_IN_CACHE_CONTROL : own?.startsWith("public") ? own : VISITOR_CACHE_CONTROL,
      };
      for (const name of STORED_HEADERS) {
        const value = response.headers.get(name);
        if (value !== null) stored[name] = value;
      }
      stored.vary ??= "Cookie, Accept-Encoding";
      page = preparePage({
        status: 200,
        headers: stored,
        body,
        version: stamp,
        stock: signedIn ? stockOf(response.headers.get(STOCK_HEADER)) : null,
      });
      page.stockTicket = ticket;
      pages.set(key, page);
      res.setHeader("X-Cache", "MISS");
    } else {
      tally.hits++;
      res.setHeader("X-Cache", "HIT");
    }

    const headers: string[] = [];
    for (const [name, value] of securityHeadersForHashes(page.scriptHashes, mode)) {
      headers.push(name, value);
    }
    for (const [name, value] of Object.entries(page.headers)) headers.push(name, value);
    headers.push("X-Request-Id", reqId, "ETag", page.etag);
    if (req.headers["if-none-match"] === page.etag) {
      res.writeHead(304, headers);
      res.end();
    } else {
      const { body, encoding } = encodedBody(page, req.headers["accept-encoding"]);
      if (encoding) headers.push("Content-Encoding", encoding);
      headers.push("Content-Length", String(body.length));
      res.writeHead(page.status, headers);
      res.end(body);
    }
    options.onAnswered(req, res, reqId, started);
    return true;
  }

  return {
    serve,
    get size() {
      return pages.size;
    },
    /** Bytes held by the stored pages (bodies and their compressed forms). */
    get bytes() {
      return pages.totalBytes;
    },
    counts,
  };
}

import crypto from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { mayCarryPersonalCookie } from "~/.server/accounts/viewer";
import {
  cacheKeyFor,
  catalogVersion,
  encodedBody,
  preparePage,
  VISITOR_CACHE_CONTROL,
  VisitorPageStore,
} from "~/.server/cache/visitor-pages";
import { getDb } from "~/.server/db/instance";
import { headerMode, securityHeaders, securityHeadersForHashes, withRouteHeaders } from "~/.server/security/headers";
import type { RoutePolicy } from "~/lib/route-policy";

/**
 * A loader of a cached route answers with this header set to "skip" when its page must not be
 * stored (for example a listing reached through a slug nobody declared, which would otherwise
 * make a cache entry per made-up address). Removed before the answer leaves.
 */
export const SKIP_HEADER = "x-visitor-cache";

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
}

/** A rendered page, and whether its render resolved the request to no viewer at all. */
export interface RenderResult {
  response: Response;
  asVisitor: boolean;
}

export interface VisitorCacheOptions {
  policies: RoutePolicyTable;
  render: (request: RenderRequest) => Promise<RenderResult>;
  requestId: (req: IncomingMessage) => string;
  onAnswered: (req: IncomingMessage, res: ServerResponse, reqId: string, started: bigint) => void;
  devServer: boolean;
}

const STORED_HEADERS = ["content-type", "vary", "x-remix-response", "x-remix-redirect"];

export function createVisitorCache(options: VisitorCacheOptions) {
  const pages = new VisitorPageStore();

  function originOf(req: IncomingMessage): string {
    return `http://${req.headers.host && /^[\w.:[\]-]+$/.test(req.headers.host) ? req.headers.host : "localhost"}`;
  }

  async function serve(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    if (req.method !== "GET" || mayCarryPersonalCookie(req.headers.cookie)) return false;
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
    let version: number;
    try {
      version = await catalogVersion(getDb());
    } catch {
      return false;
    }
    const started = process.hrtime.bigint();
    const reqId = options.requestId(req);
    const key = cacheKeyFor(url.pathname, url.search, policy.visitorCache.query);
    const mode = headerMode(options.devServer);

    let page = pages.get(key, version);
    if (!page) {
      const cspNonce = crypto.randomUUID();
      const { response, asVisitor } = await options.render({
        url: new URL(key, url.origin),
        req,
        cspNonce,
        isDataRequest: url.pathname.endsWith(".data"),
        policy,
      });
      const body = Buffer.from(await response.arrayBuffer());
      if (
        !asVisitor ||
        response.status !== 200 ||
        response.headers.has("set-cookie") ||
        response.headers.get(SKIP_HEADER) === "skip"
      ) {
        // Not a page for everyone (rendered for a signed-in viewer, a redirect, a 404, a flash, a
        // page its loader said not to keep): sent as rendered, never stored.
        const headers: string[] = [];
        const routeHeaders = [...response.headers].filter(([name]) => name !== SKIP_HEADER);
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
        "cache-control": own?.startsWith("public") ? own : VISITOR_CACHE_CONTROL,
      };
      for (const name of STORED_HEADERS) {
        const value = response.headers.get(name);
        if (value !== null) stored[name] = value;
      }
      stored.vary ??= "Cookie, Accept-Encoding";
      page = preparePage({ status: 200, headers: stored, body, version });
      pages.set(key, page);
      res.setHeader("X-Cache", "MISS");
    } else {
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
  };
}

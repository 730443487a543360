import crypto from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import express from "express";
import { CompiledQuery } from "kysely";
import "react-router";
// Imported once: a build function would be called, and the route tree rebuilt, on every request.
import * as build from "virtual:react-router/server-build";
import {
  catalogVersion,
  encodedBody,
  isCacheableRequest,
  preparePage,
  VISITOR_CACHE_CONTROL,
  VisitorPageCache,
} from "~/.server/cache/visitor-pages";
import { closeDb, getDb } from "~/.server/db/instance";
import { isSchemaCurrent } from "~/.server/db/migrate";
import { env } from "~/.server/env";
import { log, loggableUrl, withRequestId } from "~/.server/log";
import { isMediaName, mediaStore } from "~/.server/media/store";
import { clientAddress } from "~/.server/security/client-address";
import { securityHeaders, securityHeadersForHashes } from "~/.server/security/headers";
import { isSameOrigin } from "~/.server/security/origin";
import { runStartupTasks } from "~/.server/startup";
import { precompressedAssets } from "~/.server/static/assets";

declare module "react-router" {
  interface AppLoadContext {
    /** Nonce for this response's inline scripts (Content-Security-Policy). */
    cspNonce: string;
    /** True for React Router's `.data` requests (client-side navigations and fetchers). */
    isDataRequest: boolean;
    /** The client's address (proxy-aware when TRUST_PROXY is on). */
    clientIp: string;
  }
}

export const startup = runStartupTasks;
export const shutdown = closeDb;

/** Set by `server.js --dev`: Vite's client needs eval and a websocket. */
const devServer = process.env.STORE_DEV_SERVER === "1";

export const app = express();
app.disable("x-powered-by");
app.set("trust proxy", env().TRUST_PROXY);

/** The request id: the proxy's when it is trusted and well formed, a new one otherwise. */
function requestIdFor(req: IncomingMessage): string {
  const given = env().TRUST_PROXY ? req.headers["x-request-id"] : undefined;
  return typeof given === "string" && /^[\w.-]{1,100}$/.test(given) ? given : crypto.randomUUID();
}

function logAccess(req: IncomingMessage, res: ServerResponse, reqId: string, started: bigint): void {
  withRequestId(reqId, () =>
    log.info(
      {
        method: req.method,
        url: loggableUrl(req.url ?? "/"),
        status: res.statusCode,
        ms: Number(process.hrtime.bigint() - started) / 1e6,
        ip: clientAddress(req),
        cache: res.getHeader("x-cache"),
      },
      "request",
    ),
  );
}

/**
 * Visitor pages come from the cache while the catalog has not changed (see cache/visitor-pages.ts).
 * server.js calls this before Express, so a hit costs one indexed read and one write of stored
 * bytes. Returns false when the request is not a hit (the app then renders it).
 */
const pageCache = new VisitorPageCache();
const HANDLED = Symbol("visitor cache checked");
export async function serveFromCache(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  const marked = req as IncomingMessage & { [HANDLED]?: number };
  const url = req.url ?? "/";
  const query = url.indexOf("?");
  const path = query === -1 ? url : url.slice(0, query);
  if (marked[HANDLED] !== undefined || !isCacheableRequest(req.method ?? "", path, req.headers.cookie)) return false;
  let version: number;
  try {
    version = await catalogVersion(getDb());
  } catch {
    return false;
  }
  marked[HANDLED] = version;
  const hit = pageCache.get(url, version);
  if (!hit) return false;

  const started = process.hrtime.bigint();
  const reqId = requestIdFor(req);
  const headers: string[] = [];
  for (const [name, value] of securityHeadersForHashes(hit.scriptHashes, env().isProduction, devServer)) {
    headers.push(name, value);
  }
  for (const [name, value] of Object.entries(hit.headers)) headers.push(name, value);
  headers.push("X-Request-Id", reqId, "X-Cache", "HIT", "ETag", hit.etag);
  if (req.headers["if-none-match"] === hit.etag) {
    res.writeHead(304, headers);
    res.end();
  } else {
    const { body, encoding } = encodedBody(hit, req.headers["accept-encoding"]);
    if (encoding) headers.push("Content-Encoding", encoding);
    headers.push("Content-Length", String(body.length));
    res.writeHead(hit.status, headers);
    res.end(body);
  }
  if (log.isLevelEnabled("info")) logAccess(req, res, reqId, started);
  return true;
}

// A visitor page not served from the cache (development, or a miss): render it, and store what
// was sent, compressed once.
app.use(async (req, res, next) => {
  if (await serveFromCache(req, res)) return;
  const version = (req as { [HANDLED]?: number })[HANDLED];
  if (version === undefined) return next();
  const key = req.originalUrl;
  const chunks: Buffer[] = [];
  const write = res.write.bind(res);
  const end = res.end.bind(res);
  const keep = (chunk: unknown, encoding?: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === "function") return;
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, encoding as BufferEncoding | undefined));
  };
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    keep(chunk, typeof rest[0] === "string" ? rest[0] : undefined);
    return (write as (...args: unknown[]) => boolean)(chunk, ...rest);
  }) as typeof res.write;
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    keep(chunk, typeof rest[0] === "string" ? rest[0] : undefined);
    const headers = res.getHeaders();
    if (
      res.statusCode === 200 &&
      !headers["set-cookie"] &&
      !headers["cache-control"]?.toString().includes("no-store")
    ) {
      const stored: Record<string, string> = {};
      for (const name of ["content-type", "cache-control", "vary", "x-remix-response", "x-remix-redirect"]) {
        const value = headers[name];
        if (value !== undefined) stored[name] = String(value);
      }
      const sent = (end as (...args: unknown[]) => typeof res)(chunk, ...rest);
      // After the response is on its way, and before this tick ends: the next request for the
      // page is a hit.
      try {
        pageCache.set(key, preparePage({ status: 200, headers: stored, body: Buffer.concat(chunks), version }));
      } catch (error) {
        log.warn({ err: error }, "visitor page not cached");
      }
      return sent;
    }
    return (end as (...args: unknown[]) => typeof res)(chunk, ...rest);
  }) as typeof res.end;
  res.setHeader("X-Cache", "MISS");
  res.setHeader("Cache-Control", VISITOR_CACHE_CONTROL);
  res.setHeader("Vary", "Cookie, Accept-Encoding");
  next();
});

// One access line per request, and a request id on every log line written while handling it.
app.use((req, res, next) => {
  const reqId = requestIdFor(req);
  res.setHeader("X-Request-Id", reqId);
  if (!log.isLevelEnabled("info")) return withRequestId(reqId, next);
  const started = process.hrtime.bigint();
  res.on("finish", () => logAccess(req, res, reqId, started));
  withRequestId(reqId, next);
});

app.use((_req, res, next) => {
  // A random UUID is a valid CSP nonce (base64url characters) and far cheaper than randomBytes.
  const nonce = crypto.randomUUID();
  res.locals.cspNonce = nonce;
  for (const [name, value] of securityHeaders(nonce, env().isProduction, devServer)) res.setHeader(name, value);
  next();
});

// Built assets (production build): hashed names, cached for a year. Other public files
// (favicon...) have an extension; page requests never touch the disk.
if (!devServer) {
  const client = path.join(env().BUILD_DIR, "client");
  const assets = path.join(client, "assets");
  app.use("/assets", precompressedAssets(assets));
  app.use("/assets", express.static(assets, { immutable: true, maxAge: "1y", index: false }));
  const publicFiles = express.static(client, { maxAge: "1h", index: false });
  app.use((req, res, next) => (/\.\w+$/.test(req.path) ? publicFiles(req, res, next) : next()));
}

// Cross-site requests may read pages but never change anything.
app.use((req, res, next) => {
  if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
  if (isSameOrigin(req.headers.origin, req.headers["sec-fetch-site"], req.headers.host, env().BASE_URL)) return next();
  res.status(403).type("text/plain").send("Cross-site request refused.");
});

// Bodies are read into memory by the form parser: cap them before that happens.
const MB = 1024 * 1024;
app.use((req, res, next) => {
  if (req.method === "GET" || req.method === "HEAD") return next();
  const limit = req.path.startsWith("/admin") ? 80 * MB : 1 * MB;
  const length = Number(req.headers["content-length"] ?? "0");
  if (!Number.isFinite(length) || length > limit) {
    res.status(413).type("text/plain").send("Request too large.");
    return;
  }
  if (req.headers["transfer-encoding"] && !req.headers["content-length"]) {
    res.status(411).type("text/plain").send("Length required.");
    return;
  }
  next();
});

const MEDIA_HEADERS = {
  "Cache-Control": "public, max-age=31536000, immutable",
  "Content-Type": "image/webp",
  "X-Content-Type-Options": "nosniff",
};

// Media from object storage (MEDIA_STORE=s3): any app server can serve any image.
if (env().MEDIA_STORE === "s3") {
  app.get("/media/:dir/:file", async (req, res) => {
    const name = `${req.params.dir}/${req.params.file}`;
    const file = isMediaName(name)
      ? await mediaStore()
          .get(name)
          .catch(() => null)
      : null;
    if (!file) {
      res.status(404).type("text/plain").send("Not found.");
      return;
    }
    res.set(MEDIA_HEADERS);
    if (file.size !== null) res.setHeader("Content-Length", String(file.size));
    file.body.on("error", () => res.destroy());
    file.body.pipe(res);
  });
}

app.use(
  "/media",
  express.static(path.join(env().DATA_DIR, "media"), {
    immutable: true,
    maxAge: "365d",
    index: false,
    fallthrough: false,
    setHeaders: (res) => res.setHeader("X-Content-Type-Options", "nosniff"),
  }),
);

// Health: the process answers and so does its database (a trivial query, no table read).
// Readiness, which also requires every migration to be applied, is /readyz.
const PING = CompiledQuery.raw("select 1");
app.get("/healthz", async (_req, res) => {
  try {
    await getDb().executeQuery(PING);
    res.set("Cache-Control", "no-store").json({ ok: true });
  } catch {
    res.status(503).set("Cache-Control", "no-store").json({ ok: false });
  }
});

app.get("/readyz", async (_req, res) => {
  try {
    const current = await isSchemaCurrent(getDb());
    res
      .status(current ? 200 : 503)
      .set("Cache-Control", "no-store")
      .json({ ok: current, migrations: current ? "current" : "pending" });
  } catch {
    res.status(503).set("Cache-Control", "no-store").json({ ok: false, database: "unreachable" });
  }
});

app.use(
  createRequestHandler({
    build,
    getLoadContext(req, res) {
      return {
        cspNonce: res.locals.cspNonce as string,
        isDataRequest: req.path.endsWith(".data"),
        clientIp: clientAddress(req),
      };
    },
  }),
);

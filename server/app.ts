import crypto from "node:crypto";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import express from "express";
import "react-router";
// Imported once: a build function would be called, and the route tree rebuilt, on every request.
import * as build from "virtual:react-router/server-build";
import {
  catalogVersion,
  isCacheableRequest,
  piecesWithNonce,
  VISITOR_CACHE_CONTROL,
  VisitorPageCache,
} from "~/.server/cache/visitor-pages";
import { closeDb, getDb } from "~/.server/db/instance";
import { isSchemaCurrent } from "~/.server/db/migrate";
import { env } from "~/.server/env";
import { log, loggableUrl, withRequestId } from "~/.server/log";
import { isMediaName, mediaStore } from "~/.server/media/store";
import { clientAddress } from "~/.server/security/client-address";
import { securityHeaders } from "~/.server/security/headers";
import { isSameOrigin } from "~/.server/security/origin";
import { runStartupTasks } from "~/.server/startup";

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

// One access line per request, and a request id on every log line written while handling it.
app.use((req, res, next) => {
  const given = env().TRUST_PROXY ? req.headers["x-request-id"] : undefined;
  const reqId = typeof given === "string" && /^[\w.-]{1,100}$/.test(given) ? given : crypto.randomUUID();
  res.setHeader("X-Request-Id", reqId);
  if (!log.isLevelEnabled("info")) return withRequestId(reqId, next);
  const started = process.hrtime.bigint();
  res.on("finish", () => {
    withRequestId(reqId, () =>
      log.info(
        {
          method: req.method,
          url: loggableUrl(req.originalUrl),
          status: res.statusCode,
          ms: Number(process.hrtime.bigint() - started) / 1e6,
          ip: clientAddress(req),
          cache: res.getHeader("x-cache"),
        },
        "request",
      ),
    );
  });
  withRequestId(reqId, next);
});

app.use((_req, res, next) => {
  // A random UUID is a valid CSP nonce (base64url characters) and far cheaper than randomBytes.
  const nonce = crypto.randomUUID();
  res.locals.cspNonce = nonce;
  for (const [name, value] of securityHeaders(nonce, env().isProduction, devServer)) res.setHeader(name, value);
  next();
});

// Visitor pages come from the cache while the catalog has not changed (see cache/visitor-pages.ts).
// Early in the chain: a hit needs only the headers above.
const pageCache = new VisitorPageCache();
app.use(async (req, res, next) => {
  if (!isCacheableRequest(req.method, req.path, req.headers.cookie)) return next();
  const key = req.originalUrl;
  const nonce = res.locals.cspNonce as string;
  let version: number;
  try {
    version = await catalogVersion(getDb());
  } catch {
    return next();
  }
  const hit = pageCache.get(key, version);
  if (hit) {
    res.status(hit.status);
    for (const [name, value] of Object.entries(hit.headers)) res.setHeader(name, value);
    res.setHeader("X-Cache", "HIT");
    const { pieces, length } = piecesWithNonce(hit, nonce);
    res.setHeader("Content-Length", length);
    res.cork();
    for (const piece of pieces.slice(0, -1)) res.write(piece);
    res.end(pieces.at(-1));
    return;
  }
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
      pageCache.set(key, {
        status: 200,
        headers: stored,
        body: Buffer.concat(chunks),
        version,
        nonce,
        storedAt: Date.now(),
      });
    }
    return (end as (...args: unknown[]) => typeof res)(chunk, ...rest);
  }) as typeof res.end;
  res.setHeader("X-Cache", "MISS");
  res.setHeader("Cache-Control", VISITOR_CACHE_CONTROL);
  res.setHeader("Vary", "Cookie");
  next();
});

// Built assets (production build): hashed names, cached for a year. Other public files
// (favicon...) have an extension; page requests never touch the disk.
if (!devServer) {
  const client = path.join(env().BUILD_DIR, "client");
  app.use("/assets", express.static(path.join(client, "assets"), { immutable: true, maxAge: "1y", index: false }));
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

app.get("/healthz", async (_req, res) => {
  try {
    await getDb().selectFrom("products").select("id").limit(1).execute();
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

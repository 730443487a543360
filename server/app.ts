import crypto from "node:crypto";
import fs from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
// Imported once: a build function would be called, and the route tree rebuilt, on every request.
import * as build from "virtual:react-router/server-build";
import { createRequestHandler as createExpressHandler } from "@react-router/express";
import express, { type ErrorRequestHandler, type Request as ExpressRequest, type Response } from "express";
import { CompiledQuery } from "kysely";
import { createRequestHandler, RouterContextProvider } from "react-router";
import { type Viewer, viewerFromHeaders } from "~/.server/accounts/viewer";
import { closeDb, getDb } from "~/.server/db/instance";
import { noteActivity } from "~/.server/db/versions-watch";
import { apiRouter } from "~/.server/flows/api/router";
import { audienceUsed, audienceVersionsContext } from "~/.server/flows/audience";
import { isStartupComplete, runStartupTasks, stopBackgroundWork } from "~/.server/flows/startup";
import { isMediaName, mediaStore } from "~/.server/media/store";
import { mayUse } from "~/.server/request/access";
import { personalRead, type RequestInfo, requestInfoContext, resolvedAsVisitor } from "~/.server/request/context";
import { env } from "~/.server/runtime/env";
import { log, loggableUrl, withRequestId } from "~/.server/runtime/log";
import { clientAddress } from "~/.server/security/client-address";
import {
  headerMode,
  repeatsEdgeHeader,
  securityHeaders,
  withCamera,
  withGeolocation,
} from "~/.server/security/headers";
import { isSameOrigin } from "~/.server/security/origin";
import { precompressedAssets } from "~/.server/static/assets";
import { DEFAULT_BODY_LIMIT } from "~/lib/route-policy";
import { isSchemaCurrent } from "../db/migrate";
import { createRoutePolicy, routePathOf } from "./route-policy";
import { createVisitorCache } from "./visitor-cache";

export const startup = runStartupTasks;
export async function shutdown() {
  reportPageCache();
  await stopBackgroundWork();
  await closeDb();
}

/**
 * The page cache's figures since the process started (hits and misses by who asked, pages and
 * bytes held), logged when the server stops, and written as JSON to PAGE_CACHE_REPORT when that
 * names a file (npm run bench reads it).
 */
function reportPageCache() {
  const figures = { ...visitorCache.counts, pages: visitorCache.size, bytes: visitorCache.bytes };
  log.info({ pageCache: figures }, "page cache");
  const file = process.env.PAGE_CACHE_REPORT;
  if (file) fs.writeFileSync(file, JSON.stringify(figures));
}

/** Set by `server.js --dev`: Vite's client needs eval and a websocket. */
const devServer = process.env.STORE_DEV_SERVER === "1";

const policies = createRoutePolicy(build);

/** The request id: the proxy's when a proxy is trusted and the id is well formed, a new one otherwise. */
function requestIdFor(req: IncomingMessage): string {
  const given = env().TRUST_PROXY !== false ? req.headers["x-request-id"] : undefined;
  return typeof given === "string" && /^[\w.-]{1,100}$/.test(given) ? given : crypto.randomUUID();
}

function logAccess(req: IncomingMessage, res: ServerResponse, reqId: string, started: bigint): void {
  if (!log.isLevelEnabled("info")) return;
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

/** A Node request's headers as Fetch Headers (what React Router and better-auth read). */
function fetchHeadersOf(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === "string") headers.set(name, value);
    else if (Array.isArray(value)) for (const v of value) headers.append(name, v);
  }
  return headers;
}

/** What loaders, actions and middleware know of the request (app/.server/request/context.ts). */
function loadContext(info: RequestInfo): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(requestInfoContext, info);
  return context;
}

const renderPage = createRequestHandler(build, devServer ? "development" : "production");

/**
 * Visitor pages that routes declare cacheable are answered by server.js before Express, from
 * the cache or rendered into it (server/visitor-cache.ts). Not in development: pages would outlive
 * the code that made them.
 */
const visitorCache = createVisitorCache({
  policies,
  devServer,
  requestId: requestIdFor,
  onAnswered: logAccess,
  render: async ({ url, req, cspNonce, isDataRequest, policy, versions }) => {
    const context = loadContext({ cspNonce, isDataRequest, clientIp: clientAddress(req), policy });
    context.set(audienceVersionsContext, versions);
    const response = await renderPage(new Request(url, { method: "GET", headers: fetchHeadersOf(req) }), context);
    return {
      response,
      asVisitor: resolvedAsVisitor(context),
      audience: await audienceUsed(context),
      personal: personalRead(context),
    };
  },
});
export const serveFromCache = devServer ? undefined : visitorCache.serve;

export const app = express();
app.disable("x-powered-by");
app.set("trust proxy", env().TRUST_PROXY);

// One access line per request, and a request id on every log line written while handling it.
app.use((req, res, next) => {
  const reqId = requestIdFor(req);
  res.setHeader("X-Request-Id", reqId);
  const started = process.hrtime.bigint();
  res.on("finish", () => logAccess(req, res, reqId, started));
  withRequestId(reqId, next);
});

app.use((req, res, next) => {
  // A random UUID is a valid CSP nonce (base64url characters) and far cheaper than randomBytes.
  const nonce = crypto.randomUUID();
  res.locals.cspNonce = nonce;
  // A route may let the store's own pages frame it (its handle says framedBy: "self"; the license
  // document, shown in the approval queue). Every other answer refuses all framing.
  const policy = policies.forPath(routePathOf(req.originalUrl));
  const framable = policy.framedBySelf;
  let headers = securityHeaders(nonce, headerMode(devServer));
  if (policy.camera) headers = withCamera(headers);
  if (policy.geolocation) headers = withGeolocation(headers);
  for (const [name, value] of headers) {
    if (framable && name === "X-Frame-Options") res.setHeader(name, "SAMEORIGIN");
    else if (framable && name === "Content-Security-Policy") {
      res.setHeader(name, value.replace("frame-ancestors 'none'", "frame-ancestors 'self'"));
    } else res.setHeader(name, value);
  }
  next();
});

/** How long a refused body may go on arriving (and be thrown away unread) before the connection is cut. */
const REFUSED_BODY_LINGER_MS = 1000;

/**
 * Answers a request without reading its body. Node then pulls the rest of the body off the wire
 * and throws it away (nothing is kept) to keep the connection for the next request; a body that
 * goes on arriving a second after the answer is not worth that, and the connection is cut. Not at
 * once: a socket closed with unread bytes is reset, and the client would lose the answer.
 */
function refuseUnread(req: ExpressRequest, res: Response, status: number, text: string): void {
  res.once("finish", () => {
    if (req.complete) return;
    const cut = setTimeout(() => req.socket.destroy(), REFUSED_BODY_LINGER_MS);
    cut.unref();
    req.once("end", () => clearTimeout(cut));
  });
  res.status(status).set("Cache-Control", "no-store").type("text/plain").send(text);
}

// The public REST API (issue 42, decision 0072): bearer keys, no cookies, no cross-site check (a
// browser never sends a key on its own), its own methods (405 as a problem document), body limit
// and answers. A write is noted like a form's, so this server's next page reads the counters.
app.use("/api/v1", (req, res, next) => {
  if (req.method !== "GET" && req.method !== "HEAD") {
    noteActivity();
    res.on("finish", noteActivity);
  }
  next();
});
app.use("/api/v1", apiRouter());

// The store answers GET and HEAD (pages, data, files) and POST (its forms). Any other method
// (TRACE, PUT, OPTIONS, PROPFIND...) is refused here with the methods it takes, before React
// Router, which cannot even make a Fetch Request of TRACE (it was a 500 and a stack in the log).
// A body sent with it is not read. Methods Node's parser does not know (TRACK, made-up
// ones) and CONNECT never get here: server.js answers them (501 and 405).
export const ALLOWED_METHODS = ["GET", "HEAD", "POST"] as const;
app.use((req, res, next) => {
  if ((ALLOWED_METHODS as readonly string[]).includes(req.method)) return next();
  res.set("Allow", ALLOWED_METHODS.join(", "));
  refuseUnread(req, res, 405, "Method not allowed.");
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

// Cross-site requests may read pages but never change anything. The origin compared is the
// configured BASE_URL, never the request's own Host header (which the client chooses).
app.use((req, res, next) => {
  if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
  if (isSameOrigin(req.headers.origin, req.headers["sec-fetch-site"], env().BASE_URL)) return next();
  res.status(403).type("text/plain").send("Cross-site request refused.");
});

// Bodies are read into memory by the form parser: cap them before that happens, at the limit of
// the route that will answer (decided on the path as React Router will see it, after
// normalization, so "/admin/%2e%2e/contact" gets the contact form's limit). A route's larger
// limit is for those who may use it: anyone else (a visitor posting to /admin/images, a customer
// to an admin route) gets the default limit, decided by the same lookup of the session and the
// same rule (mayUse) as the group's own check, and the lookup is handed on to React Router.
app.use(async (req, res, next) => {
  if (req.method === "GET" || req.method === "HEAD") return next();
  const policy = policies.forPath(routePathOf(req.originalUrl));
  const length = Number(req.headers["content-length"] ?? "0");
  if (!Number.isFinite(length) || length > policy.bodyLimitBytes) {
    return refuseUnread(req, res, 413, "Request too large.");
  }
  if (req.headers["transfer-encoding"] && !req.headers["content-length"]) {
    return refuseUnread(req, res, 411, "Length required.");
  }
  if (length > DEFAULT_BODY_LIMIT) {
    const viewer = viewerFromHeaders(fetchHeadersOf(req));
    res.locals.viewer = viewer;
    if (!mayUse(policy.access, await viewer)) return refuseUnread(req, res, 413, "Request too large.");
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
    dotfiles: "deny",
    fallthrough: false,
    setHeaders: (res) => res.setHeader("X-Content-Type-Options", "nosniff"),
  }),
);

// Health: the process answers and so does its database (a trivial query, no table read).
// Readiness, which also requires every migration to be applied (and, with SEED_DEMO, the demo
// catalog's pictures drawn: decision 0049), is /readyz.
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
    const complete = current && (await isStartupComplete());
    res
      .status(complete ? 200 : 503)
      .set("Cache-Control", "no-store")
      .json({
        ok: complete,
        migrations: current ? "current" : "pending",
        ...(current && !complete ? { demo: "drawing pictures" } : {}),
      });
  } catch {
    res.status(503).set("Cache-Control", "no-store").json({ ok: false, database: "unreachable" });
  }
});

// React Router's adapter appends every header of a route's answer to those set above: a header
// that repeats an edge header (a document route's own nosniff) is sent once, not twice.
app.use((_req, res, next) => {
  // What React Router answers may write (a form, a verification link, a session extended): the
  // cache counters are read, not heard, until a while after it is done, so this server's next
  // page shows it even before the change's notification arrives (db/versions-watch.ts).
  noteActivity();
  res.on("finish", noteActivity);
  const append = res.append.bind(res);
  res.append = (name: string, value?: string | string[]) => {
    if (typeof value === "string" && repeatsEdgeHeader(res.getHeader(name), value)) return res;
    return append(name, value);
  };
  next();
});

app.use(
  createExpressHandler({
    build,
    mode: devServer ? "development" : "production",
    getLoadContext(req, res) {
      const pathname = new URL(req.originalUrl, "http://internal.invalid").pathname;
      return loadContext({
        cspNonce: res.locals.cspNonce as string,
        isDataRequest: pathname.endsWith(".data"),
        clientIp: clientAddress(req),
        policy: policies.forPath(routePathOf(req.originalUrl)),
        ...(res.locals.viewer ? { viewer: res.locals.viewer as Promise<Viewer | null> } : {}),
      });
    },
  }),
);

// The last word on anything that went wrong outside React Router (a static file that cannot be
// read, a malformed path): a status and a sentence, never a stack trace or a file path.
const finalErrorHandler: ErrorRequestHandler = (error, req, res, _next) => {
  // The client went away while a file was sent (a tab closed, a navigation): nothing failed here.
  if (error?.code === "ECONNABORTED" || req.destroyed) {
    log.debug({ url: loggableUrl(req.originalUrl) }, "client went away");
    res.destroy();
    return;
  }
  const status = typeof error?.status === "number" && error.status >= 400 && error.status < 600 ? error.status : 500;
  if (status >= 500) log.error({ err: error, url: loggableUrl(req.originalUrl) }, "request failed");
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res
    .status(status)
    .type("text/plain")
    .set("Cache-Control", "no-store")
    .send(status === 404 ? "Not found." : status < 500 ? "Request refused." : "Something went wrong.");
};
app.use(finalErrorHandler);

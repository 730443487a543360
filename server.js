// @ts-check
// The Node entry. In development it serves through Vite (hot reload); in production it serves
// the built server bundle (build/server/index.js, from server/app.ts), which serves the assets.
import fs from "node:fs";
import http from "node:http";
import compression from "compression";
import express from "express";

// On a Node older than package.json's engines allow, one sentence instead of a crash inside a
// native module (better-sqlite3 13 segfaults on Node 20): a service whose unit starts an old
// /usr/bin/node says so at once. `npm install` refuses such a Node itself (engine-strict, .npmrc).
const FLOOR = /** @type {{ engines: { node: string } }} */ (
  JSON.parse(fs.readFileSync(new URL("./package.json", import.meta.url), "utf8"))
).engines.node.replace(/^>=\s*/, "");
const [major, minor, patch] = process.versions.node.split(".").map(Number);
const [floorMajor, floorMinor, floorPatch] = FLOOR.split(".").map(Number);
if ((major - floorMajor || minor - floorMinor || patch - floorPatch) < 0) {
  console.error(
    `This store needs Node ${FLOOR} or newer (Node 24 LTS recommended); this is Node ${process.versions.node}.`,
  );
  process.exit(1);
}

const DEVELOPMENT = process.argv.includes("--dev");
// `npm start` serves the built store in production mode unless told otherwise (no stack traces,
// Secure cookies); `npm run dev` keeps the development conveniences.
process.env.NODE_ENV ||= DEVELOPMENT ? "development" : "production";
const BUILD_DIR = process.env.BUILD_DIR || "build";
const BUILD_PATH = `./${BUILD_DIR}/server/index.js`;

/**
 * @typedef {(req: http.IncomingMessage, res: http.ServerResponse) => Promise<boolean>} CacheHandler
 * @returns {Promise<{ app: import("express").Express; serveFromCache?: CacheHandler; startup: () => Promise<void>; shutdown: () => Promise<void> }>}
 */
async function loadApp() {
  if (!DEVELOPMENT) return import(/* @vite-ignore */ BUILD_PATH);
  process.env.STORE_DEV_SERVER = "1";
  const vite = await import("vite");
  const viteDevServer = await vite.createServer({ server: { middlewareMode: true } });
  const mod = await viteDevServer.ssrLoadModule("./server/app.ts");
  return {
    app: /** @type {any} */ (
      express()
        .use(viteDevServer.middlewares)
        .use(async (req, res, next) => {
          try {
            const fresh = await viteDevServer.ssrLoadModule("./server/app.ts");
            return await fresh.app(req, res, next);
          } catch (error) {
            if (error instanceof Error) viteDevServer.ssrFixStacktrace(error);
            next(error);
          }
        })
    ),
    startup: mod.startup,
    shutdown: async () => {
      await mod.shutdown();
      await viteDevServer.close();
    },
  };
}

/** Node's own answers to requests its parser refuses (lib/_http_server.js), and 501 for an unknown method. */
/** @type {Record<string, string>} */
const CLIENT_ERROR_STATUS = {
  HPE_INVALID_METHOD: "501 Not Implemented",
  HPE_HEADER_OVERFLOW: "431 Request Header Fields Too Large",
  HPE_CHUNK_EXTENSIONS_OVERFLOW: "413 Payload Too Large",
  ERR_HTTP_REQUEST_TIMEOUT: "408 Request Timeout",
};

async function main() {
  const loaded = await loadApp();
  await loaded.startup();

  const server = express();
  server.disable("x-powered-by");
  server.use(compression());
  // The app (server/app.ts) serves the built assets too, so they get its headers and access log.
  server.use(loaded.app);

  // Visitor pages that their routes declare cacheable are answered before Express, from the
  // cache or rendered into it (server/visitor-cache.ts).
  const fromCache = loaded.serveFromCache;
  /** @type {http.RequestListener} */
  const handle = fromCache
    ? (req, res) => {
        fromCache(req, res).then(
          (served) => served || server(req, res),
          () => server(req, res),
        );
      }
    : server;

  const port = Number(process.env.PORT || 3000);
  const host = process.env.HOST || "0.0.0.0";
  const listener = http.createServer(handle).listen(port, host, () => {
    console.log(`Store listening on http://localhost:${port}`);
  });
  // Methods the store does not take and Node's HTTP parser does not know (TRACK, made-up ones)
  // never reach the app: they are answered 501 here, and CONNECT (a proxy's method) 405. Every
  // other malformed request keeps Node's own answer.
  listener.on("clientError", (error, socket) => {
    if (!socket.writable || /** @type {any} */ (socket)._httpMessage?.headersSent) {
      socket.destroy();
      return;
    }
    const code = /** @type {NodeJS.ErrnoException} */ (error).code ?? "";
    const status = CLIENT_ERROR_STATUS[code] ?? "400 Bad Request";
    socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`, () => socket.destroy());
  });
  listener.on("connect", (_req, socket) => {
    socket.end(
      "HTTP/1.1 405 Method Not Allowed\r\nAllow: GET, HEAD, POST\r\nConnection: close\r\nContent-Length: 0\r\n\r\n",
      () => socket.destroy(),
    );
  });
  // Longer than the idle timeout of common load balancers and HTTP clients, so a kept-alive
  // connection is never closed by us just as a client reuses it.
  listener.keepAliveTimeout = 65_000;
  listener.headersTimeout = 66_000;

  let stopping = false;
  const stop = (/** @type {string} */ signal) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received: finishing requests in flight`);
    listener.close(async () => {
      await loaded.shutdown();
      process.exit(0);
    });
    // Connections finishing their last request become idle: close them as they do.
    listener.closeIdleConnections();
    setInterval(() => listener.closeIdleConnections(), 100).unref();
    setTimeout(() => process.exit(1), 10_000).unref();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

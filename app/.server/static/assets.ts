import fs from "node:fs";
import path from "node:path";
import type { RequestHandler } from "express";
import { preferredEncoding } from "./encoding";

/** Built assets worth compressing; images and fonts are compressed already. */
export const COMPRESSIBLE_ASSET = /\.(?:js|mjs|css|json|svg|txt|map|wasm)$/;

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/**
 * Serves the brotli or gzip copy of a built asset written next to it by scripts/precompress.ts,
 * so nothing is compressed per request. Asset names carry a content hash: the list of copies is
 * read once at start. Anything else falls through to the plain static handler.
 */
export function precompressedAssets(dir: string): RequestHandler {
  let files: Set<string>;
  try {
    files = new Set(fs.readdirSync(dir));
  } catch {
    files = new Set();
  }
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const name = req.path.slice(1);
    if (!COMPRESSIBLE_ASSET.test(name) || name.includes("/") || !files.has(name)) return next();
    const encoding = preferredEncoding(req.headers["accept-encoding"], {
      br: files.has(`${name}.br`),
      gzip: files.has(`${name}.gz`),
    });
    res.vary("Accept-Encoding");
    if (!encoding) return next();
    res.type(path.extname(name));
    res.setHeader("Content-Encoding", encoding);
    res.sendFile(
      `${name}.${encoding === "br" ? "br" : "gz"}`,
      { root: dir, maxAge: YEAR_MS, immutable: true, dotfiles: "deny" },
      (error) => error && next(error),
    );
  };
}

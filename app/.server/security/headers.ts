import { env } from "../runtime/env";

/**
 * Security headers sent with every response. Inline scripts are allowed either by the response's
 * own nonce (pages rendered for this request) or by their hashes (visitor pages served from the
 * cache, whose bytes are the same for everyone; see cache/visitor-pages.ts).
 */
const cached = new Map<string, { before: string; after: string; rest: [string, string][] }>();
const SCRIPTS = "@@SCRIPTS@@";

/**
 * What the headers depend on: production sends HSTS (browsers ignore it over plain HTTP, so
 * http://localhost is unaffected); only a store whose BASE_URL is https asks browsers to upgrade
 * its sub-requests (on http://localhost that would break every asset); the dev server needs
 * eval and a websocket for Vite.
 */
export interface HeaderMode {
  production: boolean;
  https: boolean;
  devServer: boolean;
}

export function headerMode(devServer = false): HeaderMode {
  const e = env();
  return { production: e.isProduction, https: e.BASE_URL.startsWith("https:"), devServer };
}

function template({ production, https, devServer }: HeaderMode) {
  const key = `${production}:${https}:${devServer}`;
  let t = cached.get(key);
  if (!t) {
    const csp = [
      "default-src 'self'",
      `script-src 'self'${SCRIPTS}${devServer ? " 'unsafe-eval'" : ""}`,
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob:",
      "font-src 'self'",
      `connect-src 'self'${devServer ? " ws: wss:" : ""}`,
      "form-action 'self'",
      "frame-ancestors 'none'",
      "base-uri 'self'",
      "object-src 'none'",
      ...(https ? ["upgrade-insecure-requests"] : []),
    ].join("; ");
    const [before = "", after = ""] = csp.split(SCRIPTS);
    t = {
      before,
      after,
      rest: [
        ["X-Content-Type-Options", "nosniff"],
        ["X-Frame-Options", "DENY"],
        ["Referrer-Policy", "strict-origin-when-cross-origin"],
        ["Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()"],
        ["Cross-Origin-Opener-Policy", "same-origin"],
        ...(production
          ? ([["Strict-Transport-Security", "max-age=31536000; includeSubDomains"]] as [string, string][])
          : []),
      ],
    };
    cached.set(key, t);
  }
  return t;
}

/** Headers for a response whose inline scripts carry `nonce`. */
export function securityHeaders(nonce: string, mode: HeaderMode): [string, string][] {
  const t = template(mode);
  return [["Content-Security-Policy", `${t.before} 'nonce-${nonce}'${t.after}`], ...t.rest];
}

/** Headers for a response whose inline scripts are exactly those with these hashes ('sha256-...'). */
export function securityHeadersForHashes(hashes: readonly string[], mode: HeaderMode): [string, string][] {
  const t = template(mode);
  const sources = hashes.map((h) => ` '${h}'`).join("");
  return [["Content-Security-Policy", `${t.before}${sources}${t.after}`], ...t.rest];
}

/**
 * Whether a header a route's answer names repeats what the edge already sent (`current`, the
 * value set on the response, if any): a document route that says `X-Content-Type-Options:
 * nosniff` itself, as every response already does. A repeat is sent once; a different value is
 * added to the edge's (a second Content-Security-Policy: both apply).
 */
export function repeatsEdgeHeader(current: number | string | string[] | undefined, value: string): boolean {
  if (current === undefined) return false;
  const sent = Array.isArray(current) ? current : [String(current)];
  return sent.some((v) => v.trim().toLowerCase() === value.trim().toLowerCase());
}

/**
 * The headers of a page that may use the camera (its handle says camera: true; quick order's
 * barcode scanner, issue 38): the store's own scripts may ask for the camera, and WebAssembly may
 * be compiled (the barcode decoder, served from /assets; 'wasm-unsafe-eval' allows nothing else
 * that eval would). Every other page keeps camera=() and no WebAssembly.
 */
export function withCamera(headers: readonly [string, string][]): [string, string][] {
  return headers.map(([name, value]): [string, string] => {
    if (name === "Permissions-Policy") return [name, value.replace("camera=()", "camera=(self)")];
    if (name === "Content-Security-Policy")
      return [name, value.replace("script-src 'self'", "script-src 'self' 'wasm-unsafe-eval'")];
    return [name, value];
  });
}

/**
 * The headers of a page that may ask for the position (its handle says geolocation: true; the
 * driver's stop, issue 40): the store's own scripts may ask. Every other page keeps geolocation=().
 */
export function withGeolocation(headers: readonly [string, string][]): [string, string][] {
  return headers.map(([name, value]): [string, string] =>
    name === "Permissions-Policy" ? [name, value.replace("geolocation=()", "geolocation=(self)")] : [name, value],
  );
}

/** The edge's headers, then the route's own, less those that repeat an edge header (repeatsEdgeHeader). */
export function withRouteHeaders(
  edge: readonly [string, string][],
  route: Iterable<[string, string]>,
): [string, string][] {
  const merged = [...edge];
  for (const [name, value] of route) {
    const current = edge.filter(([n]) => n.toLowerCase() === name.toLowerCase()).map(([, v]) => v);
    if (!repeatsEdgeHeader(current.length ? current : undefined, value)) merged.push([name, value]);
  }
  return merged;
}

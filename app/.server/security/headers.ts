/** Security headers sent with every response; only the CSP nonce changes per response. */
const cached = new Map<string, { before: string; after: string; rest: [string, string][] }>();

function template(production: boolean, devServer: boolean) {
  const key = `${production}:${devServer}`;
  let t = cached.get(key);
  if (!t) {
    const csp = [
      "default-src 'self'",
      `script-src 'self' 'nonce-@@NONCE@@'${devServer ? " 'unsafe-eval'" : ""}`,
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob:",
      "font-src 'self'",
      `connect-src 'self'${devServer ? " ws: wss:" : ""}`,
      "form-action 'self'",
      "frame-ancestors 'none'",
      "base-uri 'self'",
      "object-src 'none'",
      ...(production ? ["upgrade-insecure-requests"] : []),
    ].join("; ");
    const [before = "", after = ""] = csp.split("@@NONCE@@");
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

export function securityHeaders(nonce: string, production: boolean, devServer = false): [string, string][] {
  const t = template(production, devServer);
  return [["Content-Security-Policy", `${t.before}${nonce}${t.after}`], ...t.rest];
}

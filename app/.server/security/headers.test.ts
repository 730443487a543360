import { describe, expect, it } from "vitest";
import { repeatsEdgeHeader, securityHeaders, withCamera, withGeolocation, withRouteHeaders } from "./headers";

describe("a route's own headers next to the edge's", () => {
  it("sends a header that repeats the edge's value once, and keeps one that says something else", () => {
    const edge: [string, string][] = [
      ["Content-Security-Policy", "default-src 'self'"],
      ["X-Content-Type-Options", "nosniff"],
    ];
    expect(
      withRouteHeaders(edge, [
        ["x-content-type-options", "nosniff"],
        ["content-security-policy", "default-src 'none'; sandbox"],
        ["content-type", "application/pdf"],
      ]),
    ).toEqual([
      ["Content-Security-Policy", "default-src 'self'"],
      ["X-Content-Type-Options", "nosniff"],
      ["content-security-policy", "default-src 'none'; sandbox"],
      ["content-type", "application/pdf"],
    ]);
  });

  it("tells a repeat from the value the response already carries", () => {
    expect(repeatsEdgeHeader("nosniff", "nosniff")).toBe(true);
    expect(repeatsEdgeHeader("nosniff", " NoSniff ")).toBe(true);
    expect(repeatsEdgeHeader(["a", "nosniff"], "nosniff")).toBe(true);
    expect(repeatsEdgeHeader(undefined, "nosniff")).toBe(false);
    expect(repeatsEdgeHeader("DENY", "SAMEORIGIN")).toBe(false);
    expect(repeatsEdgeHeader(12, "12")).toBe(true);
  });
});

describe("a page that may use the camera (quick order's scanner, issue 38)", () => {
  it("lets the store's own scripts ask for the camera and compile WebAssembly; nothing else changes", () => {
    const mode = { production: true, https: true, devServer: false };
    const plain = securityHeaders("n0nce", mode);
    const camera = withCamera(plain);
    const get = (headers: [string, string][], name: string) => headers.find(([n]) => n === name)?.[1] ?? "";
    expect(get(plain, "Permissions-Policy")).toContain("camera=()");
    expect(get(plain, "Content-Security-Policy")).not.toContain("wasm-unsafe-eval");
    expect(get(camera, "Permissions-Policy")).toBe("camera=(self), microphone=(), geolocation=(), payment=()");
    expect(get(camera, "Content-Security-Policy")).toContain("script-src 'self' 'wasm-unsafe-eval' 'nonce-n0nce'");
    expect(get(camera, "Content-Security-Policy")).not.toContain("'unsafe-eval'");
    expect(camera.map(([n]) => n)).toEqual(plain.map(([n]) => n));
    for (const [name, value] of plain) {
      if (name !== "Permissions-Policy" && name !== "Content-Security-Policy") expect(get(camera, name)).toBe(value);
    }
  });
});

describe("a page that may ask for the position (the driver's stop, issue 40)", () => {
  it("lets the store's own scripts ask for the position; nothing else changes", () => {
    const plain = securityHeaders("n0nce", { production: true, https: true, devServer: false });
    const located = withGeolocation(plain);
    const get = (headers: [string, string][], name: string) => headers.find(([n]) => n === name)?.[1] ?? "";
    expect(get(plain, "Permissions-Policy")).toContain("geolocation=()");
    expect(get(located, "Permissions-Policy")).toBe("camera=(), microphone=(), geolocation=(self), payment=()");
    for (const [name, value] of plain) if (name !== "Permissions-Policy") expect(get(located, name)).toBe(value);
  });
});

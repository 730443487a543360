import { describe, expect, it } from "vitest";
import { repeatsEdgeHeader, withRouteHeaders } from "./headers";

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

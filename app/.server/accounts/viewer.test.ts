import { describe, expect, it } from "vitest";
import { loginUrl, safeRedirectPath } from "./viewer";

describe("return addresses", () => {
  it("keeps paths of the store", () => {
    expect(safeRedirectPath("/products/kratom?cursor=x#top")).toBe("/products/kratom?cursor=x#top");
    expect(safeRedirectPath("/a/../orders/3")).toBe("/orders/3");
    expect(safeRedirectPath(" /cart ")).toBe("/cart");
  });

  it("turns everything that could leave the store into the fallback, after normalizing", () => {
    for (const attack of [
      "https://evil.example/",
      "//evil.example",
      "/\\evil.example",
      "\\\\evil.example",
      "javascript:alert(1)",
      "http:/evil.example",
      "/.//evil.example",
      "/..//evil.example",
      "/%2e%2e//evil.example",
      "/%2E%2e//evil.example",
      "/./\\evil.example",
      "/%2e//evil.example",
      "/a/..//evil.example",
      "/\tevil",
      "/\u0000x",
      "",
      null,
      undefined,
    ]) {
      expect(safeRedirectPath(attack, "/home"), String(attack)).toBe("/home");
    }
  });

  it("sends a visitor to log in with the page as the return address", () => {
    expect(loginUrl(new URL("http://s.test/orders/5?x=1"))).toBe("/login?redirectTo=%2Forders%2F5%3Fx%3D1");
  });
});

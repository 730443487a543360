import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { policyOf, type RoutePolicy } from "~/lib/route-policy";
import { setupTestDatabase, type TestDatabase } from "../tests/support/test-database";
import type { RoutePolicyTable } from "./route-policy";
import { createVisitorCache, type RenderRequest, type RenderResult } from "./visitor-cache";

/**
 * The cache's own rule, apart from any cookie: a page is stored only when its render resolved the
 * request to no viewer. A session the gate did not foresee (a spelling nobody thought of, a new
 * way of signing in) still cannot put a signed-in page into what visitors receive.
 */
describe("what the visitor cache stores", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await setupTestDatabase();
  });
  afterAll(async () => {
    await database.cleanup();
  });

  const cached: RoutePolicy = policyOf("test", [{ visitorCache: { query: [] } }]);
  const policies = { forPath: () => cached } as unknown as RoutePolicyTable;

  async function serverWith(render: (r: RenderRequest) => Promise<RenderResult>) {
    const cache = createVisitorCache({
      policies,
      render,
      requestId: () => "test",
      onAnswered: () => {},
      devServer: false,
    });
    const server = http.createServer((req, res) => {
      cache.serve(req, res).then((served) => {
        if (!served) res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return { origin, close: () => new Promise((resolve) => server.close(resolve)) };
  }

  const page = (text: string) =>
    new Response(`<!doctype html><p>${text}</p>`, { status: 200, headers: { "content-type": "text/html" } });

  it("never stores a page whose render resolved a viewer, whatever the cookies said", async () => {
    let renders = 0;
    const server = await serverWith(async () => {
      renders++;
      return { response: page("Hello, Signed In — $12.34"), asVisitor: false, audience: null, personal: false };
    });
    const first = await fetch(`${server.origin}/products/glass`, { headers: { cookie: "innocent=1" } });
    expect(first.headers.get("x-cache")).toBe("BYPASS");
    const second = await fetch(`${server.origin}/products/glass`);
    expect(second.headers.get("x-cache")).toBe("BYPASS");
    expect(renders).toBe(2);
    await server.close();
  });

  it("stores a page whose render resolved no viewer, and serves it to the next visitor", async () => {
    let renders = 0;
    const server = await serverWith(async () => {
      renders++;
      return { response: page("For everyone"), asVisitor: true, audience: null, personal: false };
    });
    expect((await fetch(`${server.origin}/products/glass`)).headers.get("x-cache")).toBe("MISS");
    expect((await fetch(`${server.origin}/products/glass`)).headers.get("x-cache")).toBe("HIT");
    expect(renders).toBe(1);
    await server.close();
  });

  it("leaves any request that may carry a session or a flash message to the full app", async () => {
    let renders = 0;
    const server = await serverWith(async () => {
      renders++;
      return { response: page("For everyone"), asVisitor: true, audience: null, personal: false };
    });
    for (const cookie of ["store.session_token =x", "\tSTORE.SESSION_TOKEN=x", "a=1;store.toast=y", "x=1; session=2"]) {
      const res = await fetch(`${server.origin}/products/glass`, { headers: { cookie } });
      expect(res.status, cookie).toBe(204);
    }
    expect(renders).toBe(0);
    await server.close();
  });
});

import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { type Access, policyOf } from "~/lib/route-policy";
import { getViewer, type Viewer } from "../accounts/viewer";
import { enforceAccess, mayUse } from "./access";
import { requestInfoContext, viewerContext } from "./context";

const viewer = (over: Partial<Viewer>): Viewer => ({
  id: "u1",
  name: "Pat",
  email: "pat@shop.test",
  username: null,
  role: "customer",
  emailVerified: true,
  approved: true,
  accountId: "u1",
  memberRole: "owner",
  orderLimitCents: null,
  actingFor: null,
  ...over,
});

const VIEWERS: Record<string, Viewer | null> = {
  visitor: null,
  "customer awaiting approval": viewer({ approved: false }),
  customer: viewer({}),
  admin: viewer({ role: "admin" }),
};
const ACCESS: Access[] = ["public", "guest", "signed-in", "buyer", "admin"];

/** Whether the group middleware lets a form post through to the action. */
async function groupLetsPostThrough(access: Access, who: Viewer | null): Promise<boolean> {
  const context = new RouterContextProvider();
  context.set(viewerContext, who);
  context.set(requestInfoContext, {
    cspNonce: "n",
    isDataRequest: false,
    clientIp: "127.0.0.1",
    policy: policyOf(null, []),
  });
  const request = new Request("http://s.test/x", { method: "POST" });
  let reached = false;
  await Promise.resolve(
    enforceAccess(access)(
      { request, url: new URL(request.url), context, params: {}, unstable_pattern: "/x" } as never,
      async () => {
        reached = true;
        return new Response(null);
      },
    ),
  ).catch(() => undefined);
  return reached;
}

describe("who may use a route", () => {
  it("is the one rule of the group middleware, which the server uses to cap bodies before reading them", async () => {
    for (const access of ACCESS) {
      for (const [who, v] of Object.entries(VIEWERS)) {
        expect(mayUse(access, v), `${who} on ${access}`).toBe(await groupLetsPostThrough(access, v));
      }
    }
    // And it says what the groups declare.
    expect(ACCESS.filter((a) => mayUse(a, null))).toEqual(["public", "guest"]);
    expect(ACCESS.filter((a) => mayUse(a, VIEWERS.customer ?? null))).toEqual([
      "public",
      "guest",
      "signed-in",
      "buyer",
    ]);
  });

  it("looks the viewer up once: a lookup the server already made is used, not repeated", async () => {
    const known = Promise.resolve(viewer({ name: "Known" }));
    // A session cookie that no database knows: a lookup of its own would find no one.
    const request = new Request("http://s.test/", { headers: { cookie: "store.session_token=forged" } });
    expect(await getViewer(request, known)).toMatchObject({ name: "Known" });
    expect(getViewer(request)).toBe(getViewer(request));
  });
});

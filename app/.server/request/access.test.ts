import fs from "node:fs";
import path from "node:path";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { ACCESS_LEVELS, type Access, GROUP_ACCESS, policyOf, type RouteHandle } from "~/lib/route-policy";
import { ROUTES } from "../../../tests/support/route-table";
import { getViewer, type Viewer } from "../accounts/viewer";
import { readToast } from "../http/toast";
import { enforceAccess, mayUse } from "./access";
import { requestInfoContext, viewerContext } from "./context";

// Vitest puts Vite's BASE_URL ("/") into process.env; ours is an origin (a toast's cookie reads it).
process.env.BASE_URL = "http://localhost:3000";

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

/** A rep's or an admin's viewer while acting for a business: that business's buyer for the request. */
const acting = (staffRole: "rep" | "admin"): Viewer =>
  viewer({
    id: `${staffRole}-1`,
    accountId: "biz-1",
    memberRole: "buyer",
    actingFor: { businessId: "biz-1", businessName: "Acme", staffRole },
  });

/** Every kind of person the access levels tell apart (decision 0046). */
const VIEWERS = {
  visitor: null,
  "customer awaiting approval": viewer({ approved: false }),
  owner: viewer({}),
  buyer: viewer({ id: "u2", accountId: "u1", memberRole: "buyer", orderLimitCents: 5_000 }),
  rep: viewer({ id: "r1", accountId: "r1", role: "rep", approved: false, memberRole: null }),
  "rep acting for a business": acting("rep"),
  driver: viewer({ id: "d1", accountId: "d1", role: "driver", approved: false, memberRole: null }),
  admin: viewer({ id: "a1", accountId: "a1", role: "admin", memberRole: null }),
  "admin acting for a business": acting("admin"),
} satisfies Record<string, Viewer | null>;
type Who = keyof typeof VIEWERS;

/** Who each level lets in: written out, so a new level (or a changed rule) must be stated here. */
const LETS_IN: Record<Access, Who[]> = {
  public: Object.keys(VIEWERS) as Who[],
  guest: Object.keys(VIEWERS) as Who[],
  "signed-in": Object.keys(VIEWERS).filter((w) => w !== "visitor") as Who[],
  buyer: ["owner", "buyer", "rep acting for a business", "admin", "admin acting for a business"],
  // An owner of a business the store has not approved yet still manages it (its team, its statement).
  owner: ["customer awaiting approval", "owner"],
  rep: ["rep", "rep acting for a business", "admin", "admin acting for a business"],
  driver: ["driver", "admin"],
  admin: ["admin"],
};

function contextFor(who: Viewer | null, handles: (RouteHandle | undefined)[] = [], isDataRequest = false) {
  const context = new RouterContextProvider();
  context.set(viewerContext, who);
  context.set(requestInfoContext, {
    cspNonce: "n",
    isDataRequest,
    clientIp: "127.0.0.1",
    policy: policyOf(null, handles),
  });
  return context;
}

interface Outcome {
  reached: boolean;
  status: number | null;
  location: string | null;
  /** The cookie a redirect sets (a toast). */
  cookie: string | null;
  body: unknown;
}

/** What the group middleware does with a request: lets it through to the route, or answers it. */
async function through(
  access: Access,
  who: Viewer | null,
  options: { method?: string; handles?: (RouteHandle | undefined)[]; isDataRequest?: boolean } = {},
): Promise<Outcome> {
  const context = contextFor(who, options.handles, options.isDataRequest);
  const request = new Request("http://s.test/x", { method: options.method ?? "POST" });
  let reached = false;
  try {
    await enforceAccess(access)(
      { request, url: new URL(request.url), context, params: {}, unstable_pattern: "/x" } as never,
      async () => {
        reached = true;
        return new Response(null);
      },
    );
    return { reached, status: null, location: null, cookie: null, body: null };
  } catch (thrown) {
    if (thrown instanceof Response) {
      const cookie = thrown.headers.get("Set-Cookie");
      return { reached, status: thrown.status, location: thrown.headers.get("Location"), cookie, body: null };
    }
    const answer = thrown as { data: unknown; init: { status: number } | null };
    return { reached, status: answer.init?.status ?? null, location: null, cookie: null, body: answer.data };
  }
}

describe("who may use a route", () => {
  it("is the one rule of the group middleware, which the server uses to cap bodies before reading them", async () => {
    for (const access of ACCESS_LEVELS) {
      for (const [who, v] of Object.entries(VIEWERS)) {
        expect(mayUse(access, v), `${who} on ${access}`).toBe((await through(access, v)).reached);
        expect(mayUse(access, v), `${who} on ${access}`).toBe(LETS_IN[access].includes(who as Who));
      }
    }
    // Every level a group can declare is one the table above states.
    expect(new Set(Object.values(GROUP_ACCESS))).toEqual(new Set(ACCESS_LEVELS));
  });

  it("sends a visitor to log in from an owner's, a rep's or a driver's page; anyone else signed in goes to their account, told why", async () => {
    const handles = (access: Access): RouteHandle[] => [{ access }, { refusal: "Owners only." }];
    for (const access of ["owner", "rep", "driver"] as const) {
      for (const method of ["GET", "POST"]) {
        const visitor = await through(access, null, { method });
        expect(visitor.status).toBe(302);
        expect(visitor.location).toBe("/login?redirectTo=%2Fx");
      }
      for (const [who, v] of Object.entries(VIEWERS)) {
        if (!v || LETS_IN[access].includes(who as Who)) continue;
        // A page, or its data (a navigation in the browser): their account, where the route's own
        // words are shown as a message.
        for (const isDataRequest of [false, true]) {
          const read = await through(access, v, { method: "GET", handles: handles(access), isDataRequest });
          expect(read, `${who} reads a page of ${access}`).toMatchObject({
            reached: false,
            status: 302,
            location: "/account",
          });
          const toast = await readToast(
            new Request("http://s.test/account", { headers: { cookie: read.cookie ?? "" } }),
          );
          expect(toast.toast).toMatchObject({ type: "error", message: "Owners only." });
        }
        // A post: 403 with them.
        const post = await through(access, v, { method: "POST", handles: handles(access) });
        expect(post, `${who} posts to ${access}`).toMatchObject({ reached: false, status: 403 });
        expect(post.body).toEqual({ ok: false, message: "Owners only." });
      }
    }
  });

  it("lets into the owner group's routes a business's owners only, never a buyer, staff acting for it or a driver", async () => {
    const owners = ROUTES.filter((r) => r.group === "owner");
    expect(owners.map((r) => r.path).sort()).toEqual([
      "/account/approvals",
      "/account/business/certificates/new",
      "/account/statement",
      "/account/statement.pdf",
      "/account/team",
    ]);
    for (const route of owners) {
      expect(route.declared).toBe("owner");
      const module = (await import(/* @vite-ignore */ `../../${route.file}`)) as { handle?: RouteHandle };
      // Each says, in its own words, why someone else may not use it.
      expect(module.handle?.refusal, route.file).toBeTruthy();
      const handles = [{ access: GROUP_ACCESS.owner }, module.handle];
      for (const method of ["GET", "POST"]) {
        expect((await through("owner", VIEWERS.owner, { method, handles })).reached).toBe(true);
        for (const who of ["buyer", "rep acting for a business", "admin acting for a business", "driver", "admin"]) {
          const answer = await through("owner", VIEWERS[who as Who], { method, handles });
          expect(answer.reached, `${who} ${method} ${route.path}`).toBe(false);
          if (method === "GET") expect(answer).toMatchObject({ status: 302, location: "/account" });
          else expect(answer).toMatchObject({ status: 403, body: { ok: false, message: module.handle?.refusal } });
        }
      }
    }
  });

  it("leaves no owner check to a route: owners are the owner group's", () => {
    const routeFiles = fs
      .readdirSync("app/routes", { recursive: true, encoding: "utf8" })
      .filter((f) => /\.tsx?$/.test(f));
    const inline = routeFiles.filter((f) =>
      /memberRole\s*[!=]==\s*"owner"/.test(fs.readFileSync(path.join("app/routes", f), "utf8")),
    );
    expect(inline).toEqual([]);
  });

  it("looks the viewer up once: a lookup the server already made is used, not repeated", async () => {
    const known = Promise.resolve(viewer({ name: "Known" }));
    // A session cookie that no database knows: a lookup of its own would find no one.
    const request = new Request("http://s.test/", { headers: { cookie: "store.session_token=forged" } });
    expect(await getViewer(request, known)).toMatchObject({ name: "Known" });
    expect(getViewer(request)).toBe(getViewer(request));
  });
});

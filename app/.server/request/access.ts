import { data, type MiddlewareFunction, redirect } from "react-router";
import * as MESSAGES from "~/lib/messages";
import type { Access } from "~/lib/route-policy";
import {
  canBuy,
  isBusinessOwner,
  isDriver,
  loginUrl,
  safeRedirectPath,
  staffRoleOf,
  type Viewer,
} from "../accounts/viewer";
import { redirectWithToast } from "../http/toast";
import { requestInfoContext, viewerForAccess } from "./context";

const FORBIDDEN = { ok: false, message: MESSAGES.noAccess } as const;

function isRead(request: Request): boolean {
  return request.method === "GET" || request.method === "HEAD";
}

/**
 * Whether a viewer may use a route of the given access at all: the one rule, read by the group
 * middleware below and by the server before it reads a body (server/app.ts: whoever may not use
 * the route gets the default body cap, however large a body the route declares).
 * A guest route (log in, register) takes posts from anyone: signing in as someone else replaces
 * the session. Who each level lets in is app/lib/route-policy.ts's `Access` (decision 0046).
 */
export function mayUse(access: Access, viewer: Viewer | null): boolean {
  switch (access) {
    case "public":
    case "guest":
      return true;
    case "signed-in":
      return !!viewer;
    case "buyer":
      return canBuy(viewer);
    case "owner":
      return isBusinessOwner(viewer);
    case "rep":
      return staffRoleOf(viewer) !== null;
    case "driver":
      return isDriver(viewer);
    case "admin":
      return viewer?.role === "admin";
  }
}

/**
 * The middleware a group layout exports: enforces the group's access for the loaders and
 * actions of every route under it, before any of them runs.
 * - signed-in, buyer, owner, rep, driver: a visitor is sent to log in (an action also says "You
 *   must be logged in.", since that is a session that ended while a form was open);
 * - buyer: a signed-in customer the store does not sell to (yet) is sent to their account from
 *   pages, and gets 403 from route data and actions;
 * - owner, rep, driver: anyone else signed in is sent to their account from pages and route data
 *   (a navigation in the browser), told the route's `refusal`; a post gets 403 with it;
 * - admin: others are sent home from pages, and get 403 from route data and actions;
 * - guest (log in, register): a signed-in viewer is sent on to where they were going, or to
 *   their account.
 */
export function enforceAccess(access: Access): MiddlewareFunction<Response> {
  return async ({ request, url, context }, next) => {
    const viewer = viewerForAccess(context);
    // Log in and register: a signed-in viewer's page goes on to where they were going.
    if (access === "guest" && viewer && isRead(request)) {
      throw redirect(safeRedirectPath(url.searchParams.get("redirectTo"), "/account"));
    }
    if (mayUse(access, viewer)) return next();
    const info = context.get(requestInfoContext);
    const page = isRead(request) && !info.isDataRequest;
    if (access === "admin") {
      if (page) throw redirect("/");
      throw data(FORBIDDEN, { status: 403 });
    }
    if (!viewer) {
      if (isRead(request)) throw redirect(loginUrl(url));
      throw await redirectWithToast(loginUrl(url), { type: "error", message: MESSAGES.mustBeLoggedIn });
    }
    if (access === "owner" || access === "rep" || access === "driver") {
      // A page or its data: their account, told in the route's words why not (no page can be
      // answered in place from here: nothing above the group has loaded). A post: 403.
      const refusal = info.policy.refusal;
      if (isRead(request)) {
        throw await redirectWithToast("/account", { type: "error", message: refusal ?? MESSAGES.noAccessToPage });
      }
      throw data(refusal ? { ok: false, message: refusal } : FORBIDDEN, { status: 403 });
    }
    // signed-in, buyer: a signed-in customer the store does not sell to (yet): their account, or 403.
    if (page) throw redirect("/account");
    throw data(FORBIDDEN, { status: 403 });
  };
}

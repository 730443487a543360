import { data, type MiddlewareFunction, redirect } from "react-router";
import * as MESSAGES from "~/lib/messages";
import type { Access } from "~/lib/route-policy";
import { canBuy, loginUrl, safeRedirectPath, type Viewer } from "../accounts/viewer";
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
 * the session.
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
    case "admin":
      return viewer?.role === "admin";
  }
}

/**
 * The middleware a group layout exports: enforces the group's access for the loaders and
 * actions of every route under it, before any of them runs.
 * - signed-in / buyer: a visitor is sent to log in (an action also says "You must be logged in.",
 *   since that is a session that ended while a form was open);
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
    const page = isRead(request) && !context.get(requestInfoContext).isDataRequest;
    if (access === "admin") {
      if (page) throw redirect("/");
      throw data(FORBIDDEN, { status: 403 });
    }
    // signed-in, buyer
    if (!viewer) {
      if (isRead(request)) throw redirect(loginUrl(url));
      throw await redirectWithToast(loginUrl(url), { type: "error", message: MESSAGES.mustBeLoggedIn });
    }
    // A signed-in customer the store does not sell to (yet): their account, or 403.
    if (page) throw redirect("/account");
    throw data(FORBIDDEN, { status: 403 });
  };
}

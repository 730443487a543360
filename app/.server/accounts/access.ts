import { data, type MiddlewareFunction, redirect } from "react-router";
import * as MESSAGES from "~/lib/messages";
import type { Access } from "~/lib/route-policy";
import { requestInfoContext, viewerOf } from "../request-context";
import { redirectWithToast } from "../toast";
import { canBuy, loginUrl, safeRedirectPath } from "./viewer";

const FORBIDDEN = { ok: false, message: MESSAGES.noAccess } as const;

function isRead(request: Request): boolean {
  return request.method === "GET" || request.method === "HEAD";
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
    const viewer = viewerOf(context);
    switch (access) {
      case "public":
        break;
      case "guest":
        // Posts still reach the action: signing in as someone else replaces the session.
        if (viewer && isRead(request)) {
          throw redirect(safeRedirectPath(url.searchParams.get("redirectTo"), "/account"));
        }
        break;
      case "signed-in":
      case "buyer":
        if (!viewer) {
          if (isRead(request)) throw redirect(loginUrl(url));
          throw await redirectWithToast(loginUrl(url), { type: "error", message: MESSAGES.mustBeLoggedIn });
        }
        if (access === "buyer" && !canBuy(viewer)) {
          if (isRead(request) && !context.get(requestInfoContext).isDataRequest) throw redirect("/account");
          throw data(FORBIDDEN, { status: 403 });
        }
        break;
      case "admin":
        if (viewer?.role !== "admin") {
          if (isRead(request) && !context.get(requestInfoContext).isDataRequest) throw redirect("/");
          throw data(FORBIDDEN, { status: 403 });
        }
        break;
    }
    return next();
  };
}

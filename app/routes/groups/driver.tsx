import { Outlet } from "react-router";
import { enforceAccess } from "~/.server/request/access";
import { GROUP_ACCESS, type RouteHandle } from "~/lib/route-policy";
import type { Route } from "./+types/driver";

/**
 * The driver group: the delivery drivers' pages (a later issue's; none yet). Every route under it
 * is used as GROUP_ACCESS.driver says (app/lib/route-policy.ts).
 */
export const handle: RouteHandle = { access: GROUP_ACCESS.driver };

export const middleware: Route.MiddlewareFunction[] = [enforceAccess(GROUP_ACCESS.driver)];

export default function Group() {
  return <Outlet />;
}

import { Outlet } from "react-router";
import { enforceAccess } from "~/.server/request/access";
import { GROUP_ACCESS, type RouteHandle } from "~/lib/route-policy";
import type { Route } from "./+types/rep";

/**
 * The rep group: sales staff's pages (choosing the business to order for). Every route under it
 * is used as GROUP_ACCESS.rep says (app/lib/route-policy.ts).
 */
export const handle: RouteHandle = { access: GROUP_ACCESS.rep };

export const middleware: Route.MiddlewareFunction[] = [enforceAccess(GROUP_ACCESS.rep)];

export default function Group() {
  return <Outlet />;
}

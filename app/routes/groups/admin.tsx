import { Outlet } from "react-router";
import { enforceAccess } from "~/.server/request/access";
import { GROUP_ACCESS, type RouteHandle } from "~/lib/route-policy";
import type { Route } from "./+types/admin";

/** The admin group: every route under it is used as GROUP_ACCESS.admin says (app/lib/route-policy.ts). */
export const handle: RouteHandle = { access: GROUP_ACCESS.admin };

export const middleware: Route.MiddlewareFunction[] = [enforceAccess(GROUP_ACCESS.admin)];

export default function Group() {
  return <Outlet />;
}

import { Outlet } from "react-router";
import { enforceAccess } from "~/.server/request/access";
import { GROUP_ACCESS, type RouteHandle } from "~/lib/route-policy";
import type { Route } from "./+types/store";

/** The store group: every route under it is used as GROUP_ACCESS.store says (app/lib/route-policy.ts). */
export const handle: RouteHandle = { access: GROUP_ACCESS.store };

export const middleware: Route.MiddlewareFunction[] = [enforceAccess(GROUP_ACCESS.store)];

export default function Group() {
  return <Outlet />;
}

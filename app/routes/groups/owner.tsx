import { Outlet } from "react-router";
import { enforceAccess } from "~/.server/request/access";
import { GROUP_ACCESS, type RouteHandle } from "~/lib/route-policy";
import type { Route } from "./+types/owner";

/**
 * The owner group: the business's pages only its owners use (team, approvals, statement). Every
 * route under it is used as GROUP_ACCESS.owner says (app/lib/route-policy.ts); a signed-in person
 * who is not an owner is sent to their account and told the route's `refusal` (decision 0046).
 */
export const handle: RouteHandle = { access: GROUP_ACCESS.owner };

export const middleware: Route.MiddlewareFunction[] = [enforceAccess(GROUP_ACCESS.owner)];

export default function Group() {
  return <Outlet />;
}

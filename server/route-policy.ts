import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { policyOf, type RouteHandle, type RoutePolicy } from "~/lib/route-policy";

/**
 * The server's reading of the declared route policy (app/lib/route-policy.ts): for a request
 * path, which route answers it and what its group and module declared. Used before React Router
 * runs: body limits, the visitor page cache and the policy handed to the root middleware all come
 * from here, so a route's declaration is the only thing to edit.
 */
interface PolicyRoute {
  id: string;
  path?: string | undefined;
  index?: boolean;
  caseSensitive?: boolean | undefined;
  handle?: RouteHandle | undefined;
  children?: PolicyRoute[];
}

function routeTree(build: ServerBuild): PolicyRoute[] {
  const byParent = new Map<string | undefined, PolicyRoute[]>();
  for (const r of Object.values(build.routes)) {
    if (!r) continue;
    const node: PolicyRoute = {
      id: r.id,
      ...(r.index ? { index: true } : { path: r.path }),
      caseSensitive: r.caseSensitive,
      handle: (r.module as { handle?: RouteHandle }).handle,
    };
    const siblings = byParent.get(r.parentId) ?? [];
    siblings.push(node);
    byParent.set(r.parentId, siblings);
  }
  const attach = (nodes: PolicyRoute[]): PolicyRoute[] =>
    nodes.map((n) => {
      const children = byParent.get(n.id);
      return children && !n.index ? { ...n, children: attach(children) } : n;
    });
  return attach(byParent.get(undefined) ?? []);
}

/**
 * The path React Router will see for a request URL: WHATWG-normalized (so "/admin/%2e%2e/contact"
 * is "/contact", as it is for React Router's own Request), without the suffix of route data
 * requests, the way React Router 8 strips it: "/_.data" is the data of "/", "/orders/_.data" of
 * "/orders/", "/orders.data" of "/orders" (and "/_root.data", React Router 7's name for the root's
 * data, is the path "/_root", which no route has).
 */
export function routePathOf(rawUrl: string): string {
  let pathname: string;
  try {
    pathname = new URL(rawUrl, "http://internal.invalid").pathname;
  } catch {
    return "/";
  }
  if (pathname.endsWith("/_.data")) return pathname.slice(0, -"_.data".length);
  return pathname.endsWith(".data") ? pathname.slice(0, -".data".length) || "/" : pathname;
}

export function createRoutePolicy(build: ServerBuild) {
  const tree = routeTree(build);
  const cache = new Map<string, RoutePolicy>();
  return {
    /** The policy of the route that answers `path` (a normalized path, see routePathOf). */
    forPath(path: string): RoutePolicy {
      const known = cache.get(path);
      if (known) return known;
      const matches = matchRoutes(tree as RouteObject[], path) as { route: PolicyRoute }[] | null;
      const policy = policyOf(
        matches?.at(-1)?.route.id ?? null,
        (matches ?? []).map((m) => m.route.handle),
      );
      // Paths are unbounded (product ids, typos): keep a bounded memo of the recent ones.
      if (cache.size > 5000) cache.clear();
      cache.set(path, policy);
      return policy;
    },
  };
}

export type RoutePolicyTable = ReturnType<typeof createRoutePolicy>;

/**
 * Route policy, declared once. Every route of app/routes.ts sits in a group (a pathless layout
 * under app/routes/groups/, or the admin layout) whose middleware enforces the group's access for
 * the loaders and actions of every child. A route module adds what only it knows through its
 * `handle` (for example `export const handle: RouteHandle = { visitorCache: { query: ["cursor"] } }`).
 * The server reads the same declarations to decide caching and body limits (server/route-policy.ts),
 * and the authorization matrix test reads them to find every route.
 */
export type Access =
  /** Anyone. */
  | "public"
  /** Log in and register: a signed-in viewer is sent on. */
  | "guest"
  /** A signed-in, verified account (or an admin). */
  | "signed-in"
  /** A signed-in account that may see prices and order. */
  | "buyer"
  /** Admins only: pages answer others with a redirect to "/", data and actions with 403. */
  | "admin";

export type GroupName = "store" | "guest" | "account" | "buyer" | "admin";

/** The access of each group: the one table that says who may use what. */
export const GROUP_ACCESS: Record<GroupName, Access> = {
  store: "public",
  guest: "guest",
  account: "signed-in",
  buyer: "buyer",
  admin: "admin",
};

export interface RouteHandle {
  /** Set by the group layouts only. */
  access?: Access;
  /**
   * Opt-in: a visitor's answer to GET may be stored and served to every visitor. Only the query
   * parameters named here are kept (in the cache key and in the URL the page is rendered from).
   */
  visitorCache?: { query: readonly string[] };
  /** Largest request body the route's actions accept. */
  bodyLimitBytes?: number;
  /** Most fields a form posted to the route may have. */
  maxFields?: number;
  /** Opt-in: the route's answers may be shown in a frame by the store's own pages (never others'). */
  framedBy?: "self";
}

export interface RoutePolicy {
  /** The matched leaf route's id, or null when nothing matched. */
  routeId: string | null;
  access: Access;
  visitorCache: { query: readonly string[] } | null;
  bodyLimitBytes: number;
  maxFields: number;
  /** Whether the store's own pages may frame the answer (every other answer refuses framing). */
  framedBySelf: boolean;
}

export const MB = 1024 * 1024;
export const DEFAULT_BODY_LIMIT = 1 * MB;
export const DEFAULT_MAX_FIELDS = 200;

/** The policy of a match: each route down the branch may add to or narrow what its parent said. */
export function policyOf(routeId: string | null, handles: readonly (RouteHandle | undefined)[]): RoutePolicy {
  const policy: RoutePolicy = {
    routeId,
    access: "public",
    visitorCache: null,
    bodyLimitBytes: DEFAULT_BODY_LIMIT,
    maxFields: DEFAULT_MAX_FIELDS,
    framedBySelf: false,
  };
  for (const handle of handles) {
    if (!handle) continue;
    if (handle.access) policy.access = handle.access;
    if (handle.bodyLimitBytes) policy.bodyLimitBytes = handle.bodyLimitBytes;
    if (handle.maxFields) policy.maxFields = handle.maxFields;
  }
  // Caching is decided by the page itself, and only a public page may be shared.
  const leaf = handles.at(-1);
  if (leaf?.visitorCache && policy.access === "public") policy.visitorCache = leaf.visitorCache;
  policy.framedBySelf = leaf?.framedBy === "self";
  return policy;
}

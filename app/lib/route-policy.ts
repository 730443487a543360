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
  /**
   * An owner of a business: a signed-in customer whose role in it is owner (decision 0046). A
   * business's buyers, and a rep or an admin acting for it (its buyers for the request), are not;
   * nor is an admin acting for no one (their own account has no business). Others signed in get
   * sent to their account from pages and route data, told the route's `refusal`; posts get 403.
   */
  | "owner"
  /**
   * Sales staff: a sales rep, or an admin (who takes phone orders as a rep does), whether acting
   * for a business or not (choosing one, stopping). Others signed in: as for `owner`.
   */
  | "rep"
  /** A delivery driver, or an admin acting for no business. Others signed in: as for `owner`. */
  | "driver"
  /** Admins only: pages answer others with a redirect to "/", data and actions with 403. */
  | "admin";

export type GroupName = "store" | "guest" | "account" | "buyer" | "owner" | "rep" | "driver" | "admin";

/** The access of each group: the one table that says who may use what. */
export const GROUP_ACCESS: Record<GroupName, Access> = {
  store: "public",
  guest: "guest",
  account: "signed-in",
  buyer: "buyer",
  owner: "owner",
  rep: "rep",
  driver: "driver",
  admin: "admin",
};

/** Every access level, in the order the groups above widen and narrow (tests walk them all). */
export const ACCESS_LEVELS = [
  "public",
  "guest",
  "signed-in",
  "buyer",
  "owner",
  "rep",
  "driver",
  "admin",
] as const satisfies readonly Access[];

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
  /**
   * Opt-in: the page may use the camera (quick order's barcode scanner, issue 38): its answers let
   * the store's own scripts ask for it, and compile the barcode decoder's WebAssembly.
   */
  camera?: true;
  /**
   * Opt-in: the page may ask for the phone's position (the driver's stop, issue 40: where proof of
   * delivery was taken, when the driver allows it). Every other page keeps geolocation=().
   */
  geolocation?: true;
  /**
   * Why a signed-in person the group turns away may not use the route, in the page's own words
   * (owner, rep and driver groups): they are sent to their account and read it there.
   */
  refusal?: string;
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
  /** Whether the page may use the camera and compile WebAssembly (its handle's `camera`). */
  camera: boolean;
  /** Whether the page may ask for the position (its handle's `geolocation`). */
  geolocation: boolean;
  /** The leaf route's `refusal`, if it declared one. */
  refusal: string | null;
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
    camera: false,
    geolocation: false,
    refusal: null,
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
  policy.camera = leaf?.camera === true;
  policy.geolocation = leaf?.geolocation === true;
  policy.refusal = leaf?.refusal ?? null;
  return policy;
}

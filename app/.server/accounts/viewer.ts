import { data, redirect } from "react-router";
import { getAuth } from "./auth";

export type Role = "admin" | "customer";

/** Who is making a request, as the rest of the app needs to know it. */
export interface Viewer {
  id: string;
  name: string;
  email: string;
  username: string | null;
  role: Role;
  emailVerified: boolean;
}

export const SESSION_COOKIE = "store.session_token";

const viewers = new WeakMap<Request, Promise<Viewer | null>>();

function hasSessionCookie(request: Request): boolean {
  const cookie = request.headers.get("cookie");
  return !!cookie && cookie.includes(SESSION_COOKIE);
}

async function loadViewer(request: Request): Promise<Viewer | null> {
  if (!hasSessionCookie(request)) return null;
  const session = await getAuth().api.getSession({ headers: request.headers });
  if (!session) return null;
  const u = session.user;
  // Only verified customers (and admins) are signed in: a session of an unverified customer
  // (made before verification was withdrawn, say) counts as no session at all.
  if (!u.emailVerified && u.role !== "admin") return null;
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    username: u.displayUsername ?? u.username ?? null,
    role: u.role === "admin" ? "admin" : "customer",
    emailVerified: !!u.emailVerified,
  };
}

/** The signed-in viewer, or null for a visitor. Looked up once per request. */
export function getViewer(request: Request): Promise<Viewer | null> {
  let pending = viewers.get(request);
  if (!pending) {
    pending = loadViewer(request);
    viewers.set(request, pending);
  }
  return pending;
}

/** Prices are for signed-in buyers with a verified email, and for admins. */
export function canSeePrices(viewer: Viewer | null): boolean {
  return !!viewer && (viewer.emailVerified || viewer.role === "admin");
}

/** Only same-origin paths are accepted as return addresses; anything else means "/". */
export function safeRedirectPath(value: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof value !== "string") return fallback;
  const v = value.trim();
  if (!v.startsWith("/") || v.startsWith("//") || v.startsWith("/\\") || [...v].some((c) => c.charCodeAt(0) < 32))
    return fallback;
  try {
    const parsed = new URL(v, "http://internal.invalid");
    if (parsed.origin !== "http://internal.invalid") return fallback;
    return `${parsed.pathname}${parsed.search}${parsed.hash}`;
  } catch {
    return fallback;
  }
}

export function loginRedirect(request: Request): Response {
  const url = new URL(request.url);
  const back = safeRedirectPath(`${url.pathname.replace(/\.data$/, "")}${url.search}`);
  const params = new URLSearchParams({ redirectTo: back });
  return redirect(`/login?${params.toString()}`);
}

/** The signed-in viewer, or a redirect to /login carrying this page as the return address. */
export async function requireViewer(request: Request): Promise<Viewer> {
  const viewer = await getViewer(request);
  if (!viewer) throw loginRedirect(request);
  return viewer;
}

/**
 * An admin viewer. Pages answer anyone else with a redirect to "/", route data requests
 * and actions with 403.
 */
export async function requireAdmin(request: Request, options: { isDataRequest: boolean }): Promise<Viewer> {
  const viewer = await getViewer(request);
  if (viewer?.role === "admin") return viewer;
  if (request.method !== "GET" && request.method !== "HEAD") throw data({ error: "Forbidden" }, { status: 403 });
  if (options.isDataRequest) throw data({ error: "Forbidden" }, { status: 403 });
  throw redirect("/");
}

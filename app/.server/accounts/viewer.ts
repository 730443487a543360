import { parseCookies } from "better-auth/cookies";
import { LRUCache } from "lru-cache";
import { businessDisplayName } from "~/lib/business";
import { getDb } from "../db/instance";
import { accountsVersion } from "../db/versions";
import { env } from "../runtime/env";
import { getAuth } from "./auth";

/**
 * What a signed-in person may do: a customer buys for their business; a sales rep buys only while
 * acting for one of their businesses; a driver delivers (issue 37 declares the role; their pages
 * come later) and buys nothing; an admin runs the store. A rep or admin acting for a business is a
 * "customer" of that business for the request (see actingFor).
 */
export type Role = "admin" | "customer" | "rep" | "driver";

/** The roles a users row may hold, as its `role` column spells them. */
export function roleOf(stored: string | null | undefined): Role {
  return stored === "admin" || stored === "rep" || stored === "driver" ? stored : "customer";
}

/** Who is making a request, as the rest of the app needs to know it. */
export interface Viewer {
  id: string;
  name: string;
  email: string;
  username: string | null;
  role: Role;
  emailVerified: boolean;
  /**
   * Whether the store sells to this account: always, unless ACCOUNT_APPROVAL=manual, where a
   * customer's business must have been approved by an admin.
   */
  approved: boolean;
  /**
   * The account the person acts for: the key of their business (decision 0032). Addresses,
   * licenses, the price group and orders belong to it. For a one-person business, and for an
   * admin, it is the person's own id.
   */
  accountId: string;
  /** Their role in that business: an owner manages it, a buyer orders. Null for an admin. */
  memberRole: "owner" | "buyer" | null;
  /** A buyer's spending limit per order, in cents, or null for none. */
  orderLimitCents: number | null;
  /**
   * The business a sales rep or an admin acts for (decision 0033), or null. While set, the viewer
   * is that business's customer: its account, prices, rules and addresses, never the back office.
   */
  actingFor: { businessId: string; businessName: string; staffRole: "rep" | "admin" } | null;
}

const viewers = new WeakMap<Request, Promise<Viewer | null>>();

/**
 * Whether a Cookie header may carry a session, however a client spells it: "session" anywhere
 * in it, in any case. Cookie parsers are lenient (better-auth trims whitespace and tabs around a
 * name, accepts `;` without a space, unquotes values), so no stricter reading of the header is
 * safe. This is the one gate before a session is looked up: a request it says no to is a
 * visitor, and the shared visitor cache (server/visitor-cache.ts) asks it the same question.
 */
export function mayCarrySession(cookieHeader: string | null | undefined): boolean {
  return !!cookieHeader && /session/i.test(cookieHeader);
}

/**
 * Whether a Cookie header may carry a message for one page view only: a flash message (toast) or
 * an addition to hand to the browser cart. Such a request is answered by the app, which takes the
 * cookie away; never from a cache.
 */
export function mayCarryOneTimeCookie(cookieHeader: string | null | undefined): boolean {
  return !!cookieHeader && /toast|cart-add/i.test(cookieHeader);
}

/**
 * Whether a Cookie header may carry anything personal: a session, or a one-time message. Such a
 * request is never answered from, nor stored in, the cache of pages for visitors.
 */
export function mayCarryPersonalCookie(cookieHeader: string | null | undefined): boolean {
  return mayCarrySession(cookieHeader) || mayCarryOneTimeCookie(cookieHeader);
}

/**
 * Sessions already looked up, by the session cookies as better-auth itself reads them: what they
 * stood for, under which value of the 'accounts' counter (db/versions.ts), until when. Any change
 * to a user, a session, a business's approval, a price group's members, an address or a license
 * moves that counter (triggers, migration 0020), so a remembered answer is used only while none
 * of those changed anywhere, and for a minute at most (better-auth extends a session's life when
 * it is read; a minute keeps that going). Bounded, forged cookies included.
 */
interface Remembered {
  viewer: Viewer | null;
  accounts: number;
  until: number;
}
const MEMO_MS = 60_000;
const remembered = new LRUCache<string, Remembered>({
  max: 20_000,
  maxSize: 8 * 1024 * 1024,
  sizeCalculation: (_value, key) => key.length + 200,
});

/** The session cookies of a header exactly as the session reader sees them (name and value). */
function sessionCookiesKey(cookieHeader: string): string | null {
  const found: string[] = [];
  for (const [name, value] of parseCookies(cookieHeader)) {
    if (/session/i.test(name)) found.push(`${name}=${value}`);
  }
  return found.length ? found.sort().join("\n") : null;
}

/**
 * The viewer a request's headers (its session cookie) stand for. The one lookup: getViewer() uses
 * it for React Router's requests, the server (server/app.ts) for a Node request whose body cap
 * depends on who sends it, and the shared page cache to know whose audience a page is for.
 * `accounts` is the 'accounts' counter when the caller has read it already.
 */
export async function viewerFromHeaders(headers: Headers, accounts?: number): Promise<Viewer | null> {
  return viewerFromCookie(headers.get("cookie"), accounts, headers);
}

/**
 * viewerFromHeaders for a request's Cookie header alone (the page cache's every signed-in hit):
 * the request's headers are only built when the session must really be read.
 */
export async function viewerFromCookie(
  cookie: string | null | undefined,
  accounts?: number,
  headers?: Headers,
): Promise<Viewer | null> {
  if (!mayCarrySession(cookie)) return null;
  const asked = () => headers ?? new Headers({ cookie: cookie ?? "" });
  const key = sessionCookiesKey(cookie ?? "");
  if (!key) return lookUpViewer(asked()).then((found) => found.viewer);
  const db = getDb();
  const version = accounts ?? (await accountsVersion(db));
  const now = Date.now();
  const known = remembered.get(key);
  if (known && known.accounts === version && known.until > now) return known.viewer;
  const found = await lookUpViewer(asked());
  // A change that committed while the session was read must not be remembered under the older value.
  if ((await accountsVersion(db)) === version) {
    remembered.set(key, { viewer: found.viewer, accounts: version, until: Math.min(now + MEMO_MS, found.expiresAt) });
  }
  return found.viewer;
}

export function forgetViewersForTests(): void {
  remembered.clear();
}

async function lookUpViewer(headers: Headers): Promise<{ viewer: Viewer | null; expiresAt: number }> {
  const session = await getAuth().api.getSession({ headers });
  const none = { viewer: null, expiresAt: Number.POSITIVE_INFINITY };
  if (!session) return none;
  const u = session.user;
  // Only verified customers (and admins) are signed in: a session of an unverified customer
  // (made before verification was withdrawn, say) counts as no session at all.
  if (!u.emailVerified && u.role !== "admin") return none;
  const role = roleOf(u.role);
  if (role === "admin" || role === "rep") {
    const acting = await actingOf(u.id, role);
    if (acting) {
      return {
        viewer: {
          id: u.id,
          name: u.name,
          email: u.email,
          username: u.displayUsername ?? u.username ?? null,
          role: "customer",
          emailVerified: true,
          approved: env().ACCOUNT_APPROVAL === "automatic" || acting.approval === "approved",
          accountId: acting.businessId,
          memberRole: "buyer",
          orderLimitCents: null,
          actingFor: { businessId: acting.businessId, businessName: acting.businessName, staffRole: role },
        },
        expiresAt: new Date(session.session.expiresAt).getTime(),
      };
    }
  }
  const membership = role === "customer" ? await membershipOf(u.id) : null;
  return {
    viewer: {
      id: u.id,
      name: u.name,
      email: u.email,
      username: u.displayUsername ?? u.username ?? null,
      role,
      emailVerified: !!u.emailVerified,
      // A rep not acting for a business buys nothing and sees no prices.
      approved:
        role === "admin" ||
        (role === "customer" && (env().ACCOUNT_APPROVAL === "automatic" || membership?.approval === "approved")),
      accountId: membership?.businessId ?? u.id,
      memberRole: role === "customer" ? (membership?.role ?? "owner") : null,
      orderLimitCents: membership?.role === "buyer" ? membership.orderLimitCents : null,
      actingFor: null,
    },
    expiresAt: new Date(session.session.expiresAt).getTime(),
  };
}

/**
 * The business a rep or an admin acts for, if any: a rep only for a business still assigned to
 * them (the join), so an assignment removed ends the acting on the next request.
 */
async function actingOf(userId: string, role: "admin" | "rep") {
  let q = getDb()
    .selectFrom("acting_for")
    .innerJoin("businesses", "businesses.user_id", "acting_for.business_id")
    .select([
      "acting_for.business_id as businessId",
      "businesses.legal_name as legalName",
      "businesses.dba as dba",
      "businesses.approval as approval",
    ])
    .where("acting_for.user_id", "=", userId);
  if (role === "rep") {
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom("rep_assignments")
          .select("rep_assignments.rep_id")
          .whereRef("rep_assignments.business_id", "=", "acting_for.business_id")
          .where("rep_assignments.rep_id", "=", userId),
      ),
    );
  }
  const row = await q.executeTakeFirst();
  return row ? { businessId: row.businessId, businessName: businessDisplayName(row), approval: row.approval } : null;
}

/**
 * The business a customer belongs to, their role and limit, and the business's approval. A
 * customer with no membership (registered before a business profile existed, or removed from a
 * team) stands for an account of their own: their own id, as owner (decision 0032).
 */
async function membershipOf(userId: string) {
  const db = getDb();
  const member = await db
    .selectFrom("business_members")
    .innerJoin("businesses", "businesses.user_id", "business_members.business_id")
    .select([
      "business_members.business_id as businessId",
      "business_members.role as role",
      "business_members.order_limit_cents as orderLimitCents",
      "businesses.approval as approval",
    ])
    .where("business_members.user_id", "=", userId)
    .executeTakeFirst();
  if (member) return member;
  const own = await db.selectFrom("businesses").select("approval").where("user_id", "=", userId).executeTakeFirst();
  return own ? { businessId: userId, role: "owner" as const, orderLimitCents: null, approval: own.approval } : null;
}

/**
 * The signed-in viewer, or null for a visitor. Looked up once per request: `known` is the lookup
 * the server already made for this request (RequestInfo.viewer), used instead of a second one.
 */
export function getViewer(request: Request, known?: Promise<Viewer | null>): Promise<Viewer | null> {
  let pending = viewers.get(request);
  if (!pending) {
    pending = known ?? viewerFromHeaders(request.headers);
    viewers.set(request, pending);
  }
  return pending;
}

/**
 * Prices are for signed-in buyers with a verified email whose business the store sells to
 * (always, unless ACCOUNT_APPROVAL=manual), and for admins.
 */
export function canSeePrices(viewer: Viewer | null): boolean {
  return !!viewer && (viewer.role === "admin" || (viewer.emailVerified && viewer.approved));
}

/** A signed-in customer who may not see prices yet: their business waits for approval. */
export function awaitsApproval(viewer: Viewer | null): boolean {
  return !!viewer && viewer.role === "customer" && viewer.emailVerified && !viewer.approved;
}

/** Whether the viewer may keep a cart checked by the server and place orders. */
export function canBuy(viewer: Viewer | null): boolean {
  return canSeePrices(viewer);
}

/**
 * An owner of the business the viewer belongs to (the owner access level, decision 0046): a
 * customer whose role in it is owner. A rep or an admin acting for a business is its buyer for
 * the request, and an admin acting for no one has no business: neither is an owner.
 */
export function isBusinessOwner(viewer: Viewer | null): boolean {
  return viewer?.role === "customer" && viewer.memberRole === "owner";
}

/**
 * How the viewer works as sales staff (the rep access level): as a sales rep or as an admin,
 * whether acting for a business now or not; null for anyone else.
 */
export function staffRoleOf(viewer: Viewer | null): "rep" | "admin" | null {
  if (!viewer) return null;
  if (viewer.actingFor) return viewer.actingFor.staffRole;
  return viewer.role === "rep" || viewer.role === "admin" ? viewer.role : null;
}

/** A delivery driver, or an admin acting for no business (the driver access level). */
export function isDriver(viewer: Viewer | null): boolean {
  return viewer?.role === "driver" || viewer?.role === "admin";
}

/**
 * A return address (`redirectTo`) made safe: only a path of this store comes back, anything
 * else is `fallback`. The value returned is the one checked (normalized first, then checked
 * again), so "/.//evil.example" or "/%2e%2e//x" cannot turn into "//evil.example".
 */
export function safeRedirectPath(value: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof value !== "string") return fallback;
  const v = value.trim();
  if (!isSafeLocalPath(v)) return fallback;
  let normalized: string;
  try {
    const parsed = new URL(v, "http://internal.invalid");
    if (parsed.origin !== "http://internal.invalid") return fallback;
    normalized = `${parsed.pathname}${parsed.search}${parsed.hash}`;
  } catch {
    return fallback;
  }
  if (!isSafeLocalPath(normalized)) return fallback;
  // What a browser makes of the final value must still be this store.
  try {
    if (new URL(normalized, "http://internal.invalid").origin !== "http://internal.invalid") return fallback;
  } catch {
    return fallback;
  }
  return normalized;
}

function isSafeLocalPath(v: string): boolean {
  if (!v.startsWith("/") || v.startsWith("//") || v.startsWith("/\\")) return false;
  for (const c of v) {
    const code = c.charCodeAt(0);
    if (code < 32 || code === 127 || c === "\\") return false;
  }
  return true;
}

/**
 * The log-in page, with the page a request was for as its return address (`url` is React
 * Router's normalized URL: no `.data` suffix or `_routes` parameter).
 */
export function loginUrl(url: URL): string {
  return `/login?${new URLSearchParams({ redirectTo: safeRedirectPath(`${url.pathname}${url.search}`) }).toString()}`;
}

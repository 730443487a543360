import "./env";
import crypto from "node:crypto";
import { getAuth } from "../../../app/.server/accounts/auth";
import { sessionSecret } from "../../../app/.server/security/secret";

/** The test server's address (cookies are set for its host). */
const ORIGIN = new URL(process.env.BASE_URL as string);
export const SESSION_COOKIE_NAME = "store.session_token";

/**
 * A better-auth session for `userId`, made in the test server's database with better-auth's own
 * adapter, and the signed cookie that carries it (what a successful log in would have set).
 */
export async function sessionCookieFor(userId: string) {
  const ctx = await getAuth().$context;
  const session = await ctx.internalAdapter.createSession(userId);
  if (!session) throw new Error(`no session made for ${userId}`);
  return {
    name: SESSION_COOKIE_NAME,
    value: signed(session.token, sessionSecret()),
    domain: ORIGIN.hostname,
    path: "/",
    httpOnly: true,
    sameSite: "Lax" as const,
    expires: Math.floor(new Date(session.expiresAt).getTime() / 1000),
  };
}

/** How better-auth (better-call) signs a cookie: the value, a dot, its HMAC-SHA256 in base64. */
function signed(value: string, secret: string): string {
  const signature = crypto.createHmac("sha256", secret).update(value).digest("base64");
  return encodeURIComponent(`${value}.${signature}`);
}

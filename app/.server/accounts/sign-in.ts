import type { Kysely } from "kysely";
import * as MESSAGES from "~/lib/messages";
import type { DB } from "../db/schema";
import { enqueueJob } from "../jobs/enqueue";
import { defineJob } from "../jobs/registry";
import { clearRateLimit, hitRateLimit, TOO_MANY_ATTEMPTS } from "../security/rate-limit";
import { getAuth } from "./auth";
import { AccountError, UnverifiedEmailError } from "./errors";
import { limits } from "./limits";
import { isDisabled } from "./user-admin";
import { findUserByEmail, findUserByUsername } from "./users";

export interface SignInResult {
  /** Set-Cookie headers that start the session. */
  headers: Headers;
}

/**
 * Signs in with an email, or a username when the input has no '@'. An unverified customer
 * is refused after the password check and left signed out; admins may sign in unverified.
 */
export async function signIn(
  db: Kysely<DB>,
  input: { identifier: string; password: string },
  request: Request,
  clientIp: string,
): Promise<SignInResult> {
  const identifier = input.identifier.trim().toLowerCase();
  const byEmail = identifier.includes("@");
  const user = byEmail ? await findUserByEmail(db, identifier) : await findUserByUsername(db, identifier);
  // Guesses count against the account, however it is named (email or username).
  const accountKey = user ? `user:${user.id}` : `unknown:${identifier}`;
  const [perAddress, perAccount] = await Promise.all([
    hitRateLimit(db, limits.signInPerAddress, clientIp),
    hitRateLimit(db, limits.signInPerAccount, accountKey),
  ]);
  if (!perAddress.allowed || !perAccount.allowed) throw new AccountError(TOO_MANY_ATTEMPTS, "form", 429);

  if (!byEmail && !user) throw new AccountError(MESSAGES.usernameNotFound, "identifier");
  const email = user?.email ?? identifier;

  const auth = getAuth();
  const signInEmail = () =>
    auth.api.signInEmail({
      body: { email, password: input.password, rememberMe: true },
      headers: request.headers,
      returnHeaders: true,
    });
  let result: Awaited<ReturnType<typeof signInEmail>>;
  try {
    result = await signInEmail();
  } catch {
    throw new AccountError(MESSAGES.invalidCredentials);
  }

  const signedIn = await findUserByEmail(db, email);
  if (!signedIn || (!signedIn.emailVerified && signedIn.role !== "admin")) {
    const ctx = await auth.$context;
    await ctx.internalAdapter.deleteSession(result.response.token);
    throw new UnverifiedEmailError(MESSAGES.verifyBeforeLogin);
  }
  // A disabled account is told so, only once the password has proved who is asking.
  if (await isDisabled(db, signedIn.id)) {
    const ctx = await auth.$context;
    await ctx.internalAdapter.deleteSession(result.response.token);
    throw new AccountError(MESSAGES.accountDisabled, "form", 403);
  }
  await clearRateLimit(db, limits.signInPerAccount, accountKey);
  const headers = new Headers();
  for (const cookie of result.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  return { headers };
}

/** Ends the session on the server and returns the headers that clear the cookie. */
export async function signOut(request: Request): Promise<Headers> {
  const headers = new Headers();
  try {
    const result = await getAuth().api.signOut({ headers: request.headers, returnHeaders: true });
    for (const cookie of result.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  } catch {
    // No session: nothing to end.
  }
  return headers;
}

export const RESEND_VERIFICATION_JOB = "resend-verification";

/** After the answer: a new verification mail if the address has an account still unverified. */
export const resendVerificationJob = defineJob<{ email: string }>(
  RESEND_VERIFICATION_JOB,
  async ({ email }, { db }) => {
    const user = await findUserByEmail(db, email);
    if (!user || user.emailVerified) return;
    await getAuth().api.sendVerificationEmail({ body: { email } });
  },
);

/**
 * Sends the verification mail again. Same answer, and same work before it, whether or not the
 * address has an account: one resend-verification job is queued and decides after the answer.
 */
export async function resendVerification(db: Kysely<DB>, email: string, clientIp: string): Promise<void> {
  const normalized = email.trim().toLowerCase();
  const [perEmail, perAddress] = await Promise.all([
    hitRateLimit(db, limits.verificationMailPerEmail, normalized),
    hitRateLimit(db, limits.mailPerAddress, clientIp),
  ]);
  if (!perEmail.allowed || !perAddress.allowed) throw new AccountError(TOO_MANY_ATTEMPTS, "form", 429);
  await enqueueJob(db, { name: RESEND_VERIFICATION_JOB, payload: { email: normalized }, maxAttempts: 3 });
}

/** Confirms an email address from the link in the verification mail. */
export async function verifyEmail(token: string): Promise<boolean> {
  try {
    await getAuth().api.verifyEmail({ query: { token } });
    return true;
  } catch {
    return false;
  }
}

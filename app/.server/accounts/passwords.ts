import type { Kysely } from "kysely";
import * as MESSAGES from "~/lib/messages";
import type { DB } from "../db/schema";
import { enqueueJob } from "../jobs/enqueue";
import { defineJob } from "../jobs/registry";
import { hitRateLimit, TOO_MANY_ATTEMPTS } from "../security/rate-limit";
import { getAuth } from "./auth";
import { AccountError, authErrorInfo } from "./errors";
import { limits } from "./limits";
import { findUserByEmail } from "./users";

export const CURRENT_PASSWORD_WRONG = MESSAGES.currentPasswordIncorrect;

export const FORGOT_PASSWORD_JOB = "forgot-password";

/**
 * After the answer: looks the address up and, if it has an account, makes a reset token and
 * queues the mail (better-auth's sendResetPassword, accounts/auth.ts); otherwise does nothing.
 */
export const forgotPasswordJob = defineJob<{ email: string }>(FORGOT_PASSWORD_JOB, async ({ email }, { db }) => {
  if (!(await findUserByEmail(db, email))) return;
  await getAuth().api.requestPasswordReset({ body: { email, redirectTo: "/reset-password" } });
});

/**
 * Sends a reset link if the address has an account. Neither the answer nor its time says
 * which: the request only counts the rate limits and queues one forgot-password job, whatever
 * the address; the job looks the account up and mails it after the answer.
 */
export async function requestPasswordReset(db: Kysely<DB>, email: string, clientIp: string): Promise<void> {
  const normalized = email.trim().toLowerCase();
  const [perEmail, perAddress] = await Promise.all([
    hitRateLimit(db, limits.resetMailPerEmail, normalized),
    hitRateLimit(db, limits.mailPerAddress, clientIp),
  ]);
  if (!perEmail.allowed || !perAddress.allowed) throw new AccountError(TOO_MANY_ATTEMPTS, "form", 429);
  await enqueueJob(db, { name: FORGOT_PASSWORD_JOB, payload: { email: normalized }, maxAttempts: 3 });
}

/**
 * Whether a reset link's token can still set a password (it exists, is unused and has not
 * expired), read the way better-auth's own reset does, so the page can say so before the user
 * types a new password.
 */
export async function resetTokenIsUsable(token: string): Promise<boolean> {
  if (!token || token.length > 500) return false;
  const ctx = await getAuth().$context;
  const row = await ctx.internalAdapter.findVerificationValue(`reset-password:${token}`);
  return !!row && new Date(row.expiresAt) > new Date();
}

/** Sets a new password from a reset link; every session of the account ends. */
export async function resetPassword(token: string, newPassword: string): Promise<void> {
  try {
    await getAuth().api.resetPassword({ body: { token, newPassword } });
  } catch (error) {
    const info = authErrorInfo(error);
    if (info?.code === "INVALID_TOKEN") {
      throw new AccountError(MESSAGES.RESET_LINK_INVALID, "form");
    }
    if (info) throw new AccountError(info.message, info.code.includes("PASSWORD") ? "password" : "form");
    throw error;
  }
}

/**
 * Changes the password after checking the current one, and signs out every other session.
 * Returns the headers of the fresh session cookie.
 */
export async function changePassword(
  db: Kysely<DB>,
  userId: string,
  input: { currentPassword: string; newPassword: string },
  request: Request,
): Promise<Headers> {
  const limit = await hitRateLimit(db, limits.passwordChangePerUser, userId);
  if (!limit.allowed) throw new AccountError(TOO_MANY_ATTEMPTS, "form", 429);
  try {
    const result = await getAuth().api.changePassword({
      body: { currentPassword: input.currentPassword, newPassword: input.newPassword, revokeOtherSessions: true },
      headers: request.headers,
      returnHeaders: true,
    });
    const headers = new Headers();
    for (const cookie of result.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
    return headers;
  } catch (error) {
    const info = authErrorInfo(error);
    if (info?.code === "INVALID_PASSWORD") throw new AccountError(CURRENT_PASSWORD_WRONG, "currentPassword");
    if (info) throw new AccountError(info.message, info.code.includes("PASSWORD") ? "newPassword" : "form");
    throw error;
  }
}

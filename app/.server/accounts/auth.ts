import { betterAuth } from "better-auth";
import { username } from "better-auth/plugins";
import { dialectOf } from "../db/connect";
import { getDb } from "../db/instance";
import { env } from "../runtime/env";
import { sessionSecret } from "../security/secret";
import { enqueueAccountMail, resetPasswordMail, verificationMail } from "./mails";
import { PENDING_REGISTRATION_HOURS } from "./unverified";

export const USERNAME_PATTERN = /^[a-zA-Z0-9_.]+$/;

/**
 * better-auth with its tables in our database (snake_case columns mapped below; the schema
 * itself is created by our migrations). Its HTTP handler is not mounted: every flow goes
 * through our own route actions, which add CSRF checks, rate limits and our messages
 * (docs/decisions/0003-better-auth-behind-our-actions.md).
 */
function createAuth() {
  const e = env();
  const db = getDb();
  return betterAuth({
    appName: e.STORE_NAME,
    baseURL: e.BASE_URL,
    secret: sessionSecret(),
    database: { db, type: dialectOf(db) },
    telemetry: { enabled: false },
    rateLimit: { enabled: false },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      autoSignIn: false,
      requireEmailVerification: false,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      // Queued, never awaited on the mail server (the mail job delivers it), within the
      // recipient's daily share of account mails.
      sendResetPassword: async ({ user, token }) => {
        await enqueueAccountMail(getDb(), "password reset", { to: user.email, ...resetPasswordMail(user.name, token) });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: false,
      // A registration waits for its verification as long as its first link works.
      expiresIn: PENDING_REGISTRATION_HOURS * 60 * 60,
      sendVerificationEmail: async ({ user, token }) => {
        await enqueueAccountMail(getDb(), "verification", { to: user.email, ...verificationMail(user.name, token) });
      },
    },
    session: {
      modelName: "sessions",
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
      fields: {
        expiresAt: "expires_at",
        createdAt: "created_at",
        updatedAt: "updated_at",
        ipAddress: "ip_address",
        userAgent: "user_agent",
        userId: "user_id",
      },
    },
    user: {
      modelName: "users",
      fields: { emailVerified: "email_verified", createdAt: "created_at", updatedAt: "updated_at" },
      additionalFields: {
        role: { type: "string", required: false, input: false, defaultValue: "customer" },
        phone: { type: "string", required: false },
        dob: { type: "string", required: false },
        gender: { type: "string", required: false },
        address: { type: "string", required: false },
        city: { type: "string", required: false },
        state: { type: "string", required: false },
        zip: { type: "string", required: false },
      },
    },
    account: {
      modelName: "accounts",
      fields: {
        accountId: "account_id",
        providerId: "provider_id",
        userId: "user_id",
        accessToken: "access_token",
        refreshToken: "refresh_token",
        idToken: "id_token",
        accessTokenExpiresAt: "access_token_expires_at",
        refreshTokenExpiresAt: "refresh_token_expires_at",
        createdAt: "created_at",
        updatedAt: "updated_at",
      },
    },
    verification: {
      modelName: "verifications",
      fields: { expiresAt: "expires_at", createdAt: "created_at", updatedAt: "updated_at" },
    },
    advanced: {
      cookiePrefix: "store",
      useSecureCookies: e.isProduction,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure: e.isProduction },
    },
    plugins: [
      username({
        minUsernameLength: 3,
        maxUsernameLength: 30,
        usernameValidator: (value) => USERNAME_PATTERN.test(value),
        schema: { user: { fields: { displayUsername: "display_username" } } },
      }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

let instance: Auth | undefined;

export function getAuth(): Auth {
  instance ??= createAuth();
  return instance;
}

export function resetAuthForTests() {
  instance = undefined;
}

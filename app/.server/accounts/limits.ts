import type { RateLimitRule } from "../security/rate-limit";

const MINUTE = 60 * 1000;

/**
 * Rate limits of the account flows (counted in the database, across app processes). The limits
 * are the production ones: hitRateLimit applies RATE_LIMIT_FACTOR when it counts.
 */
export const limits = {
  signInPerAccount: { name: "sign-in:account", limit: 10, windowMs: 15 * MINUTE },
  signInPerAddress: { name: "sign-in:ip", limit: 50, windowMs: 15 * MINUTE },
  signUpPerAddress: { name: "sign-up:ip", limit: 10, windowMs: 60 * MINUTE },
  verificationMailPerEmail: { name: "verify-mail:email", limit: 3, windowMs: 60 * MINUTE },
  resetMailPerEmail: { name: "reset-mail:email", limit: 3, windowMs: 60 * MINUTE },
  mailPerAddress: { name: "account-mail:ip", limit: 20, windowMs: 60 * MINUTE },
  passwordChangePerUser: { name: "password-change:user", limit: 10, windowMs: 15 * MINUTE },
} satisfies Record<string, RateLimitRule>;

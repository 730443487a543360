import type { RateLimitRule } from "../security/rate-limit";

const MINUTE = 60 * 1000;

/**
 * Rate limits of the account flows (counted in the database, across app processes). The limits
 * are the production ones: hitRateLimit applies RATE_LIMIT_FACTOR when it counts.
 */
function rule(name: string, limit: number, windowMs: number): RateLimitRule {
  return { name, limit, windowMs };
}

export const limits = {
  signInPerAccount: () => rule("sign-in:account", 10, 15 * MINUTE),
  signInPerAddress: () => rule("sign-in:ip", 50, 15 * MINUTE),
  signUpPerAddress: () => rule("sign-up:ip", 10, 60 * MINUTE),
  verificationMailPerEmail: () => rule("verify-mail:email", 3, 60 * MINUTE),
  resetMailPerEmail: () => rule("reset-mail:email", 3, 60 * MINUTE),
  mailPerAddress: () => rule("account-mail:ip", 20, 60 * MINUTE),
  passwordChangePerUser: () => rule("password-change:user", 10, 15 * MINUTE),
};

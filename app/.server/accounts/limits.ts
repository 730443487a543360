import type { RateLimitRule } from "../security/rate-limit";

const MINUTE = 60 * 1000;

/**
 * Rate limits of the account flows (counted in the database, across app processes).
 * RATE_LIMIT_FACTOR multiplies every limit (tests raise it; production leaves it at 1).
 */
function rule(name: string, limit: number, windowMs: number): RateLimitRule {
  const factor = Number(process.env.RATE_LIMIT_FACTOR ?? "1");
  return {
    name,
    limit: Math.max(1, Math.round(limit * (Number.isFinite(factor) && factor > 0 ? factor : 1))),
    windowMs,
  };
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

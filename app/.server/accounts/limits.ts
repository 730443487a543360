import { recipientCaps } from "../mail/recipient-caps";
import type { RateLimitRule } from "../security/rate-limit";

const MINUTE = 60 * 1000;

/**
 * Rate limits of the account flows (counted in the database, across app processes). The limits
 * are the production ones: hitRateLimit applies RATE_LIMIT_FACTOR when it counts. Limits per
 * client count an IPv6 client by its /64.
 *
 * The last two cap the mails one address receives from the account flows, whoever asks and from
 * wherever (issue 26): at most 2 "someone tried to register with your address" notices a day, and
 * at most 6 account mails a day in all (verification, password reset, those notices, team invitations). Past them the
 * request is answered as always and no mail is queued: the answer must not tell anyone about the
 * address, and the owner has had the mails that matter.
 */
export const limits = {
  signInPerAccount: { name: "sign-in:account", limit: 10, windowMs: 15 * MINUTE, per: "account" },
  signInPerAddress: { name: "sign-in:ip", limit: 50, windowMs: 15 * MINUTE, per: "client" },
  signUpPerAddress: { name: "sign-up:ip", limit: 10, windowMs: 60 * MINUTE, per: "client" },
  verificationMailPerEmail: { name: "verify-mail:email", limit: 3, windowMs: 60 * MINUTE, per: "email" },
  resetMailPerEmail: { name: "reset-mail:email", limit: 3, windowMs: 60 * MINUTE, per: "email" },
  mailPerAddress: { name: "account-mail:ip", limit: 20, windowMs: 60 * MINUTE, per: "client" },
  passwordChangePerUser: { name: "password-change:user", limit: 10, windowMs: 15 * MINUTE, per: "account" },
  // The caps on what one address receives a day live below the account and team domains, which
  // both count against them (mail/recipient-caps.ts; team invitations count too, decision 0043).
  registrationNoticesPerRecipient: recipientCaps.registrationNoticesPerRecipient,
  accountMailsPerRecipient: recipientCaps.accountMailsPerRecipient,
} satisfies Record<string, RateLimitRule>;

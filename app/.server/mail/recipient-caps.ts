import type { Kysely } from "kysely";
import type { DB } from "../db/schema";
import { log } from "../runtime/log";
import { hitRateLimit, type RateLimitRule } from "../security/rate-limit";

const DAY = 24 * 60 * 60 * 1000;

/**
 * What one address receives from the store in a day, whoever asks and from wherever (issue 26,
 * decision 0029; team invitations since issue 36, decision 0043). Counted by the address, case
 * aside (hitRateLimit lowercases an "email" subject), across app processes, in the database.
 *
 * - At most 2 notices that someone registered with the address.
 * - At most 3 team invitations, from every business together: an owner cannot use the store as a
 *   relay for mails that carry names they chose, and the address keeps room for its own mails.
 * - At most 6 of these mails in all (verification and reset links, notices, invitations).
 *
 * Here, below the account and team domains, so that both count against the same caps.
 */
export const recipientCaps = {
  registrationNoticesPerRecipient: { name: "registration-notice:to", limit: 2, windowMs: DAY, per: "email" },
  invitationsPerRecipient: { name: "team-invitation:to", limit: 3, windowMs: DAY, per: "email" },
  accountMailsPerRecipient: { name: "account-mail:to", limit: 6, windowMs: DAY, per: "email" },
} satisfies Record<string, RateLimitRule>;

/** The mails counted against an address's daily caps. */
export type CappedMailKind =
  | "verification"
  | "password reset"
  | "registration notice"
  | "team invitation"
  // An admin's invitation to a sales rep's or a driver's login: counted with the account mails only.
  | "staff invitation";

/**
 * Counts one mail of `kind` to `to` against the address's caps: its kind's own cap (notices,
 * invitations), then all capped mails together. Returns whether it may be sent; a mail over a cap
 * is logged without the address. Given a transaction, the count commits or rolls back with it.
 */
export async function takeRecipientShare(db: Kysely<DB>, kind: CappedMailKind, to: string): Promise<boolean> {
  const own =
    kind === "registration notice"
      ? recipientCaps.registrationNoticesPerRecipient
      : kind === "team invitation"
        ? recipientCaps.invitationsPerRecipient
        : null;
  if (own && !(await hitRateLimit(db, own, to)).allowed) {
    log.warn({ kind }, "mail not sent: the recipient had today's share of this kind");
    return false;
  }
  if (!(await hitRateLimit(db, recipientCaps.accountMailsPerRecipient, to)).allowed) {
    log.warn({ kind }, "mail not sent: the recipient had today's account mails");
    return false;
  }
  return true;
}

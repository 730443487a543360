import type { Kysely } from "kysely";
import * as MESSAGES from "~/lib/messages";
import { formatOrderDate } from "~/lib/orders";
import { oneLine } from "~/lib/text";
import type { DB } from "../db/schema";
import { enqueueMail } from "../mail/outbox";
import { layout, type MailContent } from "../mail/templates";
import { env } from "../runtime/env";
import { log } from "../runtime/log";
import { hitRateLimit } from "../security/rate-limit";
import { limits } from "./limits";

function link(pathname: string, params: Record<string, string>): string {
  const url = new URL(pathname, `${env().BASE_URL}/`);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url.toString();
}

export function verificationMail(name: string, token: string): MailContent {
  const url = link("/verify-email", { token });
  return {
    subject: MESSAGES.verificationMailSubject(env().STORE_NAME),
    ...layout([MESSAGES.mailGreeting(oneLine(name)), MESSAGES.verificationMailBody], { label: "Verify email", url }),
  };
}

export function resetPasswordMail(name: string, token: string): MailContent {
  const url = link("/reset-password", { token });
  return {
    subject: MESSAGES.resetMailSubject(env().STORE_NAME),
    ...layout([MESSAGES.mailGreeting(oneLine(name)), MESSAGES.resetMailBody], { label: "Choose a new password", url }),
  };
}

/** To the owner of an address someone tried to register again: no account was changed. */
export function alreadyRegisteredMail(name: string): MailContent {
  return {
    subject: MESSAGES.alreadyRegisteredMailSubject(env().STORE_NAME),
    ...layout(
      [
        MESSAGES.mailGreeting(oneLine(name)),
        MESSAGES.alreadyRegisteredMailBody,
        MESSAGES.logInHere(link("/login", {})),
        MESSAGES.forgotPasswordHere(link("/forgot", {})),
        MESSAGES.alreadyRegisteredMailNotYou,
      ],
      { label: "Log in", url: link("/login", {}) },
    ),
  };
}

/**
 * To an address with a registration still waiting to be verified, when someone registers with it
 * again: nothing was changed. No name in the greeting: the waiting registration's name was typed
 * by whoever made it, perhaps not the owner of the address.
 */
export function registrationWaitingMail(madeAt: Date, endsAt: Date): MailContent {
  return {
    subject: MESSAGES.registrationWaitingMailSubject(env().STORE_NAME),
    ...layout([
      MESSAGES.mailHello,
      MESSAGES.registrationWaitingMailBody(formatOrderDate(madeAt.toISOString())),
      MESSAGES.registrationWaitingIfYours,
      MESSAGES.registrationWaitingIfNotYours(formatOrderDate(endsAt.toISOString())),
    ]),
  };
}

/** The mails of the account flows, each capped per recipient and day (limits.ts). */
export type AccountMailKind = "verification" | "password reset" | "registration notice" | "staff invitation";

/**
 * Queues an account mail unless its recipient has had their share today: the notices that someone
 * registered with their address (limits.registrationNoticesPerRecipient) and all account mails
 * together (limits.accountMailsPerRecipient), counted by recipient whoever asks and from wherever.
 * A mail over the cap is dropped (logged without the address); the request that caused it is
 * answered as always. Returns whether it was queued.
 */
export async function enqueueAccountMail(
  db: Kysely<DB>,
  kind: AccountMailKind,
  mail: MailContent & { to: string },
): Promise<boolean> {
  const to = mail.to.trim().toLowerCase();
  if (kind === "registration notice" && !(await hitRateLimit(db, limits.registrationNoticesPerRecipient, to)).allowed) {
    log.warn({ kind }, "account mail not sent: the recipient had today's notices");
    return false;
  }
  if (!(await hitRateLimit(db, limits.accountMailsPerRecipient, to)).allowed) {
    log.warn({ kind }, "account mail not sent: the recipient had today's account mails");
    return false;
  }
  await enqueueMail(db, mail, kind === "registration notice" ? "registration of a known email" : kind);
  return true;
}

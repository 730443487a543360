import type { Kysely } from "kysely";
import * as MESSAGES from "~/lib/messages";
import { formatOrderDate } from "~/lib/orders";
import { oneLine } from "~/lib/text";
import type { DB } from "../db/schema";
import { enqueueMail } from "../mail/outbox";
import { type CappedMailKind, takeRecipientShare } from "../mail/recipient-caps";
import { layout, type MailContent } from "../mail/templates";
import { env } from "../runtime/env";

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

/** The mails of the account flows, each capped per recipient and day (mail/recipient-caps.ts). */
export type AccountMailKind = Exclude<CappedMailKind, "team invitation">;

/**
 * Queues an account mail unless its recipient has had their share today: the notices that someone
 * registered with their address and all capped mails together (team invitations count too),
 * counted by recipient whoever asks and from wherever (takeRecipientShare). A mail over the cap is
 * dropped (logged without the address); the request that caused it is answered as always.
 * Returns whether it was queued.
 */
export async function enqueueAccountMail(
  db: Kysely<DB>,
  kind: AccountMailKind,
  mail: MailContent & { to: string },
): Promise<boolean> {
  if (!(await takeRecipientShare(db, kind, mail.to.trim().toLowerCase()))) return false;
  await enqueueMail(db, mail, kind === "registration notice" ? "registration of a known email" : kind);
  return true;
}

import * as MESSAGES from "~/lib/messages";
import { oneLine } from "~/lib/text";
import { env } from "../env";
import { layout, type MailContent } from "../mail/templates";

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

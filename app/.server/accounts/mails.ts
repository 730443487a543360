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
    subject: `Verify your email for ${env().STORE_NAME}`,
    ...layout(
      [
        `Hi ${oneLine(name)},`,
        "Thanks for registering. Please confirm your email address to finish setting up your account.",
      ],
      { label: "Verify email", url },
    ),
  };
}

export function resetPasswordMail(name: string, token: string): MailContent {
  const url = link("/reset-password", { token });
  return {
    subject: `Reset your ${env().STORE_NAME} password`,
    ...layout(
      [
        `Hi ${oneLine(name)},`,
        "We received a request to reset your password. The link below works for one hour. If you did not ask for this, you can ignore this email.",
      ],
      { label: "Choose a new password", url },
    ),
  };
}

/** To the owner of an address someone tried to register again: no account was changed. */
export function alreadyRegisteredMail(name: string): MailContent {
  return {
    subject: `You already have an account with ${env().STORE_NAME}`,
    ...layout(
      [
        `Hi ${oneLine(name)},`,
        "Someone (perhaps you) just tried to create a new account with this email address. You already have an account, so nothing was changed.",
        `Log in here: ${link("/login", {})}`,
        `Forgot your password? Choose a new one here: ${link("/forgot", {})}`,
        "If this was not you, you can ignore this email: your account and password are unchanged.",
      ],
      { label: "Log in", url: link("/login", {}) },
    ),
  };
}

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
      [`Hi ${name},`, "Thanks for registering. Please confirm your email address to finish setting up your account."],
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
        `Hi ${name},`,
        "We received a request to reset your password. The link below works for one hour. If you did not ask for this, you can ignore this email.",
      ],
      { label: "Choose a new password", url },
    ),
  };
}

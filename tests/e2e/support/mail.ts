import { expect } from "@playwright/test";
import { SINK_HTTP } from "./env";

export interface ReceivedMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  attachments: { filename: string; contentType: string; bytes: number; head: string }[];
  receivedAt: string;
}

/** Every mail the test SMTP server received for `to`. */
export async function mailsTo(to: string): Promise<ReceivedMail[]> {
  const res = await fetch(`${SINK_HTTP}/messages?${new URLSearchParams({ to })}`);
  return (await res.json()) as ReceivedMail[];
}

/** Waits until a mail for `to` whose subject matches arrives over SMTP, and returns it. */
export async function waitForMail(to: string, subject: RegExp): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await mailsTo(to)).find((m) => subject.test(m.subject));
        return !!found;
      },
      { timeout: 15_000, message: `mail to ${to} matching ${subject}` },
    )
    .toBe(true);
  return found as ReceivedMail;
}

/** The first link in a mail's text whose path starts with `path`. */
export function linkIn(mail: ReceivedMail, path: string): string {
  const match = mail.text.match(new RegExp(`https?://[^\\s]+${path.replace(/[/?]/g, "\\$&")}[^\\s]*`));
  if (!match) throw new Error(`No ${path} link in mail "${mail.subject}":\n${mail.text}`);
  return match[0];
}

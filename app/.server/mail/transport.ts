import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import { env } from "../runtime/env";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /** Files sent with the mail (a purchase order's PDF), their bytes in base64. */
  attachments?: { filename: string; contentType: string; content: string }[];
}

export interface OutboxEntry extends Mail {
  id: string;
  from: string;
  sentAt: string;
}

let transporter: Transporter | undefined;

/**
 * How long to wait for an SMTP server before giving up (the mail job then retries later): to
 * connect, for its greeting, and for any answer once talking. A server that accepts and never
 * answers fails the attempt in seconds instead of holding a worker forever.
 */
const DEFAULT_SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };
let smtpTimeouts = DEFAULT_SMTP_TIMEOUTS;

function smtp(url: string): Transporter {
  transporter ??= nodemailer.createTransport({ url, ...smtpTimeouts });
  return transporter;
}

function outboxDir(): string {
  return path.join(env().DATA_DIR, "outbox");
}

/**
 * Sends one mail now: over SMTP when SMTP_URL is set, otherwise into DATA_DIR/outbox (listed
 * at /admin/outbox). Throws when delivery fails. Only the mail job calls it:
 * everything else enqueues its mail (mail/outbox.ts) and never waits for the mail server.
 */
export async function sendMail(mail: Mail): Promise<void> {
  const e = env();
  if (e.SMTP_URL) {
    const { attachments, ...rest } = mail;
    await smtp(e.SMTP_URL).sendMail({
      from: e.MAIL_FROM,
      ...rest,
      ...(attachments ? { attachments: attachments.map((a) => ({ ...a, encoding: "base64" })) } : {}),
    });
    return;
  }
  const dir = outboxDir();
  await fs.mkdir(dir, { recursive: true });
  const sentAt = new Date().toISOString();
  const id = `${sentAt.replace(/[:.]/g, "-")}-${crypto.randomBytes(4).toString("hex")}`;
  const entry: OutboxEntry = { id, from: e.MAIL_FROM, sentAt, ...mail };
  await fs.writeFile(path.join(dir, `${id}.json`), JSON.stringify(entry, null, 2));
}

/** The dev outbox, newest first. */
export async function listOutbox(limit = 50): Promise<OutboxEntry[]> {
  const dir = outboxDir();
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  const newest = names
    .filter((n) => n.endsWith(".json"))
    .sort()
    .reverse()
    .slice(0, limit);
  const entries = await Promise.all(
    newest.map(async (n) => JSON.parse(await fs.readFile(path.join(dir, n), "utf8")) as OutboxEntry),
  );
  return entries;
}

/** Forgets the SMTP connection settings; tests may shorten the timeouts. */
export function resetMailForTests(timeouts: Partial<typeof DEFAULT_SMTP_TIMEOUTS> = {}) {
  transporter?.close();
  transporter = undefined;
  smtpTimeouts = { ...DEFAULT_SMTP_TIMEOUTS, ...timeouts };
}

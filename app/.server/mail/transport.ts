import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import { env } from "../env";
import { log } from "../log";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
}

export interface OutboxEntry extends Mail {
  id: string;
  from: string;
  sentAt: string;
}

let transporter: Transporter | undefined;

function smtp(url: string): Transporter {
  transporter ??= nodemailer.createTransport(url);
  return transporter;
}

export function outboxDir(): string {
  return path.join(env().DATA_DIR, "outbox");
}

/**
 * Sends one mail: over SMTP when SMTP_URL is set, otherwise into DATA_DIR/outbox
 * (listed at /dev/outbox outside production). Throws when delivery fails; callers
 * that must not fail because of mail use sendMailSafely.
 */
export async function sendMail(mail: Mail): Promise<void> {
  const e = env();
  if (e.SMTP_URL) {
    await smtp(e.SMTP_URL).sendMail({ from: e.MAIL_FROM, ...mail });
    return;
  }
  const dir = outboxDir();
  await fs.mkdir(dir, { recursive: true });
  const sentAt = new Date().toISOString();
  const id = `${sentAt.replace(/[:.]/g, "-")}-${crypto.randomBytes(4).toString("hex")}`;
  const entry: OutboxEntry = { id, from: e.MAIL_FROM, sentAt, ...mail };
  await fs.writeFile(path.join(dir, `${id}.json`), JSON.stringify(entry, null, 2));
}

/** Sends a mail and logs instead of throwing: for mail that follows a committed change. */
export async function sendMailSafely(mail: Mail, context: string): Promise<boolean> {
  try {
    await sendMail(mail);
    return true;
  } catch (error) {
    log.error({ err: error, context, subject: mail.subject }, "mail failed");
    return false;
  }
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

export function resetMailForTests() {
  transporter?.close();
  transporter = undefined;
}

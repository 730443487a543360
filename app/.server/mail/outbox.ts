import { type Kysely, type SqlBool, sql, type Transaction } from "kysely";
import { containsPattern, scrubJsonText } from "../audit/erase";
import type { DB } from "../db/schema";
import { enqueueJob } from "../jobs/enqueue";
import { defineJob } from "../jobs/registry";
import { type Mail, sendMail } from "./transport";

export const MAIL_JOB = "mail";

interface MailPayload {
  mail: Mail;
  /** What the mail is about, for the log and the jobs table ("order 12 confirmation"). */
  context: string;
}

/**
 * Delivers one queued mail. A failure (refused, timed out) throws, and the runner retries with
 * backoff: 30 s, 1 min, 2 min, ... about 5 hours over its 10 attempts.
 */
export const mailJob = defineJob<MailPayload>(MAIL_JOB, async ({ mail }) => {
  await sendMail(mail);
});

/**
 * Queues a mail. Given a transaction, the mail commits or rolls back with the change it tells
 * about (kick the runner after the commit: kickJobRunners()); given the database, it is queued
 * and the runner woken at once. Never waits for the mail server.
 */
export async function enqueueMail(db: Kysely<DB>, mail: Mail, context: string): Promise<void> {
  await enqueueJob<MailPayload>(db, { name: MAIL_JOB, payload: { mail, context } });
}

/**
 * A deleted customer's mails (issue 17): every job addressed to `email` (a mail to them, or a
 * password-reset or verification mail still to be written) is deleted, whatever its state, so
 * nothing more reaches them and no copy of their address stays in the queue; any other queued
 * job whose payload mentions them (the store's notice of their order) keeps running with `scrub`
 * applied to its text. Runs in the transaction that deletes the account. Returns how many jobs
 * were dropped and how many scrubbed.
 */
export async function forgetMailsOf(
  db: Kysely<DB> | Transaction<DB>,
  email: string,
  scrub: (text: string) => string,
): Promise<{ dropped: number; scrubbed: number }> {
  const rows = await db
    .selectFrom("jobs")
    .select(["id", "payload"])
    .where(sql<SqlBool>`lower(payload) like ${containsPattern(email)} escape '\\'`)
    .execute();
  const address = email.toLowerCase();
  const dropped: string[] = [];
  let scrubbed = 0;
  for (const row of rows) {
    let payload: unknown = null;
    try {
      payload = JSON.parse(row.payload);
    } catch {}
    if (addressedTo(payload, address)) {
      dropped.push(row.id);
      continue;
    }
    // A mail to someone else that answers to them (the store's copy of their contact message)
    // keeps going, with no way back to them.
    const mail = (payload as { mail?: { replyTo?: unknown } } | null)?.mail;
    if (mail && typeof mail === "object" && isAddress(mail.replyTo, address)) delete mail.replyTo;
    const next = scrubJsonText(payload === null ? row.payload : JSON.stringify(payload), scrub);
    if (next === row.payload) continue;
    await db.updateTable("jobs").set({ payload: next }).where("id", "=", row.id).execute();
    scrubbed++;
  }
  if (dropped.length) await db.deleteFrom("jobs").where("id", "in", dropped).execute();
  return { dropped: dropped.length, scrubbed };
}

function addressedTo(payload: unknown, address: string): boolean {
  if (!payload || typeof payload !== "object") return false;
  const { mail, email } = payload as { mail?: { to?: unknown }; email?: unknown };
  const to = mail && typeof mail === "object" ? mail.to : undefined;
  return isAddress(to, address) || isAddress(email, address);
}

function isAddress(value: unknown, address: string): boolean {
  return typeof value === "string" && value.trim().toLowerCase() === address;
}

import type { Kysely } from "kysely";
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

import type { Kysely } from "kysely";
import * as MESSAGES from "~/lib/messages";
import type { ContactInput } from "~/lib/schemas/contact";
import { oneLine } from "~/lib/text";
import { dialectOf } from "../db/connect";
import type { DB } from "../db/schema";
import { sqlNow } from "../db/time";
import { kickJobRunners } from "../jobs/wake";
import { enqueueMail } from "../mail/outbox";
import { layout } from "../mail/templates";
import { env } from "../runtime/env";
import type { RateLimitRule } from "../security/rate-limit";

export const CONTACT_RATE_LIMIT: RateLimitRule = { name: "contact", limit: 5, windowMs: 60 * 60 * 1000, per: "client" };

async function saveContactMessage(db: Kysely<DB>, input: ContactInput, ip: string): Promise<number> {
  const row = await db
    .insertInto("contact_messages")
    .values({
      name: input.name,
      email: input.email,
      phone: input.phone,
      message: input.message,
      ip,
      created_at: sqlNow(dialectOf(db)),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Stores the message and, in the same transaction, queues its mail to the store inbox. */
export async function receiveContactMessage(db: Kysely<DB>, input: ContactInput, ip: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const id = await saveContactMessage(trx, input, ip);
    const e = env();
    await enqueueMail(
      trx,
      {
        to: e.STORE_INBOX,
        replyTo: input.email,
        subject: MESSAGES.contactMailSubject(id, oneLine(input.name)),
        ...layout([
          MESSAGES.contactMailIntro(id),
          `Name: ${oneLine(input.name)}\nEmail: ${oneLine(input.email)}\nPhone: ${input.phone ? oneLine(input.phone) : "(none)"}`,
          input.message ?? "(no message)",
        ]),
      },
      `contact message ${id}`,
    );
  });
  kickJobRunners();
}

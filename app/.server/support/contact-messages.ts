import type { Kysely } from "kysely";
import type { ContactInput } from "~/lib/schemas/contact";
import { dialectOf } from "../db/connect";
import type { DB } from "../db/schema";
import { sqlNow } from "../db/time";
import { env } from "../env";
import { layout } from "../mail/templates";
import { sendMailSafely } from "../mail/transport";
import type { RateLimitRule } from "../security/rate-limit";

export const CONTACT_RATE_LIMIT: RateLimitRule = { name: "contact", limit: 5, windowMs: 60 * 60 * 1000 };

export async function saveContactMessage(db: Kysely<DB>, input: ContactInput, ip: string): Promise<number> {
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

/** Stores the message, then mails it to the store inbox (a mail failure loses nothing). */
export async function receiveContactMessage(db: Kysely<DB>, input: ContactInput, ip: string): Promise<void> {
  const id = await saveContactMessage(db, input, ip);
  const e = env();
  await sendMailSafely(
    {
      to: e.STORE_INBOX,
      replyTo: input.email,
      subject: `Contact form #${id}: ${input.name}`,
      ...layout([
        `New message from the contact form (#${id}).`,
        `Name: ${input.name}\nEmail: ${input.email}\nPhone: ${input.phone ?? "(none)"}`,
        input.message ?? "(no message)",
      ]),
    },
    `contact message ${id}`,
  );
}

export async function listContactMessages(db: Kysely<DB>, limit = 50) {
  return db.selectFrom("contact_messages").selectAll().orderBy("id", "desc").limit(limit).execute();
}

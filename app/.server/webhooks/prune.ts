import type { Kysely } from "kysely";
import type { DB } from "../db/schema";
import { defineJob } from "../jobs/registry";

const DAY = 24 * 60 * 60 * 1000;

/**
 * How long the delivery log keeps a message that is done with (delivered, or failed for good)
 * and its attempts: 30 days. Long enough for an admin to look into a month of failures and replay
 * them (an endpoint disabled for failing is mailed to the admins the same day; the receiver's own
 * deduplication on webhook-id needs far less), short enough that the log holds about a month of
 * events instead of growing with every order for ever.
 */
export const WEBHOOK_LOG_RETENTION_MS = 30 * DAY;

/** Messages deleted per transaction: a long backlog never holds the database for long. */
export const PRUNE_BATCH = 500;

export const WEBHOOK_PRUNE_JOB = "prune-webhook-messages";

/**
 * The next batch of messages to prune, oldest first: delivered or failed, made, delivered and last
 * tried before the cutoff. Read by the (status, created_at) index (migration 0049), not by a scan
 * of every message kept.
 */
export function prunableMessages(db: Kysely<DB>, cutoff: string) {
  return db
    .selectFrom("webhook_messages as m")
    .select("m.id")
    .where("m.status", "in", ["delivered", "failed"])
    .where("m.created_at", "<", cutoff)
    .where((eb) => eb.or([eb("m.delivered_at", "is", null), eb("m.delivered_at", "<", cutoff)]))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("webhook_attempts as a")
            .select("a.id")
            .whereRef("a.message_id", "=", "m.id")
            .where("a.attempted_at", ">=", cutoff),
        ),
      ),
    )
    .orderBy("m.created_at")
    .limit(PRUNE_BATCH);
}

/**
 * Deletes the messages nothing has happened to for WEBHOOK_LOG_RETENTION_MS: delivered or failed
 * (never one still pending, whatever its age), made, delivered and last tried before the cutoff,
 * with their attempts. Returns how many messages went.
 */
export async function pruneWebhookMessages(db: Kysely<DB>, now = Date.now()): Promise<number> {
  const cutoff = new Date(now - WEBHOOK_LOG_RETENTION_MS).toISOString();
  let pruned = 0;
  for (;;) {
    const deleted = await db.transaction().execute(async (trx) => {
      const ids = (await prunableMessages(trx, cutoff).execute()).map((r) => r.id);
      if (ids.length === 0) return 0;
      await trx.deleteFrom("webhook_attempts").where("message_id", "in", ids).execute();
      // A message replayed meanwhile (pending again) stays.
      const result = await trx
        .deleteFrom("webhook_messages")
        .where("id", "in", ids)
        .where("status", "in", ["delivered", "failed"])
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    });
    pruned += deleted;
    if (deleted < PRUNE_BATCH) return pruned;
  }
}

/** Scheduled daily (flows/startup.ts), run in the webhooks' job lane beside the deliveries. */
export const pruneWebhookMessagesJob = defineJob(WEBHOOK_PRUNE_JOB, async (_payload, { db, now }) => {
  await pruneWebhookMessages(db, now);
});

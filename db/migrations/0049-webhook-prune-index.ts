import type { Kysely } from "kysely";

/**
 * The daily webhook prune (app/.server/webhooks/prune.ts, decision 0076) reads the delivered and
 * failed messages older than 30 days, oldest first. Without an index on (status, created_at) it
 * scanned the whole table every day: a store with a busy API keeps 30 days of messages, and the
 * scan grew with them. The index lets the prune read only what it deletes.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations work on the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex("webhook_messages_status_created_idx")
    .on("webhook_messages")
    .columns(["status", "created_at"])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the schema as it was
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("webhook_messages_status_created_idx").execute();
}

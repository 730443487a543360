import crypto from "node:crypto";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema";
import { defineJob } from "../jobs/registry";

/**
 * Idempotency of the API's POSTs (issue 42, decision 0072): the first request with a key (per
 * API key) claims a row by inserting it (the primary key decides a race between servers); its
 * answer is stored there; the same key with the same body later gets that answer again, with
 * another body a 422. Answers of 5xx are not kept (the row goes: a retry runs again). Rows live
 * 24 hours; the cleanup job removes older ones.
 */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
export const IDEMPOTENCY_KEY_SHAPE = /^[A-Za-z0-9_-]{8,100}$/;

export type IdempotencyClaim =
  | { state: "new" }
  | { state: "replay"; status: number; body: string }
  | { state: "mismatch" }
  | { state: "in-progress" };

/** The hash a request is compared by: its method, path and body (as sent, parsed and reserialized). */
export function requestHash(method: string, path: string, body: unknown): string {
  return crypto
    .createHash("sha256")
    .update(`${method} ${path}\n${JSON.stringify(body ?? null)}`)
    .digest("hex");
}

export async function claimIdempotencyKey(
  db: Kysely<DB>,
  keyId: number,
  idemKey: string,
  hash: string,
  now = Date.now(),
): Promise<IdempotencyClaim> {
  // An expired row (not yet cleaned) is the same as none.
  await db
    .deleteFrom("api_idempotency")
    .where("key_id", "=", keyId)
    .where("idem_key", "=", idemKey)
    .where("created_ms", "<", now - IDEMPOTENCY_TTL_MS)
    .execute();
  const inserted = await db
    .insertInto("api_idempotency")
    .values({ key_id: keyId, idem_key: idemKey, request_hash: hash, created_ms: now })
    .onConflict((oc) => oc.columns(["key_id", "idem_key"]).doNothing())
    .returning("key_id")
    .executeTakeFirst();
  if (inserted) return { state: "new" };
  const row = await db
    .selectFrom("api_idempotency")
    .select(["request_hash", "status", "body"])
    .where("key_id", "=", keyId)
    .where("idem_key", "=", idemKey)
    .executeTakeFirst();
  // Gone between the insert and the read (its first request failed): the caller may retry.
  if (!row) return { state: "in-progress" };
  if (row.request_hash !== hash) return { state: "mismatch" };
  if (row.status === null || row.body === null) return { state: "in-progress" };
  return { state: "replay", status: row.status, body: row.body };
}

export async function storeIdempotentAnswer(
  db: Kysely<DB>,
  keyId: number,
  idemKey: string,
  status: number,
  body: string,
): Promise<void> {
  if (status >= 500) {
    await db.deleteFrom("api_idempotency").where("key_id", "=", keyId).where("idem_key", "=", idemKey).execute();
    return;
  }
  await db
    .updateTable("api_idempotency")
    .set({ status, body })
    .where("key_id", "=", keyId)
    .where("idem_key", "=", idemKey)
    .execute();
}

/** Forgets the keys older than 24 hours; returns how many. */
export async function pruneIdempotencyKeys(db: Kysely<DB>, now = Date.now()): Promise<number> {
  const result = await db
    .deleteFrom("api_idempotency")
    .where("created_ms", "<", now - IDEMPOTENCY_TTL_MS)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Scheduled hourly (flows/startup.ts). */
export const pruneIdempotencyKeysJob = defineJob("prune-api-idempotency", async (_payload, { db, now }) => {
  await pruneIdempotencyKeys(db, now);
});

import crypto from "node:crypto";
import type { Kysely } from "kysely";
import { dialectOf } from "../db/connect";
import type { DB } from "../db/schema";
import { sqlNow } from "../db/time";
import { DEFAULT_MAX_ATTEMPTS, findJobDefinition } from "./registry";
import { kickJobRunners } from "./wake";

export interface NewJob<P> {
  name: string;
  payload: P;
  /** Not before (default: now). */
  runAt?: Date | number;
  /** At most one job ever has this key: enqueueing it again does nothing. */
  uniqueKey?: string;
  /** Default: the job definition's, else 10. */
  maxAttempts?: number;
}

/**
 * Adds a job. Given a transaction, the job commits or rolls back with it (an order and its
 * mail); call kickJobRunners() after the commit so it runs at once instead of at the next poll.
 * Given the database itself, the local runner is woken here. Returns the job id, or null when a
 * job with the same unique key already exists.
 */
export async function enqueueJob<P>(db: Kysely<DB>, job: NewJob<P>): Promise<string | null> {
  const now = sqlNow(dialectOf(db));
  const runAt = job.runAt === undefined ? Date.now() : typeof job.runAt === "number" ? job.runAt : job.runAt.getTime();
  let insert = db.insertInto("jobs").values({
    id: crypto.randomUUID(),
    name: job.name,
    payload: JSON.stringify(job.payload ?? null),
    unique_key: job.uniqueKey ?? null,
    run_at: runAt,
    max_attempts: job.maxAttempts ?? findJobDefinition(job.name)?.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
    created_at: now,
    updated_at: now,
  });
  if (job.uniqueKey !== undefined) insert = insert.onConflict((oc) => oc.column("unique_key").doNothing());
  const row = await insert.returning("id").executeTakeFirst();
  if (row && !db.isTransaction) kickJobRunners();
  return row?.id ?? null;
}

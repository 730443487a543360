import type { Kysely } from "kysely";
import { dialectOf } from "../db/connect";
import type { DB, JobRow } from "../db/schema";
import { sqlNow } from "../db/time";
import { defineJob } from "./registry";
import { kickJobRunners } from "./wake";

/** Days a finished job stays in the table (for questions like "was that mail sent?"). */
export const DONE_JOB_DAYS = 14;
export const PRUNE_JOBS_JOB = "prune-jobs";

/**
 * Deletes jobs done more than DONE_JOB_DAYS ago. Jobs with a unique key are kept (the key is
 * what makes enqueueing them again do nothing: a reminder must not be sent twice), except the
 * slots of schedules, which are never enqueued again once past. Failed jobs stay until someone
 * retries or deletes them.
 */
export async function pruneDoneJobs(db: Kysely<DB>, now = Date.now()): Promise<number> {
  const cutoff = new Date(now - DONE_JOB_DAYS * 24 * 60 * 60 * 1000).toISOString();
  const result = await db
    .deleteFrom("jobs")
    .where("state", "=", "done")
    .where("updated_at", "<", cutoff)
    .where((eb) => eb.or([eb("unique_key", "is", null), eb("unique_key", "like", "every:%")]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Scheduled daily (startup.ts). */
export const pruneJobsJob = defineJob(PRUNE_JOBS_JOB, async (_payload, { db, now }) => {
  await pruneDoneJobs(db, now);
});

/** Failed jobs, newest first: what an operator looks at (npm run jobs -- failed). */
export async function listFailedJobs(db: Kysely<DB>, limit = 100): Promise<JobRow[]> {
  return db
    .selectFrom("jobs")
    .selectAll()
    .where("state", "=", "failed")
    .orderBy("updated_at", "desc")
    .limit(limit)
    .execute();
}

/**
 * Gives failed jobs a fresh set of attempts, due now (all failed jobs, or those named). The last
 * error stays until the next attempt replaces it. Returns how many were requeued.
 */
export async function retryFailedJobs(db: Kysely<DB>, ids?: string[]): Promise<number> {
  if (ids && ids.length === 0) return 0;
  let query = db
    .updateTable("jobs")
    .set({ state: "pending", attempts: 0, run_at: Date.now(), updated_at: sqlNow(dialectOf(db)) })
    .where("state", "=", "failed");
  if (ids) query = query.where("id", "in", ids);
  const result = await query.executeTakeFirst();
  kickJobRunners();
  return Number(result.numUpdatedRows);
}

/** Whether a job of kind `name` is still to run (waiting, running or to be retried). */
export async function hasPendingJob(db: Kysely<DB>, name: string): Promise<boolean> {
  const row = await db
    .selectFrom("jobs")
    .select("id")
    .where("name", "=", name)
    .where("state", "=", "pending")
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

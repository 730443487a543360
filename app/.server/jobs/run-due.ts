import os from "node:os";
import type { Kysely } from "kysely";
import { dialectOf } from "../db/connect";
import { getDb } from "../db/instance";
import type { DB, JobRow } from "../db/schema";
import { sqlNow } from "../db/time";
import { log } from "../runtime/log";
import { findJobDefinition, registeredJobNames } from "./registry";

export interface RunOptions {
  db?: Kysely<DB>;
  /** Most jobs claimed by this pass (default 10); they run concurrently. */
  limit?: number;
  /** Who holds the lease (default: host, pid). */
  workerId?: string;
  /** The clock (epoch ms) for due times, leases and backoff (default: Date.now()). */
  now?: number;
  /** How long a claimed job is ours; past it, another worker may take it (default 5 min). */
  leaseMs?: number;
  /** Only these kinds of job (a lane of their own), or every registered kind but these. */
  only?: readonly string[];
  except?: readonly string[];
}

export interface RunSummary {
  claimed: number;
  done: number;
  retried: number;
  failed: number;
}

/**
 * Longer than any handler may take: mail gives up on a silent server well within it
 * (mail/transport.ts). A lease that runs out while the handler still works lets a second worker
 * run the job again, so handlers must be bounded by timeouts.
 */
export const DEFAULT_LEASE_MS = 5 * 60 * 1000;
const BACKOFF_BASE_MS = 30 * 1000;
const BACKOFF_MAX_MS = 60 * 60 * 1000;

/** Wait before attempt n+1 after n failed attempts: 30 s, 1 min, 2 min, ... at most one hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1), BACKOFF_MAX_MS);
}

export const defaultWorkerId = `${os.hostname()}:${process.pid}`;

function errorText(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.slice(0, 2000);
}

/**
 * Jobs whose lease ran out after their last attempt (the worker died while running it): no
 * attempt is left, so they fail instead of being claimed again.
 */
async function failAbandoned(db: Kysely<DB>, now: number): Promise<void> {
  const rows = await db
    .updateTable("jobs")
    .set({
      state: "failed",
      last_error: "The worker running the last attempt stopped before finishing it (lease expired).",
      locked_by: null,
      locked_until: null,
      updated_at: sqlNow(dialectOf(db)),
    })
    .where("state", "=", "pending")
    .where("locked_until", "<=", now)
    .where((eb) => eb("attempts", ">=", eb.ref("max_attempts")))
    .returning(["id", "name", "attempts"])
    .execute();
  for (const r of rows) log.error({ job: r.name, jobId: r.id, attempts: r.attempts }, "job failed: lease expired");
}

/**
 * Takes up to `limit` due jobs for `workerId`: pending, due, not leased (or the lease ran out:
 * a server stopped mid-job), attempts left, and known to this process. Each claim counts as an
 * attempt. PostgreSQL: rows locked with FOR UPDATE SKIP LOCKED inside a transaction, so
 * concurrent workers take different jobs. SQLite: one conditional UPDATE (one writer at a time).
 */
async function claim(
  db: Kysely<DB>,
  names: string[],
  options: { now: number; limit: number; workerId: string; leaseMs: number },
): Promise<JobRow[]> {
  const { now, limit, workerId, leaseMs } = options;
  const due = (q: Kysely<DB>) =>
    q
      .selectFrom("jobs")
      .select("id")
      .where("state", "=", "pending")
      .where("run_at", "<=", now)
      .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<=", now)]))
      .where((eb) => eb("attempts", "<", eb.ref("max_attempts")))
      .where("name", "in", names)
      .orderBy("run_at")
      .orderBy("id")
      .limit(limit);
  // Idle most of the time: a read first, so an idle poll never takes SQLite's write lock.
  if (!(await due(db).executeTakeFirst())) return [];

  const lease = (q: Kysely<DB>, ids: string[] | ReturnType<typeof due>) =>
    q
      .updateTable("jobs")
      .set((eb) => ({
        locked_by: workerId,
        locked_until: now + leaseMs,
        attempts: eb("attempts", "+", 1),
        updated_at: sqlNow(dialectOf(db)),
      }))
      .where("id", "in", ids)
      .returningAll()
      .execute();

  if (dialectOf(db) === "postgres") {
    return db.transaction().execute(async (trx) => {
      const rows = await due(trx).forUpdate().skipLocked().execute();
      if (rows.length === 0) return [];
      return lease(
        trx,
        rows.map((r) => r.id),
      );
    });
  }
  return lease(db, due(db));
}

/** Marks a job we still hold; false when our lease was lost (another worker took it). */
async function settle(
  db: Kysely<DB>,
  job: JobRow,
  workerId: string,
  values: { state: "pending" | "done" | "failed"; run_at?: number; last_error?: string | null },
): Promise<boolean> {
  const result = await db
    .updateTable("jobs")
    .set({ ...values, locked_by: null, locked_until: null, updated_at: sqlNow(dialectOf(db)) })
    .where("id", "=", job.id)
    .where("locked_by", "=", workerId)
    .where("state", "=", "pending")
    .executeTakeFirst();
  const held = Number(result.numUpdatedRows) === 1;
  if (!held) log.warn({ job: job.name, jobId: job.id, workerId }, "job lease lost before it finished");
  return held;
}

async function runOne(
  db: Kysely<DB>,
  job: JobRow,
  workerId: string,
  now: number,
): Promise<"done" | "retried" | "failed"> {
  const definition = findJobDefinition(job.name);
  try {
    if (!definition) throw new Error(`No handler for job ${job.name}`);
    await definition.handler(JSON.parse(job.payload), { db, job, now });
  } catch (error) {
    if (job.attempts >= job.max_attempts) {
      log.error({ err: error, job: job.name, jobId: job.id, attempts: job.attempts }, "job failed");
      await settle(db, job, workerId, { state: "failed", last_error: errorText(error) });
      return "failed";
    }
    const runAt = now + retryDelayMs(job.attempts);
    log.warn(
      { err: error, job: job.name, jobId: job.id, attempts: job.attempts, retryAt: new Date(runAt).toISOString() },
      "job attempt failed; will retry",
    );
    await settle(db, job, workerId, { state: "pending", run_at: runAt, last_error: errorText(error) });
    return "retried";
  }
  await settle(db, job, workerId, { state: "done" });
  return "done";
}

/**
 * One pass: claims the due jobs (up to `limit`) and runs them concurrently; each ends done,
 * pending again with exponential backoff and its last error, or failed once its attempts are
 * spent (logged at error).
 */
export async function runDueJobs(options: RunOptions = {}): Promise<RunSummary> {
  const summary: RunSummary = { claimed: 0, done: 0, retried: 0, failed: 0 };
  const names = registeredJobNames().filter(
    (n) => (!options.only || options.only.includes(n)) && !options.except?.includes(n),
  );
  if (names.length === 0) return summary;
  const db = options.db ?? getDb();
  const now = options.now ?? Date.now();
  const workerId = options.workerId ?? defaultWorkerId;
  await failAbandoned(db, now);
  const claimed = await claim(db, names, {
    now,
    workerId,
    limit: options.limit ?? 10,
    leaseMs: options.leaseMs ?? DEFAULT_LEASE_MS,
  });
  summary.claimed = claimed.length;
  const outcomes = await Promise.all(claimed.map((job) => runOne(db, job, workerId, now)));
  for (const o of outcomes) summary[o]++;
  return summary;
}

/**
 * Runs passes until nothing is due (jobs that handlers enqueue included); retries scheduled
 * later are left for later. For tests and scripts; servers use the runner.
 */
export async function runJobsUntilIdle(options: Omit<RunOptions, "now"> = {}): Promise<RunSummary> {
  const total: RunSummary = { claimed: 0, done: 0, retried: 0, failed: 0 };
  for (;;) {
    const pass = await runDueJobs(options);
    for (const k of Object.keys(total) as (keyof RunSummary)[]) total[k] += pass[k];
    if (pass.claimed === 0) return total;
  }
}

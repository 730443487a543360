import crypto from "node:crypto";
import type { Kysely } from "kysely";
import { getDb } from "../db/instance";
import type { DB } from "../db/schema";
import { log } from "../runtime/log";
import { enqueueJob } from "./enqueue";
import { listSchedules } from "./registry";
import { DEFAULT_LEASE_MS, defaultWorkerId, runDueJobs } from "./run-due";
import { onJobsEnqueued } from "./wake";

export interface JobRunner {
  /** Stops polling and waits for the jobs being run to finish. */
  stop(): Promise<void>;
  /** Runs a pass now (or right after the one in progress) instead of at the next poll. */
  kick(): void;
}

export interface RunnerOptions {
  db?: Kysely<DB>;
  /** Wait between passes when nothing wakes the runner (default 2 s). */
  pollMs?: number;
  limit?: number;
  workerId?: string;
  leaseMs?: number;
  /**
   * Kinds of job run by a lane of their own (a second loop with its own `limit` slots): slow
   * work there (a webhook waiting 15 s for its receiver) never holds the slots of the rest (mail).
   */
  separate?: readonly string[];
  only?: readonly string[];
  except?: readonly string[];
  /** Whether this loop enqueues the schedules' slots (default true; a lane does not). */
  schedules?: boolean;
}

const enqueuedSlots = new Map<string, number>();

/**
 * Enqueues the current slot of every schedule (scheduleEvery). The unique key makes this
 * idempotent across servers; the memory of the last slot only saves the insert on every poll.
 */
export async function enqueueScheduledWork(db: Kysely<DB>, now: number): Promise<void> {
  for (const s of listSchedules()) {
    const slot = Math.floor(now / s.intervalMs) * s.intervalMs;
    if (enqueuedSlots.get(s.name) === slot) continue;
    await enqueueJob(db, {
      name: s.name,
      payload: { slot },
      runAt: slot,
      uniqueKey: `every:${s.name}:${slot}`,
      // The next slot comes anyway.
      maxAttempts: 3,
    });
    enqueuedSlots.set(s.name, slot);
  }
}

/**
 * Polls for due jobs and runs them, in this process, until stopped. Several processes (servers)
 * may run one each against the same database: claims and leases keep every job to one worker.
 */
export function startJobRunner(options: RunnerOptions = {}): JobRunner {
  if (options.separate?.length) {
    const { separate, ...rest } = options;
    const main = startJobRunner({ ...rest, except: [...(rest.except ?? []), ...separate] });
    const lane = startJobRunner({ ...rest, only: separate, schedules: false });
    return {
      kick() {
        main.kick();
        lane.kick();
      },
      async stop() {
        await Promise.all([main.stop(), lane.stop()]);
      },
    };
  }
  const db = options.db ?? getDb();
  const filter = {
    ...(options.only ? { only: options.only } : {}),
    ...(options.except ? { except: options.except } : {}),
  };
  const pollMs = options.pollMs ?? 2000;
  const limit = options.limit ?? 10;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const workerId = options.workerId ?? `${defaultWorkerId}:${crypto.randomBytes(3).toString("hex")}`;
  let stopped = false;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  const pass = async () => {
    try {
      if (options.schedules !== false) await enqueueScheduledWork(db, Date.now());
      // A full batch may mean more are due: keep going until a pass comes back short.
      while (!stopped) {
        const summary = await runDueJobs({ db, limit, workerId, leaseMs, ...filter });
        if (summary.claimed < limit) break;
      }
    } catch (error) {
      log.error({ err: error, workerId }, "job runner pass failed");
    }
  };

  const tick = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    clearTimeout(timer);
    running = (async () => {
      do {
        again = false;
        await pass();
      } while (again && !stopped);
    })().finally(() => {
      running = undefined;
      if (!stopped) {
        timer = setTimeout(tick, pollMs);
        timer.unref();
      }
    });
  };

  let unsubscribe = () => {};
  const runner: JobRunner = {
    kick() {
      if (!stopped) setImmediate(tick);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      unsubscribe();
      await running;
    },
  };
  unsubscribe = onJobsEnqueued(() => runner.kick());
  runner.kick();
  return runner;
}

export function forgetScheduledSlotsForTests(): void {
  enqueuedSlots.clear();
}

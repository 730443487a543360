import type { Kysely } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { setupTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { connect } from "../db/connect";
import type { DB } from "../db/schema";
import { enqueueJob } from "./enqueue";
import { DONE_JOB_DAYS, listFailedJobs, pruneDoneJobs, retryFailedJobs } from "./maintenance";
import { defineJob, scheduleEvery } from "./registry";
import { retryDelayMs, runDueJobs, runJobsUntilIdle } from "./run-due";
import { enqueueScheduledWork, forgetScheduledSlotsForTests, startJobRunner } from "./runner";

let t: TestDatabase;

beforeAll(async () => {
  t = await setupTestDatabase();
});

afterAll(async () => {
  await t.cleanup();
});

beforeEach(async () => {
  await t.db.deleteFrom("jobs").execute();
});

async function jobsNamed(name: string) {
  return t.db.selectFrom("jobs").selectAll().where("name", "=", name).execute();
}

/** A second connection to the same database: another app server. */
function secondServer(): Kysely<DB> {
  return connect(t.url ? { databaseUrl: t.url, dataDir: t.dataDir } : { dataDir: t.dataDir });
}

const ran: string[] = [];
defineJob<{ tag: string }>("test-record", async ({ tag }) => {
  ran.push(tag);
});

let failures = 0;
defineJob(
  "test-fail",
  async () => {
    failures++;
    throw new Error("mail server said no");
  },
  { maxAttempts: 3 },
);

describe(`jobs on ${process.env.DATABASE_URL ? "PostgreSQL" : "SQLite"}`, () => {
  it("enqueues with the caller's transaction: a rollback leaves no job, a commit leaves one", async () => {
    await expect(
      t.db.transaction().execute(async (trx) => {
        await enqueueJob(trx, { name: "test-record", payload: { tag: "rolled back" } });
        throw new Error("order refused");
      }),
    ).rejects.toThrow("order refused");
    expect(await jobsNamed("test-record")).toHaveLength(0);

    await t.db.transaction().execute(async (trx) => {
      await enqueueJob(trx, { name: "test-record", payload: { tag: "committed" } });
    });
    const [job] = await jobsNamed("test-record");
    expect(job).toMatchObject({ state: "pending", attempts: 0, max_attempts: 10, payload: '{"tag":"committed"}' });
  });

  it("runs a due job once and marks it done; a job due later waits", async () => {
    ran.length = 0;
    const now = Date.now();
    await enqueueJob(t.db, { name: "test-record", payload: { tag: "now" } });
    await enqueueJob(t.db, { name: "test-record", payload: { tag: "later" }, runAt: now + 60_000 });
    expect(await runDueJobs({ db: t.db, now: now + 1 })).toMatchObject({ claimed: 1, done: 1 });
    expect(ran).toEqual(["now"]);
    expect(await runDueJobs({ db: t.db, now: now + 1 })).toMatchObject({ claimed: 0 });
    await runDueJobs({ db: t.db, now: now + 60_000 });
    expect(ran).toEqual(["now", "later"]);
    const states = (await jobsNamed("test-record")).map((j) => [j.state, j.attempts, j.locked_by]);
    expect(states).toEqual([
      ["done", 1, null],
      ["done", 1, null],
    ]);
  });

  it("dedupes on the unique key, even once the first job is done", async () => {
    const first = await enqueueJob(t.db, { name: "test-record", payload: { tag: "a" }, uniqueKey: "license:1:30" });
    const second = await enqueueJob(t.db, { name: "test-record", payload: { tag: "b" }, uniqueKey: "license:1:30" });
    expect(first).toEqual(expect.any(String));
    expect(second).toBeNull();
    await runJobsUntilIdle({ db: t.db });
    expect(
      await enqueueJob(t.db, { name: "test-record", payload: { tag: "c" }, uniqueKey: "license:1:30" }),
    ).toBeNull();
    // Inside a transaction the conflict does not spoil the transaction (PostgreSQL).
    await t.db.transaction().execute(async (trx) => {
      expect(await enqueueJob(trx, { name: "test-record", payload: {}, uniqueKey: "license:1:30" })).toBeNull();
      await enqueueJob(trx, { name: "test-record", payload: {}, uniqueKey: "license:1:60" });
    });
    const keys = (await jobsNamed("test-record")).map((j) => j.unique_key).sort();
    expect(keys).toEqual(["license:1:30", "license:1:60"]);
  });

  it("retries a failing job with exponential backoff, records the error, then marks it failed", async () => {
    failures = 0;
    await enqueueJob(t.db, { name: "test-fail", payload: {} });
    // After the enqueue: the job's run_at is its enqueue time, so a clock read before it could make
    // the job not yet due (seen once on PostgreSQL).
    const start = Date.now();

    expect(await runDueJobs({ db: t.db, now: start })).toMatchObject({ claimed: 1, retried: 1 });
    let [job] = await jobsNamed("test-fail");
    expect(job).toMatchObject({ state: "pending", attempts: 1, run_at: start + retryDelayMs(1), locked_by: null });
    expect(job?.last_error).toContain("mail server said no");

    // Not before the backoff is over.
    expect(await runDueJobs({ db: t.db, now: start + retryDelayMs(1) - 1 })).toMatchObject({ claimed: 0 });
    const second = start + retryDelayMs(1);
    expect(await runDueJobs({ db: t.db, now: second })).toMatchObject({ retried: 1 });
    [job] = await jobsNamed("test-fail");
    expect(job).toMatchObject({ attempts: 2, run_at: second + retryDelayMs(2) });
    expect(retryDelayMs(2)).toBe(2 * retryDelayMs(1));

    expect(await runDueJobs({ db: t.db, now: second + retryDelayMs(2) })).toMatchObject({ failed: 1 });
    [job] = await jobsNamed("test-fail");
    expect(job).toMatchObject({ state: "failed", attempts: 3 });
    expect(failures).toBe(3);
    expect(await runDueJobs({ db: t.db, now: start + 24 * 3600_000 })).toMatchObject({ claimed: 0 });

    // An operator retries it (npm run jobs -- retry): a fresh set of attempts, due now.
    expect((await listFailedJobs(t.db)).map((j) => j.id)).toEqual([job?.id]);
    expect(await retryFailedJobs(t.db, [job?.id as string])).toBe(1);
    [job] = await jobsNamed("test-fail");
    expect(job).toMatchObject({ state: "pending", attempts: 0 });
    expect(await runDueJobs({ db: t.db })).toMatchObject({ retried: 1 });
  });

  it("prunes old done jobs but keeps unique keys that guard against a second run, and failed jobs", async () => {
    const plain = await enqueueJob(t.db, { name: "test-record", payload: { tag: "old" } });
    const keyed = await enqueueJob(t.db, { name: "test-record", payload: { tag: "old" }, uniqueKey: "license:9:30" });
    const slot = await enqueueJob(t.db, { name: "test-record", payload: {}, uniqueKey: "every:test-record:0" });
    await runJobsUntilIdle({ db: t.db });
    const failed = await enqueueJob(t.db, { name: "test-record", payload: {} });
    await t.db
      .updateTable("jobs")
      .set({ state: "failed" })
      .where("id", "=", failed as string)
      .execute();
    const later = Date.now() + (DONE_JOB_DAYS + 1) * 24 * 3600_000;
    expect(await pruneDoneJobs(t.db, later)).toBe(2);
    const left = (await t.db.selectFrom("jobs").select("id").execute()).map((r) => r.id).sort();
    expect(left).toEqual([keyed, failed].sort());
    expect([plain, slot]).not.toContain(left[0]);
  });

  it("reclaims a job whose worker died mid-run once its lease expires, and fails it when no attempt is left", async () => {
    ran.length = 0;
    const now = Date.now();
    const id = await enqueueJob(t.db, { name: "test-record", payload: { tag: "orphan" } });
    const last = await enqueueJob(t.db, { name: "test-record", payload: { tag: "orphan, last attempt" } });
    // Two servers stopped while running these (claimed, lease until now + 1000).
    await t.db
      .updateTable("jobs")
      .set({ locked_by: "dead-server", locked_until: now + 1000, attempts: 1 })
      .where("id", "=", id as string)
      .execute();
    await t.db
      .updateTable("jobs")
      .set({ locked_by: "dead-server", locked_until: now + 1000, attempts: 10 })
      .where("id", "=", last as string)
      .execute();

    expect(await runDueJobs({ db: t.db, now: now + 999 })).toMatchObject({ claimed: 0 });
    expect(ran).toEqual([]);
    expect(await runDueJobs({ db: t.db, now: now + 1000, workerId: "alive" })).toMatchObject({ claimed: 1, done: 1 });
    expect(ran).toEqual(["orphan"]);
    const rows = await t.db.selectFrom("jobs").select(["id", "state", "attempts", "last_error"]).execute();
    expect(rows.find((r) => r.id === id)).toMatchObject({ state: "done", attempts: 2 });
    expect(rows.find((r) => r.id === last)).toMatchObject({
      state: "failed",
      last_error: expect.stringMatching(/lease/),
    });
  });

  it("runs each job exactly once when two servers race for them", async () => {
    const runs = new Map<string, number>();
    defineJob<{ n: number }>("test-race", async ({ n }) => {
      runs.set(String(n), (runs.get(String(n)) ?? 0) + 1);
      await new Promise((resolve) => setTimeout(resolve, 1));
    });
    const total = 60;
    for (let n = 0; n < total; n++) await enqueueJob(t.db, { name: "test-race", payload: { n } });

    const other = secondServer();
    try {
      const worker = async (db: Kysely<DB>, workerId: string) => {
        let claimed = 0;
        for (;;) {
          const pass = await runDueJobs({ db, workerId, limit: 4 });
          if (pass.claimed === 0) return claimed;
          claimed += pass.claimed;
        }
      };
      const claimedBy = await Promise.all([
        worker(t.db, "server-a:1"),
        worker(other, "server-b:1"),
        worker(t.db, "server-a:2"),
        worker(other, "server-b:2"),
      ]);
      expect(claimedBy.reduce((a, b) => a + b, 0)).toBe(total);
    } finally {
      await other.destroy();
    }
    expect(runs.size).toBe(total);
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
    const states = await t.db.selectFrom("jobs").select("state").where("name", "=", "test-race").execute();
    expect(states.every((s) => s.state === "done")).toBe(true);
  });

  it("enqueues each slot of a schedule once across servers", async () => {
    defineJob("test-every", async () => {});
    scheduleEvery("test-every", 60_000);
    const slot = Math.floor(Date.now() / 60_000) * 60_000;
    const other = secondServer();
    try {
      await enqueueScheduledWork(t.db, slot + 5);
      forgetScheduledSlotsForTests();
      await enqueueScheduledWork(other, slot + 10);
      expect((await jobsNamed("test-every")).map((j) => j.unique_key)).toEqual([`every:test-every:${slot}`]);
      await enqueueScheduledWork(t.db, slot + 60_000);
      expect(await jobsNamed("test-every")).toHaveLength(2);
    } finally {
      await other.destroy();
    }
  });

  it("a separate lane's slow jobs never hold the other jobs' slots", async () => {
    let release = () => {};
    const blocked = vi.fn();
    defineJob("test-lane-slow", async () => {
      blocked();
      await new Promise<void>((resolve) => {
        release = resolve;
      });
    });
    ran.length = 0;
    const runner = startJobRunner({ db: t.db, pollMs: 60_000, limit: 1, separate: ["test-lane-slow"] });
    try {
      await enqueueJob(t.db, { name: "test-lane-slow", payload: {} });
      await vi.waitFor(() => expect(blocked).toHaveBeenCalled(), { timeout: 5000 });
      // One slot each: the slow job holds its lane's, the main loop still runs the others.
      await enqueueJob(t.db, { name: "test-record", payload: { tag: "beside the slow one" } });
      await vi.waitFor(() => expect(ran).toEqual(["beside the slow one"]), { timeout: 5000 });
    } finally {
      release();
      await runner.stop();
    }
  });

  it("a runner runs a job as soon as it is enqueued, and stop() waits for the job in progress", async () => {
    let release = () => {};
    const started = vi.fn();
    defineJob("test-slow", async () => {
      started();
      await new Promise<void>((resolve) => {
        release = resolve;
      });
    });
    // A long poll: only the kick from enqueueJob can start the job in time.
    const runner = startJobRunner({ db: t.db, pollMs: 60_000 });
    try {
      await new Promise((resolve) => setTimeout(resolve, 50));
      await enqueueJob(t.db, { name: "test-slow", payload: {} });
      await vi.waitFor(() => expect(started).toHaveBeenCalled(), { timeout: 5000 });
      let stopped = false;
      const stopping = runner.stop().then(() => {
        stopped = true;
      });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(stopped).toBe(false);
      release();
      await stopping;
      expect(stopped).toBe(true);
      const [job] = await jobsNamed("test-slow");
      expect(job?.state).toBe("done");
    } finally {
      release();
      await runner.stop();
    }
  });
});

import crypto from "node:crypto";
import { type Kysely, sql, type Transaction } from "kysely";
import { migrateToLatest } from "../../../db/migrate";
import type { SaveDemoLine } from "../../../db/seed";
import { forgotPasswordJob } from "../accounts/passwords";
import { resendVerificationJob } from "../accounts/sign-in";
import { expireUnverifiedAccountsJob } from "../accounts/unverified";
import { pruneIdempotencyKeysJob } from "../api-keys/idempotency";
import { SYSTEM_ACTOR } from "../audit/log";
import { licenseExpiryJob } from "../business/licenses";
import { lowStockDigestJob } from "../catalog/low-stock";
import { stockAlertsJob } from "../catalog/stock-alerts";
import { dialectOf } from "../db/connect";
import { getDb } from "../db/instance";
import type { DB } from "../db/schema";
import { startVersionsWatch, stopVersionsWatch } from "../db/versions-watch";
import { pactReminderJob } from "../excise/pact-filings";
import { expireLotsJob } from "../inventory/lots";
import { enqueueJob } from "../jobs/enqueue";
import { hasPendingJob, pruneJobsJob } from "../jobs/maintenance";
import { defineJob, scheduleEvery } from "../jobs/registry";
import { type JobRunner, startJobRunner } from "../jobs/runner";
import { mailJob } from "../mail/outbox";
import { invoiceRemindersJob } from "../receivables/mails";
import { env } from "../runtime/env";
import { log } from "../runtime/log";
import { webhookDeliveryJob } from "../webhooks/delivery";
import { WEBHOOK_DELIVERY_JOB } from "../webhooks/events";
import { pruneWebhookMessagesJob, WEBHOOK_PRUNE_JOB } from "../webhooks/prune";
import { pruneStagedImportsJob } from "./catalog-import/staging";
import { saveLineInTransaction } from "./line-admin";
import { orderBillingJob } from "./order-life";

const STARTUP_LOCK = 7_246_001;

/**
 * Runs `task` while holding a PostgreSQL advisory lock, so several app servers starting together
 * seed at most once. SQLite has one server per file: no lock needed.
 */
async function withStartupLock<T>(db: Kysely<DB>, task: () => Promise<T>): Promise<T> {
  if (dialectOf(db) !== "postgres") return task();
  return db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${STARTUP_LOCK})`.execute(conn);
    try {
      return await task();
    } finally {
      await sql`select pg_advisory_unlock(${STARTUP_LOCK})`.execute(conn);
    }
  });
}

const DEMO_PICTURES = "demo-pictures";

interface DemoPictures {
  /** The SKUs whose pictures are still to draw, in catalog order. */
  skus: string[];
  /** How many the chain started with (for the log's "n/total"). */
  total: number;
  /** This chain's id, in the links' unique keys. */
  chain: string;
}

function queueDemoPictures(db: Kysely<DB> | Transaction<DB>, payload: DemoPictures) {
  const drawn = payload.total - payload.skus.length;
  return enqueueJob(db, { name: DEMO_PICTURES, payload, uniqueKey: `${DEMO_PICTURES}:${payload.chain}:${drawn}` });
}

/**
 * The demo catalog's pictures, drawn after the server listens (decision 0049): a chain of short
 * jobs, a few products each, so mail and other work run between them, one server draws them
 * whatever the number of servers, and a restart goes on where it stopped. Each product gets its
 * pictures as they are drawn (a page shows the store's "No image" placeholder until then).
 */
export const demoPicturesJob = defineJob<DemoPictures>(DEMO_PICTURES, async (payload, { db }) => {
  // Loaded only here: the demo catalog and its drawing stay out of a production server.
  const { DEMO_IMAGE_BATCH, drawDemoImages } = await import("../../../db/seed");
  const rest = payload.skus.slice(DEMO_IMAGE_BATCH);
  await drawDemoImages(db, payload.skus.slice(0, DEMO_IMAGE_BATCH));
  log.info(`demo pictures: ${payload.total - rest.length}/${payload.total} products`);
  if (rest.length > 0) await queueDemoPictures(db, { ...payload, skus: rest });
  else log.info("demo store complete: every picture drawn");
});

/**
 * Every kind of job the server runs, named here so each one is registered (defineJob) before the
 * runner starts, whatever the routes have loaded.
 */
const JOBS = [
  mailJob,
  forgotPasswordJob,
  resendVerificationJob,
  expireUnverifiedAccountsJob,
  pruneJobsJob,
  licenseExpiryJob,
  lowStockDigestJob,
  stockAlertsJob,
  pruneStagedImportsJob,
  pactReminderJob,
  invoiceRemindersJob,
  orderBillingJob,
  demoPicturesJob,
  expireLotsJob,
  pruneIdempotencyKeysJob,
  webhookDeliveryJob,
  pruneWebhookMessagesJob,
];

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
let runner: JobRunner | undefined;

/**
 * Starts this process's job runner (unless JOBS=off) with the recurring work. Every server may
 * run one: jobs are claimed from the database, each by one server (jobs/run-due.ts).
 */
export function startBackgroundWork(): void {
  if (env().JOBS === "off" || runner) return;
  scheduleEvery(expireUnverifiedAccountsJob.name, HOUR);
  scheduleEvery(pruneJobsJob.name, 24 * HOUR);
  // A catalog file staged by a dry run and never applied goes within the hour after it expires.
  scheduleEvery(pruneStagedImportsJob.name, HOUR);
  // Hourly, so a license expires within the hour after its day ends (the work is idempotent).
  scheduleEvery(licenseExpiryJob.name, HOUR);
  scheduleEvery(lowStockDigestJob.name, 24 * HOUR);
  // PACT filings still open, mailed to the admins on the 5th (issue 31); checked every few hours.
  scheduleEvery(pactReminderJob.name, 6 * HOUR);
  // Back-in-stock alerts: a customer hears within about a minute of the restock (cheap when nothing is due).
  scheduleEvery(stockAlertsJob.name, MINUTE);
  // Invoice reminders and past-due notices (issue 30): once per invoice, whatever the runs.
  scheduleEvery(invoiceRemindersJob.name, HOUR);
  // Orders whose billing is not their life's (issue 36): the upgrade's excise corrections, then a watch.
  scheduleEvery(orderBillingJob.name, 24 * HOUR);
  // Lots past their last day leave the stock within the hour (issue 39).
  scheduleEvery(expireLotsJob.name, HOUR);
  // The API's Idempotency-Keys are kept 24 hours (issue 42): older ones go within the hour.
  scheduleEvery(pruneIdempotencyKeysJob.name, HOUR);
  // Webhook messages done with go after 30 days (webhooks/prune.ts), so the delivery log does not grow for ever.
  scheduleEvery(pruneWebhookMessagesJob.name, 24 * HOUR);
  // The webhooks' lane: deliveries waiting on receivers, and their log's pruning, never hold the slots of the rest.
  runner = startJobRunner({ pollMs: 2000, separate: [WEBHOOK_DELIVERY_JOB, WEBHOOK_PRUNE_JOB] });
  log.info({ jobs: JOBS.map((j) => j.name) }, "job runner started");
}

/**
 * Runs before the server listens: brings the schema up to date (the migrator takes its own lock)
 * and, with SEED_DEMO, fills an empty store with the demo catalog and demo accounts, printing the
 * accounts' generated passwords once. The catalog's pictures are drawn after (demoPicturesJob).
 */
/** The demo catalog's lines are written as the line editor saves them (db/seed.ts). */
export const saveDemoLine: SaveDemoLine = (trx, line) => saveLineInTransaction(trx, null, line, SYSTEM_ACTOR);

export async function runStartupTasks(): Promise<void> {
  const e = env();
  const db = getDb();
  const result = await migrateToLatest(db);
  for (const m of result.results ?? []) log.info({ migration: m.migrationName, status: m.status }, "migration");
  if (e.SEED_DEMO) {
    await withStartupLock(db, async () => {
      // Loaded only here: the demo catalog and its image drawing stay out of a production server.
      const { seedDemoStore } = await import("../../../db/demo");
      const credentials = await seedDemoStore(db, {
        dataDir: e.DATA_DIR,
        log: (line) => log.info(line),
        drawLater: async (trx, skus) => {
          if (skus.length > 0) await queueDemoPictures(trx, { skus, total: skus.length, chain: crypto.randomUUID() });
        },
        saveLine: saveDemoLine,
        people: "later",
      });
      if (credentials) throw new Error("the demo's people are seeded after the server listens");
    });
    // The accounts (hashing their passwords) and businesses while the server starts answering
    // pages: the store's first pages need only the catalog. /readyz waits for them.
    demoPeopleDone = false;
    void withStartupLock(db, async () => {
      const { seedDemoPeople } = await import("../../../db/demo");
      const credentials = await seedDemoPeople(db, e.DATA_DIR);
      // Shown once to the person starting the store, on the terminal, never in the JSON log.
      if (credentials) process.stdout.write(`\n${credentials}(kept in ${e.DATA_DIR}/demo-credentials.txt)\n\n`);
    })
      .catch((error: unknown) => log.error({ err: error }, "demo accounts could not be created"))
      .finally(() => {
        demoPeopleDone = true;
      });
  }
  startBackgroundWork();
  // On PostgreSQL the cache counters and stock changes are heard, not asked for (decision 0042).
  startVersionsWatch(db, e.DATABASE_URL);
}

let demoComplete = false;
/** False while the demo's accounts and businesses are being made (after the server listens). */
let demoPeopleDone = true;

/**
 * Whether what starting the store set out to do is done: with SEED_DEMO, the demo catalog's
 * pictures all drawn (the server answers pages before that, with placeholders). /readyz says so.
 */
export async function isStartupComplete(db: Kysely<DB> = getDb()): Promise<boolean> {
  if (demoComplete || !env().SEED_DEMO) return true;
  if (!demoPeopleDone) return false;
  demoComplete = !(await hasPendingJob(db, DEMO_PICTURES));
  return demoComplete;
}

/** Stops what runs in the background (scheduled work), waiting for jobs in progress, before the database closes. */
export async function stopBackgroundWork(): Promise<void> {
  const current = runner;
  runner = undefined;
  await Promise.all([current?.stop(), stopVersionsWatch()]);
}

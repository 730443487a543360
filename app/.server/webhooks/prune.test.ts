import { CompiledQuery, sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { setupTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { dialectOf } from "../db/connect";
import { enqueueJob } from "../jobs/enqueue";
import { runDueJobs } from "../jobs/run-due";
import { PRUNE_BATCH, prunableMessages, pruneWebhookMessages, WEBHOOK_PRUNE_JOB } from "./prune";

/**
 * The delivery log's pruning (issue 42): messages done with for 30 days go with their attempts;
 * a pending one, or one delivered, tried or made within the retention, stays. On the database the
 * run is on.
 */

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.parse("2026-11-29T12:00:00.000Z");
const ago = (days: number) => new Date(NOW - days * DAY).toISOString();

let t: TestDatabase;
let endpointId = 0;

interface Message {
  id: string;
  status: "pending" | "delivered" | "failed";
  created: number;
  delivered?: number;
  tried?: number[];
}

async function addMessages(messages: Message[]) {
  for (let i = 0; i < messages.length; i += 200) {
    const batch = messages.slice(i, i + 200);
    await t.db
      .insertInto("webhook_messages")
      .values(
        batch.map((m) => ({
          id: m.id,
          endpoint_id: endpointId,
          event_type: "order.created",
          payload: "{}",
          status: m.status,
          attempts: m.tried?.length ?? 0,
          delivered_at: m.delivered === undefined ? null : ago(m.delivered),
          created_at: ago(m.created),
        })),
      )
      .execute();
    const attempts = batch.flatMap((m) =>
      (m.tried ?? []).map((days) => ({
        message_id: m.id,
        attempted_at: ago(days),
        status_code: m.status === "delivered" ? 204 : 500,
        error: null,
        duration_ms: 12,
      })),
    );
    if (attempts.length) await t.db.insertInto("webhook_attempts").values(attempts).execute();
  }
}

async function remaining() {
  const messages = await t.db.selectFrom("webhook_messages").select("id").orderBy("id").execute();
  const attempts = await t.db.selectFrom("webhook_attempts").select("message_id").orderBy("message_id").execute();
  return { messages: messages.map((m) => m.id), attempts: [...new Set(attempts.map((a) => a.message_id))] };
}

beforeAll(async () => {
  t = await setupTestDatabase();
  const row = await t.db
    .insertInto("webhook_endpoints")
    .values({
      url: "https://hooks.example.com/store",
      events: JSON.stringify(["order.created"]),
      secret: "whsec_test",
      created_at: ago(400),
      updated_at: ago(400),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  endpointId = row.id;
});

beforeEach(async () => {
  await t.db.deleteFrom("webhook_attempts").execute();
  await t.db.deleteFrom("webhook_messages").execute();
});

afterAll(async () => {
  await t?.cleanup();
});

describe("pruning the webhook delivery log", () => {
  it("deletes messages done with for longer than the retention, with their attempts, and keeps the rest", async () => {
    await addMessages([
      { id: "msg_delivered_old", status: "delivered", created: 40, delivered: 40, tried: [40] },
      { id: "msg_failed_old", status: "failed", created: 45, tried: [45, 44, 42] },
      { id: "msg_delivered_31", status: "delivered", created: 31, delivered: 31, tried: [31] },
      // Still waiting for its next attempt: never pruned, whatever its age.
      { id: "msg_pending_old", status: "pending", created: 40, tried: [40] },
      { id: "msg_delivered_new", status: "delivered", created: 10, delivered: 10, tried: [10] },
      // Replayed lately: its last round is recent.
      { id: "msg_failed_replayed", status: "failed", created: 40, tried: [40, 5] },
      { id: "msg_delivered_late", status: "delivered", created: 40, delivered: 5, tried: [40, 5] },
      { id: "msg_failed_29", status: "failed", created: 29, tried: [29] },
    ]);
    expect(await pruneWebhookMessages(t.db, NOW)).toBe(3);
    const left = await remaining();
    const kept = ["msg_delivered_late", "msg_delivered_new", "msg_failed_29", "msg_failed_replayed", "msg_pending_old"];
    expect(left.messages).toEqual(kept);
    expect(left.attempts).toEqual(kept);
    // A second run finds nothing more; a day later the one of 29 days goes too.
    expect(await pruneWebhookMessages(t.db, NOW)).toBe(0);
    expect(await pruneWebhookMessages(t.db, NOW + 2 * DAY)).toBe(1);
    expect((await remaining()).messages).not.toContain("msg_failed_29");
  });

  it("works through a backlog larger than one batch", async () => {
    const count = PRUNE_BATCH * 2 + 7;
    await addMessages(
      Array.from({ length: count }, (_, i) => ({
        id: `msg_backlog_${String(i).padStart(5, "0")}`,
        status: i % 3 === 0 ? ("failed" as const) : ("delivered" as const),
        created: 60 + (i % 20),
        ...(i % 3 === 0 ? {} : { delivered: 60 }),
        tried: [60],
      })),
    );
    await addMessages([{ id: "msg_recent", status: "delivered", created: 1, delivered: 1, tried: [1] }]);
    expect(await pruneWebhookMessages(t.db, NOW)).toBe(count);
    expect(await remaining()).toEqual({ messages: ["msg_recent"], attempts: ["msg_recent"] });
  });

  it("runs as the job the webhooks' lane takes", async () => {
    await addMessages([
      { id: "msg_job_old", status: "delivered", created: 40, delivered: 40, tried: [40] },
      { id: "msg_job_new", status: "delivered", created: 2, delivered: 2, tried: [2] },
    ]);
    await enqueueJob(t.db, { name: WEBHOOK_PRUNE_JOB, payload: {}, runAt: NOW });
    const run = await runDueJobs({ db: t.db, only: [WEBHOOK_PRUNE_JOB], now: NOW });
    expect(run.done).toBe(1);
    expect((await remaining()).messages).toEqual(["msg_job_new"]);
  });

  it("finds what to prune by its index, not by reading every message kept", async () => {
    const query = prunableMessages(t.db, ago(30)).compile();
    if (dialectOf(t.db) === "sqlite") {
      const plan = await t.db.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`EXPLAIN QUERY PLAN ${query.sql}`, [...query.parameters]),
      );
      const details = plan.rows.map((r) => r.detail).join("\n");
      expect(details).toMatch(/webhook_messages_status_created_idx/);
      expect(details).not.toMatch(/SCAN m\b/);
    } else {
      // PostgreSQL picks a plan by the table's size; the index it would use on a large log is there.
      const indexes = await sql<{ indexdef: string }>`
        select indexdef from pg_indexes where tablename = 'webhook_messages'`.execute(t.db);
      expect(indexes.rows.map((r) => r.indexdef).join("\n")).toMatch(/\(status, created_at\)/);
    }
  });
});

import type { Kysely } from "kysely";
import * as WEBHOOK_MESSAGES from "~/lib/messages/webhooks";
import type { DB } from "../db/schema";
import { enqueueJob } from "../jobs/enqueue";
import { defineJob } from "../jobs/registry";
import { enqueueMail } from "../mail/outbox";
import { layout } from "../mail/templates";
import { env } from "../runtime/env";
import { log } from "../runtime/log";
import { WEBHOOK_DELIVERY_JOB } from "./events";
import { type SendOutcome, sendSigned } from "./send";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/**
 * The wait after each failed attempt (decision 0073): 10 attempts over about two and a half
 * days, then the message has failed.
 */
export const RETRY_DELAYS_MS = [
  5 * SECOND,
  5 * MINUTE,
  30 * MINUTE,
  2 * HOUR,
  5 * HOUR,
  10 * HOUR,
  10 * HOUR,
  14 * HOUR,
  20 * HOUR,
] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
/** An endpoint whose deliveries have failed this long, with none getting through, is disabled. */
export const FAILING_DISABLE_MS = 3 * 24 * HOUR;

export type DisableReason = "gone" | "failing" | "exhausted";

const REASON_WORDS: Record<DisableReason, string> = {
  gone: WEBHOOK_MESSAGES.disabledGone,
  failing: WEBHOOK_MESSAGES.disabledFailing,
  exhausted: WEBHOOK_MESSAGES.disabledExhausted,
};

export function disabledReasonWords(reason: string | null): string | null {
  if (reason === null) return null;
  return reason in REASON_WORDS ? REASON_WORDS[reason as DisableReason] : WEBHOOK_MESSAGES.disabledByAdmin;
}

/** The secrets that sign now: the current one, and the previous one until its overlap ends. */
export function signingSecrets(
  endpoint: { secret: string; previous_secret: string | null; previous_secret_until: string | null },
  now: number,
): string[] {
  const previous =
    endpoint.previous_secret && endpoint.previous_secret_until && Date.parse(endpoint.previous_secret_until) > now
      ? [endpoint.previous_secret]
      : [];
  return [endpoint.secret, ...previous];
}

async function mailAdmins(db: Kysely<DB>, url: string, reason: DisableReason): Promise<void> {
  const admins = await db.selectFrom("users").select("email").where("role", "=", "admin").execute();
  const e = env();
  for (const admin of admins) {
    await enqueueMail(
      db,
      {
        to: admin.email,
        subject: WEBHOOK_MESSAGES.endpointDisabledMailSubject(url),
        ...layout([WEBHOOK_MESSAGES.endpointDisabledMailBody(url, REASON_WORDS[reason])], {
          label: "Open the webhooks",
          url: `${e.BASE_URL}/admin/webhooks`,
        }),
      },
      `webhook endpoint disabled (${reason})`,
    );
  }
}

/** Turns an endpoint off (410, failing too long, a message out of attempts) and tells the admins. */
async function disableEndpoint(db: Kysely<DB>, endpointId: number, url: string, reason: DisableReason) {
  const changed = await db
    .updateTable("webhook_endpoints")
    .set({ enabled: 0, disabled_reason: reason, updated_at: new Date().toISOString() })
    .where("id", "=", endpointId)
    .where("enabled", "=", 1)
    .executeTakeFirst();
  if (Number(changed.numUpdatedRows) === 1) {
    log.warn({ endpointId, reason }, "webhook endpoint disabled");
    await mailAdmins(db, url, reason);
  }
}

/**
 * One attempt of one message (the job's payload names it). Its outcome is logged as an attempt;
 * any 2xx delivers it; a failure schedules the next attempt as a new job, RETRY_DELAYS_MS later,
 * until the last one. 410 Gone disables the endpoint at once; a message out of attempts, or
 * deliveries failing for three days, disable it too. The job itself never fails for the
 * receiver's sake: only a database error makes the runner retry it.
 */
export async function attemptDelivery(
  db: Kysely<DB>,
  messageId: string,
  options: { now?: number; timeoutMs?: number } = {},
): Promise<SendOutcome | null> {
  const now = options.now ?? Date.now();
  const row = await db
    .selectFrom("webhook_messages as m")
    .innerJoin("webhook_endpoints as e", "e.id", "m.endpoint_id")
    .select([
      "m.id",
      "m.payload",
      "m.status",
      "m.attempts",
      "e.id as endpointId",
      "e.url",
      "e.enabled",
      "e.secret",
      "e.previous_secret",
      "e.previous_secret_until",
      "e.failing_since",
    ])
    .where("m.id", "=", messageId)
    .executeTakeFirst();
  if (!row || row.status !== "pending") return null;
  if (row.enabled !== 1) {
    // Not sent while the endpoint is off; a replay sends it once it is on again.
    await db
      .updateTable("webhook_messages")
      .set({ status: "failed", next_attempt_at: null })
      .where("id", "=", messageId)
      .execute();
    return null;
  }
  const e = env();
  const outcome = await sendSigned(
    row.url,
    { id: row.id, body: row.payload, secrets: signingSecrets(row, now) },
    {
      allowPrivate: e.WEBHOOK_ALLOW_PRIVATE_ADDRESSES,
      allowHttp: e.WEBHOOK_ALLOW_HTTP,
      ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
    },
  );
  const at = new Date().toISOString();
  const attempts = row.attempts + 1;
  const delivered = outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300;
  await db
    .insertInto("webhook_attempts")
    .values({
      message_id: row.id,
      attempted_at: at,
      status_code: outcome.statusCode,
      error: outcome.error,
      duration_ms: outcome.durationMs,
    })
    .execute();
  if (delivered) {
    await db
      .updateTable("webhook_messages")
      .set({ status: "delivered", attempts, delivered_at: at, next_attempt_at: null })
      .where("id", "=", row.id)
      .execute();
    if (row.failing_since !== null)
      await db.updateTable("webhook_endpoints").set({ failing_since: null }).where("id", "=", row.endpointId).execute();
    return outcome;
  }
  const failingSince = row.failing_since ?? at;
  const last = attempts >= MAX_ATTEMPTS;
  const gone = outcome.statusCode === 410;
  const tooLong = Date.parse(failingSince) <= now - FAILING_DISABLE_MS;
  if (last || gone || tooLong) {
    await db
      .updateTable("webhook_messages")
      .set({ status: "failed", attempts, next_attempt_at: null })
      .where("id", "=", row.id)
      .execute();
    await db
      .updateTable("webhook_endpoints")
      .set({ failing_since: failingSince })
      .where("id", "=", row.endpointId)
      .execute();
    await disableEndpoint(db, row.endpointId, row.url, gone ? "gone" : last ? "exhausted" : "failing");
    return outcome;
  }
  const next = now + (RETRY_DELAYS_MS[attempts - 1] as number);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("webhook_messages")
      .set({ attempts, next_attempt_at: new Date(next).toISOString() })
      .where("id", "=", row.id)
      .execute();
    if (row.failing_since === null)
      await trx
        .updateTable("webhook_endpoints")
        .set({ failing_since: failingSince })
        .where("id", "=", row.endpointId)
        .where("failing_since", "is", null)
        .execute();
    await enqueueJob(trx, { name: WEBHOOK_DELIVERY_JOB, payload: { messageId: row.id }, runAt: next });
  });
  return outcome;
}

/** Listed in flows/startup.ts. Three tries of the job cover a database hiccup, not the receiver. */
export const webhookDeliveryJob = defineJob<{ messageId: string }>(
  WEBHOOK_DELIVERY_JOB,
  async ({ messageId }, { db, now }) => {
    await attemptDelivery(db, messageId, { now });
  },
  { maxAttempts: 3 },
);

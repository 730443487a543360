import crypto from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import * as WEBHOOK_MESSAGES from "~/lib/messages/webhooks";
import { isWebhookEvent, type WebhookEvent, type WebhookMessageStatus } from "~/lib/webhooks";
import { type Actor, recordAudit } from "../audit/log";
import type { DB, WebhookEndpointsTable } from "../db/schema";
import { enqueueJob } from "../jobs/enqueue";
import { kickJobRunners } from "../jobs/wake";
import { DomainError } from "../runtime/domain-error";
import { env } from "../runtime/env";
import { hostOf, resolveAllowed } from "./address-guard";
import { disabledReasonWords, signingSecrets } from "./delivery";
import { WEBHOOK_DELIVERY_JOB } from "./events";

export class WebhookError extends DomainError {}

/** How long the previous secret still signs after a roll. */
export const SECRET_OVERLAP_MS = 24 * 60 * 60 * 1000;
/** How long saving an endpoint waits for its name to resolve. */
const REGISTRATION_LOOKUP_MS = 3000;
/** Deliveries shown on an endpoint's page, newest first. */
export const LOG_LIMIT = 50;

/** A new signing secret: whsec_ and 32 random bytes in base64, as Standard Webhooks writes them. */
export function newSecret(): string {
  return `whsec_${crypto.randomBytes(32).toString("base64")}`;
}

/**
 * Judges a URL an admin gives: https (http only with WEBHOOK_ALLOW_HTTP), no credentials, and a
 * host that is not, and does not resolve to, a forbidden address. A name that does not resolve
 * yet is accepted: every delivery resolves and judges it again anyway.
 */
export async function checkEndpointUrl(raw: string): Promise<string> {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new WebhookError(WEBHOOK_MESSAGES.urlInvalid, { field: "url" });
  }
  const e = env();
  if (url.protocol !== "https:" && !(url.protocol === "http:" && e.WEBHOOK_ALLOW_HTTP))
    throw new WebhookError(url.protocol === "http:" ? WEBHOOK_MESSAGES.urlMustBeHttps : WEBHOOK_MESSAGES.urlInvalid, {
      field: "url",
    });
  if (url.username || url.password) throw new WebhookError(WEBHOOK_MESSAGES.urlHasCredentials, { field: "url" });
  const host = hostOf(url);
  const lowered = host.toLowerCase();
  const local = lowered === "localhost" || lowered.endsWith(".localhost") || lowered.endsWith(".internal");
  if (!e.WEBHOOK_ALLOW_PRIVATE_ADDRESSES && local)
    throw new WebhookError(WEBHOOK_MESSAGES.urlForbiddenAddress, { field: "url" });
  // A slow name server does not hold the admin's page: past 3 s the name counts as not resolved yet.
  let timer: NodeJS.Timeout | undefined;
  const slow = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), REGISTRATION_LOOKUP_MS);
  });
  const resolution = await Promise.race([
    resolveAllowed(host, { allowPrivate: e.WEBHOOK_ALLOW_PRIVATE_ADDRESSES }),
    slow,
  ]).finally(() => clearTimeout(timer));
  if (resolution && !resolution.ok && resolution.reason === "forbidden")
    throw new WebhookError(WEBHOOK_MESSAGES.urlForbiddenAddress, { field: "url" });
  return url.toString();
}

export interface EndpointSummary {
  id: number;
  url: string;
  description: string;
  events: WebhookEvent[];
  enabled: boolean;
  disabledReason: string | null;
  failingSince: string | null;
  createdAt: string;
}

export interface EndpointDetail extends EndpointSummary {
  secret: string;
  /** Until when the previous secret still signs, or null. */
  previousSecretUntil: string | null;
}

function eventsOf(stored: string): WebhookEvent[] {
  const parsed: unknown = JSON.parse(stored);
  return Array.isArray(parsed) ? parsed.filter(isWebhookEvent) : [];
}

type EndpointRow = Selectable<WebhookEndpointsTable>;

function summary(row: EndpointRow): EndpointSummary {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: eventsOf(row.events),
    enabled: row.enabled === 1,
    disabledReason: disabledReasonWords(row.enabled === 1 ? null : row.disabled_reason),
    failingSince: row.failing_since,
    createdAt: row.created_at,
  };
}

export async function listEndpoints(db: Kysely<DB>): Promise<EndpointSummary[]> {
  const rows = await db.selectFrom("webhook_endpoints").selectAll().orderBy("id").execute();
  return rows.map(summary);
}

export async function findEndpoint(db: Kysely<DB>, id: number, now = Date.now()): Promise<EndpointDetail | null> {
  const row = await db.selectFrom("webhook_endpoints").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return null;
  const overlap = signingSecrets(row, now).length > 1;
  return { ...summary(row), secret: row.secret, previousSecretUntil: overlap ? row.previous_secret_until : null };
}

async function mustFind(db: Kysely<DB>, id: number) {
  const row = await db.selectFrom("webhook_endpoints").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) throw new WebhookError(WEBHOOK_MESSAGES.endpointNotFound, { status: 404 });
  return row;
}

export interface NewEndpoint {
  url: string;
  description: string;
  events: WebhookEvent[];
}

/** Registers an endpoint with a fresh secret (audited; the secret never goes in the log). */
export async function createEndpoint(db: Kysely<DB>, input: NewEndpoint, actor: Actor): Promise<number> {
  const url = await checkEndpointUrl(input.url);
  if (input.events.length === 0) throw new WebhookError(WEBHOOK_MESSAGES.chooseEvents, { field: "events" });
  const now = new Date().toISOString();
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto("webhook_endpoints")
      .values({
        url,
        description: input.description,
        events: JSON.stringify(input.events),
        secret: newSecret(),
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await recordAudit(trx, actor, {
      action: "webhook.create",
      subjectType: "webhook",
      subjectId: row.id,
      summary: `Webhook endpoint ${url} added`,
      after: { url, description: input.description, events: input.events },
    });
    return row.id;
  });
}

export async function saveEvents(db: Kysely<DB>, id: number, events: WebhookEvent[], actor: Actor): Promise<void> {
  if (events.length === 0) throw new WebhookError(WEBHOOK_MESSAGES.chooseEvents, { field: "events" });
  await db.transaction().execute(async (trx) => {
    const row = await mustFind(trx, id);
    await trx
      .updateTable("webhook_endpoints")
      .set({ events: JSON.stringify(events), updated_at: new Date().toISOString() })
      .where("id", "=", id)
      .execute();
    await recordAudit(trx, actor, {
      action: "webhook.events",
      subjectType: "webhook",
      subjectId: id,
      summary: `Webhook endpoint ${row.url}: events changed`,
      before: { events: eventsOf(row.events) },
      after: { events },
    });
  });
}

/**
 * A new secret; the one it replaces keeps signing for SECRET_OVERLAP_MS, so each delivery in
 * between carries both signatures and the receiver can switch at its own pace.
 */
export async function rollSecret(db: Kysely<DB>, id: number, actor: Actor, now = Date.now()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await mustFind(trx, id);
    await trx
      .updateTable("webhook_endpoints")
      .set({
        secret: newSecret(),
        previous_secret: row.secret,
        previous_secret_until: new Date(now + SECRET_OVERLAP_MS).toISOString(),
        updated_at: new Date(now).toISOString(),
      })
      .where("id", "=", id)
      .execute();
    await recordAudit(trx, actor, {
      action: "webhook.roll-secret",
      subjectType: "webhook",
      subjectId: id,
      summary: `Webhook endpoint ${row.url}: secret rolled`,
    });
  });
}

/** An admin turns an endpoint off or back on (on again: its failures are forgotten). */
export async function setEndpointEnabled(db: Kysely<DB>, id: number, enabled: boolean, actor: Actor): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await mustFind(trx, id);
    if ((row.enabled === 1) === enabled) return;
    await trx
      .updateTable("webhook_endpoints")
      .set({
        enabled: enabled ? 1 : 0,
        disabled_reason: enabled ? null : "admin",
        failing_since: null,
        updated_at: new Date().toISOString(),
      })
      .where("id", "=", id)
      .execute();
    await recordAudit(trx, actor, {
      action: enabled ? "webhook.enable" : "webhook.disable",
      subjectType: "webhook",
      subjectId: id,
      summary: `Webhook endpoint ${row.url} ${enabled ? "enabled" : "disabled"}`,
      before: { enabled: row.enabled === 1, reason: row.disabled_reason },
      after: { enabled },
    });
  });
}

export interface DeliveryAttempt {
  at: string;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

export interface DeliveryLogEntry {
  id: string;
  eventType: string;
  /** The JSON body as signed. */
  payload: string;
  status: WebhookMessageStatus;
  createdAt: string;
  nextAttemptAt: string | null;
  attempts: DeliveryAttempt[];
}

/** An endpoint's latest messages with every attempt, newest first. */
export async function deliveryLog(db: Kysely<DB>, endpointId: number, limit = LOG_LIMIT): Promise<DeliveryLogEntry[]> {
  const messages = await db
    .selectFrom("webhook_messages")
    .select(["id", "event_type", "payload", "status", "created_at", "next_attempt_at"])
    .where("endpoint_id", "=", endpointId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  if (messages.length === 0) return [];
  const attempts = await db
    .selectFrom("webhook_attempts")
    .select(["message_id", "attempted_at", "status_code", "error", "duration_ms"])
    .where(
      "message_id",
      "in",
      messages.map((m) => m.id),
    )
    .orderBy("id")
    .execute();
  const byMessage = new Map<string, DeliveryAttempt[]>();
  for (const a of attempts) {
    const list = byMessage.get(a.message_id) ?? [];
    list.push({ at: a.attempted_at, statusCode: a.status_code, error: a.error, durationMs: a.duration_ms });
    byMessage.set(a.message_id, list);
  }
  return messages.map((m) => ({
    id: m.id,
    eventType: m.event_type,
    payload: m.payload,
    status: m.status,
    createdAt: m.created_at,
    nextAttemptAt: m.status === "pending" ? m.next_attempt_at : null,
    attempts: byMessage.get(m.id) ?? [],
  }));
}

/**
 * Sends a message again, now, with the same id and body (a receiver deduplicates on webhook-id):
 * a new round of attempts. Refused while its endpoint is disabled.
 */
export async function replayMessage(
  db: Kysely<DB>,
  endpointId: number,
  messageId: string,
  actor: Actor,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const endpoint = await mustFind(trx, endpointId);
    const message = await trx
      .selectFrom("webhook_messages")
      .select(["id", "event_type", "status"])
      .where("id", "=", messageId)
      .where("endpoint_id", "=", endpointId)
      .executeTakeFirst();
    if (!message) throw new WebhookError(WEBHOOK_MESSAGES.messageNotFound, { status: 404 });
    if (endpoint.enabled !== 1) throw new WebhookError(WEBHOOK_MESSAGES.replayNeedsEnabled, { status: 409 });
    const now = new Date().toISOString();
    await trx
      .updateTable("webhook_messages")
      .set({ status: "pending", attempts: 0, next_attempt_at: now })
      .where("id", "=", messageId)
      .execute();
    await enqueueJob(trx, { name: WEBHOOK_DELIVERY_JOB, payload: { messageId } });
    await recordAudit(trx, actor, {
      action: "webhook.replay",
      subjectType: "webhook",
      subjectId: endpointId,
      summary: `Webhook ${message.event_type} ${messageId} replayed to ${endpoint.url}`,
      before: { status: message.status },
    });
  });
  kickJobRunners();
}

import crypto from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { WebhookEvent } from "~/lib/webhooks";
import type { DB } from "../db/schema";
import { enqueueJob } from "../jobs/enqueue";

export const WEBHOOK_DELIVERY_JOB = "webhook-delivery";

/** What each event's data holds (decision 0073): ids and the key facts, never a product's cost. */
export interface WebhookEventData {
  "order.placed": { orderId: number; businessId: string; status: string; totalCents: number; itemCount: number };
  "order.status_changed": { orderId: number; businessId: string | null; from: string; to: string };
  "invoice.issued": {
    invoiceId: number;
    number: number;
    orderId: number;
    businessId: string;
    totalCents: number;
    dueOn: string;
  };
  "payment.recorded": {
    paymentId: number;
    businessId: string;
    amountCents: number;
    method: string;
    receivedOn: string;
  };
  "stock.low": { productId: number; sku: string; stock: number; threshold: number };
  "business.approved": { businessId: string };
  "lot.recalled": { lotId: number; code: string; productId: number | null; sku: string; notices: number };
  "delivery.done": {
    orderId: number;
    businessId: string | null;
    stopId: number;
    partial: boolean;
    deliveredAt: string;
  };
}

/** A message's id, the webhook-id header: unique, and the same on every attempt of the message. */
export function newMessageId(): string {
  return `msg_${crypto.randomBytes(16).toString("base64url")}`;
}

/**
 * Emits an event: one message per enabled endpoint that asked for it, each with its delivery
 * job, written in the transaction of the change it reports. So a message exists if and only if
 * its change committed; the caller kicks the job runners after the commit (kickJobRunners), and
 * the delivery itself only ever runs in a runner, never in the request.
 */
export async function emitWebhook<E extends WebhookEvent>(
  trx: Kysely<DB> | Transaction<DB>,
  type: E,
  data: WebhookEventData[E],
): Promise<number> {
  const endpoints = await trx
    .selectFrom("webhook_endpoints")
    .select(["id", "events"])
    .where("enabled", "=", 1)
    .execute();
  const wanted = endpoints.filter((e) => (JSON.parse(e.events) as string[]).includes(type));
  if (wanted.length === 0) return 0;
  const timestamp = new Date().toISOString();
  const payload = JSON.stringify({ type, timestamp, data });
  for (const endpoint of wanted) {
    const id = newMessageId();
    await trx
      .insertInto("webhook_messages")
      .values({
        id,
        endpoint_id: endpoint.id,
        event_type: type,
        payload,
        next_attempt_at: timestamp,
        created_at: timestamp,
      })
      .execute();
    await enqueueJob(trx, { name: WEBHOOK_DELIVERY_JOB, payload: { messageId: id } });
  }
  return wanted.length;
}

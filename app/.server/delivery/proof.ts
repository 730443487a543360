import type { Kysely } from "kysely";
import type { DeliveryProof } from "~/lib/driver";
import type { DB } from "../db/schema";
import { readDocument } from "../media/documents";

/**
 * An order's proof of delivery as its business reads it on the order page (issue 40): who received
 * it and when, and what was short or refused. The signature and photo are private documents: they
 * are read here and sent inside the page's data only to the business's owners and to admins (a
 * buyer of the business reads the name and time, not the signature), never given an address.
 */
export interface ProofViewer {
  role: string;
  memberRole: "owner" | "buyer" | null;
}

async function dataUrl(key: string | null): Promise<string | null> {
  if (!key) return null;
  const file = await readDocument(key);
  if (!file) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of file.body) chunks.push(Buffer.from(chunk));
  const type = key.endsWith(".png") ? "image/png" : "image/jpeg";
  return `data:${type};base64,${Buffer.concat(chunks).toString("base64")}`;
}

/** The proof of delivery of an order the caller has already found to be the viewer's business's; null if not delivered. */
export async function deliveryProofFor(
  db: Kysely<DB>,
  viewer: ProofViewer,
  orderId: number,
): Promise<DeliveryProof | null> {
  const stop = await db
    .selectFrom("delivery_stops")
    .select(["id", "status", "receiver_name", "delivered_at", "signature_key", "photo_key"])
    .where("order_id", "=", orderId)
    .where("status", "in", ["delivered", "partial"])
    .executeTakeFirst();
  if (!stop?.receiver_name) return null;
  const lines = await db
    .selectFrom("delivery_stop_lines")
    .select(["name", "sku", "ordered", "delivered", "reason"])
    .where("stop_id", "=", stop.id)
    .orderBy("id")
    .execute();
  const private_ = viewer.role === "admin" || viewer.memberRole === "owner";
  return {
    status: stop.status === "partial" ? "partial" : "delivered",
    receiverName: stop.receiver_name,
    deliveredAt: stop.delivered_at,
    lines: lines.filter((l) => l.delivered < l.ordered),
    signature: private_ ? await dataUrl(stop.signature_key) : null,
    photo: private_ ? await dataUrl(stop.photo_key) : null,
  };
}

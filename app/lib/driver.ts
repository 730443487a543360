import { z } from "zod";
import * as DRIVER from "./messages/driver";

/**
 * What a driver's phone sends (issue 40; decision 0070): one action per stop event, each with the
 * idempotency key the phone made when the driver pressed the button, so a replay (the phone sent
 * it, lost the answer, and sends it again) is answered the same and changes nothing. Shared by the
 * phone's queue and the server's check.
 */
export const STOP_STATUSES = ["pending", "delivered", "partial", "not_delivered"] as const;
export type StopStatus = (typeof STOP_STATUSES)[number];
export const SHORT_REASONS = ["short", "refused"] as const;
export const NOT_DELIVERED_REASONS = ["closed", "refused"] as const;
export const COLLECTION_METHODS = ["cash", "check"] as const;
export type CollectionMethod = (typeof COLLECTION_METHODS)[number];

/** Labels a person reads for each state and reason. */
export const STOP_STATUS_LABELS: Record<StopStatus | "cancelled", string> = {
  pending: "To deliver",
  delivered: "Delivered",
  partial: "Partly delivered",
  not_delivered: "Not delivered",
  cancelled: "Cancelled",
};
export const REASON_LABELS: Record<string, string> = {
  short: "Short",
  refused: "Refused",
  closed: "Closed",
};

/** A data URL of a PNG or JPEG (a signature drawn on the canvas, a photo), at most ~6 MB. */
const imageDataUrl = z
  .string()
  .max(8_000_000)
  .regex(/^data:image\/(png|jpeg);base64,[A-Za-z0-9+/=]+$/);

const proof = z.object({
  receiverName: z.string().trim().min(1, DRIVER.receiverNameRequired).max(80),
  signature: imageDataUrl,
  photo: imageDataUrl.nullish(),
  /** When the driver pressed the button (ISO 8601), not when it was sent. */
  at: z.iso.datetime({ offset: true }),
  latitude: z.number().min(-90).max(90).nullish(),
  longitude: z.number().min(-180).max(180).nullish(),
});
export type Proof = z.infer<typeof proof>;

const base = { key: z.string().min(8).max(100), stopId: z.number().int().positive() };

export const driverActionSchema = z.discriminatedUnion("kind", [
  z.object({ ...base, kind: z.literal("delivered"), proof }),
  z.object({
    ...base,
    kind: z.literal("partial"),
    proof,
    lines: z
      .array(
        z.object({
          itemId: z.number().int().positive(),
          delivered: z.number().int().min(0),
          reason: z.enum(SHORT_REASONS).nullish(),
        }),
      )
      .min(1)
      .max(500),
  }),
  z.object({
    ...base,
    kind: z.literal("not_delivered"),
    reason: z.enum(NOT_DELIVERED_REASONS),
    at: z.iso.datetime({ offset: true }),
  }),
  z.object({
    ...base,
    kind: z.literal("collection"),
    method: z.enum(COLLECTION_METHODS),
    checkNumber: z.string().trim().max(30).nullish(),
    amountCents: z.number().int().positive().max(100_000_000),
    at: z.iso.datetime({ offset: true }),
  }),
]);
export type DriverAction = z.infer<typeof driverActionSchema>;

/** The answer to one action: applied (or applied before: `replayed`), or refused with why. */
export type DriverActionResult =
  | { key: string; ok: true; replayed: boolean; message: string; stopStatus: StopStatus }
  | { key: string; ok: false; message: string };

/** The map link of an address (opens the phone's maps app). */
export function mapLink(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
}

/** A phone number as a tel: link (digits and a leading +). */
export function telLink(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}

/** The driver's manifest (app/.server/delivery/driver.ts reads it): their routes of a day, stops in order. */
export type CollectKind = "cod" | "prepaid" | "terms";

export interface ManifestLine {
  itemId: number;
  name: string;
  sku: string;
  quantity: number;
  /** What the stop recorded as handed over (partial deliveries), or null. */
  delivered: number | null;
  reason: string | null;
}

export interface ManifestStop {
  id: number;
  position: number;
  status: StopStatus;
  reason: string | null;
  orderId: number;
  cancelled: boolean;
  businessName: string;
  street: string;
  city: string;
  state: string;
  zip: string;
  phone: string;
  lines: ManifestLine[];
  collect: { kind: CollectKind; terms: string; dueCents: number };
  collectedCents: number;
  receiverName: string | null;
  deliveredAt: string | null;
}

export interface ManifestRoute {
  id: number;
  zoneName: string;
  status: string;
  vehicle: string | null;
  stops: ManifestStop[];
}

export interface Manifest {
  day: string;
  routes: ManifestRoute[];
}

/** An order's proof of delivery as its business reads it (app/.server/delivery/proof.ts). */
export interface DeliveryProof {
  status: "delivered" | "partial";
  receiverName: string;
  deliveredAt: string | null;
  lines: { name: string; sku: string; ordered: number; delivered: number; reason: string | null }[];
  /** PNG and JPEG/PNG data URLs; null for a viewer who may not see them, or none was taken. */
  signature: string | null;
  photo: string | null;
}

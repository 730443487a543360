import { stringify } from "csv-stringify/sync";
import { type Kysely, sql, type Transaction } from "kysely";
import { businessDisplayName } from "~/lib/business";
import { LOT_STATUS_LABELS } from "~/lib/inventory";
import * as INVENTORY_MESSAGES from "~/lib/messages/inventory";
import { type Actor, recordAudit } from "../audit/log";
import { neutralizeFormula } from "../catalog/csv/file";
import { lockProducts } from "../catalog/product-locks";
import { dialectOf } from "../db/connect";
import type { DB, LotStatus } from "../db/schema";
import { sqlNow } from "../db/time";
import { kickJobRunners } from "../jobs/wake";
import { enqueueMail } from "../mail/outbox";
import { DomainError } from "../runtime/domain-error";
import { storeInfo } from "../runtime/store-info";
import { emitWebhook } from "../webhooks/events";
import { fefoLots, setLotStatus, syncLotThc } from "./lots";

type Db = Kysely<DB> | Transaction<DB>;

/** The back office's lots (issue 39): the list, one lot with who received it, counts, and recalls. */

export class LotError extends DomainError {}

export interface LotSummary {
  id: number;
  code: string;
  sku: string;
  name: string;
  status: LotStatus;
  expiresOn: string | null;
  onHand: number;
  received: number;
  unitCostCents: number;
  hasReport: boolean;
  published: boolean;
}

function summaryOf(r: {
  id: number;
  code: string;
  sku: string;
  name: string;
  status: LotStatus;
  expires_on: string | null;
  on_hand: number;
  quantity_received: number;
  unit_cost_cents: number;
  lab_report_key: string | null;
  published: number;
}): LotSummary {
  return {
    id: r.id,
    code: r.code,
    sku: r.sku,
    name: r.name,
    status: r.status,
    expiresOn: r.expires_on,
    onHand: r.on_hand,
    received: r.quantity_received,
    unitCostCents: r.unit_cost_cents,
    hasReport: r.lab_report_key !== null,
    published: r.published === 1,
  };
}

const SUMMARY = [
  "id",
  "code",
  "sku",
  "name",
  "status",
  "expires_on",
  "on_hand",
  "quantity_received",
  "unit_cost_cents",
  "lab_report_key",
  "published",
] as const;

/** Lots, newest first; `q` finds by lot code or SKU. */
export async function listLots(db: Db, q = ""): Promise<LotSummary[]> {
  let query = db.selectFrom("lots").select(SUMMARY).orderBy("id", "desc").limit(200);
  const term = q.trim().toLowerCase();
  if (term) query = query.where((eb) => eb.or([eb("code_key", "=", term), eb(sql`lower(sku)`, "=", term)]));
  return (await query.execute()).map(summaryOf);
}

/** One release of a lot (21 CFR 1.345): who received it, where, when, how many, and how it went. */
export interface LotRecipient {
  orderId: number;
  businessId: string | null;
  business: string;
  email: string | null;
  phone: string;
  address: string;
  orderedOn: string;
  status: string;
  quantity: number;
  carrier: string;
  tracking: string;
}

export interface LotDetail extends LotSummary {
  productId: number | null;
  supplier: string | null;
  purchaseOrder: { id: number; number: number } | null;
  batchDate: string | null;
  receivedAt: string;
  delta9Ug: number | null;
  thcaUg: number | null;
  recall: { reason: string; action: string; status: "open" | "closed"; notices: number; createdAt: string } | null;
  adjustments: { delta: number; counted: number | null; reason: string; note: string; by: string; at: string }[];
}

export async function findLot(db: Db, id: number): Promise<LotDetail | null> {
  const lot = await db
    .selectFrom("lots")
    .leftJoin("suppliers", "suppliers.id", "lots.supplier_id")
    .leftJoin("purchase_order_lines as l", "l.id", "lots.purchase_order_line_id")
    .leftJoin("purchase_orders as po", "po.id", "l.purchase_order_id")
    .select([
      "lots.id",
      "lots.code",
      "lots.sku",
      "lots.name",
      "lots.status",
      "lots.expires_on",
      "lots.on_hand",
      "lots.quantity_received",
      "lots.unit_cost_cents",
      "lots.lab_report_key",
      "lots.published",
      "lots.product_id",
      "lots.batch_date",
      "lots.received_at",
      "lots.delta9_ug",
      "lots.thca_ug",
      "suppliers.name as supplier",
      "po.id as po_id",
      "po.number as po_number",
    ])
    .where("lots.id", "=", id)
    .executeTakeFirst();
  if (!lot) return null;
  const recall = await db
    .selectFrom("recalls")
    .select(["reason", "action", "status", "notices", "created_at"])
    .where("lot_id", "=", id)
    .executeTakeFirst();
  const adjustments = await db
    .selectFrom("stock_adjustments")
    .select(["delta", "counted", "reason", "note", "actor_name", "created_at"])
    .where("lot_id", "=", id)
    .orderBy("id", "desc")
    .limit(50)
    .execute();
  return {
    ...summaryOf(lot),
    productId: lot.product_id,
    supplier: lot.supplier ?? null,
    purchaseOrder: lot.po_id !== null && lot.po_number !== null ? { id: lot.po_id, number: lot.po_number } : null,
    batchDate: lot.batch_date,
    receivedAt: lot.received_at,
    delta9Ug: lot.delta9_ug,
    thcaUg: lot.thca_ug,
    recall: recall
      ? {
          reason: recall.reason,
          action: recall.action,
          status: recall.status,
          notices: recall.notices,
          createdAt: recall.created_at,
        }
      : null,
    adjustments: adjustments.map((a) => ({
      delta: a.delta,
      counted: a.counted,
      reason: a.reason,
      note: a.note,
      by: a.actor_name,
      at: a.created_at,
    })),
  };
}

/**
 * Every order that received units of the lot: the business, its contact, the delivery address,
 * the day, the units and the shipment. One indexed read (order_lots by lot).
 */
export async function lotRecipients(db: Db, lotId: number): Promise<LotRecipient[]> {
  const rows = await db
    .selectFrom("order_lots as ol")
    .innerJoin("orders as o", "o.id", "ol.order_id")
    .leftJoin("businesses as b", "b.user_id", "o.user_id")
    .leftJoin("users as u", "u.id", "o.user_id")
    .leftJoin("order_shipments as s", "s.order_id", "o.id")
    .select([
      "o.id",
      "o.user_id",
      "o.status",
      "o.created_at",
      "o.ship_business_name",
      "o.ship_street",
      "o.ship_city",
      "o.ship_state",
      "o.ship_zip",
      "o.ship_phone",
      "b.legal_name",
      "b.dba",
      "u.email",
      "ol.quantity",
      "s.carrier",
      "s.tracking",
    ])
    .where("ol.lot_id", "=", lotId)
    .orderBy("o.id")
    .execute();
  return rows.map((r) => ({
    orderId: r.id,
    businessId: r.user_id,
    business: r.legal_name
      ? businessDisplayName({ legalName: r.legal_name, dba: r.dba ?? null })
      : r.ship_business_name,
    email: r.email ?? null,
    phone: r.ship_phone,
    address: `${r.ship_business_name}, ${r.ship_street}, ${r.ship_city}, ${r.ship_state} ${r.ship_zip}`,
    orderedOn: r.created_at.slice(0, 10),
    status: r.status,
    quantity: r.quantity,
    carrier: r.carrier ?? "",
    tracking: r.tracking ?? "",
  }));
}

async function lockLot(trx: Transaction<DB>, id: number) {
  const lot = await trx
    .selectFrom("lots")
    .select(["id", "code", "product_id", "status", "on_hand", "lab_report_key", "published"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!lot) throw new LotError(INVENTORY_MESSAGES.lotNotFound, { status: 404 });
  // The product's row first (decision 0005): the lot's units move its stock.
  await lockProducts(trx, [lot.product_id], "no key update");
  let q = trx.selectFrom("lots").select(["status", "on_hand"]).where("id", "=", id);
  if (dialectOf(trx) === "postgres") q = q.forUpdate();
  const now = await q.executeTakeFirstOrThrow();
  return { ...lot, ...now };
}

/** Quarantines a lot, or makes it available again (not a recalled or expired one). */
export async function setLotHold(db: Kysely<DB>, id: number, hold: boolean, actor: Actor): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const lot = await lockLot(trx, id);
    if (lot.status === "recalled" || lot.status === "expired")
      throw new LotError(INVENTORY_MESSAGES.lotStatusChanged(lot.code, LOT_STATUS_LABELS[lot.status].toLowerCase()), {
        status: 409,
      });
    const next: LotStatus = hold ? "quarantined" : "available";
    await setLotStatus(trx, id, next);
    if (lot.product_id !== null) await syncLotThc(trx, lot.product_id);
    await recordAudit(trx, actor, {
      action: "lot.status",
      subjectType: "lot",
      subjectId: id,
      summary: `Lot ${lot.code}: ${LOT_STATUS_LABELS[lot.status]} → ${LOT_STATUS_LABELS[next]}`,
    });
    return INVENTORY_MESSAGES.lotStatusChanged(lot.code, LOT_STATUS_LABELS[next].toLowerCase());
  });
}

/** Publishes (or withdraws) the lot's lab report at /lots/{code}. */
export async function publishLot(db: Kysely<DB>, id: number, published: boolean, actor: Actor): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const lot = await trx.selectFrom("lots").select(["code", "lab_report_key"]).where("id", "=", id).executeTakeFirst();
    if (!lot) throw new LotError(INVENTORY_MESSAGES.lotNotFound, { status: 404 });
    if (published && !lot.lab_report_key) throw new LotError(INVENTORY_MESSAGES.lotNeedsReport);
    await trx
      .updateTable("lots")
      .set({ published: published ? 1 : 0, updated_at: sqlNow(dialectOf(trx)) })
      .where("id", "=", id)
      .execute();
    await recordAudit(trx, actor, {
      action: "lot.publish",
      subjectType: "lot",
      subjectId: id,
      summary: `Lot ${lot.code}'s lab report ${published ? "published" : "withdrawn"}`,
    });
    return INVENTORY_MESSAGES.lotPublished(lot.code, published);
  });
}

/**
 * A count of a lot: its on-hand units become `counted`, the difference recorded with its reason
 * and who counted; an available lot's difference moves the product's stock with it.
 */
export async function countLot(
  db: Kysely<DB>,
  id: number,
  input: { counted: number; reason: string; note: string },
  actor: Actor,
): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const lot = await lockLot(trx, id);
    const delta = input.counted - lot.on_hand;
    const now = sqlNow(dialectOf(trx));
    if (delta !== 0) {
      await trx.updateTable("lots").set({ on_hand: input.counted, updated_at: now }).where("id", "=", id).execute();
      if (lot.status === "available" && lot.product_id !== null) {
        // Never below zero: units of the lot an order holds were already taken from the stock.
        await trx
          .updateTable("products")
          .set({
            stock:
              dialectOf(trx) === "postgres"
                ? sql<number>`greatest(stock + ${delta}, 0)`
                : sql<number>`max(stock + ${delta}, 0)`,
            updated_at: now,
          })
          .where("id", "=", lot.product_id)
          .execute();
      }
    }
    if (lot.product_id !== null) {
      await trx
        .insertInto("stock_adjustments")
        .values({
          product_id: lot.product_id,
          lot_id: id,
          delta,
          counted: input.counted,
          reason: input.reason,
          note: input.note,
          actor_id: actor.id,
          actor_name: actor.name,
          created_at: now,
        })
        .execute();
    }
    await recordAudit(trx, actor, {
      action: "lot.count",
      subjectType: "lot",
      subjectId: id,
      summary: `Lot ${lot.code} counted ${input.counted} (${input.reason})`,
      before: { onHand: lot.on_hand },
      after: { onHand: input.counted, reason: input.reason, note: input.note },
    });
    return INVENTORY_MESSAGES.countSaved(lot.code, lot.on_hand, input.counted);
  });
}

/**
 * Recalls a lot in one transaction: it stops being sold (its units leave the stock), the recall
 * is recorded, and every business that received it is sent a notice (through the outbox: the
 * mails leave only if all of this commits) naming its orders, the product and what to do.
 */
export async function recallLot(
  db: Kysely<DB>,
  id: number,
  input: { reason: string; action: string },
  actor: Actor,
): Promise<{ code: string; notices: number }> {
  const result = await db.transaction().execute(async (trx) => {
    const lot = await lockLot(trx, id);
    if (lot.status === "recalled") throw new LotError(INVENTORY_MESSAGES.lotAlreadyRecalled(lot.code), { status: 409 });
    const before = lot.status;
    await setLotStatus(trx, id, "recalled");
    if (lot.product_id !== null) await syncLotThc(trx, lot.product_id);
    const recipients = await lotRecipients(trx, id);
    const detail = await trx.selectFrom("lots").select(["name", "sku"]).where("id", "=", id).executeTakeFirstOrThrow();
    const store = storeInfo();
    const byBusiness = new Map<string, LotRecipient[]>();
    for (const r of recipients) {
      if (!r.email || r.status === "Cancelled") continue;
      const list = byBusiness.get(r.email) ?? [];
      list.push(r);
      byBusiness.set(r.email, list);
    }
    for (const [email, orders] of byBusiness) {
      const first = orders[0] as LotRecipient;
      const text = [
        INVENTORY_MESSAGES.recallMailIntro(first.business, lot.code),
        "",
        ...orders.map((o) =>
          INVENTORY_MESSAGES.recallMailLine(o.orderId, o.orderedOn, o.quantity, detail.name, detail.sku),
        ),
        "",
        INVENTORY_MESSAGES.recallMailReason(input.reason),
        INVENTORY_MESSAGES.recallMailAction(input.action),
        "",
        INVENTORY_MESSAGES.recallMailClosing,
        store.name,
        store.phone,
      ].join("\n");
      await enqueueMail(
        trx as unknown as Kysely<DB>,
        {
          to: email,
          subject: INVENTORY_MESSAGES.recallMailSubject(store.name, lot.code),
          text,
          replyTo: store.email,
        },
        `recall of lot ${lot.code}`,
      );
    }
    const now = sqlNow(dialectOf(trx));
    await trx
      .insertInto("recalls")
      .values({
        lot_id: id,
        reason: input.reason,
        action: input.action,
        notices: byBusiness.size,
        created_by: actor.id,
        created_at: now,
        closed_at: null,
      })
      .execute();
    await recordAudit(trx, actor, {
      action: "lot.recall",
      subjectType: "lot",
      subjectId: id,
      summary: `Lot ${lot.code} recalled (was ${LOT_STATUS_LABELS[before]}); ${byBusiness.size} businesses notified`,
      after: { reason: input.reason, action: input.action, orders: recipients.map((r) => r.orderId) },
    });
    await emitWebhook(trx, "lot.recalled", {
      lotId: id,
      code: lot.code,
      productId: lot.product_id,
      sku: detail.sku,
      notices: byBusiness.size,
    });
    return { code: lot.code, notices: byBusiness.size };
  });
  kickJobRunners();
  return result;
}

export async function closeRecall(db: Kysely<DB>, id: number, actor: Actor): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const lot = await trx.selectFrom("lots").select("code").where("id", "=", id).executeTakeFirst();
    if (!lot) throw new LotError(INVENTORY_MESSAGES.lotNotFound, { status: 404 });
    await trx
      .updateTable("recalls")
      .set({ status: "closed", closed_at: sqlNow(dialectOf(trx)) })
      .where("lot_id", "=", id)
      .where("status", "=", "open")
      .execute();
    await recordAudit(trx, actor, {
      action: "lot.recall-close",
      subjectType: "lot",
      subjectId: id,
      summary: `Recall of lot ${lot.code} closed`,
    });
    return INVENTORY_MESSAGES.recallClosed(lot.code);
  });
}

/** The public page of a published lot: the product, its batch, its report. Null for any other. */
export async function findPublishedLot(
  db: Db,
  code: string,
): Promise<{
  code: string;
  name: string;
  sku: string;
  batchDate: string | null;
  expiresOn: string | null;
  receivedOn: string;
  status: LotStatus;
  reportKey: string;
  reportType: string;
  totalThcUg: number | null;
} | null> {
  const lot = await db
    .selectFrom("lots")
    .select([
      "code",
      "name",
      "sku",
      "batch_date",
      "expires_on",
      "received_at",
      "status",
      "lab_report_key",
      "lab_report_type",
      "delta9_ug",
      "thca_ug",
    ])
    .where("code_key", "=", code.toLowerCase())
    .where("published", "=", 1)
    .executeTakeFirst();
  if (!lot?.lab_report_key || !lot.lab_report_type) return null;
  return {
    code: lot.code,
    name: lot.name,
    sku: lot.sku,
    batchDate: lot.batch_date,
    expiresOn: lot.expires_on,
    receivedOn: lot.received_at.slice(0, 10),
    status: lot.status,
    reportKey: lot.lab_report_key,
    reportType: lot.lab_report_type,
    totalThcUg: lot.delta9_ug === null && lot.thca_ug === null ? null : (lot.delta9_ug ?? 0) + (lot.thca_ug ?? 0),
  };
}

/**
 * The published lot a customer ordering this product now would most likely receive: the first
 * available lot, first expiry first out, if its report is public.
 */
export async function nextLotReport(db: Db, productId: number, today: string): Promise<string | null> {
  const lot = await fefoLots(db, productId, today).select(["code", "published"]).executeTakeFirst();
  return lot && lot.published === 1 ? lot.code : null;
}

/**
 * The recipients of a lot as a CSV file, with the fields of a record of release under 21 CFR
 * 1.345: the recipient (business, address, phone, email), the product (name, SKU), the lot, the
 * day released, the quantity, and the carrier (with its tracking number).
 */
export async function recallCsv(db: Db, lotId: number): Promise<string | null> {
  const lot = await db
    .selectFrom("lots")
    .select(["code", "name", "sku", "expires_on"])
    .where("id", "=", lotId)
    .executeTakeFirst();
  if (!lot) return null;
  const recipients = await lotRecipients(db, lotId);
  const rows = recipients.map((r) =>
    [
      r.business,
      r.address,
      r.phone,
      r.email ?? "",
      lot.name,
      lot.sku,
      lot.code,
      lot.expires_on ?? "",
      String(r.orderId),
      r.orderedOn,
      String(r.quantity),
      r.status,
      r.carrier,
      r.tracking,
    ].map(neutralizeFormula),
  );
  return stringify(
    [
      [
        "Recipient",
        "Recipient address",
        "Recipient phone",
        "Recipient email",
        "Product",
        "SKU",
        "Lot",
        "Expiry",
        "Order",
        "Date released",
        "Quantity",
        "Order status",
        "Carrier",
        "Tracking number",
      ],
      ...rows,
    ],
    { eof: true },
  );
}

/** What the stock in lots is worth at cost (issue 39): units on hand × each lot's unit cost, over the available lots. */
export async function stockValue(db: Db): Promise<{ lots: number; units: number; valueCents: number }> {
  const row = await db
    .selectFrom("lots")
    .select([
      sql<number>`count(*)`.as("lots"),
      sql<number>`coalesce(sum(on_hand), 0)`.as("units"),
      sql<number>`coalesce(sum(on_hand * unit_cost_cents), 0)`.as("value"),
    ])
    .where("status", "=", "available")
    .where("on_hand", ">", 0)
    .executeTakeFirst();
  return { lots: Number(row?.lots ?? 0), units: Number(row?.units ?? 0), valueCents: Number(row?.value ?? 0) };
}

/** A lot's lab report for the back office (published or not): its code and the document's key and type. */
export async function findLotReport(
  db: Db,
  lotId: number,
): Promise<{ code: string; key: string; type: string } | null> {
  const lot = await db
    .selectFrom("lots")
    .select(["code", "lab_report_key", "lab_report_type"])
    .where("id", "=", lotId)
    .executeTakeFirst();
  return lot?.lab_report_key
    ? { code: lot.code, key: lot.lab_report_key, type: lot.lab_report_type ?? "application/pdf" }
    : null;
}

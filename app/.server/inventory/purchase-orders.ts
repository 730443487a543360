import { type Kysely, sql, type Transaction } from "kysely";
import { addDays, storeToday } from "~/lib/business";
import { PO_STATUS_LABELS } from "~/lib/inventory";
import * as MESSAGES from "~/lib/messages";
import * as INVENTORY_MESSAGES from "~/lib/messages/inventory";
import { formatCents } from "~/lib/money";
import type { ReceivedLine } from "~/lib/schemas/inventory";
import { oneLine } from "~/lib/text";
import { type Actor, recordAudit } from "../audit/log";
import { lockProducts } from "../catalog/product-locks";
import { dialectOf } from "../db/connect";
import type { DB, PurchaseOrderStatus } from "../db/schema";
import { sqlNow } from "../db/time";
import { kickJobRunners } from "../jobs/wake";
import { enqueueMail } from "../mail/outbox";
import {
  DocumentRejectedError,
  MAX_DOCUMENT_BYTES,
  removeDocument,
  type StoredDocument,
  storeDocument,
} from "../media/documents";
import { nextDocumentNumber } from "../receivables/invoices";
import { DomainError } from "../runtime/domain-error";
import { loadPdfKit } from "../runtime/lazy-modules";
import { storeInfo } from "../runtime/store-info";
import { syncLotThc } from "./lots";
import { isUniqueViolation } from "./suppliers";

type Db = Kysely<DB> | Transaction<DB>;

/**
 * Purchase orders (issue 39): draft → sent (its PDF mailed to the supplier) → partly received →
 * received → closed, or cancelled. Receiving makes lots: each line's units join the product's
 * stock in the lot they came in, in one transaction (decision 0066).
 */

export class PurchaseOrderError extends DomainError {}

export interface PurchaseOrderSummary {
  id: number;
  number: number;
  supplier: string;
  status: PurchaseOrderStatus;
  lines: number;
  costCents: number;
  createdAt: string;
}

export async function listPurchaseOrders(db: Db, supplierId?: number): Promise<PurchaseOrderSummary[]> {
  let q = db
    .selectFrom("purchase_orders as po")
    .innerJoin("suppliers as s", "s.id", "po.supplier_id")
    .select((eb) => [
      "po.id",
      "po.number",
      "s.name as supplier",
      "po.status",
      "po.created_at",
      eb
        .selectFrom("purchase_order_lines as l")
        .select(sql<number>`count(*)`.as("n"))
        .whereRef("l.purchase_order_id", "=", "po.id")
        .as("lines"),
      eb
        .selectFrom("purchase_order_lines as l")
        .select(sql<number>`coalesce(sum(l.unit_cost_cents * l.quantity_ordered), 0)`.as("c"))
        .whereRef("l.purchase_order_id", "=", "po.id")
        .as("cost"),
    ])
    .orderBy("po.id", "desc")
    .limit(200);
  if (supplierId !== undefined) q = q.where("po.supplier_id", "=", supplierId);
  const rows = await q.execute();
  return rows.map((r) => ({
    id: r.id,
    number: r.number,
    supplier: r.supplier,
    status: r.status,
    lines: Number(r.lines ?? 0),
    costCents: Number(r.cost ?? 0),
    createdAt: r.created_at,
  }));
}

export interface PurchaseOrderLine {
  id: number;
  productId: number | null;
  sku: string;
  name: string;
  supplierSku: string;
  upc: string | null;
  unitCostCents: number;
  ordered: number;
  received: number;
  /** Does the product have an expiry (a kratom or hemp product)? Asked at receiving. */
  lots: { code: string; quantity: number; expiresOn: string | null }[];
}

export interface PurchaseOrderDetail {
  id: number;
  number: number;
  status: PurchaseOrderStatus;
  notes: string;
  expectedOn: string | null;
  sentAt: string | null;
  createdAt: string;
  supplier: { id: number; name: string; email: string; leadTimeDays: number; terms: string };
  lines: PurchaseOrderLine[];
  costCents: number;
}

export async function findPurchaseOrder(db: Db, id: number): Promise<PurchaseOrderDetail | null> {
  const po = await db
    .selectFrom("purchase_orders as po")
    .innerJoin("suppliers as s", "s.id", "po.supplier_id")
    .select([
      "po.id",
      "po.number",
      "po.status",
      "po.notes",
      "po.expected_on",
      "po.sent_at",
      "po.created_at",
      "s.id as supplier_id",
      "s.name as supplier_name",
      "s.email as supplier_email",
      "s.lead_time_days",
      "s.terms",
    ])
    .where("po.id", "=", id)
    .executeTakeFirst();
  if (!po) return null;
  const lines = await db
    .selectFrom("purchase_order_lines as l")
    .leftJoin("product_compliance as c", "c.product_id", "l.product_id")
    .select([
      "l.id",
      "l.product_id",
      "l.sku",
      "l.name",
      "l.supplier_sku",
      "c.upc",
      "l.unit_cost_cents",
      "l.quantity_ordered",
      "l.quantity_received",
    ])
    .where("l.purchase_order_id", "=", id)
    .orderBy("l.position")
    .execute();
  const lots = await db
    .selectFrom("lots")
    .select(["purchase_order_line_id", "code", "quantity_received", "expires_on"])
    .where("purchase_order_line_id", "in", lines.length ? lines.map((l) => l.id) : [-1])
    .orderBy("id")
    .execute();
  return {
    id: po.id,
    number: po.number,
    status: po.status,
    notes: po.notes,
    expectedOn: po.expected_on,
    sentAt: po.sent_at,
    createdAt: po.created_at,
    supplier: {
      id: po.supplier_id,
      name: po.supplier_name,
      email: po.supplier_email,
      leadTimeDays: po.lead_time_days,
      terms: po.terms,
    },
    lines: lines.map((l) => ({
      id: l.id,
      productId: l.product_id,
      sku: l.sku,
      name: l.name,
      supplierSku: l.supplier_sku,
      upc: l.upc ?? null,
      unitCostCents: l.unit_cost_cents,
      ordered: l.quantity_ordered,
      received: l.quantity_received,
      lots: lots
        .filter((x) => x.purchase_order_line_id === l.id)
        .map((x) => ({ code: x.code, quantity: x.quantity_received, expiresOn: x.expires_on })),
    })),
    costCents: lines.reduce((sum, l) => sum + l.unit_cost_cents * l.quantity_ordered, 0),
  };
}

export interface Suggestion {
  sku: string;
  name: string;
  stock: number;
  reorderPoint: number;
  /** Units sold a day over the last 28 days. */
  dailyRate: number;
  onOrder: number;
  packSize: number;
  quantity: number;
}

/**
 * What to order from a supplier now: each product it sells (its preferred supplier, or its only
 * one) whose stock, with what is already on order, would fall to its reorder point before a new
 * order arrives (the supplier's lead time at the rate it sold over the last 28 days). The
 * quantity brings it back to the reorder point plus the lead time's sales plus 28 days of sales,
 * rounded up to whole packs.
 */
export async function suggestPurchase(db: Db, supplierId: number, today = storeToday()): Promise<Suggestion[]> {
  const supplier = await db
    .selectFrom("suppliers")
    .select(["lead_time_days", "active"])
    .where("id", "=", supplierId)
    .executeTakeFirst();
  // An inactive supplier is not ordered from.
  if (supplier?.active !== 1) return [];
  const items = await db
    .selectFrom("supplier_items as i")
    .innerJoin("products as p", "p.id", "i.product_id")
    .select(["p.id", "p.sku", "p.name", "p.stock", "p.reorder_point", "i.pack_size", "i.preferred"])
    .where("i.supplier_id", "=", supplierId)
    .where("p.reorder_point", "is not", null)
    .where((eb) =>
      eb.or([
        eb("i.preferred", "=", 1),
        eb.not(
          eb.exists(
            eb
              .selectFrom("supplier_items as o")
              .select("o.product_id")
              .whereRef("o.product_id", "=", "i.product_id")
              .where("o.preferred", "=", 1),
          ),
        ),
      ]),
    )
    .orderBy("p.sku")
    .execute();
  if (items.length === 0) return [];
  const ids = items.map((i) => i.id);
  const since = `${addDays(today, -28)}T00`;
  const sold = await db
    .selectFrom("sales_hourly")
    .select(["key", sql<number>`sum(units)`.as("units")])
    .where("dim", "=", "product")
    .where("key", "in", ids.map(String))
    .where("hour", ">=", since)
    .groupBy("key")
    .execute();
  const soldOf = new Map(sold.map((r) => [Number(r.key), Number(r.units)]));
  const onOrder = await db
    .selectFrom("purchase_order_lines as l")
    .innerJoin("purchase_orders as po", "po.id", "l.purchase_order_id")
    .select(["l.product_id", sql<number>`sum(l.quantity_ordered - l.quantity_received)`.as("units")])
    .where("po.status", "in", ["draft", "sent", "partly_received"])
    .where("l.product_id", "in", ids)
    .where(sql<boolean>`l.quantity_ordered > l.quantity_received`)
    .groupBy("l.product_id")
    .execute();
  const onOrderOf = new Map(onOrder.map((r) => [r.product_id, Number(r.units)]));
  const out: Suggestion[] = [];
  for (const item of items) {
    const reorderPoint = item.reorder_point ?? 0;
    const dailyRate = (soldOf.get(item.id) ?? 0) / 28;
    const pending = onOrderOf.get(item.id) ?? 0;
    const leadSales = Math.ceil(dailyRate * supplier.lead_time_days);
    const projected = item.stock + pending - leadSales;
    if (projected > reorderPoint) continue;
    const wanted = reorderPoint + leadSales + Math.ceil(dailyRate * 28) - item.stock - pending;
    const quantity = Math.max(item.pack_size, Math.ceil(Math.max(wanted, 1) / item.pack_size) * item.pack_size);
    out.push({
      sku: item.sku,
      name: item.name,
      stock: item.stock,
      reorderPoint,
      dailyRate,
      onOrder: pending,
      packSize: item.pack_size,
      quantity,
    });
  }
  return out;
}

async function lockPurchaseOrder(trx: Transaction<DB>, id: number) {
  let q = trx.selectFrom("purchase_orders").select(["id", "number", "status", "supplier_id"]).where("id", "=", id);
  if (dialectOf(trx) === "postgres") q = q.forUpdate();
  const po = await q.executeTakeFirst();
  if (!po) throw new PurchaseOrderError(INVENTORY_MESSAGES.purchaseOrderNotFound, { status: 404 });
  return po;
}

/** Writes a draft's lines (replacing them): each SKU must be one the supplier sells; its cost is the supplier's. */
async function writeLines(
  trx: Transaction<DB>,
  poId: number,
  supplierId: number,
  lines: readonly { sku: string; quantity: number }[],
): Promise<void> {
  const skus = lines.map((l) => l.sku);
  const known = skus.length
    ? await trx
        .selectFrom("products as p")
        .leftJoin("supplier_items as i", (j) =>
          j.onRef("i.product_id", "=", "p.id").on("i.supplier_id", "=", supplierId),
        )
        .select(["p.id", "p.sku", "p.name", "i.unit_cost_cents", "i.supplier_sku"])
        .where("p.sku", "in", skus)
        .execute()
    : [];
  const bySku = new Map(known.map((k) => [k.sku, k]));
  await trx.deleteFrom("purchase_order_lines").where("purchase_order_id", "=", poId).execute();
  const rows = lines.map((l, position) => {
    const product = bySku.get(l.sku);
    if (!product) throw new PurchaseOrderError(INVENTORY_MESSAGES.unknownSku(l.sku), { field: "lines" });
    if (product.unit_cost_cents === null)
      throw new PurchaseOrderError(INVENTORY_MESSAGES.notSoldBySupplier(l.sku), { field: "lines" });
    return {
      purchase_order_id: poId,
      product_id: product.id,
      position,
      name: product.name,
      sku: product.sku,
      supplier_sku: product.supplier_sku ?? "",
      unit_cost_cents: product.unit_cost_cents,
      quantity_ordered: l.quantity,
    };
  });
  for (let i = 0; i < rows.length; i += 100) {
    await trx
      .insertInto("purchase_order_lines")
      .values(rows.slice(i, i + 100))
      .execute();
  }
}

/** A new draft for the supplier, with these lines (the suggestion, or none). */
export async function createPurchaseOrder(
  db: Kysely<DB>,
  supplierId: number,
  lines: readonly { sku: string; quantity: number }[],
  actor: Actor,
): Promise<{ id: number; number: number }> {
  return db.transaction().execute(async (trx) => {
    const supplier = await trx
      .selectFrom("suppliers")
      .select(["id", "name", "active"])
      .where("id", "=", supplierId)
      .executeTakeFirst();
    if (!supplier) throw new PurchaseOrderError(INVENTORY_MESSAGES.supplierNotFound, { status: 404 });
    if (supplier.active !== 1) throw new PurchaseOrderError(INVENTORY_MESSAGES.supplierInactive(supplier.name));
    const number = await nextDocumentNumber(trx, "purchase_order");
    const now = sqlNow(dialectOf(trx));
    const po = await trx
      .insertInto("purchase_orders")
      .values({
        number,
        supplier_id: supplierId,
        status: "draft",
        created_by: actor.id,
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await writeLines(trx, po.id, supplierId, lines);
    await recordAudit(trx, actor, {
      action: "purchase-order.create",
      subjectType: "purchase-order",
      subjectId: po.id,
      summary: `Purchase order PO-${number} to ${supplier.name} drafted with ${lines.length} products`,
    });
    return { id: po.id, number };
  });
}

/** A draft's lines, notes and expected day, as edited. */
export async function saveDraft(
  db: Kysely<DB>,
  id: number,
  input: { lines: { sku: string; quantity: number }[]; notes: string; expectedOn: string | null },
  actor: Actor,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const po = await lockPurchaseOrder(trx, id);
    if (po.status !== "draft") throw new PurchaseOrderError(INVENTORY_MESSAGES.purchaseOrderNotDraft, { status: 409 });
    await writeLines(trx, id, po.supplier_id, input.lines);
    await trx
      .updateTable("purchase_orders")
      .set({ notes: input.notes, expected_on: input.expectedOn, updated_at: sqlNow(dialectOf(trx)) })
      .where("id", "=", id)
      .execute();
    await recordAudit(trx, actor, {
      action: "purchase-order.update",
      subjectType: "purchase-order",
      subjectId: id,
      summary: `Purchase order PO-${po.number} saved with ${input.lines.length} products`,
      after: { lines: input.lines, notes: input.notes, expectedOn: input.expectedOn },
    });
    return po.number;
  });
}

/** Sends a draft: it becomes sent, and its PDF is mailed to the supplier (through the outbox, in the same transaction). */
export async function sendPurchaseOrder(
  db: Kysely<DB>,
  id: number,
  actor: Actor,
): Promise<{ number: number; email: string }> {
  const result = await db.transaction().execute(async (trx) => {
    const po = await lockPurchaseOrder(trx, id);
    if (po.status !== "draft") throw new PurchaseOrderError(INVENTORY_MESSAGES.purchaseOrderNotDraft, { status: 409 });
    const detail = await findPurchaseOrder(trx, id);
    if (!detail) throw new PurchaseOrderError(INVENTORY_MESSAGES.purchaseOrderNotFound, { status: 404 });
    if (detail.lines.length === 0) throw new PurchaseOrderError(INVENTORY_MESSAGES.purchaseOrderEmpty);
    const now = sqlNow(dialectOf(trx));
    await trx
      .updateTable("purchase_orders")
      .set({ status: "sent", sent_at: now, updated_at: now })
      .where("id", "=", id)
      .execute();
    const pdf = await purchaseOrderPdf({ ...detail, status: "sent" });
    const store = storeInfo();
    await enqueueMail(
      trx as unknown as Kysely<DB>,
      {
        to: detail.supplier.email,
        subject: INVENTORY_MESSAGES.poMailSubject(store.name, detail.number),
        text: INVENTORY_MESSAGES.poMailText(detail.supplier.name, detail.number, store.name),
        replyTo: store.email,
        attachments: [
          { filename: `PO-${detail.number}.pdf`, contentType: "application/pdf", content: pdf.toString("base64") },
        ],
      },
      `purchase order PO-${detail.number}`,
    );
    await recordAudit(trx, actor, {
      action: "purchase-order.send",
      subjectType: "purchase-order",
      subjectId: id,
      summary: `Purchase order PO-${detail.number} sent to ${detail.supplier.email}`,
    });
    return { number: detail.number, email: detail.supplier.email };
  });
  kickJobRunners();
  return result;
}

/**
 * Ends a purchase order: closed (after it was sent; what was not received will not come) or
 * cancelled (before anything was received). The order's row is held; audited.
 */
async function endPurchaseOrder(
  db: Kysely<DB>,
  id: number,
  next: "closed" | "cancelled",
  actor: Actor,
): Promise<number> {
  const rule =
    next === "closed"
      ? { from: ["sent", "partly_received", "received"], refusal: INVENTORY_MESSAGES.purchaseOrderCannotClose }
      : { from: ["draft", "sent"], refusal: INVENTORY_MESSAGES.purchaseOrderCannotCancel };
  return db.transaction().execute(async (trx) => {
    const po = await lockPurchaseOrder(trx, id);
    if (!rule.from.includes(po.status)) throw new PurchaseOrderError(rule.refusal, { status: 409 });
    await trx
      .updateTable("purchase_orders")
      .set({ status: next, updated_at: sqlNow(dialectOf(trx)) })
      .where("id", "=", id)
      .execute();
    await recordAudit(trx, actor, {
      action: next === "closed" ? "purchase-order.close" : "purchase-order.cancel",
      subjectType: "purchase-order",
      subjectId: id,
      summary: `Purchase order PO-${po.number} ${next}`,
    });
    return po.number;
  });
}

export function closePurchaseOrder(db: Kysely<DB>, id: number, actor: Actor): Promise<number> {
  return endPurchaseOrder(db, id, "closed", actor);
}

export function cancelPurchaseOrder(db: Kysely<DB>, id: number, actor: Actor): Promise<number> {
  return endPurchaseOrder(db, id, "cancelled", actor);
}

/**
 * Receives lines of a sent purchase order: each becomes a lot (its code unique in the store) whose
 * units join the product's stock, in one transaction with the order's received counts and status.
 * More or fewer than ordered is taken (the page shows the difference). `reports` are the lab
 * reports already kept for some lines (by their place in the form): removed again if nothing is
 * received. Returns the units and lots received.
 */
export async function receivePurchaseOrder(
  db: Kysely<DB>,
  id: number,
  lines: readonly ReceivedLine[],
  reports: ReadonlyMap<number, StoredDocument>,
  actor: Actor,
): Promise<{ units: number; lots: number }> {
  try {
    return await db.transaction().execute(async (trx) => {
      const po = await lockPurchaseOrder(trx, id);
      if (!["sent", "partly_received"].includes(po.status))
        throw new PurchaseOrderError(
          INVENTORY_MESSAGES.purchaseOrderNotReceivable(PO_STATUS_LABELS[po.status].toLowerCase()),
          { status: 409 },
        );
      const poLines = await trx
        .selectFrom("purchase_order_lines")
        .select(["id", "product_id", "name", "sku", "unit_cost_cents", "quantity_ordered", "quantity_received"])
        .where("purchase_order_id", "=", id)
        .execute();
      const byId = new Map(poLines.map((l) => [l.id, l]));
      const received = lines.map((l) => {
        const line = byId.get(l.lineId);
        if (!line) throw new PurchaseOrderError(INVENTORY_MESSAGES.purchaseOrderChanged, { status: 409 });
        return { ...l, line };
      });
      // The products' rows first, by id, as every stock change (decision 0005): a checkout selling
      // the same product waits for this, or this for it, never both.
      await lockProducts(
        trx,
        received.map((r) => r.line.product_id),
        "no key update",
      );
      const taken = await trx
        .selectFrom("lots")
        .select("code")
        .where(
          "code_key",
          "in",
          received.map((r) => r.lotCode.toLowerCase()),
        )
        .executeTakeFirst();
      if (taken) throw new PurchaseOrderError(INVENTORY_MESSAGES.lotCodeTaken(taken.code), { status: 409 });
      const now = sqlNow(dialectOf(trx));
      let units = 0;
      for (const r of received) {
        const report = reports.get(r.index);
        await trx
          .insertInto("lots")
          .values({
            code: r.lotCode,
            code_key: r.lotCode.toLowerCase(),
            product_id: r.line.product_id,
            name: r.line.name,
            sku: r.line.sku,
            supplier_id: po.supplier_id,
            purchase_order_line_id: r.line.id,
            expires_on: r.expiresOn,
            batch_date: r.batchDate,
            unit_cost_cents: r.line.unit_cost_cents,
            quantity_received: r.quantity,
            on_hand: r.line.product_id === null ? 0 : r.quantity,
            lab_report_key: report?.key ?? null,
            lab_report_type: report?.type ?? null,
            lab_report_size: report?.size ?? null,
            delta9_ug: r.delta9Ug,
            thca_ug: r.thcaUg,
            received_at: now,
            received_by: actor.id,
            updated_at: now,
          })
          .execute();
        if (r.line.product_id !== null) {
          await trx
            .updateTable("products")
            .set({ stock: sql<number>`stock + ${r.quantity}`, updated_at: now })
            .where("id", "=", r.line.product_id)
            .execute();
        }
        await trx
          .updateTable("purchase_order_lines")
          .set({ quantity_received: sql<number>`quantity_received + ${r.quantity}` })
          .where("id", "=", r.line.id)
          .execute();
        units += r.quantity;
      }
      // Lots with THC facts from their lab report: the product's figure follows them (decision 0066).
      for (const productId of new Set(received.map((r) => r.line.product_id))) {
        if (
          productId !== null &&
          received.some((r) => r.line.product_id === productId && (r.delta9Ug ?? r.thcaUg) !== null)
        )
          await syncLotThc(trx, productId);
      }
      const after = await trx
        .selectFrom("purchase_order_lines")
        .select(sql<number>`sum(case when quantity_received < quantity_ordered then 1 else 0 end)`.as("short"))
        .where("purchase_order_id", "=", id)
        .executeTakeFirst();
      const status: PurchaseOrderStatus = Number(after?.short ?? 0) > 0 ? "partly_received" : "received";
      await trx.updateTable("purchase_orders").set({ status, updated_at: now }).where("id", "=", id).execute();
      await recordAudit(trx, actor, {
        action: "purchase-order.receive",
        subjectType: "purchase-order",
        subjectId: id,
        summary: `PO-${po.number}: ${units} units received in ${received.length} lots`,
        after: {
          lots: received.map((r) => ({
            sku: r.line.sku,
            lot: r.lotCode,
            quantity: r.quantity,
            expiresOn: r.expiresOn,
          })),
        },
      });
      return { units, lots: received.length };
    });
  } catch (error) {
    for (const report of reports.values()) await removeDocument(report.key).catch(() => {});
    if (isUniqueViolation(error)) {
      throw new PurchaseOrderError(INVENTORY_MESSAGES.lotCodeTaken(lines.map((l) => l.lotCode).join(", ")), {
        status: 409,
      });
    }
    throw error;
  }
}

/** The purchase order as the supplier reads it: the store, the supplier, each line with its cost. */
export async function purchaseOrderPdf(po: PurchaseOrderDetail): Promise<Buffer> {
  const PDFDocument = await loadPdfKit();
  const store = storeInfo();
  const pdf = new PDFDocument({
    size: "LETTER",
    margin: 48,
    info: { Title: `Purchase order PO-${po.number}`, Author: store.name },
  });
  const chunks: Buffer[] = [];
  pdf.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on("end", () => resolve(Buffer.concat(chunks)));
    pdf.on("error", reject);
  });
  const left = 48;
  const width = pdf.page.width - 96;
  pdf.font("Helvetica-Bold").fontSize(18).fillColor("#1e3a5f").text(oneLine(store.name), left, 48);
  pdf.font("Helvetica").fontSize(10).fillColor("#0f172a");
  pdf.text(oneLine(store.address));
  pdf.text(`${oneLine(store.phone)} · ${oneLine(store.email)}`);
  pdf.moveDown(1);
  pdf.font("Helvetica-Bold").fontSize(16).text(`Purchase order PO-${po.number}`);
  pdf.font("Helvetica").fontSize(10);
  pdf.text(`To: ${oneLine(po.supplier.name)} · ${po.supplier.email}`);
  pdf.text(`Date: ${(po.sentAt ?? po.createdAt).slice(0, 10)}`);
  if (po.supplier.terms) pdf.text(`Terms: ${oneLine(po.supplier.terms)}`);
  if (po.expectedOn) pdf.text(`Expected by: ${po.expectedOn}`);
  pdf.moveDown(1);
  const cols = [
    { label: "Our SKU", width: 100, align: "left" as const },
    { label: "Your SKU", width: 90, align: "left" as const },
    { label: "Item", width: width - 100 - 90 - 60 - 70 - 80, align: "left" as const },
    { label: "Qty", width: 60, align: "right" as const },
    { label: "Unit cost", width: 70, align: "right" as const },
    { label: "Total", width: 80, align: "right" as const },
  ];
  const row = (cells: string[], bold = false) => {
    const y = pdf.y;
    pdf.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(9);
    let x = left;
    const heights = cols.map((c, i) => pdf.heightOfString(cells[i] ?? "", { width: c.width - 8 }));
    const h = Math.max(...heights) + 6;
    if (y + h > pdf.page.height - 60) {
      pdf.addPage();
      pdf.y = 48;
    }
    const top = pdf.y;
    cols.forEach((c, i) => {
      pdf.text(cells[i] ?? "", x + 4, top + 2, { width: c.width - 8, align: c.align });
      x += c.width;
    });
    pdf.y = top + h;
    pdf
      .moveTo(left, pdf.y)
      .lineTo(left + width, pdf.y)
      .strokeColor("#cbd5e1")
      .lineWidth(0.5)
      .stroke();
  };
  row(
    cols.map((c) => c.label),
    true,
  );
  for (const l of po.lines) {
    row([
      oneLine(l.sku),
      oneLine(l.supplierSku),
      oneLine(l.name),
      l.ordered.toLocaleString("en-US"),
      formatCents(l.unitCostCents),
      formatCents(l.unitCostCents * l.ordered),
    ]);
  }
  pdf.moveDown(0.5);
  pdf
    .font("Helvetica-Bold")
    .fontSize(12)
    .text(`Total: ${formatCents(po.costCents)}`, left, pdf.y, { width, align: "right" });
  if (po.notes) {
    pdf.moveDown(1);
    pdf.font("Helvetica-Bold").fontSize(10).text("Notes", left, pdf.y, { width });
    pdf.font("Helvetica").text(po.notes, { width });
  }
  pdf.end();
  return done;
}

/**
 * The lab reports posted with received lines, kept as private documents before the receiving
 * transaction (by the line's place in the form). Only a PDF is taken: anything else (an image, a
 * renamed file, one over 10 MB) is refused and whatever was kept already is removed again.
 */
export async function keepLabReports(files: ReadonlyMap<number, File>): Promise<Map<number, StoredDocument>> {
  const kept = new Map<number, StoredDocument>();
  try {
    for (const [index, file] of files) {
      if (file.size > MAX_DOCUMENT_BYTES) throw new PurchaseOrderError(MESSAGES.documentTooLarge);
      let stored: StoredDocument;
      try {
        stored = await storeDocument(Buffer.from(await file.arrayBuffer()), file.name);
      } catch (error) {
        if (error instanceof DocumentRejectedError) throw new PurchaseOrderError(INVENTORY_MESSAGES.labReportNotPdf);
        throw error;
      }
      kept.set(index, stored);
      if (stored.type !== "application/pdf") throw new PurchaseOrderError(INVENTORY_MESSAGES.labReportNotPdf);
    }
  } catch (error) {
    for (const doc of kept.values()) await removeDocument(doc.key).catch(() => {});
    throw error;
  }
  return kept;
}

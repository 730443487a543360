import { z } from "zod";
import { cents, endpoint, timestamp } from "./endpoint";
import { limitOf, listQuery, numericCursor, pageOf, pageSchema } from "./paging";

/**
 * Stock coming in (purchasing:read): suppliers, purchase orders with their lines and lots. The
 * only answers of the API with purchase costs (unit_cost_cents), under this scope alone.
 */

const supplier = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  lead_time_days: z.number().int(),
  terms: z.string(),
  active: z.boolean(),
  updated_at: timestamp,
});

const listSuppliers = endpoint({
  id: "listSuppliers",
  method: "GET",
  path: "/suppliers",
  scope: "purchasing:read",
  tag: "Purchasing",
  summary: "List suppliers",
  query: listQuery,
  response: pageSchema(supplier),
  async handle({ db, query }) {
    const limit = limitOf(query);
    let q = db
      .selectFrom("suppliers")
      .select(["id", "name", "email", "phone", "lead_time_days", "terms", "active", "updated_at"])
      .where("id", ">", numericCursor(query))
      .orderBy("id")
      .limit(limit + 1);
    if (query.updated_since) q = q.where("updated_at", ">=", query.updated_since);
    const rows = (await q.execute()).map((r) => ({ ...r, active: Boolean(r.active) }));
    return pageOf(rows, limit, (r) => r.id);
  },
});

const poLine = z.object({
  product_id: z.number().int().nullable(),
  sku: z.string(),
  name: z.string(),
  supplier_sku: z.string(),
  unit_cost_cents: cents,
  quantity_ordered: z.number().int(),
  quantity_received: z.number().int(),
});

const purchaseOrder = z.object({
  id: z.number().int(),
  number: z.number().int(),
  supplier_id: z.number().int(),
  status: z.enum(["draft", "sent", "partly_received", "received", "closed", "cancelled"]),
  expected_on: z.string().nullable(),
  sent_at: z.string().nullable(),
  created_at: timestamp,
  updated_at: timestamp,
  lines: z.array(poLine),
});

const listPurchaseOrders = endpoint({
  id: "listPurchaseOrders",
  method: "GET",
  path: "/purchase-orders",
  scope: "purchasing:read",
  tag: "Purchasing",
  summary: "List purchase orders with their lines and costs",
  query: listQuery,
  response: pageSchema(purchaseOrder),
  async handle({ db, query }) {
    const limit = limitOf(query);
    let q = db
      .selectFrom("purchase_orders")
      .select(["id", "number", "supplier_id", "status", "expected_on", "sent_at", "created_at", "updated_at"])
      .where("id", ">", numericCursor(query))
      .orderBy("id")
      .limit(limit + 1);
    if (query.updated_since) q = q.where("updated_at", ">=", query.updated_since);
    const rows = await q.execute();
    const ids = rows.map((r) => r.id);
    const lines = ids.length
      ? await db
          .selectFrom("purchase_order_lines")
          .select([
            "purchase_order_id",
            "product_id",
            "sku",
            "name",
            "supplier_sku",
            "unit_cost_cents",
            "quantity_ordered",
            "quantity_received",
          ])
          .where("purchase_order_id", "in", ids)
          .orderBy("purchase_order_id")
          .orderBy("position")
          .execute()
      : [];
    const page = rows.map((r) => ({
      ...r,
      lines: lines.filter((l) => l.purchase_order_id === r.id).map(({ purchase_order_id: _, ...l }) => l),
    }));
    return pageOf(page, limit, (r) => r.id);
  },
});

const lot = z.object({
  id: z.number().int(),
  code: z.string(),
  product_id: z.number().int().nullable(),
  sku: z.string(),
  name: z.string(),
  supplier_id: z.number().int().nullable(),
  status: z.enum(["available", "quarantined", "recalled", "expired"]),
  expires_on: z.string().nullable(),
  unit_cost_cents: cents,
  quantity_received: z.number().int(),
  on_hand: z.number().int(),
  received_at: timestamp,
  updated_at: timestamp,
});

const listLots = endpoint({
  id: "listLots",
  method: "GET",
  path: "/lots",
  scope: "purchasing:read",
  tag: "Purchasing",
  summary: "List lots with what is on hand and their unit cost",
  query: listQuery,
  response: pageSchema(lot),
  async handle({ db, query }) {
    const limit = limitOf(query);
    let q = db
      .selectFrom("lots")
      .select([
        "id",
        "code",
        "product_id",
        "sku",
        "name",
        "supplier_id",
        "status",
        "expires_on",
        "unit_cost_cents",
        "quantity_received",
        "on_hand",
        "received_at",
        "updated_at",
      ])
      .where("id", ">", numericCursor(query))
      .orderBy("id")
      .limit(limit + 1);
    if (query.updated_since) q = q.where("updated_at", ">=", query.updated_since);
    return pageOf(await q.execute(), limit, (r) => r.id);
  },
});

export const PURCHASING_ENDPOINTS = [listSuppliers, listPurchaseOrders, listLots];

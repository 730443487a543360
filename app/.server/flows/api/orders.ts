import type { Kysely } from "kysely";
import { z } from "zod";
import { ORDER_STATUSES } from "~/lib/orders";
import { apiKeyActor } from "../../api-keys/keys";
import type { DB } from "../../db/schema";
import { changeOrderStatus } from "../order-life";
import { cents, endpoint, idPath, notFound, timestamp } from "./endpoint";
import { limitOf, listQueryFields, numericCursor, pageOf, pageSchema } from "./paging";

/**
 * Orders (orders:read, orders:write): listed and read with their lines; a status changed through
 * the order's life (flows/order-life.ts), as the back office's order page changes it: stock,
 * invoice or credit note, audit entry (naming the key) and mails in one transaction.
 */

const orderSummary = z.object({
  id: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  business_id: z.string().nullable(),
  placed_by_name: z.string().nullable(),
  hold_reason: z.string().nullable(),
  po_number: z.string().nullable(),
  goods_cents: cents,
  excise_cents: cents,
  delivery_cents: cents,
  tax_cents: cents,
  total_cents: cents,
  item_count: z.number().int(),
  delivery_date: z.string().nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});

const orderLine = z.object({
  product_id: z.number().int().nullable(),
  sku: z.string(),
  name: z.string(),
  unit_price_cents: cents,
  quantity: z.number().int(),
});

const orderDetail = orderSummary.extend({
  notes: z.string().nullable(),
  ship_to: z.object({
    business_name: z.string(),
    street: z.string(),
    city: z.string(),
    state: z.string(),
    zip: z.string(),
    phone: z.string(),
  }),
  lines: z.array(orderLine),
});

function orderColumns(db: Kysely<DB>) {
  return db
    .selectFrom("orders")
    .select([
      "id",
      "status",
      "user_id as business_id",
      "placed_by_name",
      "hold_reason",
      "po_number",
      "goods_cents",
      "excise_cents",
      "delivery_cents",
      "tax_cents",
      "total_cents",
      "item_count",
      "delivery_date",
      "created_at",
      "updated_at",
    ]);
}

type Status = (typeof ORDER_STATUSES)[number];
const asStatus = <T extends { status: string }>(row: T) => ({ ...row, status: row.status as Status });

const listOrders = endpoint({
  id: "listOrders",
  method: "GET",
  path: "/orders",
  scope: "orders:read",
  tag: "Orders",
  summary: "List orders, oldest first",
  query: z.strictObject({
    ...listQueryFields,
    status: z.enum(ORDER_STATUSES).optional(),
  }),
  response: pageSchema(orderSummary),
  async handle({ db, query }) {
    const limit = limitOf(query);
    let q = orderColumns(db)
      .where("id", ">", numericCursor(query))
      .orderBy("id")
      .limit(limit + 1);
    if (query.updated_since) q = q.where("updated_at", ">=", query.updated_since);
    if (query.status) q = q.where("status", "=", query.status);
    return pageOf((await q.execute()).map(asStatus), limit, (r) => r.id);
  },
});

async function readOrder(db: Kysely<DB>, id: number) {
  const row = await orderColumns(db)
    .select(["notes", "ship_business_name", "ship_street", "ship_city", "ship_state", "ship_zip", "ship_phone"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) throw notFound();
  const lines = await db
    .selectFrom("order_items")
    .select(["product_id", "sku", "name", "unit_price_cents", "quantity"])
    .where("order_id", "=", id)
    .orderBy("position")
    .execute();
  const { ship_business_name, ship_street, ship_city, ship_state, ship_zip, ship_phone, ...order } = row;
  return {
    ...asStatus(order),
    ship_to: {
      business_name: ship_business_name,
      street: ship_street,
      city: ship_city,
      state: ship_state,
      zip: ship_zip,
      phone: ship_phone,
    },
    lines,
  };
}

const getOrder = endpoint({
  id: "getOrder",
  method: "GET",
  path: "/orders/{id}",
  scope: "orders:read",
  tag: "Orders",
  summary: "Read one order with its lines",
  params: idPath,
  response: orderDetail,
  handle: ({ db, params }) => readOrder(db, params.id),
});

const changeStatus = endpoint({
  id: "changeOrderStatus",
  method: "POST",
  path: "/orders/{id}/status",
  scope: "orders:write",
  tag: "Orders",
  summary: "Change an order's status through the order's life (409 when it is no longer expected_status)",
  params: idPath,
  body: z.strictObject({
    status: z.enum(ORDER_STATUSES),
    expected_status: z
      .enum(ORDER_STATUSES)
      .optional()
      .meta({ description: "the status the client last saw; refused with 409 when the order has moved since" }),
  }),
  response: orderDetail,
  async handle({ db, key, params, body }) {
    const current = await db.selectFrom("orders").select("status").where("id", "=", params.id).executeTakeFirst();
    if (!current) throw notFound();
    await changeOrderStatus(
      db,
      params.id,
      { seen: body.expected_status ?? current.status, next: body.status },
      apiKeyActor(key),
    );
    return readOrder(db, params.id);
  },
});

export const ORDER_ENDPOINTS = [listOrders, getOrder, changeStatus];

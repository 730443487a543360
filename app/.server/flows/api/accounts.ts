import type { Kysely } from "kysely";
import { z } from "zod";
import { storeToday } from "~/lib/business";
import * as API_MESSAGES from "~/lib/messages/api";
import { MAX_AMOUNT_CENTS, PAYMENT_METHODS } from "~/lib/receivables";
import { paymentSchema } from "~/lib/schemas/receivables";
import { apiKeyActor } from "../../api-keys/keys";
import type { DB } from "../../db/schema";
import { recordPaymentAndRelease } from "../order-life";
import { ApiProblem, cents, endpoint, idPath, notFound, textIdPath, timestamp } from "./endpoint";
import { limitOf, listQuery, listQueryFields, numericCursor, pageOf, pageSchema, textCursor } from "./paging";

/**
 * Businesses and their members (businesses:read), invoices and payments (receivables:read) and a
 * payment recorded (receivables:write) through the back office's own flow: applied to the
 * invoices, releasing the prepaid orders it pays for, in one transaction.
 */

const business = z.object({
  id: z.string(),
  legal_name: z.string(),
  dba: z.string().nullable(),
  business_type: z.string(),
  approval: z.enum(["pending", "approved", "rejected"]),
  terms: z.string().nullable(),
  credit_limit_cents: cents.nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});

const member = z.object({
  user_id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(["owner", "buyer"]),
  order_limit_cents: cents.nullable(),
});

function businessColumns(db: Kysely<DB>) {
  return db
    .selectFrom("businesses")
    .select([
      "user_id as id",
      "legal_name",
      "dba",
      "business_type",
      "approval",
      "terms",
      "credit_limit_cents",
      "created_at",
      "updated_at",
    ]);
}

const listBusinesses = endpoint({
  id: "listBusinesses",
  method: "GET",
  path: "/businesses",
  scope: "businesses:read",
  tag: "Businesses",
  summary: "List businesses",
  query: listQuery,
  response: pageSchema(business),
  async handle({ db, query }) {
    const limit = limitOf(query);
    let q = businessColumns(db)
      .where("user_id", ">", textCursor(query))
      .orderBy("user_id")
      .limit(limit + 1);
    if (query.updated_since) q = q.where("updated_at", ">=", query.updated_since);
    return pageOf(await q.execute(), limit, (r) => r.id);
  },
});

const getBusiness = endpoint({
  id: "getBusiness",
  method: "GET",
  path: "/businesses/{id}",
  scope: "businesses:read",
  tag: "Businesses",
  summary: "Read one business with its members",
  params: textIdPath,
  response: business.extend({ members: z.array(member) }),
  async handle({ db, params }) {
    const row = await businessColumns(db).where("user_id", "=", params.id).executeTakeFirst();
    if (!row) throw notFound();
    const members = await db
      .selectFrom("business_members as m")
      .innerJoin("users as u", "u.id", "m.user_id")
      .select(["m.user_id", "u.name", "u.email", "m.role", "m.order_limit_cents"])
      .where("m.business_id", "=", params.id)
      .orderBy("m.created_at")
      .execute();
    return { ...row, members };
  },
});

const invoice = z.object({
  id: z.number().int(),
  number: z.number().int(),
  kind: z.enum(["invoice", "credit"]),
  business_id: z.string(),
  order_id: z.number().int(),
  terms: z.string(),
  issued_on: z.string(),
  due_on: z.string(),
  total_cents: cents,
  balance_cents: cents,
  created_at: timestamp,
});

function invoiceColumns(db: Kysely<DB>) {
  return db
    .selectFrom("invoices")
    .select([
      "id",
      "number",
      "kind",
      "business_id",
      "order_id",
      "terms",
      "issued_on",
      "due_on",
      "total_cents",
      "balance_cents",
      "created_at",
    ]);
}

const listInvoices = endpoint({
  id: "listInvoices",
  method: "GET",
  path: "/invoices",
  scope: "receivables:read",
  tag: "Receivables",
  summary: "List invoices and credit notes",
  query: z.strictObject({ ...listQueryFields, business_id: z.string().max(100).optional() }),
  response: pageSchema(invoice),
  async handle({ db, query }) {
    const limit = limitOf(query);
    let q = invoiceColumns(db)
      .where("id", ">", numericCursor(query))
      .orderBy("id")
      .limit(limit + 1);
    // An invoice is written once (its balance moves with payments: see the payments list).
    if (query.updated_since) q = q.where("created_at", ">=", query.updated_since);
    if (query.business_id) q = q.where("business_id", "=", query.business_id);
    return pageOf(await q.execute(), limit, (r) => r.id);
  },
});

const getInvoice = endpoint({
  id: "getInvoice",
  method: "GET",
  path: "/invoices/{id}",
  scope: "receivables:read",
  tag: "Receivables",
  summary: "Read one invoice with its lines",
  params: idPath,
  response: invoice.extend({
    lines: z.array(z.object({ sku: z.string(), name: z.string(), unit_price_cents: cents, quantity: z.number() })),
  }),
  async handle({ db, params }) {
    const row = await invoiceColumns(db).where("id", "=", params.id).executeTakeFirst();
    if (!row) throw notFound();
    const lines = await db
      .selectFrom("invoice_lines")
      .select(["sku", "name", "unit_price_cents", "quantity"])
      .where("invoice_id", "=", params.id)
      .orderBy("position")
      .execute();
    return { ...row, lines };
  },
});

const payment = z.object({
  id: z.number().int(),
  business_id: z.string(),
  received_on: z.string(),
  amount_cents: cents,
  unapplied_cents: cents,
  method: z.string(),
  reference: z.string().nullable(),
  voided_at: z.string().nullable(),
  created_at: timestamp,
});

function paymentColumns(db: Kysely<DB>) {
  return db
    .selectFrom("payments")
    .select([
      "id",
      "business_id",
      "received_on",
      "amount_cents",
      "unapplied_cents",
      "method",
      "reference",
      "voided_at",
      "created_at",
    ]);
}

const listPayments = endpoint({
  id: "listPayments",
  method: "GET",
  path: "/payments",
  scope: "receivables:read",
  tag: "Receivables",
  summary: "List payments",
  query: z.strictObject({ ...listQueryFields, business_id: z.string().max(100).optional() }),
  response: pageSchema(payment),
  async handle({ db, query }) {
    const limit = limitOf(query);
    let q = paymentColumns(db)
      .where("id", ">", numericCursor(query))
      .orderBy("id")
      .limit(limit + 1);
    if (query.updated_since) q = q.where("created_at", ">=", query.updated_since);
    if (query.business_id) q = q.where("business_id", "=", query.business_id);
    return pageOf(await q.execute(), limit, (r) => r.id);
  },
});

/** The payment form's own fields (reference, received day not after today, method, invoice) with the amount in cents. */
const paymentForm = paymentSchema.shape;

const recordPayment = endpoint({
  id: "recordPayment",
  method: "POST",
  path: "/payments",
  scope: "receivables:write",
  tag: "Receivables",
  summary: "Record a payment: applied to the invoice given, else to the oldest open ones (Idempotency-Key required)",
  body: z.strictObject({
    business_id: z.string().min(1).max(100),
    amount_cents: z.number().int().min(1).max(MAX_AMOUNT_CENTS),
    method: z.enum(PAYMENT_METHODS),
    reference: paymentForm.reference,
    received_on: paymentForm.receivedOn.optional().meta({ description: "YYYY-MM-DD, not after today (default today)" }),
    invoice_id: z.number().int().min(1).max(2_147_483_647).optional(),
  }),
  status: 201,
  response: payment.extend({ released_order_ids: z.array(z.number().int()) }),
  async handle({ db, key, body, idempotencyKey }) {
    const known = await db
      .selectFrom("businesses")
      .select("user_id")
      .where("user_id", "=", body.business_id)
      .executeTakeFirst();
    if (!known)
      throw new ApiProblem(422, API_MESSAGES.invalidRequest, {
        errors: [{ location: "body.business_id", message: API_MESSAGES.businessNotFound }],
      });
    const result = await recordPaymentAndRelease(
      db,
      {
        businessId: body.business_id,
        amountCents: body.amount_cents,
        method: body.method,
        reference: body.reference,
        receivedOn: body.received_on ?? storeToday(),
        invoiceId: body.invoice_id ?? null,
        idempotencyKey: `api-${key.id}-${idempotencyKey ?? crypto.randomUUID()}`,
      },
      apiKeyActor(key),
    );
    const row = await paymentColumns(db).where("id", "=", result.paymentId).executeTakeFirstOrThrow();
    return { ...row, released_order_ids: result.released };
  },
});

export const ACCOUNT_ENDPOINTS = [listBusinesses, getBusiness, listInvoices, getInvoice, listPayments, recordPayment];

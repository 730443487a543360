import type { Kysely } from "kysely";
import { businessDisplayName, storeToday } from "~/lib/business";
import { AGING_BUCKETS, type AgingBucket, agingBucket, daysBetween } from "~/lib/receivables";
import type { DB } from "../db/schema";

/**
 * What a business owes and paid (issue 30): its ledger in date order with a running balance, its
 * open invoices with days late, and the aging of the whole store for the back office.
 */
export interface LedgerEntry {
  /** YYYY-MM-DD. */
  date: string;
  kind: "invoice" | "credit" | "payment";
  /** Invoice or credit note number, payment id. */
  number: number;
  orderId: number | null;
  description: string;
  /** Positive: owed (an invoice); negative: paid or credited. A void payment counts zero. */
  amountCents: number;
  runningCents: number;
  void: boolean;
  /** An invoice's open balance and due date. */
  balanceCents: number | null;
  dueOn: string | null;
}

export async function ledger(db: Kysely<DB>, businessId: string): Promise<LedgerEntry[]> {
  const [docs, payments] = await Promise.all([
    db
      .selectFrom("invoices")
      .select(["id", "number", "kind", "order_id", "issued_on", "due_on", "total_cents", "balance_cents", "memo"])
      .where("business_id", "=", businessId)
      .execute(),
    db
      .selectFrom("payments")
      .select(["id", "received_on", "amount_cents", "method", "reference", "voided_at", "created_at"])
      .where("business_id", "=", businessId)
      .execute(),
  ]);
  const entries: Omit<LedgerEntry, "runningCents">[] = [
    ...docs.map((d) => ({
      date: d.issued_on,
      kind: d.kind,
      number: d.number,
      orderId: d.order_id,
      description: `${d.kind === "invoice" ? "Invoice" : "Credit note"} ${d.number}${d.memo ? ` (${d.memo})` : ""}`,
      amountCents: d.kind === "invoice" ? d.total_cents : -d.total_cents,
      void: false,
      balanceCents: d.kind === "invoice" ? d.balance_cents : null,
      dueOn: d.kind === "invoice" ? d.due_on : null,
    })),
    ...payments.map((p) => ({
      date: p.received_on,
      kind: "payment" as const,
      number: p.id,
      orderId: null,
      description: `Payment ${p.id} (${p.method}${p.reference ? ` ${p.reference}` : ""})`,
      amountCents: p.voided_at ? 0 : -p.amount_cents,
      void: p.voided_at !== null,
      balanceCents: null,
      dueOn: null,
    })),
  ];
  entries.sort((a, b) => a.date.localeCompare(b.date) || order(a.kind) - order(b.kind) || a.number - b.number);
  let running = 0;
  return entries.map((e) => {
    running += e.amountCents;
    return { ...e, runningCents: running };
  });
}

function order(kind: LedgerEntry["kind"]): number {
  return kind === "invoice" ? 0 : kind === "credit" ? 1 : 2;
}

export interface OpenInvoice {
  id: number;
  number: number;
  orderId: number;
  issuedOn: string;
  dueOn: string;
  totalCents: number;
  balanceCents: number;
  daysLate: number;
}

export async function openInvoices(db: Kysely<DB>, businessId: string, today = storeToday()): Promise<OpenInvoice[]> {
  const rows = await db
    .selectFrom("invoices")
    .select(["id", "number", "order_id", "issued_on", "due_on", "total_cents", "balance_cents"])
    .where("business_id", "=", businessId)
    .where("kind", "=", "invoice")
    .where("balance_cents", ">", 0)
    .orderBy("due_on")
    .orderBy("number")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    number: r.number,
    orderId: r.order_id,
    issuedOn: r.issued_on,
    dueOn: r.due_on,
    totalCents: r.total_cents,
    balanceCents: r.balance_cents,
    daysLate: Math.max(0, daysBetween(r.due_on, today)),
  }));
}

export type Buckets = Record<AgingBucket, number>;

export function emptyBuckets(): Buckets {
  return Object.fromEntries(AGING_BUCKETS.map((b) => [b, 0])) as Buckets;
}

export interface AgingRow {
  businessId: string;
  name: string;
  buckets: Buckets;
  /** Unapplied payments and credit notes (positive). */
  creditCents: number;
  /** Open invoices less credit. */
  balanceCents: number;
}

export const AGING_SORTS = ["name", "balance", ...AGING_BUCKETS] as const;
export type AgingSort = (typeof AGING_SORTS)[number];

/** Every business with open invoices or credit, in aging buckets as of `today`, with the totals. */
export async function agingReport(
  db: Kysely<DB>,
  { today = storeToday(), sort = "balance" as AgingSort } = {},
): Promise<{ rows: AgingRow[]; totals: Buckets & { credit: number; balance: number } }> {
  const [invoices, credits, payments] = await Promise.all([
    db
      .selectFrom("invoices")
      .select(["business_id", "due_on", "balance_cents"])
      .where("kind", "=", "invoice")
      .where("balance_cents", ">", 0)
      .execute(),
    db
      .selectFrom("invoices")
      .select(["business_id", "balance_cents"])
      .where("kind", "=", "credit")
      .where("balance_cents", ">", 0)
      .execute(),
    db
      .selectFrom("payments")
      .select(["business_id", "unapplied_cents as balance_cents"])
      .where("voided_at", "is", null)
      .where("unapplied_cents", ">", 0)
      .execute(),
  ]);
  const rows = new Map<string, AgingRow>();
  const rowOf = (id: string) => {
    let row = rows.get(id);
    if (!row) {
      row = { businessId: id, name: id, buckets: emptyBuckets(), creditCents: 0, balanceCents: 0 };
      rows.set(id, row);
    }
    return row;
  };
  for (const i of invoices) {
    const row = rowOf(i.business_id);
    row.buckets[agingBucket(i.due_on, today)] += i.balance_cents;
    row.balanceCents += i.balance_cents;
  }
  for (const c of [...credits, ...payments]) {
    const row = rowOf(c.business_id);
    row.creditCents += c.balance_cents;
    row.balanceCents -= c.balance_cents;
  }
  if (rows.size > 0) {
    const names = await db
      .selectFrom("users")
      .leftJoin("businesses", "businesses.user_id", "users.id")
      .select(["users.id", "users.name", "businesses.legal_name", "businesses.dba"])
      .where("users.id", "in", [...rows.keys()])
      .execute();
    for (const n of names) {
      const row = rows.get(n.id);
      if (row) row.name = businessDisplayName({ legalName: n.legal_name, dba: n.dba }, n.name);
    }
  }
  const list = [...rows.values()];
  list.sort((a, b) => {
    if (sort === "name") return a.name.localeCompare(b.name);
    const key = (r: AgingRow) => (sort === "balance" ? r.balanceCents : r.buckets[sort]);
    return key(b) - key(a) || a.name.localeCompare(b.name);
  });
  const totals = { ...emptyBuckets(), credit: 0, balance: 0 };
  for (const r of list) {
    for (const b of AGING_BUCKETS) totals[b] += r.buckets[b];
    totals.credit += r.creditCents;
    totals.balance += r.balanceCents;
  }
  return { rows: list, totals };
}

/** The business's open balance in aging buckets (its statement). */
export async function businessAging(db: Kysely<DB>, businessId: string, today = storeToday()): Promise<Buckets> {
  const buckets = emptyBuckets();
  for (const i of await openInvoices(db, businessId, today)) buckets[agingBucket(i.dueOn, today)] += i.balanceCents;
  return buckets;
}

/** One invoice of an order as its PDF prints it: number, terms, dates, what paid it, what is left. */
export interface AccountInvoice {
  number: number;
  terms: string;
  issuedOn: string;
  dueOn: string;
  totalCents: number;
  balanceCents: number;
  /** Why it was issued, when not the order's completion (a correction). */
  memo: string | null;
  /** Payments and credit notes applied to it (reversed ones left out). */
  paid: { date: string; label: string; amountCents: number }[];
}

/**
 * What an order's invoice PDF prints of its account (issue 30; decision 0052): its invoices (one,
 * or more after a correction or a completion again), its credit notes, and what is still due.
 */
export interface InvoiceAccount {
  invoices: AccountInvoice[];
  creditNotes: { number: number; issuedOn: string; totalCents: number; memo: string | null }[];
  balanceCents: number;
}

export async function invoiceAccount(db: Kysely<DB>, orderId: number): Promise<InvoiceAccount | null> {
  const docs = await db
    .selectFrom("invoices")
    .select(["id", "kind", "number", "terms", "issued_on", "due_on", "total_cents", "balance_cents", "memo"])
    .where("order_id", "=", orderId)
    .orderBy("id")
    .execute();
  const invoices = docs.filter((d) => d.kind === "invoice");
  if (invoices.length === 0) return null;
  const applied = await db
    .selectFrom("payment_applications")
    .leftJoin("payments", "payments.id", "payment_applications.payment_id")
    .leftJoin("invoices as credit", "credit.id", "payment_applications.credit_id")
    .select([
      "payment_applications.invoice_id",
      "payment_applications.amount_cents",
      "payment_applications.created_at",
      "payments.id as payment_id",
      "payments.method",
      "payments.reference",
      "payments.received_on",
      "credit.number as credit_number",
      "credit.issued_on as credit_issued_on",
    ])
    .where(
      "payment_applications.invoice_id",
      "in",
      invoices.map((i) => i.id),
    )
    .where("payment_applications.reversed_at", "is", null)
    .orderBy("payment_applications.id")
    .execute();
  return {
    invoices: invoices.map((invoice) => ({
      number: invoice.number,
      terms: invoice.terms,
      issuedOn: invoice.issued_on,
      dueOn: invoice.due_on,
      totalCents: invoice.total_cents,
      balanceCents: invoice.balance_cents,
      memo: invoice.memo,
      paid: applied
        .filter((a) => a.invoice_id === invoice.id)
        .map((a) => ({
          date: a.received_on ?? a.credit_issued_on ?? storeToday(new Date(a.created_at)),
          label:
            a.payment_id !== null
              ? `Payment ${a.payment_id} (${a.method}${a.reference ? ` ${a.reference}` : ""})`
              : `Credit note ${a.credit_number}`,
          amountCents: a.amount_cents,
        })),
    })),
    creditNotes: docs
      .filter((d) => d.kind === "credit")
      .map((d) => ({ number: d.number, issuedOn: d.issued_on, totalCents: d.total_cents, memo: d.memo })),
    balanceCents: invoices.reduce((sum, i) => sum + i.balance_cents, 0),
  };
}

export interface RecentPayment {
  id: number;
  businessId: string;
  businessName: string;
  receivedOn: string;
  amountCents: number;
  method: string;
  reference: string | null;
  unappliedCents: number;
  void: boolean;
}

/** The latest payments of every business, newest first (the back office's payments page). */
export async function recentPayments(db: Kysely<DB>, limit = 100): Promise<RecentPayment[]> {
  const rows = await db
    .selectFrom("payments")
    .leftJoin("businesses", "businesses.user_id", "payments.business_id")
    .leftJoin("users", "users.id", "payments.business_id")
    .select([
      "payments.id",
      "payments.business_id",
      "payments.received_on",
      "payments.amount_cents",
      "payments.method",
      "payments.reference",
      "payments.unapplied_cents",
      "payments.voided_at",
      "businesses.legal_name",
      "businesses.dba",
      "users.name",
    ])
    .orderBy("payments.id", "desc")
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    businessId: r.business_id,
    businessName: businessDisplayName({ legalName: r.legal_name, dba: r.dba }, r.name ?? r.business_id),
    receivedOn: r.received_on,
    amountCents: r.amount_cents,
    method: r.method,
    reference: r.reference,
    unappliedCents: r.unapplied_cents,
    void: r.voided_at !== null,
  }));
}

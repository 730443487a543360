import type { Kysely } from "kysely";
import { businessDisplayName } from "~/lib/business";
import { isTerms, TERMS_LABELS } from "~/lib/receivables";
import { neutralizeFormula } from "../catalog/csv/file";
import type { DB } from "../db/schema";

/**
 * The accountant's files (issue 30): invoices, payments and credit notes of a range of days as
 * CSV in the layout QuickBooks Online's import reads (columns in decision 0040). Dates are
 * MM/DD/YYYY, amounts dollars with two decimals; text cells a spreadsheet would run as a formula
 * are neutralized.
 */
export const EXPORT_KINDS = ["invoices", "payments", "credit-notes"] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

export const INVOICE_COLUMNS = [
  "InvoiceNo",
  "Customer",
  "InvoiceDate",
  "DueDate",
  "Terms",
  "Item(Product/Service)",
  "ItemDescription",
  "ItemQuantity",
  "ItemRate",
  "ItemAmount",
] as const;
export const PAYMENT_COLUMNS = ["PaymentDate", "Customer", "PaymentMethod", "RefNo", "Amount", "Void"] as const;
export const CREDIT_COLUMNS = ["CreditMemoNo", "Customer", "CreditMemoDate", "ItemDescription", "ItemAmount"] as const;

function cell(value: string): string {
  const safe = neutralizeFormula(value);
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

function row(cells: (string | number)[]): string {
  return `${cells.map((c) => (typeof c === "number" ? String(c) : cell(c))).join(",")}\r\n`;
}

/** YYYY-MM-DD as QuickBooks reads it: MM/DD/YYYY. */
function usDate(day: string): string {
  return `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;
}

function dollars(cents: number): string {
  return (cents / 100).toFixed(2);
}

async function customerNames(db: Kysely<DB>, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom("users")
    .leftJoin("businesses", "businesses.user_id", "users.id")
    .select(["users.id", "users.name", "businesses.legal_name", "businesses.dba"])
    .where("users.id", "in", [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [r.id, businessDisplayName({ legalName: r.legal_name, dba: r.dba }, r.name)]));
}

/** The file of one kind for the days from `from` to `to` (both included, YYYY-MM-DD). */
export async function exportReceivablesCsv(
  db: Kysely<DB>,
  kind: ExportKind,
  range: { from: string; to: string },
): Promise<string> {
  if (kind === "payments") {
    const payments = await db
      .selectFrom("payments")
      .selectAll()
      .where("received_on", ">=", range.from)
      .where("received_on", "<=", range.to)
      .orderBy("received_on")
      .orderBy("id")
      .execute();
    const names = await customerNames(
      db,
      payments.map((p) => p.business_id),
    );
    return (
      row([...PAYMENT_COLUMNS]) +
      payments
        .map((p) =>
          row([
            usDate(p.received_on),
            names.get(p.business_id) ?? p.business_id,
            p.method.toUpperCase() === "ACH" ? "ACH" : p.method[0]?.toUpperCase() + p.method.slice(1),
            p.reference ?? "",
            dollars(p.amount_cents),
            p.voided_at ? "Yes" : "No",
          ]),
        )
        .join("")
    );
  }
  const docs = await db
    .selectFrom("invoices")
    .selectAll()
    .where("kind", "=", kind === "invoices" ? "invoice" : "credit")
    .where("issued_on", ">=", range.from)
    .where("issued_on", "<=", range.to)
    .orderBy("number")
    .execute();
  const names = await customerNames(
    db,
    docs.map((d) => d.business_id),
  );
  if (kind === "credit-notes") {
    return (
      row([...CREDIT_COLUMNS]) +
      docs
        .map((d) =>
          row([
            d.number,
            names.get(d.business_id) ?? d.business_id,
            usDate(d.issued_on),
            d.memo ?? `Order #${d.order_id} cancelled`,
            dollars(d.total_cents),
          ]),
        )
        .join("")
    );
  }
  const lines =
    docs.length === 0
      ? []
      : await db
          .selectFrom("invoice_lines")
          .selectAll()
          .where(
            "invoice_id",
            "in",
            docs.map((d) => d.id),
          )
          .orderBy("invoice_id")
          .orderBy("position")
          .execute();
  let out = row([...INVOICE_COLUMNS]);
  for (const d of docs) {
    const terms = isTerms(d.terms) ? TERMS_LABELS[d.terms] : d.terms;
    for (const l of lines.filter((x) => x.invoice_id === d.id)) {
      out += row([
        d.number,
        names.get(d.business_id) ?? d.business_id,
        usDate(d.issued_on),
        usDate(d.due_on),
        terms,
        l.sku,
        l.name,
        l.quantity,
        dollars(l.unit_price_cents),
        dollars(l.unit_price_cents * l.quantity),
      ]);
    }
  }
  return out;
}

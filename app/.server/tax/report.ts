import { stringify } from "csv-stringify/sync";
import { zipSync } from "fflate";
import type { Kysely } from "kysely";
import { businessDisplayName } from "~/lib/business";
import { formatRate } from "~/lib/sales-tax";
import { storeMonthBounds } from "~/lib/store-time";
import { neutralizeFormula } from "../catalog/csv/file";
import type { DB } from "../db/schema";
import { readDocument } from "../media/documents";

/**
 * The sales tax report (issue 41): for a month, per jurisdiction, the taxable and exempt sales and
 * the tax collected, from the tax stored with each order line (order_line_tax): the same cents
 * the orders, invoices and statements carry. Every exempt sale is listed with the certificate
 * behind it, or the taxability rule that exempted it (decision 0075). Cancelled orders are left out; a month is the store's (Dallas) month of the order.
 */

export interface JurisdictionTotal {
  state: string;
  kind: string;
  name: string;
  code: string;
  rate: string;
  taxableCents: number;
  exemptCents: number;
  taxCents: number;
}

export interface ExemptSale {
  orderId: number;
  placedAt: string;
  business: string;
  certificateId: string | null;
  permitNumber: string | null;
  /** The taxability rule that exempted it, as named when the tax was computed. */
  ruleName: string | null;
  exemptCents: number;
}

export interface SalesTaxReport {
  month: string;
  jurisdictions: JurisdictionTotal[];
  exemptSales: ExemptSale[];
  totals: { taxableCents: number; exemptCents: number; taxCents: number };
}

export async function salesTaxReport(db: Kysely<DB>, month: string): Promise<SalesTaxReport> {
  const { start, end } = storeMonthBounds(month);
  const rows = await db
    .selectFrom("order_line_tax as t")
    .innerJoin("orders as o", "o.id", "t.order_id")
    .leftJoin("sales_tax_jurisdictions as j", "j.id", "t.jurisdiction_id")
    .select([
      "t.order_id",
      "t.state",
      "t.jurisdiction_kind",
      "t.jurisdiction_name",
      "t.rate_ppm",
      "t.base_cents",
      "t.tax_cents",
      "t.exempt",
      "t.certificate_id",
      "t.rule_name",
      "t.jurisdiction_id",
      "j.code",
    ])
    .where("o.status", "<>", "Cancelled")
    .where("o.created_at", ">=", start)
    .where("o.created_at", "<", end)
    .orderBy("t.state")
    .orderBy("t.jurisdiction_name")
    .orderBy("t.order_id")
    .execute();
  const byJurisdiction = new Map<string, JurisdictionTotal>();
  const firstJurisdiction = new Map<number, number | null>();
  const exemptOf = new Map<
    string,
    { orderId: number; certificateId: string | null; ruleName: string | null; cents: number }
  >();
  for (const r of rows) {
    const rate = formatRate(Number(r.rate_ppm));
    const key = `${r.state}|${r.jurisdiction_kind}|${r.jurisdiction_name}|${rate}`;
    const total = byJurisdiction.get(key) ?? {
      state: r.state,
      kind: r.jurisdiction_kind,
      name: r.jurisdiction_name,
      code: r.code ?? "",
      rate,
      taxableCents: 0,
      exemptCents: 0,
      taxCents: 0,
    };
    byJurisdiction.set(key, total);
    if (r.exempt === 1) total.exemptCents += Number(r.base_cents);
    else total.taxableCents += Number(r.base_cents);
    total.taxCents += Number(r.tax_cents);
    // An exempt sale's amount, counted in one jurisdiction (every jurisdiction has the same base).
    if (!firstJurisdiction.has(r.order_id)) firstJurisdiction.set(r.order_id, r.jurisdiction_id);
    if (r.exempt === 1 && firstJurisdiction.get(r.order_id) === r.jurisdiction_id) {
      const k = `${r.order_id}|${r.certificate_id ?? ""}|${r.rule_name ?? ""}`;
      const sale = exemptOf.get(k) ?? {
        orderId: r.order_id,
        certificateId: r.certificate_id,
        ruleName: r.rule_name,
        cents: 0,
      };
      sale.cents += Number(r.base_cents);
      exemptOf.set(k, sale);
    }
  }
  const orderIds = [...new Set([...exemptOf.values()].map((s) => s.orderId))];
  const certificateIds = [
    ...new Set([...exemptOf.values()].flatMap((s) => (s.certificateId ? [s.certificateId] : []))),
  ];
  const [orders, certificates] = await Promise.all([
    orderIds.length === 0
      ? []
      : db
          .selectFrom("orders as o")
          .leftJoin("businesses as b", "b.user_id", "o.user_id")
          .select(["o.id", "o.created_at", "o.ship_business_name", "b.legal_name", "b.dba"])
          .where("o.id", "in", orderIds)
          .execute(),
    certificateIds.length === 0
      ? []
      : db
          .selectFrom("resale_certificates")
          .select(["id", "permit_number"])
          .where("id", "in", certificateIds)
          .execute(),
  ]);
  const orderOf = new Map(orders.map((o) => [o.id, o]));
  const permitOf = new Map(certificates.map((c) => [c.id, c.permit_number]));
  const exemptSales = [...exemptOf.values()]
    .map((s) => {
      const o = orderOf.get(s.orderId);
      return {
        orderId: s.orderId,
        placedAt: o?.created_at ?? "",
        business: o
          ? businessDisplayName(o.legal_name ? { legalName: o.legal_name, dba: o.dba } : null, o.ship_business_name)
          : "",
        certificateId: s.certificateId,
        permitNumber: s.certificateId ? (permitOf.get(s.certificateId) ?? null) : null,
        ruleName: s.ruleName,
        exemptCents: s.cents,
      };
    })
    .sort((a, b) => a.orderId - b.orderId);
  const jurisdictions = [...byJurisdiction.values()];
  // Each sale once: the state's own rate row carries every sale made in the state.
  const stateRows = jurisdictions.filter((j) => j.kind === "state");
  return {
    month,
    jurisdictions,
    exemptSales,
    totals: {
      taxableCents: stateRows.reduce((s, j) => s + j.taxableCents, 0),
      exemptCents: stateRows.reduce((s, j) => s + j.exemptCents, 0),
      taxCents: jurisdictions.reduce((s, j) => s + j.taxCents, 0),
    },
  };
}

const dollars = (cents: number) => (cents / 100).toFixed(2);

/** The month's CSV for the Comptroller's return: a row per jurisdiction, then each exempt sale. */
export function salesTaxCsv(report: SalesTaxReport): string {
  const records: (string | number)[][] = report.jurisdictions.map((j) => [
    report.month,
    "jurisdiction",
    j.state,
    neutralizeFormula(j.name),
    j.code,
    j.rate,
    dollars(j.taxableCents),
    dollars(j.exemptCents),
    dollars(j.taxCents),
    "",
    "",
    "",
    "",
  ]);
  for (const s of report.exemptSales)
    records.push([
      report.month,
      "exempt sale",
      "",
      neutralizeFormula(s.business),
      "",
      "",
      "",
      dollars(s.exemptCents),
      "",
      s.orderId,
      s.certificateId ?? "",
      s.permitNumber ?? "",
      neutralizeFormula(s.ruleName ?? ""),
    ]);
  return stringify(records, {
    header: true,
    columns: [
      "Month",
      "Row",
      "State",
      "Jurisdiction or business",
      "Code",
      "Rate",
      "Taxable sales",
      "Exempt sales",
      "Tax collected",
      "Order",
      "Certificate",
      "Permit number",
      "Exempt by rule",
    ],
  });
}

async function documentBytes(key: string): Promise<Buffer | null> {
  // A key the store cannot read (gone, or refused) is a missing document, named in the export.
  const file = await readDocument(key).catch(() => null);
  if (!file) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of file.body) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

const EXTENSION: Record<string, string> = { "application/pdf": "pdf", "image/jpeg": "jpg", "image/png": "png" };

/**
 * The audit export of some months (34 TAC 3.282: certificates produced within 90 days of an
 * audit's notice): every exempt sale as a CSV, and each certificate behind them as its document,
 * in one ZIP. A certificate whose document is missing is named in the CSV, not left out silently.
 */
export async function salesTaxAuditZip(db: Kysely<DB>, months: readonly string[]): Promise<Uint8Array> {
  const reports = await Promise.all(months.map((m) => salesTaxReport(db, m)));
  const sales = reports.flatMap((r) => r.exemptSales.map((s) => ({ month: r.month, ...s })));
  const ids = [...new Set(sales.flatMap((s) => (s.certificateId ? [s.certificateId] : [])))];
  const certificates =
    ids.length === 0
      ? []
      : await db
          .selectFrom("resale_certificates")
          .select(["id", "document_key", "document_type", "permit_number", "signed_on"])
          .where("id", "in", ids)
          .execute();
  const files: Record<string, Uint8Array> = {};
  const fileOf = new Map<string, string>();
  for (const c of certificates) {
    const bytes = await documentBytes(c.document_key);
    if (!bytes) continue;
    const name = `certificates/${c.permit_number ?? "pending"}-${c.signed_on}-${c.id.slice(0, 8)}.${EXTENSION[c.document_type] ?? "bin"}`;
    files[name] = bytes;
    fileOf.set(c.id, name);
  }
  const csv = stringify(
    sales.map((s) => [
      s.month,
      s.orderId,
      s.placedAt,
      neutralizeFormula(s.business),
      dollars(s.exemptCents),
      s.certificateId ?? "",
      s.permitNumber ?? "",
      s.certificateId ? (fileOf.get(s.certificateId) ?? "document missing") : "",
      neutralizeFormula(s.ruleName ?? ""),
    ]),
    {
      header: true,
      columns: [
        "Month",
        "Order",
        "Placed at",
        "Business",
        "Exempt sales",
        "Certificate",
        "Permit number",
        "File",
        "Exempt by rule",
      ],
    },
  );
  files["exempt-sales.csv"] = new TextEncoder().encode(csv);
  return zipSync(files, { level: 6 });
}

import { Form, Link } from "react-router";
import { getDb } from "~/.server/db/instance";
import { validReportMonth } from "~/.server/excise/report";
import { salesTaxReport } from "~/.server/tax/report";
import { TaxesNav } from "~/components/admin/taxes-nav";
import { Button } from "~/components/ui/button";
import { DataTable } from "~/components/ui/data-table";
import { storeToday } from "~/lib/business";
import * as TAX_MESSAGES from "~/lib/messages/sales-tax";
import { formatCents } from "~/lib/money";
import { JURISDICTION_KINDS } from "~/lib/sales-tax";
import type { Route } from "./+types/sales-tax-report";

export function meta() {
  return [{ title: "Sales tax report" }, { name: "robots", content: "noindex" }];
}

/** The month's sales tax by jurisdiction, with every exempt sale and its certificate (CSV beside it). */
export async function loader({ url }: Route.LoaderArgs) {
  const asked = url.searchParams.get("month");
  const month = validReportMonth(asked) ? asked : storeToday().slice(0, 7);
  return { report: await salesTaxReport(getDb(), month) };
}

const monthInput = "min-h-11 rounded-md border border-slate-300 px-3 text-base";

export default function SalesTaxReportPage({ loaderData }: Route.ComponentProps) {
  const { report } = loaderData;
  const { month } = report;
  return (
    <div className="flex flex-col gap-6">
      <TaxesNav />
      <section aria-labelledby="sales-tax-report-title" className="flex flex-col gap-4">
        <h2 id="sales-tax-report-title" className="text-xl font-bold text-slate-900">
          Sales tax report
        </h2>
        <p className="text-sm text-slate-600">{TAX_MESSAGES.reportIntro}</p>
        <Form method="get" className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-4">
          <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
            Month
            <input type="month" name="month" defaultValue={month} className={monthInput} />
          </label>
          <Button type="submit" variant="secondary">
            Show
          </Button>
          <a
            href={`/admin/sales-tax/report.csv?month=${month}`}
            download
            className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline"
          >
            Download CSV
          </a>
        </Form>
        {report.jurisdictions.length === 0 ? (
          <p className="text-slate-700">{TAX_MESSAGES.reportEmpty}</p>
        ) : (
          <>
            <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
              {[
                { label: "Taxable sales", cents: report.totals.taxableCents },
                { label: "Exempt sales", cents: report.totals.exemptCents },
                { label: "Tax collected", cents: report.totals.taxCents },
              ].map((x) => (
                <div key={x.label} className="rounded-lg border border-slate-200 bg-white p-4">
                  <dt className="text-sm text-slate-600">{x.label}</dt>
                  <dd className="tabular mt-1 text-xl font-bold text-slate-900">{formatCents(x.cents)}</dd>
                </div>
              ))}
            </dl>
            <DataTable
              caption={`Sales tax by jurisdiction, ${month}`}
              rows={report.jurisdictions}
              rowKey={(j) => `${j.state}-${j.kind}-${j.name}-${j.rate}`}
              rowHeader
              empty={TAX_MESSAGES.reportEmpty}
              columns={[
                { key: "name", header: "Jurisdiction", cell: (j) => j.name },
                { key: "state", header: "State", cell: (j) => j.state },
                {
                  key: "kind",
                  header: "Kind",
                  cell: (j) => JURISDICTION_KINDS.find((k) => k.value === j.kind)?.label ?? j.kind,
                },
                { key: "code", header: "Code", cell: (j) => j.code },
                { key: "rate", header: "Rate", cell: (j) => j.rate, numeric: true },
                { key: "taxable", header: "Taxable sales", cell: (j) => formatCents(j.taxableCents), numeric: true },
                { key: "exempt", header: "Exempt sales", cell: (j) => formatCents(j.exemptCents), numeric: true },
                { key: "tax", header: "Tax collected", cell: (j) => formatCents(j.taxCents), numeric: true },
              ]}
            />
          </>
        )}
      </section>
      <section aria-labelledby="exempt-title" className="flex flex-col gap-3">
        <h2 id="exempt-title" className="text-lg font-bold text-slate-900">
          {TAX_MESSAGES.exemptSalesHeading}
        </h2>
        <DataTable
          caption={`Exempt sales, ${month}`}
          rows={report.exemptSales}
          rowKey={(s) => `${s.orderId}-${s.certificateId ?? ""}-${s.ruleName ?? ""}`}
          rowHeader
          empty={TAX_MESSAGES.reportEmpty}
          columns={[
            {
              key: "order",
              header: "Order",
              cell: (s) => (
                <Link to={`/admin/orders/${s.orderId}`} className="font-semibold text-brand-700 underline">
                  #{s.orderId}
                </Link>
              ),
            },
            { key: "business", header: "Business", cell: (s) => s.business },
            {
              key: "permit",
              header: "Permit number",
              cell: (s) => (s.certificateId ? (s.permitNumber ?? "Pending") : ""),
            },
            { key: "rule", header: "Exempt by rule", cell: (s) => s.ruleName ?? "" },
            { key: "exempt", header: "Exempt sales", cell: (s) => formatCents(s.exemptCents), numeric: true },
          ]}
        />
      </section>
      <section aria-labelledby="audit-title" className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="audit-title" className="text-lg font-bold text-slate-900">
          Audit export
        </h2>
        <p className="mt-1 text-sm text-slate-600">{TAX_MESSAGES.auditHint}</p>
        <form method="get" action="/admin/sales-tax/audit.zip" className="mt-3 flex flex-wrap items-end gap-3">
          <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
            From
            <input type="month" name="from" defaultValue={month} required className={monthInput} />
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
            To
            <input type="month" name="to" defaultValue={month} required className={monthInput} />
          </label>
          <Button type="submit" variant="secondary">
            Download ZIP
          </Button>
        </form>
      </section>
    </div>
  );
}

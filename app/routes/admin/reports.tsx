import { Form, Link } from "react-router";
import { getDb } from "~/.server/db/instance";
import { loadReport } from "~/.server/reports/view";
import { BarChart, ColumnChart } from "~/components/admin/charts";
import { Pagination } from "~/components/admin/pagination";
import { Button } from "~/components/ui/button";
import { DataTable } from "~/components/ui/data-table";
import { TextField } from "~/components/ui/field";
import * as REPORT_MESSAGES from "~/lib/messages/reports";
import { formatCents } from "~/lib/money";
import { REPORT_KINDS, type ReportKind, reportColumns } from "~/lib/reports";
import type { Route } from "./+types/reports";

export function meta() {
  return [{ title: "Sales reports" }, { name: "robots", content: "noindex" }];
}

/** Sales by period, product, product line, variant, category, class, brand, business or state for a range of days (issues 32, 38). */
export async function loader({ url }: Route.LoaderArgs) {
  return { view: await loadReport(getDb(), url.searchParams) };
}

const TITLES: Record<ReportKind, string> = {
  period: "Sales by period",
  product: "Sales by product",
  line: "Sales by product line",
  variant: "Sales by variant",
  category: "Sales by category",
  class: "Sales by product class",
  brand: "Sales by brand",
  business: "Sales by business",
  rep: "Sales by sales rep",
  state: "Sales by destination state",
};

/** The monthly filings' reports, reached from here (the back office's Reports tab). */
const FILINGS = [
  { to: "/admin/reports/excise", label: "Excise report" },
  { to: "/admin/reports/pact", label: "PACT report" },
  { to: "/admin/reports/pact/filings", label: "PACT filings" },
  { to: "/admin/reports/margin", label: "Gross margin" },
] as const;

const TAB_LABELS: Record<ReportKind, string> = {
  period: "Period",
  product: "Product",
  line: "Line",
  variant: "Variant",
  category: "Category",
  class: "Class",
  brand: "Brand",
  business: "Business",
  rep: "Rep",
  state: "State",
};

/** Where a row's figures come from: the product, the line, the category's products, the business's account. */
function rowLink(kind: ReportKind, key: string | null, email: string | undefined, gone?: boolean): string | null {
  if (key === null || gone) return null;
  if (kind === "product" || kind === "variant") return `/admin/products/${key}`;
  if (kind === "line") return `/admin/lines/${key}`;
  if (kind === "category") return `/admin/products?category=${encodeURIComponent(key)}`;
  if (kind === "business" && email) return `/admin/users?q=${encodeURIComponent(email)}`;
  if (kind === "rep") return "/admin/reps";
  return null;
}

const count = (n: number) => n.toLocaleString("en-US");

export default function Reports({ loaderData }: Route.ComponentProps) {
  const { view } = loaderData;
  const { range, kind } = view;
  const title = TITLES[kind];
  const columns = reportColumns(kind, view.grain);
  const params = new URLSearchParams({ by: kind, from: range.from, to: range.to });
  const csvParams = new URLSearchParams({ by: kind, from: range.from, to: range.to });
  if (view.page > 1) csvParams.set("page", String(view.page));
  const points = view.rows.map((r, i) => ({
    id: `${i}`,
    label: r.label,
    value: r.salesCents,
    orders: r.orders,
    href: rowLink(kind, r.key, r.email, r.gone) ?? `#report-row-${i}`,
  }));
  const description = REPORT_MESSAGES.chartSummary(title, range.from, range.to);
  return (
    <section aria-labelledby="reports-title" className="flex flex-col gap-4">
      <h2 id="reports-title" className="text-xl font-bold text-slate-900">
        Sales reports
      </h2>
      <p className="text-sm text-slate-700">
        {REPORT_MESSAGES.reportCancelledExcluded} {REPORT_MESSAGES.reportAttributesAsSold}
        {kind === "line" ? ` ${REPORT_MESSAGES.reportLineAsSold}` : null}
      </p>
      <nav aria-label="Filings">
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm font-semibold">
          {FILINGS.map((f) => (
            <li key={f.to}>
              <Link to={f.to} className="inline-flex min-h-11 items-center text-brand-700 underline">
                {f.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <nav aria-label="Reports">
        <ul className="flex flex-wrap gap-2">
          {REPORT_KINDS.map((k) => (
            <li key={k}>
              <Link
                to={`?${new URLSearchParams({ by: k, from: range.from, to: range.to }).toString()}`}
                aria-current={k === kind ? "page" : undefined}
                className={`inline-flex min-h-11 items-center rounded-md border px-3 text-sm font-semibold ${
                  k === kind
                    ? "border-brand-700 bg-brand-700 text-white"
                    : "border-slate-300 bg-white text-slate-800 hover:bg-slate-50"
                }`}
              >
                {TAB_LABELS[k]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Form method="get" className="flex flex-wrap items-start gap-3 rounded-lg border border-slate-200 bg-white p-4">
        <input type="hidden" name="by" value={kind} />
        <TextField
          key={`from-${range.from}`}
          type="date"
          name="from"
          label="From"
          defaultValue={range.from}
          error={view.rangeProblem ?? undefined}
        />
        <TextField key={`to-${range.to}`} type="date" name="to" label="To" defaultValue={range.to} />
        <Button type="submit" variant="secondary" className="mt-6">
          Show
        </Button>
      </Form>
      {view.problems.map((p) => (
        <p key={p} role="alert" className="rounded-md border border-danger-600 bg-white p-3 text-sm text-danger-600">
          {p}
        </p>
      ))}
      <dl className="grid grid-cols-3 gap-3" aria-label="Totals of the range">
        <div className="rounded-lg border border-slate-200 bg-white p-3">
          <dt className="text-xs font-medium text-slate-600">Sales</dt>
          <dd className="tabular mt-1 text-lg font-bold text-slate-900">{formatCents(view.sums.salesCents)}</dd>
        </div>
        <div className="rounded-lg border border-slate-200 bg-white p-3">
          <dt className="text-xs font-medium text-slate-600">Orders</dt>
          <dd className="tabular mt-1 text-lg font-bold text-slate-900">{count(view.sums.orders)}</dd>
        </div>
        <div className="rounded-lg border border-slate-200 bg-white p-3">
          <dt className="text-xs font-medium text-slate-600">Units</dt>
          <dd className="tabular mt-1 text-lg font-bold text-slate-900">{count(view.sums.units)}</dd>
        </div>
      </dl>
      <section aria-labelledby="report-title" className="rounded-lg border border-slate-200 bg-white p-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id="report-title" className="text-lg font-bold text-slate-900">
            {title}
          </h3>
          <a
            href={`/admin/reports/export.csv?${csvParams.toString()}`}
            download
            className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline"
          >
            Download CSV<span className="sr-only"> of {title.toLowerCase()}</span>
          </a>
        </div>
        {view.rows.length === 0 || view.sums.salesCents === 0 ? (
          <p className="mt-2 text-slate-700">{REPORT_MESSAGES.reportNoSales}</p>
        ) : null}
        <div className="mt-3 grid gap-6 lg:grid-cols-2">
          {view.rows.length > 0 ? (
            kind === "period" ? (
              <ColumnChart
                id="report-chart"
                title={title}
                description={description}
                xLabel={columns[0]}
                yLabel="Sales (USD)"
                points={points}
              />
            ) : (
              <BarChart
                id="report-chart"
                title={title}
                description={description}
                categoryLabel={columns[0]}
                valueLabel="Sales (USD)"
                points={points}
              />
            )
          ) : null}
          <DataTable
            caption={`${description} ${REPORT_MESSAGES.reportTableNote}`}
            rows={view.rows}
            rowKey={(r) => `${r.key}-${r.label}`}
            rowId={(_, i) => `report-row-${i}`}
            empty={null}
            rowHeader
            columns={[
              {
                key: "label",
                header: columns[0],
                cell: (r) => {
                  const href = rowLink(kind, r.key, r.email, r.gone);
                  return href ? (
                    <Link to={href} className="text-brand-700 underline">
                      {r.label}
                    </Link>
                  ) : (
                    r.label
                  );
                },
              },
              { key: "orders", header: columns[1], numeric: true, cell: (r) => count(r.orders) },
              { key: "units", header: columns[2], numeric: true, cell: (r) => count(r.units) },
              {
                key: "sales",
                header: columns[3],
                numeric: true,
                cell: (r) => <span className="font-semibold">{formatCents(r.salesCents)}</span>,
              },
            ]}
          />
        </div>
        <div className="mt-3">
          <Pagination
            page={view.page}
            pageSize={view.pageSize}
            total={view.total}
            params={params}
            label={`${title} pages`}
          />
        </div>
      </section>
    </section>
  );
}

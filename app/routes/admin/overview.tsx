import { Link } from "react-router";
import { listAllOrders } from "~/.server/admin/orders";
import { getDb } from "~/.server/db/instance";
import { loadDashboard } from "~/.server/reports/dashboard";
import { BarChart, ChartTable, ColumnChart } from "~/components/admin/charts";
import { OrderStatusBadge } from "~/components/order-view";
import { licenseTypeLabel } from "~/lib/business";
import * as BACK_OFFICE_MESSAGES from "~/lib/messages/back-office";
import * as INVENTORY_MESSAGES from "~/lib/messages/inventory";
import * as REPORT_MESSAGES from "~/lib/messages/reports";
import { formatCents } from "~/lib/money";
import { formatOrderDate, ORDER_STATUSES } from "~/lib/orders";
import { AGING_BUCKETS, AGING_LABELS } from "~/lib/receivables";
import type { Route } from "./+types/overview";

export async function loader() {
  const [processing, review, dashboard] = await Promise.all([
    listAllOrders(getDb(), { status: "Processing", pageSize: 10 }),
    listAllOrders(getDb(), { status: "In Review", pageSize: 10 }),
    loadDashboard(getDb()),
  ]);
  return { waiting: [...review.items, ...processing.items].slice(0, 10), dashboard };
}

export default function AdminOverview({ loaderData }: Route.ComponentProps) {
  return (
    <div className="flex flex-col gap-6">
      <OverviewCharts dashboard={loaderData.dashboard} />
      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <section aria-labelledby="waiting-title" className="rounded-lg border border-slate-200 bg-white p-5">
          <h2 id="waiting-title" className="text-lg font-bold text-slate-900">
            Orders waiting
          </h2>
          {loaderData.waiting.length === 0 ? (
            <p className="mt-2 text-slate-700">{BACK_OFFICE_MESSAGES.nothingWaiting}</p>
          ) : (
            <ul className="mt-2 divide-y divide-slate-100">
              {loaderData.waiting.map((o) => (
                <li key={o.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                  <span className="font-semibold">#{o.id}</span>
                  <span>{o.customerName}</span>
                  <span className="text-slate-600">{formatOrderDate(o.createdAt)}</span>
                  <OrderStatusBadge status={o.status} />
                  <span className="tabular font-semibold">{formatCents(o.money.totalCents)}</span>
                </li>
              ))}
            </ul>
          )}
          <Link to="/admin/orders" className="mt-3 inline-block text-sm font-semibold text-brand-700 underline">
            All orders
          </Link>
        </section>
        <section aria-labelledby="shortcuts-title" className="rounded-lg border border-slate-200 bg-white p-5">
          <h2 id="shortcuts-title" className="text-lg font-bold text-slate-900">
            Shortcuts
          </h2>
          <ul className="mt-2 space-y-2 text-sm font-semibold text-brand-700">
            <li>
              <Link to="/admin/products/new" className="underline">
                Add a product
              </Link>
            </li>
            <li>
              <Link to="/admin/products?stock=out" className="underline">
                Out-of-stock products
              </Link>
            </li>
            <li>
              <Link to="/admin/users" className="underline">
                Registered users
              </Link>
            </li>
          </ul>
        </section>
      </div>
    </div>
  );
}

type DashboardData = Route.ComponentProps["loaderData"]["dashboard"];
type Row = DashboardData["topProducts"][number];

const count = (n: number) => n.toLocaleString("en-US");

/** A report's address for a range: what a chart's "See the report" opens. */
function reportHref(by: string, range: { from: string; to: string }): string {
  return `/admin/reports?${new URLSearchParams({ by, from: range.from, to: range.to }).toString()}`;
}

/** A card of the overview: a heading, its picture or list, and the link to the list behind it. */
function Card({
  id,
  title,
  href,
  linkText,
  wide = false,
  children,
}: {
  id: string;
  title: string;
  href: string;
  linkText: string;
  wide?: boolean;
  children: React.ReactNode;
}) {
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className={`flex min-w-0 flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 ${wide ? "lg:col-span-2" : ""}`}
    >
      <h2 id={`${id}-heading`} className="text-lg font-bold text-slate-900">
        {title}
      </h2>
      {children}
      <Link
        to={href}
        className="mt-auto inline-flex min-h-11 items-center text-sm font-semibold text-brand-700 underline"
      >
        {linkText}
      </Link>
    </section>
  );
}

/** Sales over time beside the period before, its table for screen readers and the change in words. */
function SalesOverTime({
  id,
  title,
  data,
  grain,
}: {
  id: string;
  title: string;
  data: DashboardData["last30"];
  grain: string;
}) {
  const previousTitle = `Previous ${data.current.length} ${grain === "Day" ? "days" : "months"}`;
  return (
    <Card id={id} title={title} href={reportHref("period", data.currentRange)} linkText="Sales by period">
      <p className="text-sm text-slate-700">
        <strong className="tabular text-lg text-slate-900">{formatCents(data.totals.current)}</strong>{" "}
        {REPORT_MESSAGES.changeAgainstPrevious(data.totals.current, data.totals.previous)}
      </p>
      <ColumnChart
        id={`${id}-chart`}
        title={title}
        description={REPORT_MESSAGES.chartSummary(title, data.currentRange.from, data.currentRange.to)}
        xLabel={grain}
        yLabel="Sales (USD)"
        points={data.current.map((r, i) => ({
          id: r.label,
          label: r.label,
          value: r.salesCents,
          orders: r.orders,
          href: reportHref("product", grain === "Day" ? { from: r.label, to: r.label } : monthRange(r.label, i, data)),
        }))}
        previous={data.previous.map((r) => ({ label: r.label, value: r.salesCents }))}
        previousLabel={previousTitle}
      />
      <ChartTable
        hidden
        caption={title}
        columns={[grain, "Sales", "Orders", previousTitle]}
        rows={data.current.map((r, i) => [
          r.label,
          formatCents(r.salesCents),
          count(r.orders),
          formatCents(data.previous[i]?.salesCents ?? 0),
        ])}
      />
    </Card>
  );
}

/** The days of a month bucket inside the chart's range (the first and last may be partial). */
function monthRange(month: string, index: number, data: DashboardData["last30"]): { from: string; to: string } {
  const last = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).toISOString().slice(0, 10);
  const from = index === 0 ? data.currentRange.from : `${month}-01`;
  const [to = last] = [last, data.currentRange.to].sort();
  return { from, to };
}

/** The best of something (products, businesses, states, classes) as bars, each linking to what is behind it. */
function TopBars({
  id,
  title,
  rows,
  categoryLabel,
  href,
  rowHref,
  linkText,
  range,
}: {
  id: string;
  title: string;
  rows: Row[];
  categoryLabel: string;
  href: string;
  rowHref: (row: Row) => string;
  linkText: string;
  range: { from: string; to: string };
}) {
  return (
    <Card id={id} title={title} href={href} linkText={linkText}>
      {rows.length === 0 ? (
        <p className="text-slate-700">{REPORT_MESSAGES.overviewNoTop}</p>
      ) : (
        <>
          <BarChart
            id={`${id}-chart`}
            title={title}
            description={REPORT_MESSAGES.chartSummary(title, range.from, range.to)}
            categoryLabel={categoryLabel}
            valueLabel="Sales (USD)"
            points={rows.map((r, i) => ({
              id: `${i}`,
              label: r.label,
              value: r.salesCents,
              orders: r.orders,
              href: rowHref(r),
            }))}
          />
          <ChartTable
            hidden
            caption={title}
            columns={[categoryLabel, "Sales", "Orders", "Units"]}
            rows={rows.map((r) => [r.label, formatCents(r.salesCents), count(r.orders), count(r.units)])}
          />
        </>
      )}
    </Card>
  );
}

function OverviewCharts({ dashboard: d }: { dashboard: DashboardData }) {
  const range = d.last30.currentRange;
  const statusTotal = d.ordersByStatus.reduce((s, x) => s + x.orders, 0);
  const report = (by: string) => reportHref(by, range);
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <SalesOverTime id="sales-30-days" title="Sales, last 30 days" data={d.last30} grain="Day" />
      <SalesOverTime id="sales-12-months" title="Sales, last 12 months" data={d.last12Months} grain="Month" />
      <Card id="orders-by-status" title="Orders by status, last 30 days" href="/admin/orders" linkText="All orders">
        <ul className="flex flex-col gap-2">
          {ORDER_STATUSES.map((status) => {
            const n = d.ordersByStatus.find((x) => x.status === status)?.orders ?? 0;
            return (
              <li key={status}>
                <Link
                  to={`/admin/orders?status=${encodeURIComponent(status)}`}
                  className="grid min-h-11 grid-cols-[7rem_1fr_3rem] items-center gap-2 rounded-md px-1 text-sm hover:bg-slate-50"
                >
                  <span className="font-semibold text-slate-900">{status}</span>
                  <span aria-hidden="true" className="h-3 rounded-sm bg-slate-100">
                    <span
                      className="block h-3 rounded-sm bg-brand-600"
                      style={{ width: `${statusTotal ? (n / statusTotal) * 100 : 0}%` }}
                    />
                  </span>
                  <span className="tabular text-right font-semibold text-slate-900">{count(n)}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      </Card>
      <Card id="order-value" title="Average order, last 30 days" href={report("period")} linkText="Sales by period">
        <dl className="grid grid-cols-2 gap-3">
          <div>
            <dt className="text-xs font-medium text-slate-600">Average order</dt>
            <dd className="tabular text-xl font-bold text-slate-900">{formatCents(d.averageOrder.currentCents)}</dd>
            <dd className="text-xs text-slate-700">
              {REPORT_MESSAGES.changeAgainstPrevious(d.averageOrder.currentCents, d.averageOrder.previousCents)}
            </dd>
          </div>
          <div>
            <dt className="text-xs font-medium text-slate-600">
              <Link to="/admin/approvals" className="text-brand-700 underline">
                New businesses
              </Link>
            </dt>
            <dd className="tabular text-xl font-bold text-slate-900">{count(d.newBusinesses.current)}</dd>
            <dd className="text-xs text-slate-700">
              {REPORT_MESSAGES.countAgainstPrevious(d.newBusinesses.current, d.newBusinesses.previous)}
            </dd>
          </div>
        </dl>
      </Card>
      <TopBars
        id="top-products"
        title="Top 10 products, last 30 days"
        rows={d.topProducts}
        categoryLabel="Product"
        href={report("product")}
        rowHref={(r) => (r.key ? `/admin/products/${r.key}` : report("product"))}
        linkText="Sales by product"
        range={range}
      />
      <TopBars
        id="top-businesses"
        title="Top 10 businesses, last 30 days"
        rows={d.topBusinesses}
        categoryLabel="Business"
        href={report("business")}
        rowHref={(r) => (r.email ? `/admin/users?q=${encodeURIComponent(r.email)}` : report("business"))}
        linkText="Sales by business"
        range={range}
      />
      <TopBars
        id="by-state"
        title="Sales by destination state, last 30 days"
        rows={d.byState}
        categoryLabel="State"
        href={report("state")}
        rowHref={() => report("state")}
        linkText="Sales by destination state"
        range={range}
      />
      <TopBars
        id="by-class"
        title="Sales by product class, last 30 days"
        rows={d.byClass}
        categoryLabel="Product class"
        href={report("class")}
        rowHref={() => report("class")}
        linkText="Sales by product class"
        range={range}
      />
      <Card
        id="licenses-expiring"
        title="Licenses expiring in 30 days"
        href="/admin/users?licenses=attention"
        linkText="Customers whose licenses need attention"
      >
        {d.expiringLicenses.length === 0 ? (
          <p className="text-slate-700">{REPORT_MESSAGES.overviewNoLicensesExpiring}</p>
        ) : (
          <ul className="divide-y divide-slate-100 text-sm">
            {d.expiringLicenses.map((l) => (
              <li key={l.id} className="flex flex-wrap justify-between gap-2 py-2">
                <span className="font-semibold text-slate-900">{l.business}</span>
                <span className="text-slate-700">
                  {licenseTypeLabel(l.type)} {l.number}
                </span>
                <span className="tabular text-slate-900">{l.expiresOn}</span>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card id="money-owed" title="Money owed" href="/admin/receivables" linkText="Receivables by business">
        <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-3">
          {AGING_BUCKETS.map((b) => (
            <div key={b} className="rounded-md bg-slate-50 p-2">
              <dt className="text-slate-600">
                <Link to={`/admin/receivables?sort=${encodeURIComponent(b)}`} className="underline">
                  {AGING_LABELS[b]}
                </Link>
              </dt>
              <dd className="tabular font-semibold text-slate-900">{formatCents(d.owed.buckets[b])}</dd>
            </div>
          ))}
          <div className="rounded-md bg-slate-50 p-2">
            <dt className="text-slate-600">Balance, less credit</dt>
            <dd className="tabular font-bold text-slate-900">{formatCents(d.owed.balanceCents)}</dd>
          </div>
        </dl>
      </Card>
      <Card
        id="near-expiry"
        title={`Lots expiring in 30 days (${count(d.nearExpiry.total)})`}
        href="/admin/lots"
        linkText="Lots and recalls"
      >
        {d.nearExpiry.items.length === 0 ? (
          <p className="text-slate-700">{INVENTORY_MESSAGES.noLotsExpiring}</p>
        ) : (
          <ul className="divide-y divide-slate-100 text-sm">
            {d.nearExpiry.items.map((l) => (
              <li key={l.id} className="flex flex-wrap justify-between gap-2 py-2">
                <Link to={`/admin/lots/${l.id}`} className="text-brand-700 underline">
                  {l.code}
                </Link>
                <span className="text-slate-700">{l.name}</span>
                <span className="tabular text-slate-900">
                  {l.expiresOn} · {count(l.onHand)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card
        id="reorder"
        title={`To reorder (${count(d.reorder.total)})`}
        href="/admin/suppliers"
        linkText="Suppliers and purchase orders"
      >
        {d.reorder.items.length === 0 ? (
          <p className="text-slate-700">{INVENTORY_MESSAGES.nothingToReorder}</p>
        ) : (
          <ul className="divide-y divide-slate-100 text-sm">
            {d.reorder.items.map((p) => (
              <li key={p.id} className="flex flex-wrap justify-between gap-2 py-2">
                <Link
                  to={p.supplierId ? `/admin/suppliers/${p.supplierId}` : `/admin/products/${p.id}`}
                  className="text-brand-700 underline"
                >
                  {p.name}
                </Link>
                <span className="tabular font-semibold text-slate-900">
                  {count(p.stock)} / {count(p.reorderPoint)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card
        id="low-stock"
        title={`Low stock (${count(d.lowStock.total)})`}
        href="/admin/stock"
        linkText="Low-stock report"
      >
        {d.lowStock.items.length === 0 ? (
          <p className="text-slate-700">{REPORT_MESSAGES.overviewNoLowStock}</p>
        ) : (
          <ul className="divide-y divide-slate-100 text-sm">
            {d.lowStock.items.map((p) => (
              <li key={p.id} className="flex justify-between gap-2 py-2">
                <Link to={`/admin/products/${p.id}`} className="text-brand-700 underline">
                  {p.name}
                </Link>
                <span className="tabular font-semibold text-slate-900">{count(p.stock)}</span>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}

import { NavLink, Outlet, useMatch } from "react-router";
import { getDb } from "~/.server/db/instance";
import { getOverviewFigures } from "~/.server/reports/overview";
import { formatCents } from "~/lib/money";
import type { Route } from "./+types/layout";

export function meta() {
  return [{ title: "Admin Dashboard" }, { name: "robots", content: "noindex" }];
}

export async function loader() {
  return { figures: await getOverviewFigures(getDb()) };
}

const TABS = [
  { to: "/admin", label: "Overview", end: true },
  { to: "/admin/products", label: "Products", end: false },
  { to: "/admin/orders", label: "Orders", end: false },
  { to: "/admin/stock", label: "Low stock", end: false },
  // Stock coming in (issue 39): suppliers link their purchase orders and the lots.
  { to: "/admin/suppliers", label: "Purchasing", end: false },
  { to: "/admin/users", label: "Users", end: false },
  { to: "/admin/reps", label: "Sales reps", end: false },
  { to: "/act", label: "Phone order", end: false },
  { to: "/admin/price-groups", label: "Price groups", end: false },
  { to: "/admin/approvals", label: "Approvals", end: false },
  { to: "/admin/audit", label: "Audit log", end: false },
  { to: "/admin/compliance", label: "Compliance", end: false },
  { to: "/admin/taxes", label: "Taxes", end: false },
  // Sales, excise and PACT reports: one tab, the reports page links each (a phone shows every tab).
  { to: "/admin/reports", label: "Reports", end: false },
  // Paid on account (issue 30): aging and each business's ledger; payments are listed from there.
  { to: "/admin/receivables", label: "Receivables", end: false },
  // Local delivery (issue 40): the day's routes; vehicles and each route are under it.
  { to: "/admin/dispatch", label: "Delivery", end: false },
  // The public REST API's keys and the signed webhooks (issue 42).
  { to: "/admin/api-keys", label: "API", end: false },
] as const;

/** A count as the admin reads it: "20,006". */
function count(n: number): string {
  return n.toLocaleString("en-US");
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  // On a phone the figures would fill the first screen of every section: only Overview shows them.
  const onOverview = useMatch({ path: "/admin", end: true }) !== null;
  // A product line's editor is part of the products section.
  const onLines = useMatch({ path: "/admin/lines", end: false }) !== null;
  // Purchase orders and lots are part of the purchasing section.
  const onPurchaseOrders = useMatch({ path: "/admin/purchase-orders", end: false }) !== null;
  const onLots = useMatch({ path: "/admin/lots", end: false }) !== null;
  const onPurchasing = onPurchaseOrders || onLots;
  // Zones and settlements are part of the delivery section.
  const onZones = useMatch({ path: "/admin/delivery-zones", end: false }) !== null;
  const onSettlements = useMatch({ path: "/admin/settlements", end: false }) !== null;
  const onDelivery = onZones || onSettlements;
  // Sales tax and its report are part of the taxes section.
  const onSalesTax = useMatch({ path: "/admin/sales-tax", end: false }) !== null;
  // Resale certificates are part of the taxes section too.
  const onCertificates = useMatch({ path: "/admin/certificates", end: false }) !== null;
  const onTaxes = onSalesTax || onCertificates;
  // Webhooks are part of the API section.
  const onWebhooks = useMatch({ path: "/admin/webhooks", end: false }) !== null;
  const f = loaderData.figures;
  const figures = [
    { label: "Orders today", value: count(f.ordersToday) },
    { label: "Orders, last 7 days", value: count(f.ordersLast7Days) },
    { label: "Revenue, last 7 days", value: formatCents(f.revenueLast7DaysCents) },
    { label: "Orders waiting", value: count(f.ordersWaiting) },
    { label: "Out of stock", value: count(f.productsOutOfStock) },
    { label: "Low stock", value: count(f.productsLowStock) },
    { label: "Waiting for review", value: count(f.reviewsWaiting) },
  ];
  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <h1 className="text-3xl font-bold text-slate-900">Admin Dashboard</h1>
      <dl
        className={`mt-4 gap-3 sm:grid sm:grid-cols-3 lg:grid-cols-7 ${onOverview ? "grid grid-cols-2" : "hidden"}`}
        aria-label="Store figures"
      >
        {figures.map((x) => (
          <div key={x.label} className="rounded-lg border border-slate-200 bg-white p-3">
            <dt className="text-xs font-medium text-slate-600">{x.label}</dt>
            <dd className="tabular mt-1 text-xl font-bold text-slate-900">{x.value}</dd>
          </div>
        ))}
      </dl>
      <nav aria-label="Admin sections" className="mt-6 border-b border-slate-200">
        <ul className="flex flex-wrap gap-x-1">
          {TABS.map((t) => (
            <li key={t.to}>
              <NavLink
                to={t.to}
                end={t.end}
                className={({ isActive }) =>
                  `flex min-h-11 items-center border-b-2 px-2 text-sm font-semibold sm:px-4 ${
                    isActive ||
                    (onLines && t.to === "/admin/products") ||
                    (onPurchasing && t.to === "/admin/suppliers") ||
                    (onDelivery && t.to === "/admin/dispatch") ||
                    (onTaxes && t.to === "/admin/taxes") ||
                    (onWebhooks && t.to === "/admin/api-keys")
                      ? "border-brand-700 text-brand-800"
                      : "border-transparent text-slate-600 hover:text-slate-900"
                  }`
                }
              >
                {t.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-6">
        <Outlet />
      </div>
    </div>
  );
}

import { Link } from "react-router";
import { listAllOrders } from "~/.server/admin/orders";
import { getDb } from "~/.server/db/instance";
import { OrderStatusBadge } from "~/components/order-view";
import * as BACK_OFFICE_MESSAGES from "~/lib/messages/back-office";
import { formatCents } from "~/lib/money";
import { formatOrderDate } from "~/lib/orders";
import type { Route } from "./+types/overview";

export async function loader() {
  const [processing, review] = await Promise.all([
    listAllOrders(getDb(), { status: "Processing", pageSize: 10 }),
    listAllOrders(getDb(), { status: "In Review", pageSize: 10 }),
  ]);
  return { waiting: [...review.items, ...processing.items].slice(0, 10) };
}

export default function AdminOverview({ loaderData }: Route.ComponentProps) {
  return (
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
                <span className="tabular font-semibold">{formatCents(o.totalCents)}</span>
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
  );
}

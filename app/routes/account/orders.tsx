import { NavLink, Outlet, useParams } from "react-router";
import { getDb } from "~/.server/db/instance";
import { listOrdersForUser } from "~/.server/orders/queries";
import { signedInViewer } from "~/.server/request-context";
import { AccountShell } from "~/components/account-shell";
import { OrderStatusBadge } from "~/components/order-view";
import * as MESSAGES from "~/lib/messages";
import { formatCents } from "~/lib/money";
import { formatOrderDate } from "~/lib/orders";
import type { Route } from "./+types/orders";

export function meta() {
  return [{ title: "My Orders" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  return { orders: await listOrdersForUser(getDb(), signedInViewer(context).id, 100) };
}

export default function Orders({ loaderData }: Route.ComponentProps) {
  const { orders } = loaderData;
  const params = useParams();
  return (
    <AccountShell title="My Orders">
      {orders.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-slate-700">
          {MESSAGES.noOrdersFound}
        </p>
      ) : (
        <div className="grid gap-4 xl:grid-cols-[300px_1fr]">
          <ul className="flex flex-col gap-2" aria-label="Orders">
            {orders.map((o) => (
              <li key={o.id}>
                <NavLink
                  to={`/orders/${o.id}`}
                  preventScrollReset
                  className={({ isActive }) =>
                    `flex flex-col gap-1 rounded-lg border p-3 ${isActive ? "border-brand-500 bg-brand-50" : "border-slate-200 bg-white hover:border-brand-300"}`
                  }
                >
                  <span className="flex items-center justify-between gap-2">
                    <span className="font-semibold">Order #{o.id}</span>
                    <OrderStatusBadge status={o.status} />
                  </span>
                  <span className="flex justify-between text-sm text-slate-600">
                    <span>{formatOrderDate(o.createdAt)}</span>
                    <span className="tabular font-semibold text-slate-900">{formatCents(o.totalCents)}</span>
                  </span>
                </NavLink>
              </li>
            ))}
          </ul>
          <div className="rounded-lg border border-slate-200 bg-white p-5">
            {params.orderId ? <Outlet /> : <p className="text-slate-700">Choose an order to see its details.</p>}
          </div>
        </div>
      )}
    </AccountShell>
  );
}

import { NavLink, Outlet, useParams } from "react-router";
import { getDb } from "~/.server/db/instance";
import { listChoices } from "~/.server/lists/saved-lists";
import { findOrderForUser, listOrdersForUser } from "~/.server/orders/queries";
import { signedInViewer } from "~/.server/request/context";
import { AccountShell } from "~/components/account-shell";
import { OrderDetailPanel } from "~/components/order-detail-panel";
import { OrderStatusBadge } from "~/components/order-view";
import * as MESSAGES from "~/lib/messages";
import * as ACCOUNT_MESSAGES from "~/lib/messages/account";
import { formatCents } from "~/lib/money";
import { formatOrderDate } from "~/lib/orders";
import type { Route } from "./+types/orders";

export function meta() {
  return [{ title: "My Orders" }, { name: "robots", content: "noindex" }];
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const viewerId = signedInViewer(context).id;
  const orders = await listOrdersForUser(getDb(), viewerId, 100);
  // With no order chosen, wide screens show the newest one beside the list (phones keep the list).
  const newestId = params.orderId ? undefined : orders[0]?.id;
  const newest = newestId === undefined ? null : await findOrderForUser(getDb(), viewerId, newestId);
  // The customer's lists, for Save as list in the order panel (here and in the chosen order).
  return { orders, newest, lists: await listChoices(getDb(), viewerId) };
}

export default function Orders({ loaderData }: Route.ComponentProps) {
  const { orders, newest, lists } = loaderData;
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
                    `flex flex-col gap-1 rounded-lg border p-3 ${
                      isActive
                        ? "border-brand-500 bg-brand-50"
                        : o.id === newest?.id
                          ? "border-slate-200 bg-white hover:border-brand-300 xl:border-brand-500 xl:bg-brand-50"
                          : "border-slate-200 bg-white hover:border-brand-300"
                    }`
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
            {params.orderId ? (
              <Outlet />
            ) : (
              <>
                <p className={`text-slate-700 ${newest ? "xl:hidden" : ""}`}>
                  {ACCOUNT_MESSAGES.chooseOrderForDetails}
                </p>
                {newest ? (
                  <div className="hidden xl:block" data-testid="newest-order">
                    <OrderDetailPanel order={newest} lists={lists} />
                  </div>
                ) : null}
              </>
            )}
          </div>
        </div>
      )}
    </AccountShell>
  );
}

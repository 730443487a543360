import { Link } from "react-router";
import { listAddresses } from "~/.server/accounts/addresses";
import { getDb } from "~/.server/db/instance";
import { listOrdersForUser } from "~/.server/orders/queries";
import { signedInViewer } from "~/.server/request/context";
import { AccountShell } from "~/components/account-shell";
import { OrderStatusBadge } from "~/components/order-view";
import { ButtonLink } from "~/components/ui/button";
import * as ACCOUNT_MESSAGES from "~/lib/messages/account";
import { formatCents } from "~/lib/money";
import { formatOrderDate } from "~/lib/orders";
import type { Route } from "./+types/dashboard";

export function meta() {
  return [{ title: "Dashboard" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const viewer = signedInViewer(context);
  const db = getDb();
  const [addresses, recentOrders] = await Promise.all([
    listAddresses(db, viewer.accountId),
    listOrdersForUser(db, viewer.accountId, 5),
  ]);
  return { name: viewer.name, defaultAddress: addresses.find((a) => a.isDefault) ?? null, recentOrders };
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { defaultAddress, recentOrders } = loaderData;
  return (
    <AccountShell title="Dashboard">
      <p className="text-lg text-slate-800">Welcome back, {loaderData.name}.</p>
      <section aria-labelledby="dash-orders" className="mt-4 rounded-lg border border-slate-200 bg-white p-5">
        <h2 id="dash-orders" className="text-lg font-bold text-slate-900">
          Recent orders
        </h2>
        {recentOrders.length === 0 ? (
          <p className="mt-2 text-slate-700">{ACCOUNT_MESSAGES.noOrdersYet}</p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-100">
            {recentOrders.map((o) => (
              <li key={o.id}>
                <Link
                  to={`/orders/${o.id}`}
                  className="flex flex-wrap items-center justify-between gap-2 py-2 hover:bg-slate-50"
                >
                  <span className="font-semibold">Order #{o.id}</span>
                  <span className="text-sm text-slate-600">{formatOrderDate(o.createdAt)}</span>
                  <OrderStatusBadge status={o.status} />
                  <span className="tabular font-semibold">{formatCents(o.money.totalCents)}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
      <div className="mt-4 grid gap-4 lg:grid-cols-2">
        <section aria-labelledby="dash-address" className="rounded-lg border border-slate-200 bg-white p-5">
          <h2 id="dash-address" className="text-lg font-bold text-slate-900">
            Default shipping address
          </h2>
          {defaultAddress ? (
            <address className="mt-2 text-slate-700 not-italic">
              <strong>{defaultAddress.businessName}</strong>
              <br />
              {defaultAddress.street}
              <br />
              {defaultAddress.city}, {defaultAddress.state} {defaultAddress.zip}
            </address>
          ) : (
            <p className="mt-2 text-slate-700">{ACCOUNT_MESSAGES.noAddressSavedYet}</p>
          )}
          <Link to="/shipping-address" className="mt-3 inline-block text-sm font-semibold text-brand-700 underline">
            Manage addresses
          </Link>
        </section>
        <section aria-labelledby="dash-links" className="rounded-lg border border-slate-200 bg-white p-5">
          <h2 id="dash-links" className="text-lg font-bold text-slate-900">
            Quick links
          </h2>
          <div className="mt-3 flex flex-wrap gap-2">
            <ButtonLink to="/orders">My Orders</ButtonLink>
            <ButtonLink to="/products/all" variant="secondary">
              Browse products
            </ButtonLink>
            <ButtonLink to="/cart" variant="secondary">
              Cart
            </ButtonLink>
          </div>
        </section>
      </div>
    </AccountShell>
  );
}

import { Form, NavLink, Outlet, useParams } from "react-router";
import { listMembers } from "~/.server/business/team";
import { getDb } from "~/.server/db/instance";
import { listChoices } from "~/.server/lists/saved-lists";
import { ordersPlacedByOthers } from "~/.server/orders/placers";
import { findOrderForUser, listOrdersForUser } from "~/.server/orders/queries";
import { signedInViewer } from "~/.server/request/context";
import { AccountShell } from "~/components/account-shell";
import { OrderDetailPanel } from "~/components/order-detail-panel";
import { OrderStatusBadge } from "~/components/order-view";
import { Button } from "~/components/ui/button";
import { SelectField } from "~/components/ui/field";
import * as MESSAGES from "~/lib/messages";
import * as ACCOUNT_MESSAGES from "~/lib/messages/account";
import * as TEAM_MESSAGES from "~/lib/messages/team";
import { formatCents } from "~/lib/money";
import { formatOrderDate } from "~/lib/orders";
import type { Route } from "./+types/orders";

export function meta() {
  return [{ title: "My Orders" }, { name: "robots", content: "noindex" }];
}

export async function loader({ params, context, url }: Route.LoaderArgs) {
  const viewer = signedInViewer(context);
  const db = getDb();
  // The business's orders (decision 0032), of one member when the filter names one of its members.
  const members = await listMembers(db, viewer.accountId);
  const asked = url.searchParams.get("member");
  const member = members.find((m) => m.userId === asked)?.userId ?? null;
  const listed = await listOrdersForUser(db, viewer.accountId, 100, member);
  // "Placed by" on the orders someone else placed (a member, or a rep acting for the business).
  const byOthers = await ordersPlacedByOthers(
    db,
    viewer.accountId,
    viewer.id,
    listed.map((o) => o.id),
  );
  const orders = listed.map((o) => ({ ...o, placedBy: byOthers.has(o.id) ? o.placedBy : null }));
  // With no order chosen, wide screens show the newest one beside the list (phones keep the list).
  const newestId = params.orderId ? undefined : orders[0]?.id;
  const newest = newestId === undefined ? null : await findOrderForUser(db, viewer.accountId, newestId);
  // The customer's lists, for Save as list in the order panel (here and in the chosen order).
  return {
    orders,
    newest,
    lists: await listChoices(db, viewer.id),
    members: members.length > 1 ? members.map((m) => ({ id: m.userId, name: m.name })) : [],
    member,
  };
}

function MemberFilter({ members, member }: { members: { id: string; name: string }[]; member: string | null }) {
  if (members.length === 0) return null;
  return (
    <Form method="get" className="mb-4 flex flex-wrap items-end gap-2">
      <SelectField
        label="Placed by"
        name="member"
        defaultValue={member ?? ""}
        placeholder="Everyone"
        options={members.map((m) => ({ value: m.id, label: m.name }))}
      />
      <Button type="submit" variant="secondary">
        Show
      </Button>
    </Form>
  );
}

export default function Orders({ loaderData }: Route.ComponentProps) {
  const { orders, newest, lists, members, member } = loaderData;
  const params = useParams();
  return (
    <AccountShell title="My Orders">
      <MemberFilter members={members} member={member} />
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
                    <span className="tabular font-semibold text-slate-900">{formatCents(o.money.totalCents)}</span>
                  </span>
                  {o.placedBy ? (
                    <span className="text-sm text-slate-600">{TEAM_MESSAGES.placedBy(o.placedBy)}</span>
                  ) : null}
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

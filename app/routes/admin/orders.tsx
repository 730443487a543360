import { Link, useFetcher, useSearchParams } from "react-router";
import { type AdminOrder, listAllOrders } from "~/.server/admin/orders";
import { getDb } from "~/.server/db/instance";
import { changeOrderStatus } from "~/.server/flows/order-life";
import { formAction } from "~/.server/http/form-action";
import { replyOk } from "~/.server/http/forms";
import { actorOf, formOf } from "~/.server/request/context";
import { Pagination } from "~/components/admin/pagination";
import { OrderStatusBadge } from "~/components/order-view";
import { SelectField } from "~/components/ui/field";
import { useReplyToast } from "~/components/use-reply-toast";
import { type FormReply, revalidateAfterConflict } from "~/lib/form-reply";
import * as MESSAGES from "~/lib/messages";
import * as BACK_OFFICE_MESSAGES from "~/lib/messages/back-office";
import * as RECEIVABLES from "~/lib/messages/receivables";
import * as TEAM_MESSAGES from "~/lib/messages/team";
import { formatCents } from "~/lib/money";
import { formatOrderDate, isOrderStatus, ORDER_STATUSES } from "~/lib/orders";
import { orderStatusSchema } from "~/lib/schemas/back-office";
import { pageParam } from "~/lib/schemas/params";
import type { Route } from "./+types/orders";

/** A change refused because the page was out of date reloads the page's data (issue 26). */
export const shouldRevalidate = revalidateAfterConflict;

export async function loader({ url }: Route.LoaderArgs) {
  const statusParam = url.searchParams.get("status");
  const status = isOrderStatus(statusParam) ? statusParam : null;
  const page = pageParam(url.searchParams.get("page"));
  return { ...(await listAllOrders(getDb(), { status, page })), status };
}

export async function action({ context }: Route.ActionArgs) {
  // The status the page showed (seen): a change chosen on a page that is out of date is refused.
  return formAction(
    formOf(context),
    orderStatusSchema,
    async ({ orderId, status, seen }) => {
      await changeOrderStatus(getDb(), orderId, { seen, next: status }, actorOf(context));
      return replyOk(BACK_OFFICE_MESSAGES.orderStatusChanged(orderId, status));
    },
    { fields: [] },
  );
}

function StatusSelect({ order }: { order: AdminOrder }) {
  const fetcher = useFetcher<FormReply>();
  // Told as soon as the answer arrives: in a filtered list the order (and this effect) leaves on reload.
  useReplyToast(fetcher.data, {
    success: BACK_OFFICE_MESSAGES.statusChanged,
    error: BACK_OFFICE_MESSAGES.statusNotChanged,
  });
  const shown = fetcher.state !== "idle" ? String(fetcher.formData?.get("status")) : order.status;
  return (
    <label className="flex flex-col gap-1 text-xs font-medium text-slate-700">
      Status
      <select
        value={shown}
        disabled={fetcher.state !== "idle"}
        aria-label={`Status of order #${order.id}`}
        onChange={(e) =>
          fetcher.submit({ orderId: String(order.id), seen: order.status, status: e.target.value }, { method: "post" })
        }
        className="min-h-11 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900"
      >
        {ORDER_STATUSES.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Orders and their lines as CSV, for the days and status chosen (a plain download). */
function OrdersExport() {
  return (
    <details className="rounded-lg border border-slate-200 bg-white">
      <summary className="flex min-h-11 cursor-pointer items-center px-4 text-sm font-semibold text-slate-800">
        Export orders (CSV)
      </summary>
      <form
        method="get"
        action="/admin/orders/export.csv"
        className="grid gap-3 border-t border-slate-200 p-4 sm:grid-cols-4 sm:items-end"
      >
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
          From
          <input type="date" name="from" className="min-h-11 rounded-md border border-slate-300 px-2" />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
          To
          <input type="date" name="to" className="min-h-11 rounded-md border border-slate-300 px-2" />
        </label>
        <SelectField
          label="Status"
          name="status"
          aria-label="Status of the orders to export"
          placeholder="All"
          options={ORDER_STATUSES}
        />
        <button
          type="submit"
          className="inline-flex min-h-11 items-center justify-center rounded-md bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800"
        >
          Download CSV
        </button>
      </form>
    </details>
  );
}

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  const { items, total, page, pageSize, status } = loaderData;
  const [params] = useSearchParams();
  const filters = [{ label: "All", value: null }, ...ORDER_STATUSES.map((s) => ({ label: s, value: s }))];
  return (
    <section aria-labelledby="orders-title" className="flex flex-col gap-4">
      <h2 id="orders-title" className="text-xl font-bold text-slate-900">
        Orders <span className="text-base font-normal text-slate-600">({total.toLocaleString("en-US")})</span>
      </h2>
      <OrdersExport />
      <nav aria-label="Filter orders by status">
        <ul className="flex flex-wrap gap-2">
          {filters.map((f) => (
            <li key={f.label}>
              <Link
                to={f.value ? `?status=${encodeURIComponent(f.value)}` : "?"}
                aria-current={status === f.value ? "page" : undefined}
                className={`inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-semibold ${
                  status === f.value
                    ? "border-brand-700 bg-brand-700 text-white"
                    : "border-slate-300 bg-white text-slate-800 hover:bg-slate-50"
                }`}
              >
                {f.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {items.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-center text-slate-700">
          {MESSAGES.noOrdersFound}
        </p>
      ) : (
        <ul className="flex flex-col gap-3" aria-label="Orders">
          {items.map((o) => (
            <li key={o.id} className="rounded-lg border border-slate-200 bg-white p-4">
              <article aria-label={`Order #${o.id}`} className="grid gap-4 md:grid-cols-[1fr_1fr_auto]">
                <div className="flex flex-col gap-1 text-sm">
                  <p className="flex items-center gap-2 text-base font-bold text-slate-900">
                    Order #{o.id} <OrderStatusBadge status={o.status} />
                  </p>
                  <p>
                    {o.customerName}
                    {o.customerEmail ? <span className="text-slate-600"> · {o.customerEmail}</span> : null}
                  </p>
                  <p className="text-slate-600">{formatOrderDate(o.createdAt)}</p>
                  {o.placedBy && o.placedBy !== o.customerName ? <p>{TEAM_MESSAGES.placedBy(o.placedBy)}</p> : null}
                  {o.holdReason ? (
                    <p className="font-semibold">
                      {RECEIVABLES.holdReasonText(o.holdReason) ?? TEAM_MESSAGES.waitingForOwnerApproval}
                    </p>
                  ) : null}
                  {o.poNumber ? <p>PO {o.poNumber}</p> : null}
                  <address className="mt-1 text-slate-700 not-italic">
                    {o.shipping.businessName}, {o.shipping.street}, {o.shipping.city}, {o.shipping.state}{" "}
                    {o.shipping.zip}
                  </address>
                </div>
                <div className="text-sm">
                  <ul className="space-y-0.5">
                    {o.items.map((i, n) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: order lines never change
                      <li key={n}>
                        {i.quantity} × {i.name}{" "}
                        <span className="tabular text-slate-600">@ {formatCents(i.unitPriceCents)}</span>
                      </li>
                    ))}
                  </ul>
                  <p className="tabular mt-1 font-bold">Total {formatCents(o.money.totalCents)}</p>
                </div>
                <div className="flex flex-col gap-2">
                  <StatusSelect order={o} />
                  <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
                    <Link
                      to={`/admin/orders/${o.id}`}
                      className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline"
                    >
                      Edit<span className="sr-only"> order #{o.id}</span>
                    </Link>
                    <a
                      href={`/orders/${o.id}/invoice.pdf`}
                      className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline"
                    >
                      Invoice<span className="sr-only"> of order #{o.id}</span>
                    </a>
                    <a
                      href={`/admin/orders/${o.id}/packing-slip.pdf`}
                      className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline"
                    >
                      Packing slip<span className="sr-only"> of order #{o.id}</span>
                    </a>
                  </div>
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} pageSize={pageSize} total={total} params={params} label="Order pages" />
    </section>
  );
}

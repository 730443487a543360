import * as RECEIVABLES from "~/lib/messages/receivables";
import * as TEAM_MESSAGES from "~/lib/messages/team";
import { formatCents } from "~/lib/money";
import { formatOrderDate, type OrderDetail } from "~/lib/orders";
import { Badge, type BadgeTone } from "./ui/badge";

const STATUS_TONES: Record<string, BadgeTone> = {
  Processing: "info",
  "In Review": "warn",
  Completed: "ok",
  Cancelled: "danger",
};

/** The status exactly as stored, as a badge. */
export function OrderStatusBadge({ status }: { status: string }) {
  return <Badge tone={STATUS_TONES[status] ?? "neutral"}>{status}</Badge>;
}

/**
 * The customer's purchase order number and notes, when they gave them at checkout (issue 16):
 * on the confirmation, My Orders and the admin's order page.
 */
export function OrderReference({ order }: { order: Pick<OrderDetail, "poNumber" | "notes"> }) {
  if (!order.poNumber && !order.notes) return null;
  return (
    <dl className="grid gap-3 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-6">
      {order.poNumber ? (
        <div>
          <dt className="text-slate-600">PO number</dt>
          <dd className="font-semibold break-all">{order.poNumber}</dd>
        </div>
      ) : null}
      {order.notes ? (
        <div>
          <dt className="text-slate-600">Order notes</dt>
          <dd className="whitespace-pre-line break-words text-slate-800">{order.notes}</dd>
        </div>
      ) : null}
    </dl>
  );
}

/** Items, total, shipping address, date and status of one order. */
export function OrderView({ order }: { order: OrderDetail }) {
  return (
    <div className="flex flex-col gap-4">
      <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-slate-600">Order number</dt>
          <dd className="font-semibold">#{order.id}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Placed</dt>
          <dd className="font-semibold">{formatOrderDate(order.createdAt)}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Status</dt>
          <dd className="flex flex-col items-start gap-1">
            <OrderStatusBadge status={order.status} />
            {order.holdReason ? (
              <span className="text-slate-700">
                {RECEIVABLES.holdReasonText(order.holdReason) ?? TEAM_MESSAGES.waitingForOwnerApproval}
              </span>
            ) : null}
          </dd>
        </div>
        {order.placedBy ? (
          <div>
            <dt className="text-slate-600">Placed by</dt>
            <dd className="font-semibold break-words">{order.placedBy}</dd>
          </div>
        ) : null}
      </dl>
      <OrderReference order={order} />
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Items of order #{order.id}</caption>
        <thead className="border-b border-slate-200 text-slate-600">
          <tr>
            <th scope="col" className="py-2 font-medium">
              Item
            </th>
            <th scope="col" className="py-2 pl-3 text-right font-medium">
              Qty
            </th>
            <th scope="col" className="py-2 pl-3 text-right font-medium">
              Price
            </th>
            <th scope="col" className="py-2 pl-3 text-right font-medium">
              Total
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {order.items.map((item, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: order lines are fixed once placed
            <tr key={i}>
              <td className="py-2 pr-2">{item.name}</td>
              <td className="tabular py-2 pl-3 text-right whitespace-nowrap">{item.quantity}</td>
              <td className="tabular py-2 pl-3 text-right whitespace-nowrap">{formatCents(item.unitPriceCents)}</td>
              <td className="tabular py-2 pl-3 text-right whitespace-nowrap">
                {formatCents(item.unitPriceCents * item.quantity)}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="border-t border-slate-300">
            <th scope="row" colSpan={3} className="py-2 text-right font-semibold">
              Order total
            </th>
            <td className="tabular py-2 pl-3 text-right text-base font-bold whitespace-nowrap">
              {formatCents(order.totalCents)}
            </td>
          </tr>
        </tfoot>
      </table>
      <div className="text-sm">
        <h3 className="font-semibold text-slate-900">Shipping address</h3>
        <address className="mt-1 text-slate-700 not-italic">
          {order.shipping.businessName}
          <br />
          {order.shipping.street}
          <br />
          {order.shipping.city}, {order.shipping.state} {order.shipping.zip}
          {order.shipping.phone ? (
            <>
              <br />
              {order.shipping.phone}
            </>
          ) : null}
        </address>
      </div>
    </div>
  );
}

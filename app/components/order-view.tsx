import { deliveryDayLabel } from "~/lib/delivery";
import * as DELIVERY_MESSAGES from "~/lib/messages/delivery";
import * as RECEIVABLES from "~/lib/messages/receivables";
import * as TEAM_MESSAGES from "~/lib/messages/team";
import { formatCents } from "~/lib/money";
import { type MoneyRow, moneyRows, type OrderMoney } from "~/lib/order-money";
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
 * on the confirmation, My Orders and the admin's order page; with the local delivery's route day (issue 40).
 */
export function OrderReference({ order }: { order: Pick<OrderDetail, "poNumber" | "notes" | "deliveryDate"> }) {
  if (!order.poNumber && !order.notes && !order.deliveryDate) return null;
  return (
    <dl className="grid gap-3 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-6">
      {order.deliveryDate ? (
        <div>
          <dt className="text-slate-600">{DELIVERY_MESSAGES.deliveryDayHeading}</dt>
          <dd className="font-semibold">{deliveryDayLabel(order.deliveryDate)}</dd>
        </div>
      ) : null}
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
        <OrderMoneyFoot money={order.money} excise={order.excise} columns={4} />
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

/**
 * An order's money under its lines (issue 36): the subtotal of the goods, each excise tax (the
 * buyer's with its note, not added), the delivery fee and sales tax, then the one total. A table
 * foot spanning `columns` columns.
 */
export function OrderMoneyFoot({
  money,
  excise,
  columns,
}: {
  money: OrderMoney;
  excise: Parameters<typeof moneyRows>[1];
  columns: number;
}) {
  const rows: MoneyRow[] = moneyRows(money, excise);
  return (
    <tfoot>
      {rows.map((r, i) => (
        <tr key={r.key} className={i === 0 ? "border-t border-slate-300" : undefined}>
          <th scope="row" colSpan={columns - 1} className="py-1 text-right font-normal text-slate-700">
            {r.label}
            {r.note ? <span className="block text-xs text-slate-600">{r.note}</span> : null}
          </th>
          <td className="tabular py-1 pl-3 text-right whitespace-nowrap">{formatCents(r.amountCents)}</td>
        </tr>
      ))}
      <tr className={rows.length === 0 ? "border-t border-slate-300" : undefined}>
        <th scope="row" colSpan={columns - 1} className="py-2 text-right font-semibold">
          Order total
        </th>
        <td className="tabular py-2 pl-3 text-right text-base font-bold whitespace-nowrap" data-testid="order-total">
          {formatCents(money.totalCents)}
        </td>
      </tr>
    </tfoot>
  );
}

/** An order's money outside a table (the back office's order page): its rows, then the one total. */
export function OrderMoneySummary({ money, excise }: { money: OrderMoney; excise: Parameters<typeof moneyRows>[1] }) {
  return (
    <dl className="flex flex-col gap-1 border-t border-slate-200 py-3 text-sm">
      {moneyRows(money, excise).map((r) => (
        <div key={r.key} className="flex flex-wrap items-baseline justify-between gap-x-3">
          <dt className="text-slate-700">{r.label}</dt>
          <dd className="tabular">{formatCents(r.amountCents)}</dd>
          {r.note ? <dd className="w-full text-xs text-slate-600">{r.note}</dd> : null}
        </div>
      ))}
      <div className="flex items-baseline justify-between gap-3 text-base font-bold">
        <dt>Order total</dt>
        <dd className="tabular" data-testid="order-total">
          {formatCents(money.totalCents)}
        </dd>
      </div>
    </dl>
  );
}

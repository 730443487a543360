import { Link } from "react-router";
import { getDb } from "~/.server/db/instance";
import { listPurchaseOrders } from "~/.server/inventory/purchase-orders";
import { DataTable } from "~/components/ui/data-table";
import { PO_STATUS_LABELS } from "~/lib/inventory";
import * as INVENTORY_MESSAGES from "~/lib/messages/inventory";
import { formatCents } from "~/lib/money";
import type { Route } from "./+types/purchase-orders";

export function meta() {
  return [{ title: "Purchase orders" }, { name: "robots", content: "noindex" }];
}

export async function loader() {
  return { orders: await listPurchaseOrders(getDb()) };
}

/** Every purchase order, newest first (issue 39); a new one starts from its supplier's page. */
export default function PurchaseOrders({ loaderData }: Route.ComponentProps) {
  return (
    <section aria-labelledby="po-title" className="rounded-lg border border-slate-200 bg-white p-5">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h2 id="po-title" className="text-xl font-bold text-slate-900">
          Purchase orders
        </h2>
        <p className="text-sm">
          <Link to="/admin/suppliers" className="text-brand-700 underline underline-offset-2">
            Suppliers
          </Link>{" "}
          ·{" "}
          <Link to="/admin/lots" className="text-brand-700 underline underline-offset-2">
            Lots and recalls
          </Link>
        </p>
      </div>
      <DataTable
        caption="Purchase orders"
        rows={loaderData.orders}
        rowKey={(o) => String(o.id)}
        rowHeader
        empty={INVENTORY_MESSAGES.noPurchaseOrders}
        className="mt-3"
        columns={[
          {
            key: "number",
            header: "Order",
            cell: (o) => (
              <Link to={`/admin/purchase-orders/${o.id}`} className="font-semibold text-brand-700 underline">
                PO-{o.number}
              </Link>
            ),
          },
          { key: "supplier", header: "Supplier", cell: (o) => o.supplier },
          { key: "status", header: "Status", cell: (o) => PO_STATUS_LABELS[o.status] },
          { key: "lines", header: "Products", cell: (o) => o.lines, numeric: true },
          { key: "cost", header: "Cost", cell: (o) => formatCents(o.costCents), numeric: true },
          { key: "date", header: "Created", cell: (o) => o.createdAt.slice(0, 10) },
        ]}
      />
    </section>
  );
}

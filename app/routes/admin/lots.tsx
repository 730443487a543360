import { Form, Link } from "react-router";
import { getDb } from "~/.server/db/instance";
import { listLots, stockValue } from "~/.server/inventory/lot-admin";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { DataTable } from "~/components/ui/data-table";
import { TextField } from "~/components/ui/field";
import { LOT_STATUS_LABELS } from "~/lib/inventory";
import * as INVENTORY_MESSAGES from "~/lib/messages/inventory";
import { formatCents } from "~/lib/money";
import type { Route } from "./+types/lots";

export function meta() {
  return [{ title: "Lots" }, { name: "robots", content: "noindex" }];
}

export async function loader({ url }: Route.LoaderArgs) {
  const q = (url.searchParams.get("q") ?? "").slice(0, 64);
  const [lots, value] = await Promise.all([listLots(getDb(), q), stockValue(getDb())]);
  return { q, lots, value };
}

const TONE = { available: "ok", quarantined: "warn", recalled: "danger", expired: "neutral" } as const;

/** Lots received (issue 39): find one by code or SKU, open it to count, publish or recall it. */
export default function Lots({ loaderData }: Route.ComponentProps) {
  const { q, lots, value } = loaderData;
  return (
    <section aria-labelledby="lots-title" className="rounded-lg border border-slate-200 bg-white p-5">
      <h2 id="lots-title" className="text-xl font-bold text-slate-900">
        Lots and recalls
      </h2>
      <Form method="get" className="mt-3 flex flex-wrap items-end gap-3">
        <TextField label="Lot code or SKU" name="q" defaultValue={q} autoComplete="off" />
        <Button type="submit" variant="secondary">
          Find
        </Button>
      </Form>
      <p className="mt-3 text-sm text-slate-700">
        {INVENTORY_MESSAGES.stockValueLine(formatCents(value.valueCents), value.units, value.lots)}
      </p>
      <DataTable
        caption="Lots"
        rows={lots}
        rowKey={(l) => String(l.id)}
        rowHeader
        empty={INVENTORY_MESSAGES.noLots}
        className="mt-3"
        columns={[
          {
            key: "code",
            header: "Lot",
            cell: (l) => (
              <Link to={`/admin/lots/${l.id}`} className="font-semibold text-brand-700 underline">
                {l.code}
              </Link>
            ),
          },
          { key: "sku", header: "SKU", cell: (l) => l.sku },
          { key: "name", header: "Product", cell: (l) => l.name },
          {
            key: "status",
            header: "Status",
            cell: (l) => <Badge tone={TONE[l.status]}>{LOT_STATUS_LABELS[l.status]}</Badge>,
          },
          { key: "expires", header: "Expires", cell: (l) => l.expiresOn ?? "" },
          { key: "onhand", header: "On hand", cell: (l) => l.onHand, numeric: true },
          {
            key: "value",
            header: "Value at cost",
            cell: (l) => formatCents(l.onHand * l.unitCostCents),
            numeric: true,
          },
          { key: "report", header: "Lab report", cell: (l) => (l.published ? "Public" : l.hasReport ? "Private" : "") },
        ]}
      />
    </section>
  );
}

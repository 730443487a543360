import { Form, Link } from "react-router";
import { getDb } from "~/.server/db/instance";
import { grossMargin } from "~/.server/reports/margin";
import { readRange } from "~/.server/reports/range";
import { Button } from "~/components/ui/button";
import { DataTable } from "~/components/ui/data-table";
import { FormMessage, SelectField, TextField } from "~/components/ui/field";
import { isMarginKind, MARGIN_KINDS, type MarginKind } from "~/lib/inventory";
import * as INVENTORY_MESSAGES from "~/lib/messages/inventory";
import { formatCents } from "~/lib/money";
import type { Route } from "./+types/reports-margin";

export function meta() {
  return [{ title: "Gross margin" }, { name: "robots", content: "noindex" }];
}

export async function loader({ url }: Route.LoaderArgs) {
  const by = url.searchParams.get("by");
  const kind: MarginKind = isMarginKind(by) ? by : "product";
  const { range, problem } = readRange(url.searchParams);
  return { kind, range, problem, report: await grossMargin(getDb(), kind, range) };
}

const LABELS: Record<MarginKind, string> = {
  product: "Product",
  category: "Category",
  brand: "Brand",
  business: "Business",
};

function percent(margin: number, revenue: number): string {
  return revenue > 0 ? `${((margin * 100) / revenue).toFixed(1)}%` : "";
}

/** Gross margin of units sold from lots, by product, category, brand or business (issue 39). */
export default function MarginReport({ loaderData }: Route.ComponentProps) {
  const { kind, range, problem, report } = loaderData;
  const t = report.totals;
  return (
    <section aria-labelledby="margin-title" className="rounded-lg border border-slate-200 bg-white p-5">
      <p className="text-sm">
        <Link to="/admin/reports" className="text-brand-700 underline underline-offset-2">
          Sales reports
        </Link>
      </p>
      <h2 id="margin-title" className="mt-2 text-xl font-bold text-slate-900">
        Gross margin by {LABELS[kind].toLowerCase()}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{INVENTORY_MESSAGES.marginHint}</p>
      {problem ? <FormMessage tone="error">{problem}</FormMessage> : null}
      <Form method="get" className="mt-3 flex flex-wrap items-end gap-3">
        <SelectField
          label="By"
          name="by"
          defaultValue={kind}
          options={MARGIN_KINDS.map((k) => ({ value: k, label: LABELS[k] }))}
        />
        <TextField label="From" name="from" type="date" defaultValue={range.from} />
        <TextField label="To" name="to" type="date" defaultValue={range.to} />
        <Button type="submit" variant="secondary">
          Show
        </Button>
      </Form>
      <DataTable
        caption={`Gross margin by ${LABELS[kind].toLowerCase()}, ${range.from} to ${range.to}`}
        rows={report.rows}
        rowKey={(r) => r.key}
        rowHeader
        empty={INVENTORY_MESSAGES.noMargin}
        className="mt-4"
        totalsLabel="Total"
        columns={[
          { key: "label", header: LABELS[kind], cell: (r) => r.label },
          {
            key: "units",
            header: "Units",
            cell: (r) => r.units.toLocaleString("en-US"),
            numeric: true,
            total: t.units.toLocaleString("en-US"),
          },
          {
            key: "revenue",
            header: "Revenue",
            cell: (r) => formatCents(r.revenueCents),
            numeric: true,
            total: formatCents(t.revenueCents),
          },
          {
            key: "cost",
            header: "Cost",
            cell: (r) => formatCents(r.costCents),
            numeric: true,
            total: formatCents(t.costCents),
          },
          {
            key: "margin",
            header: "Margin",
            cell: (r) => formatCents(r.marginCents),
            numeric: true,
            total: formatCents(t.marginCents),
          },
          {
            key: "pct",
            header: "Margin %",
            cell: (r) => percent(r.marginCents, r.revenueCents),
            numeric: true,
            total: percent(t.marginCents, t.revenueCents),
          },
        ]}
      />
    </section>
  );
}

import { Form } from "react-router";
import { getDb } from "~/.server/db/instance";
import { exciseReport, formatMl, validReportMonth } from "~/.server/excise/report";
import { Button } from "~/components/ui/button";
import { DataTable } from "~/components/ui/data-table";
import { storeToday } from "~/lib/business";
import { owedByLabel } from "~/lib/excise/describe";
import * as EXCISE_MESSAGES from "~/lib/messages/excise";
import { formatCents } from "~/lib/money";
import type { Route } from "./+types/reports-excise";

export function meta() {
  return [{ title: "Excise report" }, { name: "robots", content: "noindex" }];
}

/** The month's excise by destination state: per product and rule, and in total (CSV beside it). */
export async function loader({ url }: Route.LoaderArgs) {
  const asked = url.searchParams.get("month");
  const month = validReportMonth(asked) ? asked : storeToday().slice(0, 7);
  const states = (await exciseReport(getDb(), month)).map((s) => ({
    ...s,
    rows: s.rows.map((r) => ({ ...r, ml: formatMl(r.mlMilli) })),
    totalMl: formatMl(s.total.mlMilli),
  }));
  return { month, states };
}

export default function ExciseReport({ loaderData }: Route.ComponentProps) {
  const { month, states } = loaderData;
  return (
    <section aria-labelledby="excise-title" className="flex flex-col gap-4">
      <h2 id="excise-title" className="text-xl font-bold text-slate-900">
        Excise report
      </h2>
      <p className="text-sm text-slate-600">{EXCISE_MESSAGES.exciseReportIntro}</p>
      <Form method="get" className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-4">
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
          Month
          <input
            type="month"
            name="month"
            defaultValue={month}
            className="min-h-11 rounded-md border border-slate-300 px-3 text-base"
          />
        </label>
        <Button type="submit" variant="secondary">
          Show
        </Button>
        {states.length ? (
          <a
            href={`/admin/reports/excise/export.csv?month=${month}`}
            download
            className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline"
          >
            Download CSV (all states)
          </a>
        ) : null}
      </Form>
      {states.length === 0 ? (
        <p className="text-slate-700">{EXCISE_MESSAGES.noExciseInMonth}</p>
      ) : (
        states.map((s) => (
          <section
            key={s.state}
            aria-label={`${s.name} excise`}
            className="rounded-lg border border-slate-200 bg-white p-4"
          >
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h3 className="text-lg font-bold text-slate-900">{s.name}</h3>
              <a
                href={`/admin/reports/excise/export.csv?month=${month}&state=${s.state}`}
                download
                className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline"
              >
                Download CSV<span className="sr-only"> for {s.name}</span>
              </a>
            </div>
            <div className="mt-2">
              <DataTable
                caption={`Excise of ${s.name} by product and tax rule`}
                rows={s.rows}
                rowKey={(r) => `${r.sku}-${r.rule}-${r.rate}-${r.owedBy}`}
                empty={null}
                totalsLabel="Total"
                columns={[
                  {
                    key: "product",
                    header: "Product",
                    cell: (r) => (
                      <>
                        {r.product} <span className="text-slate-600">({r.sku})</span>
                      </>
                    ),
                  },
                  {
                    key: "rule",
                    header: "Tax rule",
                    cell: (r) => (
                      <>
                        {r.rule}
                        <span className="block text-xs text-slate-600">
                          {r.rate} · {owedByLabel(r.owedBy)}
                        </span>
                      </>
                    ),
                  },
                  { key: "units", header: "Units", numeric: true, cell: (r) => r.units, total: s.total.units },
                  { key: "ml", header: "Ml", numeric: true, cell: (r) => r.ml, total: s.totalMl },
                  {
                    key: "cartridges",
                    header: "Cartridges",
                    numeric: true,
                    cell: (r) => r.cartridges,
                    total: s.total.cartridges,
                  },
                  {
                    key: "wholesale",
                    header: "Wholesale value",
                    numeric: true,
                    cell: (r) => formatCents(r.wholesaleCents),
                    total: formatCents(s.total.wholesaleCents),
                  },
                  {
                    key: "tax",
                    header: "Tax",
                    numeric: true,
                    cell: (r) => formatCents(r.taxCents),
                    total: <span data-testid={`excise-total-${s.state}`}>{formatCents(s.total.taxCents)}</span>,
                  },
                ]}
              />
            </div>
          </section>
        ))
      )}
    </section>
  );
}

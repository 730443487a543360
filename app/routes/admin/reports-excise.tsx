import { Form } from "react-router";
import { getDb } from "~/.server/db/instance";
import { exciseReport, formatMl, validReportMonth } from "~/.server/excise/report";
import { Button } from "~/components/ui/button";
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

const cellClass = "border-b border-slate-200 px-2 py-2 text-right tabular";

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
            <div className="mt-2 overflow-x-auto">
              <table className="w-full min-w-[720px] text-sm">
                <thead>
                  <tr className="bg-slate-100 text-slate-700">
                    <th className="px-2 py-2 text-left">Product</th>
                    <th className="px-2 py-2 text-left">Tax rule</th>
                    <th className="px-2 py-2 text-right">Units</th>
                    <th className="px-2 py-2 text-right">Ml</th>
                    <th className="px-2 py-2 text-right">Cartridges</th>
                    <th className="px-2 py-2 text-right">Wholesale value</th>
                    <th className="px-2 py-2 text-right">Tax</th>
                  </tr>
                </thead>
                <tbody>
                  {s.rows.map((r) => (
                    <tr key={`${r.sku}-${r.rule}-${r.rate}-${r.owedBy}`}>
                      <td className="border-b border-slate-200 px-2 py-2">
                        {r.product} <span className="text-slate-600">({r.sku})</span>
                      </td>
                      <td className="border-b border-slate-200 px-2 py-2">
                        {r.rule}
                        <span className="block text-xs text-slate-600">
                          {r.rate} · {owedByLabel(r.owedBy)}
                        </span>
                      </td>
                      <td className={cellClass}>{r.units}</td>
                      <td className={cellClass}>{r.ml}</td>
                      <td className={cellClass}>{r.cartridges}</td>
                      <td className={cellClass}>{formatCents(r.wholesaleCents)}</td>
                      <td className={cellClass}>{formatCents(r.taxCents)}</td>
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr className="font-bold text-slate-900">
                    <td className="px-2 py-2" colSpan={2}>
                      Total
                    </td>
                    <td className={cellClass}>{s.total.units}</td>
                    <td className={cellClass}>{s.totalMl}</td>
                    <td className={cellClass}>{s.total.cartridges}</td>
                    <td className={cellClass}>{formatCents(s.total.wholesaleCents)}</td>
                    <td className={cellClass} data-testid={`excise-total-${s.state}`}>
                      {formatCents(s.total.taxCents)}
                    </td>
                  </tr>
                </tfoot>
              </table>
            </div>
          </section>
        ))
      )}
    </section>
  );
}

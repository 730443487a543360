import { Form } from "react-router";
import { pactSummary, shipperState, validMonth } from "~/.server/compliance/pact";
import { getDb } from "~/.server/db/instance";
import { Button } from "~/components/ui/button";
import { storeToday } from "~/lib/business";
import { stateName } from "~/lib/compliance/vocabulary";
import * as BACK_OFFICE_MESSAGES from "~/lib/messages/back-office";
import type { Route } from "./+types/reports-pact";

export function meta() {
  return [{ title: "PACT report" }, { name: "robots", content: "noindex" }];
}

/**
 * The PACT Act report: a month's interstate vape shipments by destination state, each state's
 * file downloaded from its own resource route (./reports-pact-export.ts).
 */
export async function loader({ url }: Route.LoaderArgs) {
  const asked = url.searchParams.get("month");
  const month = validMonth(asked) ? asked : storeToday().slice(0, 7);
  return { month, shipper: stateName(shipperState()), states: await pactSummary(getDb(), month) };
}

export default function PactReport({ loaderData }: Route.ComponentProps) {
  const { month, shipper, states } = loaderData;
  return (
    <section aria-labelledby="pact-title" className="flex flex-col gap-4">
      <h2 id="pact-title" className="text-xl font-bold text-slate-900">
        PACT report
      </h2>
      <p className="text-sm text-slate-600">{BACK_OFFICE_MESSAGES.pactIntro(shipper)}</p>
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
      </Form>
      {states.length === 0 ? (
        <p className="text-slate-700">{BACK_OFFICE_MESSAGES.pactNone}</p>
      ) : (
        <ul className="flex flex-col gap-2" aria-label="Shipments by state">
          {states.map((s) => (
            <li
              key={s.state}
              className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 bg-white p-3"
            >
              <span className="text-slate-900">
                <strong>{s.name}</strong>: {s.orders} order{s.orders === 1 ? "" : "s"}, {s.units} unit
                {s.units === 1 ? "" : "s"}
              </span>
              <a
                href={`/admin/reports/pact/export.csv?month=${month}&state=${s.state}`}
                download
                className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline"
              >
                Download CSV<span className="sr-only"> for {s.name}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

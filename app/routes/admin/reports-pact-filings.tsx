import { Form, useNavigation } from "react-router";
import { getDb } from "~/.server/db/instance";
import { filingCalendar, markPactFiled, type PactFiling } from "~/.server/excise/pact-filings";
import { formAction } from "~/.server/http/form-action";
import { redirectWithToast } from "~/.server/http/toast";
import { actorOf, formOf } from "~/.server/request/context";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { FormMessage, TextField } from "~/components/ui/field";
import { useSettledActionData } from "~/components/use-settled-action-data";
import { storeToday } from "~/lib/business";
import { type FieldName, type FormReply, fieldError } from "~/lib/form-reply";
import * as EXCISE_MESSAGES from "~/lib/messages/excise";
import { pactFilingSchema } from "~/lib/schemas/excise";
import type { Route } from "./+types/reports-pact-filings";

export function meta() {
  return [{ title: "PACT filings" }, { name: "robots", content: "noindex" }];
}

type FilingReply = FormReply<{ key: string }, FieldName<typeof pactFilingSchema>>;

/** The last six months' filings, this month first. */
export async function loader() {
  const today = storeToday();
  return { today, filings: await filingCalendar(getDb(), today) };
}

export async function action({ context }: Route.ActionArgs) {
  const form = formOf(context);
  const key = `${String(form.get("state") ?? "")}-${String(form.get("month") ?? "")}`;
  return formAction(
    form,
    pactFilingSchema,
    async (filing) => {
      await markPactFiled(getDb(), filing, actorOf(context));
      return redirectWithToast("/admin/reports/pact/filings", {
        type: "success",
        message: EXCISE_MESSAGES.pactFiled(filing.state, filing.month),
      });
    },
    { fields: ["filedOn"], data: { key } },
  );
}

const STATUS: Record<PactFiling["status"], { label: string; tone: "ok" | "warn" | "danger" | "neutral" }> = {
  filed: { label: "Filed", tone: "ok" },
  due: { label: "Due", tone: "warn" },
  overdue: { label: "Overdue", tone: "danger" },
  "in-progress": { label: "Month in progress", tone: "neutral" },
};

function FileForm({ filing, today }: { filing: PactFiling; today: string }) {
  const reply = useSettledActionData<FilingReply>();
  const key = `${filing.state}-${filing.month}`;
  const mine = reply?.data?.key === key ? reply : undefined;
  const busy = useNavigation().state === "submitting";
  return (
    <Form
      method="post"
      noValidate
      className="mt-2 flex flex-wrap items-end gap-3"
      aria-label={`File ${filing.name} ${filing.month}`}
    >
      {mine && !mine.ok && mine.message ? <FormMessage tone="error">{mine.message}</FormMessage> : null}
      <input type="hidden" name="state" value={filing.state} />
      <input type="hidden" name="month" value={filing.month} />
      <TextField label="Filed on" name="filedOn" type="date" defaultValue={today} error={fieldError(mine, "filedOn")} />
      <TextField label="Note (optional)" name="note" maxLength={500} error={fieldError(mine, "note")} />
      <Button type="submit" disabled={busy}>
        Mark filed<span className="sr-only"> {`${filing.name} ${filing.month}`}</span>
      </Button>
    </Form>
  );
}

export default function PactFilings({ loaderData }: Route.ComponentProps) {
  const { today, filings } = loaderData;
  const months = [...new Set(filings.map((f) => f.month))];
  return (
    <section aria-labelledby="pact-filings-title" className="flex flex-col gap-4">
      <h2 id="pact-filings-title" className="text-xl font-bold text-slate-900">
        PACT filings
      </h2>
      <p className="text-sm text-slate-600">{EXCISE_MESSAGES.pactFilingsIntro}</p>
      {filings.length === 0 ? <p className="text-slate-700">{EXCISE_MESSAGES.noPactFilings}</p> : null}
      {months.map((month) => (
        <section key={month} aria-label={`Shipments of ${month}`} className="flex flex-col gap-2">
          <h3 className="text-lg font-bold text-slate-900">{month}</h3>
          <ul className="flex flex-col gap-2">
            {filings
              .filter((f) => f.month === month)
              .map((f) => (
                <li
                  key={f.state}
                  aria-label={`${f.name} ${f.month}`}
                  className="rounded-lg border border-slate-200 bg-white p-3"
                >
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <span className="text-slate-900">
                      <strong>{f.name}</strong>: {f.orders} order{f.orders === 1 ? "" : "s"}, {f.units} unit
                      {f.units === 1 ? "" : "s"} · due {f.dueOn}
                    </span>
                    <Badge tone={STATUS[f.status].tone}>{STATUS[f.status].label}</Badge>
                  </div>
                  <a
                    href={`/admin/reports/pact/export.csv?month=${f.month}&state=${f.state}`}
                    download
                    className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline"
                  >
                    Download file<span className="sr-only"> for {`${f.name} ${f.month}`}</span>
                  </a>
                  {f.status === "filed" ? (
                    <p className="text-sm text-slate-700">
                      Filed on {f.filedOn} by {f.filedBy}
                      {f.note ? ` · ${f.note}` : ""}
                    </p>
                  ) : f.status === "in-progress" ? null : (
                    <FileForm filing={f} today={today} />
                  )}
                </li>
              ))}
          </ul>
        </section>
      ))}
    </section>
  );
}

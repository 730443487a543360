import { Form, Link, redirect, useFetcher } from "react-router";
import { businessesToActFor } from "~/.server/business/reps";
import { getDb } from "~/.server/db/instance";
import { formAction } from "~/.server/http/form-action";
import { replyOk } from "~/.server/http/forms";
import { setStoreCreditSettings, storeCreditSettings } from "~/.server/receivables/settings";
import { AGING_SORTS, type AgingSort, agingReport } from "~/.server/receivables/statement";
import { actorOf, formOf } from "~/.server/request/context";
import { Button } from "~/components/ui/button";
import { DataTable } from "~/components/ui/data-table";
import { SelectField, TextField } from "~/components/ui/field";
import { useReplyToast } from "~/components/use-reply-toast";
import { fieldError, type ReplyOf } from "~/lib/form-reply";
import * as RECEIVABLES from "~/lib/messages/receivables";
import { formatCents } from "~/lib/money";
import { AGING_BUCKETS, AGING_LABELS, TERMS, TERMS_LABELS } from "~/lib/receivables";
import { storeCreditSchema } from "~/lib/schemas/receivables";
import type { Route } from "./+types/receivables";

/**
 * Receivables (issue 30): the store's default terms, credit limit and past-due hold; every
 * business's balance in aging buckets, sortable, with totals; a business's page from here.
 */
export function meta() {
  return [{ title: "Receivables" }, { name: "robots", content: "noindex" }];
}

const BUSINESS_ID = /^[A-Za-z0-9_-]{1,100}$/;

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const chosen = url.searchParams.get("business");
  if (chosen && BUSINESS_ID.test(chosen)) throw redirect(`/admin/receivables/${chosen}`);
  const sortParam = url.searchParams.get("sort") ?? "balance";
  const sort: AgingSort = (AGING_SORTS as readonly string[]).includes(sortParam) ? (sortParam as AgingSort) : "balance";
  const db = getDb();
  const [settings, report, businesses] = await Promise.all([
    storeCreditSettings(db),
    agingReport(db, { sort }),
    businessesToActFor(db, { id: "", staffRole: "admin" }, "", 1000),
  ]);
  return {
    settings,
    report,
    sort,
    businesses: businesses.map((b) => ({ id: b.id, name: b.name })),
  };
}

/** The store's terms and credit settings, read with their schema (lib/schemas/receivables.ts). */
export async function action({ context }: Route.ActionArgs) {
  return formAction(
    formOf(context),
    storeCreditSchema,
    async ({ defaultTerms, defaultCreditLimit, pastDueHoldDays }) => {
      await setStoreCreditSettings(
        getDb(),
        { defaultTerms, defaultCreditLimitCents: defaultCreditLimit, pastDueHoldDays },
        actorOf(context),
      );
      return replyOk(RECEIVABLES.storeCreditSaved);
    },
  );
}

export default function Receivables({ loaderData }: Route.ComponentProps) {
  const { settings, report, sort, businesses } = loaderData;
  const fetcher = useFetcher<ReplyOf<typeof storeCreditSchema>>();
  useReplyToast(fetcher.data, { state: fetcher.state });
  return (
    <section aria-labelledby="receivables-title" className="flex flex-col gap-5">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="receivables-title" className="text-xl font-bold text-slate-900">
          Receivables
        </h2>
        <Link to="/admin/payments" className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline">
          Latest payments
        </Link>
      </div>
      <fetcher.Form
        method="post"
        aria-label="Store terms and credit"
        className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-4"
      >
        <SelectField
          label="Default terms"
          name="defaultTerms"
          required
          defaultValue={settings.defaultTerms}
          options={TERMS.map((t) => ({ value: t, label: TERMS_LABELS[t] }))}
          error={fieldError(fetcher.data, "defaultTerms")}
        />
        <TextField
          label="Default credit limit (dollars)"
          name="defaultCreditLimit"
          inputMode="decimal"
          placeholder="No limit"
          defaultValue={
            settings.defaultCreditLimitCents === null ? "" : (settings.defaultCreditLimitCents / 100).toFixed(2)
          }
          error={fieldError(fetcher.data, "defaultCreditLimit")}
        />
        <TextField
          label="Hold orders when an invoice is past due by more than (days)"
          name="pastDueHoldDays"
          inputMode="numeric"
          required
          defaultValue={String(settings.pastDueHoldDays)}
          error={fieldError(fetcher.data, "pastDueHoldDays")}
        />
        <div className="flex items-end">
          <Button type="submit" disabled={fetcher.state !== "idle"}>
            Save settings
          </Button>
        </div>
      </fetcher.Form>
      <Form method="get" className="flex flex-wrap items-end gap-3">
        <SelectField
          label="A business's account"
          name="business"
          required
          placeholder="Choose a business"
          options={businesses.map((b) => ({ value: b.id, label: b.name }))}
        />
        <Button type="submit" variant="secondary">
          Open
        </Button>
      </Form>
      <Form
        method="get"
        action="/admin/receivables/export.csv"
        reloadDocument
        aria-label="Export for the accountant"
        className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-4"
      >
        <SelectField
          label="Export"
          name="kind"
          defaultValue="invoices"
          options={[
            { value: "invoices", label: "Invoices" },
            { value: "payments", label: "Payments" },
            { value: "credit-notes", label: "Credit notes" },
          ]}
        />
        <TextField label="From" name="from" type="date" />
        <TextField label="To" name="to" type="date" />
        <Button type="submit" variant="secondary">
          Download CSV
        </Button>
      </Form>
      <section aria-labelledby="aging-title" className="flex flex-col gap-2">
        <h3 id="aging-title" className="font-semibold text-slate-900">
          Aging
        </h3>
        <div className="rounded-lg border border-slate-200 bg-white">
          <DataTable
            caption="Aging of every business's open invoices"
            rows={report.rows}
            rowKey={(r) => r.businessId}
            empty={RECEIVABLES.noBusinesses}
            rowHeader
            totalsLabel="Total"
            sort={{ key: sort, href: (key) => `?sort=${key}`, direction: sort === "name" ? "ascending" : "descending" }}
            columns={[
              {
                key: "name",
                header: "Business",
                sortKey: "name",
                cell: (r) => (
                  <Link to={`/admin/receivables/${r.businessId}`} className="font-semibold text-brand-700 underline">
                    {r.name}
                  </Link>
                ),
              },
              ...AGING_BUCKETS.map((b) => ({
                key: b,
                header: AGING_LABELS[b],
                sortKey: b,
                numeric: true,
                cell: (r: (typeof report.rows)[number]) => formatCents(r.buckets[b]),
                total: formatCents(report.totals[b]),
              })),
              {
                key: "credit",
                header: "Credit",
                numeric: true,
                cell: (r) => formatCents(r.creditCents),
                total: formatCents(report.totals.credit),
              },
              {
                key: "balance",
                header: "Balance",
                sortKey: "balance",
                numeric: true,
                cell: (r) => <span className="font-semibold">{formatCents(r.balanceCents)}</span>,
                total: formatCents(report.totals.balance),
              },
            ]}
          />
        </div>
      </section>
    </section>
  );
}

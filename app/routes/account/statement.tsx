import { data, Form } from "react-router";
import { getDb } from "~/.server/db/instance";
import { creditPosition } from "~/.server/receivables/credit";
import { businessAging, ledger, openInvoices } from "~/.server/receivables/statement";
import { signedInViewer } from "~/.server/request/context";
import { AccountShell } from "~/components/account-shell";
import { Button } from "~/components/ui/button";
import { DataTable } from "~/components/ui/data-table";
import { TextField } from "~/components/ui/field";
import * as RECEIVABLES from "~/lib/messages/receivables";
import { formatCents } from "~/lib/money";
import { AGING_BUCKETS, AGING_LABELS, TERMS_LABELS } from "~/lib/receivables";
import type { RouteHandle } from "~/lib/route-policy";
import type { Route } from "./+types/statement";

/** In the owner group (app/routes.ts): anyone else signed in is sent to their account and told this. */
export const handle: RouteHandle = { refusal: RECEIVABLES.statementOwnersOnly };

/**
 * The business's statement (issue 30), for its owners: terms, balance and available credit, open
 * invoices with due dates and days late, aging, and every invoice, credit note and payment with a
 * running balance. Only the viewer's own business (its key is the viewer's account).
 */
export function meta() {
  return [{ title: "Statement" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const viewer = signedInViewer(context);
  const db = getDb();
  const id = viewer.accountId;
  const [position, open, aging, entries] = await Promise.all([
    creditPosition(db, id),
    openInvoices(db, id),
    businessAging(db, id),
    ledger(db, id),
  ]);
  // Only a business whose records are gone has no position (its founder's login was deleted).
  if (!position) throw data(null, { status: 404 });
  return { statement: { position, open, aging, entries } };
}

export default function Statement({ loaderData }: Route.ComponentProps) {
  const { statement } = loaderData;
  return (
    <AccountShell title="Statement">
      <div className="flex flex-col gap-5">
        <dl className="grid grid-cols-2 gap-3 rounded-lg border border-slate-200 bg-white p-4 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-slate-600">Terms</dt>
            <dd className="font-semibold">{TERMS_LABELS[statement.position.terms]}</dd>
          </div>
          <div>
            <dt className="text-slate-600">Balance</dt>
            <dd className="tabular font-semibold" data-testid="statement-balance">
              {formatCents(statement.position.balanceCents)}
            </dd>
          </div>
          <div>
            <dt className="text-slate-600">Available credit</dt>
            <dd className="tabular font-semibold">
              {statement.position.availableCents === null ? "No limit" : formatCents(statement.position.availableCents)}
            </dd>
          </div>
        </dl>
        <Form
          method="get"
          action="/account/statement.pdf"
          reloadDocument
          aria-label="Statement PDF"
          className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-4"
        >
          <TextField label="From" name="from" type="date" />
          <TextField label="To" name="to" type="date" />
          <Button type="submit" variant="secondary">
            Statement PDF
          </Button>
        </Form>
        <section aria-labelledby="aging-title" className="flex flex-col gap-2">
          <h2 id="aging-title" className="font-semibold text-slate-900">
            Aging
          </h2>
          <dl className="grid grid-cols-2 gap-2 rounded-lg border border-slate-200 bg-white p-4 text-sm sm:grid-cols-5">
            {AGING_BUCKETS.map((b) => (
              <div key={b}>
                <dt className="text-slate-600">{AGING_LABELS[b]}</dt>
                <dd className="tabular font-semibold">{formatCents(statement.aging[b])}</dd>
              </div>
            ))}
          </dl>
        </section>
        <section aria-labelledby="open-title" className="flex flex-col gap-2">
          <h2 id="open-title" className="font-semibold text-slate-900">
            Open invoices
          </h2>
          {statement.open.length === 0 ? (
            <p className="text-sm text-slate-700">{RECEIVABLES.noOpenInvoices}</p>
          ) : (
            <ul className="flex flex-col gap-2">
              {statement.open.map((i) => (
                <li
                  key={i.id}
                  className="flex flex-wrap justify-between gap-2 rounded-lg border border-slate-200 bg-white p-3 text-sm"
                >
                  <span>
                    <a href={`/orders/${i.orderId}/invoice.pdf`} className="font-semibold text-brand-700 underline">
                      Invoice {i.number}
                    </a>{" "}
                    · due {i.dueOn}
                    {i.daysLate > 0 ? (
                      <span className="font-semibold text-danger-700"> · {RECEIVABLES.daysLate(i.daysLate)}</span>
                    ) : null}
                  </span>
                  <span className="tabular font-semibold">{formatCents(i.balanceCents)}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="activity-title" className="flex flex-col gap-2">
          <h2 id="activity-title" className="font-semibold text-slate-900">
            Activity
          </h2>
          <div className="rounded-lg border border-slate-200 bg-white">
            <DataTable
              caption="Your account's activity: invoices, credit notes and payments with a running balance"
              rows={statement.entries}
              rowKey={(e) => `${e.kind}-${e.number}`}
              empty={RECEIVABLES.noInvoices}
              columns={[
                { key: "date", header: "Date", cell: (e) => e.date, className: "whitespace-nowrap" },
                {
                  key: "entry",
                  header: "Entry",
                  cell: (e) => (
                    <>
                      {e.description}
                      {e.void ? <span className="font-semibold"> (void)</span> : null}
                    </>
                  ),
                },
                { key: "amount", header: "Amount", numeric: true, cell: (e) => formatCents(e.amountCents) },
                { key: "balance", header: "Balance", numeric: true, cell: (e) => formatCents(e.runningCents) },
              ]}
            />
          </div>
        </section>
      </div>
    </AccountShell>
  );
}

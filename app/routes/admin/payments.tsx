import { Form, Link } from "react-router";
import { businessesToActFor } from "~/.server/business/reps";
import { getDb } from "~/.server/db/instance";
import { recentPayments } from "~/.server/receivables/statement";
import { Button } from "~/components/ui/button";
import { DataTable } from "~/components/ui/data-table";
import { SelectField } from "~/components/ui/field";
import * as RECEIVABLES from "~/lib/messages/receivables";
import { formatCents } from "~/lib/money";
import { isPaymentMethod, PAYMENT_METHOD_LABELS } from "~/lib/receivables";
import type { Route } from "./+types/payments";

/**
 * Payments (issue 30): the latest recorded, of every business; a payment is recorded and voided on
 * its business's receivables page, chosen here.
 */
export function meta() {
  return [{ title: "Payments" }, { name: "robots", content: "noindex" }];
}

export async function loader() {
  const db = getDb();
  const [payments, businesses] = await Promise.all([
    recentPayments(db),
    businessesToActFor(db, { id: "", staffRole: "admin" }, "", 1000),
  ]);
  return { payments, businesses: businesses.map((b) => ({ id: b.id, name: b.name })) };
}

export default function Payments({ loaderData }: Route.ComponentProps) {
  const { payments, businesses } = loaderData;
  return (
    <section aria-labelledby="payments-title" className="flex flex-col gap-5">
      <h2 id="payments-title" className="text-xl font-bold text-slate-900">
        Payments
      </h2>
      <Form method="get" action="/admin/receivables" className="flex flex-wrap items-end gap-3">
        <SelectField
          label="Record a payment for"
          name="business"
          required
          placeholder="Choose a business"
          options={businesses.map((b) => ({ value: b.id, label: b.name }))}
        />
        <Button type="submit" variant="secondary">
          Open
        </Button>
      </Form>
      <div className="rounded-lg border border-slate-200 bg-white">
        <DataTable
          caption="Payments, newest first"
          rows={payments}
          rowKey={(p) => String(p.id)}
          empty={RECEIVABLES.noPayments}
          columns={[
            { key: "received", header: "Received", cell: (p) => p.receivedOn, className: "whitespace-nowrap" },
            {
              key: "business",
              header: "Business",
              cell: (p) => (
                <>
                  <Link to={`/admin/receivables/${p.businessId}`} className="font-semibold text-brand-700 underline">
                    {p.businessName}
                  </Link>
                  {p.void ? <span className="font-semibold text-danger-700"> (void)</span> : null}
                </>
              ),
            },
            {
              key: "method",
              header: "Method",
              cell: (p) => (isPaymentMethod(p.method) ? PAYMENT_METHOD_LABELS[p.method] : p.method),
            },
            { key: "reference", header: "Reference", cell: (p) => p.reference ?? "" },
            { key: "amount", header: "Amount", numeric: true, cell: (p) => formatCents(p.amountCents) },
            { key: "unapplied", header: "Unapplied", numeric: true, cell: (p) => formatCents(p.unappliedCents) },
          ]}
        />
      </div>
    </section>
  );
}

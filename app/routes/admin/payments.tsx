import { Form, Link } from "react-router";
import { businessesToActFor } from "~/.server/business/reps";
import { getDb } from "~/.server/db/instance";
import { recentPayments } from "~/.server/receivables/statement";
import { Button } from "~/components/ui/button";
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
      {payments.length === 0 ? (
        <p className="text-sm text-slate-700">{RECEIVABLES.noPayments}</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <table className="w-full text-sm">
            <thead className="bg-slate-50 text-left text-slate-700">
              <tr>
                <th className="p-2">Received</th>
                <th className="p-2">Business</th>
                <th className="p-2">Method</th>
                <th className="p-2">Reference</th>
                <th className="p-2 text-right">Amount</th>
                <th className="p-2 text-right">Unapplied</th>
              </tr>
            </thead>
            <tbody>
              {payments.map((p) => (
                <tr key={p.id} className="border-t border-slate-100">
                  <td className="p-2 whitespace-nowrap">{p.receivedOn}</td>
                  <td className="p-2">
                    <Link to={`/admin/receivables/${p.businessId}`} className="font-semibold text-brand-700 underline">
                      {p.businessName}
                    </Link>
                    {p.void ? <span className="font-semibold text-danger-700"> (void)</span> : null}
                  </td>
                  <td className="p-2">{isPaymentMethod(p.method) ? PAYMENT_METHOD_LABELS[p.method] : p.method}</td>
                  <td className="p-2">{p.reference ?? ""}</td>
                  <td className="tabular p-2 text-right">{formatCents(p.amountCents)}</td>
                  <td className="tabular p-2 text-right">{formatCents(p.unappliedCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

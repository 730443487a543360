import * as RECEIVABLES from "~/lib/messages/receivables";
import { formatCents } from "~/lib/money";
import { TERMS_LABELS, type Terms } from "~/lib/receivables";

/** The business's terms at checkout (issue 30): when the invoice falls due, and the credit left. */
export function AccountTerms({
  credit,
  totalCents,
}: {
  credit: { terms: Terms; days: number; dueIfToday: string; availableCents: number | null };
  totalCents: number;
}) {
  const due =
    credit.terms === "prepaid"
      ? RECEIVABLES.prepaidDue
      : credit.terms === "cod"
        ? RECEIVABLES.codDue
        : RECEIVABLES.netDue(credit.days, credit.dueIfToday);
  return (
    <section aria-label="Payment terms" className="flex flex-col gap-1 border-t border-slate-200 pt-3 text-sm">
      <dl className="flex flex-col gap-1">
        <div className="flex justify-between gap-2">
          <dt className="text-slate-600">Terms</dt>
          <dd className="font-semibold">{TERMS_LABELS[credit.terms]}</dd>
        </div>
        {credit.availableCents !== null ? (
          <div className="flex justify-between gap-2">
            <dt className="text-slate-600">Available credit</dt>
            <dd className="tabular font-semibold">{formatCents(credit.availableCents)}</dd>
          </div>
        ) : null}
      </dl>
      <p className="text-slate-700">{due}</p>
      {credit.availableCents !== null && totalCents > credit.availableCents ? (
        <p className="font-medium text-warn-700">{RECEIVABLES.overAvailableCredit}</p>
      ) : null}
    </section>
  );
}

import * as SELLING_MESSAGES from "~/lib/messages/selling";
import * as VOLUME_MESSAGES from "~/lib/messages/volume-prices";
import { formatCents } from "~/lib/money";

/**
 * The product page's volume prices, at the customer's own prices (issue 16), loaded
 * only when a customer's page has one (decision 0020): by the case for a
 * product sold in cases ("1–4 cases · $129.00 a case ($12.90 each)"), by the unit otherwise.
 */
export function TierTable({
  tiers,
  casePack,
}: {
  tiers: { from: number; to: number | null; priceCents: number }[];
  casePack: number;
}) {
  return (
    <table className="w-full max-w-sm text-sm" aria-labelledby="tier-title">
      <caption id="tier-title" className="mb-1 text-left font-semibold text-slate-900">
        {VOLUME_MESSAGES.volumePrices}
      </caption>
      <thead className="sr-only">
        <tr>
          <th scope="col">{VOLUME_MESSAGES.tierQuantityHeading}</th>
          <th scope="col">{VOLUME_MESSAGES.tierPriceHeading}</th>
        </tr>
      </thead>
      <tbody>
        {tiers.map((t) => (
          <tr key={t.from} className="border-t border-slate-200">
            <th scope="row" className="py-1.5 text-left font-normal text-slate-700">
              {VOLUME_MESSAGES.tierFrom(t.from, t.to, casePack)}
            </th>
            <td className="tabular py-1.5 text-right font-semibold text-slate-900">
              {casePack > 1
                ? VOLUME_MESSAGES.casePrice(formatCents(t.priceCents * casePack), formatCents(t.priceCents))
                : SELLING_MESSAGES.eachPrice(formatCents(t.priceCents))}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

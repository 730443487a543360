import * as MESSAGES from "~/lib/messages";
import { formatCents } from "~/lib/money";
import { casePackLabel, type SellingUnit } from "~/lib/selling-unit";

/** "SKU VAP-001 · UPC 012345678905 · Case of 10" for a signed-in buyer (issue 16); the caller shows it to buyers only. */
export function SellingUnitLine({
  sku,
  upc = null,
  unit,
  className = "",
}: {
  sku: string;
  upc?: string | null;
  unit: SellingUnit;
  className?: string;
}) {
  const pack = casePackLabel(unit);
  return (
    <p className={`text-sm text-slate-600 ${className}`} data-testid="selling-unit">
      <span className="tabular">{MESSAGES.skuLabel(sku)}</span>
      {upc ? (
        <>
          {" · "}
          <span className="tabular">UPC {upc}</span>
        </>
      ) : null}
      {pack ? (
        <>
          {" · "}
          <span className="font-semibold text-slate-800">{pack}</span>
        </>
      ) : null}
    </p>
  );
}

/**
 * The product page's volume prices, at the customer's own prices (issue 16): by the case for a
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
        {MESSAGES.volumePrices}
      </caption>
      <thead className="sr-only">
        <tr>
          <th scope="col">{MESSAGES.tierQuantityHeading}</th>
          <th scope="col">{MESSAGES.tierPriceHeading}</th>
        </tr>
      </thead>
      <tbody>
        {tiers.map((t) => (
          <tr key={t.from} className="border-t border-slate-200">
            <th scope="row" className="py-1.5 text-left font-normal text-slate-700">
              {MESSAGES.tierFrom(t.from, t.to, casePack)}
            </th>
            <td className="tabular py-1.5 text-right font-semibold text-slate-900">
              {casePack > 1
                ? MESSAGES.casePrice(formatCents(t.priceCents * casePack), formatCents(t.priceCents))
                : MESSAGES.eachPrice(formatCents(t.priceCents))}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

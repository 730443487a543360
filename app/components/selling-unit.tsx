import * as SELLING_MESSAGES from "~/lib/messages/selling";
import { casePackLabel, type SellingUnit } from "~/lib/quantity";

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
      <span className="tabular">{SELLING_MESSAGES.skuLabel(sku)}</span>
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

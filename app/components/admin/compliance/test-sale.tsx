import { SaleTestBox } from "~/components/admin/rule-book/test-sale";
import { Badge } from "~/components/ui/badge";
import type { SaleTestResult } from "~/lib/compliance/sale-test";
import * as MESSAGES from "~/lib/messages";
import * as BACK_OFFICE_MESSAGES from "~/lib/messages/back-office";
import * as SELLING_MESSAGES from "~/lib/messages/selling";

const OUTCOME_TONE = { allowed: "ok", blocked: "danger", "license-required": "warn" } as const;
const OUTCOME_LABEL = {
  allowed: BACK_OFFICE_MESSAGES.saleAllowed,
  blocked: MESSAGES.saleBlocked,
  "license-required": BACK_OFFICE_MESSAGES.saleNeedsLicense,
} as const;

/**
 * The compliance page's "test a sale" box: the rule-book's box, answered with what the rules say —
 * allowed, blocked or a license needed, the reason, and the rules that applied.
 */
export function TestSale({ today }: { today: string }) {
  return (
    <SaleTestBox<SaleTestResult> today={today}>
      {(result) => (
        <>
          <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
            <Badge tone={OUTCOME_TONE[result.outcome]}>{OUTCOME_LABEL[result.outcome]}</Badge>
            {result.productName} to {result.destination} on {result.date}
          </p>
          {result.reason ? <p className="mt-2 text-sm text-slate-900">{result.reason}</p> : null}
          {result.licenseLabel ? (
            <p className="mt-1 text-sm text-slate-900">{SELLING_MESSAGES.licenseRequired(result.licenseLabel)}</p>
          ) : null}
          {result.applied.length ? (
            <>
              <p className="mt-2 text-sm font-medium text-slate-700">Rules that applied:</p>
              <ul className="ml-5 list-disc text-sm text-slate-900">
                {result.applied.map((r) => (
                  <li key={r.id}>
                    {r.name}
                    {result.deciding.some((d) => d.id === r.id) ? " (decided)" : ""}
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <p className="mt-2 text-sm text-slate-700">{BACK_OFFICE_MESSAGES.noRulesApply}</p>
          )}
        </>
      )}
    </SaleTestBox>
  );
}

import { useFetcher } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { useSettledActionData } from "~/components/use-settled-action-data";
import type { ComplianceReply } from "~/lib/compliance/sale-test";
import { fieldError, postedValue } from "~/lib/form-reply";
import * as MESSAGES from "~/lib/messages";
import * as BACK_OFFICE_MESSAGES from "~/lib/messages/back-office";
import { ProductPicker } from "../product-picker";

const OUTCOME_TONE = { allowed: "ok", blocked: "danger", "license-required": "warn" } as const;
const OUTCOME_LABEL = {
  allowed: BACK_OFFICE_MESSAGES.saleAllowed,
  blocked: MESSAGES.saleBlocked,
  "license-required": BACK_OFFICE_MESSAGES.saleNeedsLicense,
} as const;

/**
 * The admin's "test a sale" box: what the rules say for a product shipped to a state and ZIP, for
 * a customer (optional) on a date. Answered in place (a fetcher), or by the page without JavaScript.
 */
export function TestSale({ today }: { today: string }) {
  const fetcher = useFetcher<ComplianceReply>();
  const pageReply = useSettledActionData<ComplianceReply>();
  const reply = fetcher.data ?? (pageReply?.data?.intent === "test" ? pageReply : undefined);
  const result = reply?.ok ? reply.data?.test : undefined;
  return (
    <section aria-labelledby="test-sale-title" className="rounded-lg border border-slate-200 bg-white p-4">
      <h3 id="test-sale-title" className="text-lg font-bold text-slate-900">
        Test a sale
      </h3>
      <fetcher.Form method="post" noValidate className="mt-3 grid gap-3 sm:grid-cols-2" aria-label="Test a sale">
        <input type="hidden" name="intent" value="test" />
        <ProductPicker
          label="Product"
          name="productId"
          className="sm:col-span-2"
          defaultId={postedValue(reply, "productId", "") ?? ""}
          defaultText={postedValue(reply, "product", "") ?? ""}
          error={fieldError(reply, "product") ?? fieldError(reply, "productId")}
          hint={BACK_OFFICE_MESSAGES.productPickerHint}
        />
        <TextField
          label="State"
          name="state"
          maxLength={2}
          defaultValue={postedValue(reply, "state", "")}
          error={fieldError(reply, "state")}
        />
        <TextField
          label="ZIP"
          name="zip"
          inputMode="numeric"
          maxLength={5}
          defaultValue={postedValue(reply, "zip", "")}
          error={fieldError(reply, "zip")}
        />
        <TextField
          label="Customer email (optional)"
          name="customer"
          type="email"
          defaultValue={postedValue(reply, "customer", "")}
          error={fieldError(reply, "customer")}
        />
        <TextField
          label="Date"
          name="date"
          type="date"
          defaultValue={postedValue(reply, "date", today)}
          error={fieldError(reply, "date")}
        />
        <div className="sm:col-span-2">
          <Button type="submit" disabled={fetcher.state !== "idle"}>
            Test
          </Button>
        </div>
      </fetcher.Form>
      {result ? (
        <div
          className="mt-4 rounded-md border border-slate-200 bg-slate-50 p-3"
          role="status"
          aria-label="Sale test result"
        >
          <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
            <Badge tone={OUTCOME_TONE[result.outcome]}>{OUTCOME_LABEL[result.outcome]}</Badge>
            {result.productName} to {result.destination} on {result.date}
          </p>
          {result.reason ? <p className="mt-2 text-sm text-slate-900">{result.reason}</p> : null}
          {result.licenseLabel ? (
            <p className="mt-1 text-sm text-slate-900">{MESSAGES.licenseRequired(result.licenseLabel)}</p>
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
        </div>
      ) : null}
    </section>
  );
}

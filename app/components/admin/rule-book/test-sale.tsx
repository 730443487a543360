import type { ReactNode } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { useSettledActionData } from "~/components/use-settled-action-data";
import { type FieldName, type FormReply, fieldError, postedValue } from "~/lib/form-reply";
import * as BACK_OFFICE_MESSAGES from "~/lib/messages/back-office";
import type { saleTestSchema } from "~/lib/schemas/rule-book";
import { ProductPicker } from "../product-picker";

/** The page's answer to a test (intent "test"): the posted fields, and the kind's result. */
export type SaleTestReply<T> = FormReply<{ intent: string; test?: T }, FieldName<typeof saleTestSchema>>;

/**
 * The rule-book's "test a sale" box (decision 0045): a product, shipped to a state and ZIP, for a
 * customer (optional), on a date; answered in place (a fetcher), or by the page without JavaScript.
 * The kind says what its rules answered (`children`, given the result).
 */
export function SaleTestBox<T>({ today, children }: { today: string; children: (result: T) => ReactNode }) {
  const fetcher = useFetcher<SaleTestReply<T>>();
  const pageReply = useSettledActionData<SaleTestReply<T>>();
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
          {children(result)}
        </div>
      ) : null}
    </section>
  );
}

import { Form, Link, useNavigation } from "react-router";
import * as ACCOUNT_MESSAGES from "~/lib/messages/account";
import * as SELLING_MESSAGES from "~/lib/messages/selling";
import { type SellingUnit, smallestQuantity } from "~/lib/quantity";
import { type ListChoice, listQuantityCap } from "~/lib/saved-lists";
import { Button, buttonClass } from "../ui/button";
import { ListPickerFields } from "./list-picker";

/** What the product page knows of the signed-in customer: their lists and their alert. */
export interface ProductPersonal {
  /** Null until they have arrived (asked for after the page has loaded; never without JavaScript). */
  lists: (ListChoice & { quantity: number | null })[] | null;
  alert: "none" | "pending" | "notified";
  unit: SellingUnit;
  /** Whether the smallest orderable quantity is in stock now (else Notify me). */
  orderable: boolean;
}

/**
 * Add to list on the product page: a disclosure with the list picker and a quantity in whole
 * cases. A real form posted to /account/lists, which comes back here with a toast, so it works
 * before the page's JavaScript has run too.
 */
export function AddToList({
  productId,
  productName,
  personal,
  open = false,
  back = `/products/details/${productId}`,
}: {
  productId: number;
  productName: string;
  personal: ProductPersonal;
  /** Shown open (the saved lists page, where a product is added before the page's script ran). */
  open?: boolean;
  /** Where the save comes back to. */
  back?: string;
}) {
  const { lists, unit } = personal;
  const holding = (lists ?? []).filter((l) => l.quantity !== null);
  const first = smallestQuantity(unit);
  const busy = useNavigation().formAction === "/account/lists";
  return (
    <div className="flex flex-col gap-2">
      {/* One line kept for it whether or not the lists have arrived (they come after the page). */}
      <p className="min-h-5 truncate text-sm text-slate-700" data-testid="in-lists">
        {holding.length > 0 ? (
          <>
            <span className="font-medium">In your lists:</span>{" "}
            {holding.map((l, i) => (
              <span key={l.id}>
                {i > 0 ? ", " : ""}
                <Link to={`/account/lists/${l.id}`} className="text-brand-700 underline">
                  {l.name}
                </Link>{" "}
                ({l.quantity})
              </span>
            ))}
          </>
        ) : null}
      </p>
      <details open={open} className="group/list rounded-lg border border-slate-200 bg-white sm:max-w-md">
        <summary
          className={buttonClass(
            "secondary",
            "w-full cursor-pointer list-none border-0 [&::-webkit-details-marker]:hidden group-open/list:rounded-b-none",
          )}
        >
          Add to list
        </summary>
        {lists === null ? (
          // The lists have not arrived (the page's script has not run): chosen on the lists page.
          <p className="p-3 text-sm">
            <Link to={`/account/lists?add=${productId}`} className="font-semibold text-brand-700 underline">
              {ACCOUNT_MESSAGES.chooseListFor(productName)}
            </Link>
          </p>
        ) : (
          <Form method="post" action="/account/lists" preventScrollReset className="flex flex-col gap-3 p-3">
            <input type="hidden" name="intent" value="add-product" />
            <input type="hidden" name="productId" value={productId} />
            <input type="hidden" name="redirectTo" value={back} />
            <ListPickerFields lists={lists} />
            <div className="flex flex-col gap-1">
              <label htmlFor="list-quantity" className="text-sm font-medium text-slate-800">
                Units for the list
              </label>
              <input
                id="list-quantity"
                name="quantity"
                type="number"
                inputMode="numeric"
                min={first}
                max={listQuantityCap(unit)}
                step={unit.casePack}
                defaultValue={String(first)}
                aria-describedby={unit.casePack > 1 ? "list-quantity-unit" : undefined}
                className="tabular min-h-11 w-28 rounded-md border border-slate-300 bg-white px-3 text-base"
              />
              {unit.casePack > 1 ? (
                <p id="list-quantity-unit" className="text-xs text-slate-600">
                  {SELLING_MESSAGES.inCasesOf(unit.casePack)}
                  {unit.minQuantity > unit.casePack ? ` · ${SELLING_MESSAGES.minimumOf(first)}` : ""}
                </p>
              ) : null}
            </div>
            <Button type="submit" disabled={busy}>
              Save to list<span className="sr-only"> {productName}</span>
            </Button>
          </Form>
        )}
      </details>
    </div>
  );
}

/**
 * Notify me, on a product that cannot be ordered now. Signed-in customers get a real form (posted
 * to /account/alerts, back here with a toast) and then the subscribed state with a way to cancel;
 * visitors get a way to log in. The state comes from the server, so it stays after a reload.
 */
export function StockAlert({
  productId,
  productName,
  personal,
}: {
  productId: number;
  productName: string;
  /** Null for a visitor. */
  personal: ProductPersonal | null;
}) {
  const back = `/products/details/${productId}`;
  if (!personal) {
    return (
      <p className="text-sm">
        <Link
          to={`/login?${new URLSearchParams({ redirectTo: back })}`}
          className="font-semibold text-brand-700 underline"
        >
          {ACCOUNT_MESSAGES.loginToBeNotified}
        </Link>
      </p>
    );
  }
  const pending = personal.alert === "pending";
  return (
    <Form
      method="post"
      action="/account/alerts"
      preventScrollReset
      className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-slate-50 p-3 sm:max-w-md"
    >
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="redirectTo" value={back} />
      {pending ? (
        <>
          <p className="text-sm font-medium text-slate-800" role="status">
            {ACCOUNT_MESSAGES.alertSubscribed(productName)}
          </p>
          <Button type="submit" name="intent" value="cancel" variant="ghost" className="w-fit">
            Cancel alert
          </Button>
        </>
      ) : (
        <>
          <p className="text-sm text-slate-700">{ACCOUNT_MESSAGES.alertsIntro}</p>
          <Button type="submit" name="intent" value="subscribe" className="w-full sm:w-auto sm:min-w-48">
            Notify me
          </Button>
        </>
      )}
    </Form>
  );
}

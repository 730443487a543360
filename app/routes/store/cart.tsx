import loadListPicker from "lazy-import:~/components/saved-lists/list-picker";
import { lazy, Suspense } from "react";
import { Link, useRouteLoaderData } from "react-router";
import { canSeePrices } from "~/.server/accounts/viewer";
import { getDb } from "~/.server/db/instance";
import { listChoices } from "~/.server/lists/saved-lists";
import { checkoutCredit } from "~/.server/receivables/credit";
import { viewerOf } from "~/.server/request/context";
import { orderValueSettings } from "~/.server/wholesale/order-value";
import { AccountTerms } from "~/components/cart/account-terms";
import { CartMoney, cartMoney, useCartExcise } from "~/components/cart/cart-money";
import { useCart, useCartRead } from "~/components/cart/cart-store";
import { CartLoading, LineProblem } from "~/components/cart/line-problem";
import { OrderValueHints } from "~/components/cart/order-value";
import { QuantityStepper } from "~/components/cart/quantity-stepper";
import { useCartCheck } from "~/components/cart/use-cart-check";
import { ProductImage } from "~/components/product-image";
import { Button, ButtonLink } from "~/components/ui/button";
import { FormMessage } from "~/components/ui/form-message";
import { cartTotalCents, decreaseLine, increaseLine, removeLine } from "~/lib/cart";
import { blocksOrder, changesQuantity, REMOVE_TO_ORDER } from "~/lib/cart-check";
import * as MESSAGES from "~/lib/messages";
import * as CART_MESSAGES from "~/lib/messages/cart";
import { formatCents } from "~/lib/money";
import { casePackLabel, largestQuantity, sellingUnitOf } from "~/lib/quantity";
import type { RootData } from "~/lib/root-data";
import type { Route } from "./+types/cart";

/** Save cart as a list: signed-in customers only, so its code is loaded only for them. */
const SaveToList = lazy(() => loadListPicker().then((m) => ({ default: m.SaveToList })));

export function meta() {
  return [{ title: "Your Cart" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const viewer = viewerOf(context);
  const buyer = canSeePrices(viewer);
  return {
    buyer,
    orderValue: buyer ? orderValueSettings() : null,
    // Save cart as a list: the signed-in customer's lists to pick from.
    lists: viewer?.role === "customer" ? await listChoices(getDb(), viewer.id) : null,
    // Paid on account (issue 30): the business's terms, due date and available credit, as at checkout.
    credit: buyer && viewer?.role === "customer" ? await checkoutCredit(getDb(), viewer.accountId) : null,
  };
}

export default function Cart({ loaderData }: Route.ComponentProps) {
  const { buyer, orderValue, lists: savedLists, credit } = loaderData;
  const freeShippingCents = useRouteLoaderData<RootData>("root")?.store.freeShippingCents ?? 0;
  const [, updateCart] = useCart();
  const cartRead = useCartRead();
  const { lines, checked, blocked, checking, ready, error } = useCartCheck(buyer);
  const total = cartTotalCents(
    lines
      .filter((l) => !blocksOrder(checked.get(l.id)))
      .map((l) => {
        const c = checked.get(l.id);
        return changesQuantity(c) ? { ...l, quantity: c.quantity } : l;
      }),
  );

  // Excise for the default address (issue 31): buyers only; what the store collects is in the total.
  const excise = useCartExcise(
    buyer,
    lines.filter((l) => !blocksOrder(checked.get(l.id))),
  );
  const belowMinimum = !!orderValue && ready && total < orderValue.minOrderCents;

  if (!cartRead) return <CartLoading title="Your Cart" />;

  if (lines.length === 0) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-12 text-center">
        <h1 className="text-3xl font-bold text-slate-900">Your Cart</h1>
        <p className="mt-4 text-lg text-slate-700">{MESSAGES.cartEmpty}</p>
        <ButtonLink to="/" className="mt-6">
          Go shopping
        </ButtonLink>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <h1 className="text-3xl font-bold text-slate-900">Your Cart</h1>
      {!buyer ? (
        <div className="mt-4">
          <FormMessage tone="info">
            <Link to="/login?redirectTo=%2Fcart" className="font-semibold underline">
              Log in
            </Link>{" "}
            to see current prices and check out.
          </FormMessage>
        </div>
      ) : null}
      {error ? (
        <div className="mt-4">
          <FormMessage tone="error">{error}</FormMessage>
        </div>
      ) : null}
      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_320px]">
        <ul className="flex flex-col gap-3" aria-label="Cart items" aria-busy={!ready} data-cart-checked={ready}>
          {lines.map((line) => {
            const c = checked.get(line.id);
            const unavailable = blocksOrder(c);
            return (
              <li
                key={line.id}
                className={`flex gap-3 rounded-lg border bg-white p-3 ${unavailable ? "border-danger-600" : "border-slate-200"}`}
              >
                <div className="w-20 shrink-0 sm:w-24">
                  <ProductImage image={line.image} alt={line.name} sizes="96px" />
                </div>
                <div className="flex min-w-0 flex-1 flex-col gap-2">
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <h2 className="font-semibold text-slate-900">
                      <Link to={`/products/details/${line.id}`} className="hover:underline">
                        {line.name}
                      </Link>
                    </h2>
                    <output className="tabular font-bold text-slate-900" aria-label={`Line price of ${line.name}`}>
                      {unavailable ? "—" : formatCents(line.priceCents * line.quantity)}
                    </output>
                  </div>
                  <p className="tabular text-sm text-slate-600">
                    {formatCents(line.priceCents)} each
                    {casePackLabel(sellingUnitOf(line)) ? ` · ${casePackLabel(sellingUnitOf(line))}` : ""}
                  </p>
                  <LineProblem
                    name={line.name}
                    check={c}
                    onRemove={() => updateCart((ls) => removeLine(ls, line.id))}
                  />
                  {/* A line that stops the order offers one control, the Remove beside its notice. */}
                  {unavailable ? null : (
                    <div className="flex flex-wrap items-center gap-3">
                      <QuantityStepper
                        name={line.name}
                        quantity={line.quantity}
                        max={largestQuantity(sellingUnitOf(line), line.stock)}
                        onDecrease={() => updateCart((ls) => decreaseLine(ls, line.id))}
                        onIncrease={() => updateCart((ls) => increaseLine(ls, line.id))}
                      />
                      <Button variant="ghost" onClick={() => updateCart((ls) => removeLine(ls, line.id))}>
                        Remove<span className="sr-only"> {line.name}</span>
                      </Button>
                    </div>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
        <aside className="flex h-fit flex-col gap-4 rounded-lg border border-slate-200 bg-white p-5">
          <CartMoney goodsCents={total} state={excise} testId="cart-total" />
          {credit && !excise.pending ? (
            <AccountTerms credit={credit} totalCents={cartMoney(total, excise.excise).totalCents} />
          ) : null}
          {orderValue ? (
            <OrderValueHints totalCents={total} {...orderValue} />
          ) : (
            <p className="text-sm text-slate-600">{CART_MESSAGES.cartShippingNote(freeShippingCents)}</p>
          )}
          {blocked ? (
            <p role="status" className="text-sm font-medium text-danger-700">
              {REMOVE_TO_ORDER}
            </p>
          ) : null}
          <ButtonLink
            to="/checkout"
            aria-disabled={blocked || checking || belowMinimum}
            className={blocked || belowMinimum ? "pointer-events-none opacity-60" : ""}
          >
            Proceed to Checkout
          </ButtonLink>
          <Button
            variant="secondary"
            onClick={() => {
              if (window.confirm(MESSAGES.confirmClearCart)) updateCart(() => []);
            }}
          >
            Clear Cart
          </Button>
          {savedLists ? (
            <Suspense fallback={null}>
              <SaveToList
                title="Save cart as a list"
                lists={savedLists}
                hidden={{
                  intent: "save-cart",
                  lines: JSON.stringify(lines.map((l) => ({ id: l.id, quantity: l.quantity }))),
                }}
              />
            </Suspense>
          ) : null}
        </aside>
      </div>
    </div>
  );
}

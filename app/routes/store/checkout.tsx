import { useEffect, useRef, useState } from "react";
import { useFetcher, useNavigate, useRevalidator } from "react-router";
import { listAddresses } from "~/.server/accounts/addresses";
import { recordAudit } from "~/.server/audit/log";
import { getDb } from "~/.server/db/instance";
import { deliveryOptionFor, hasDeliveryZones } from "~/.server/delivery/zones";
import { placeOrder } from "~/.server/flows/place-order";
import { formAction } from "~/.server/http/form-action";
import { replyError, replyOk } from "~/.server/http/forms";
import { checkoutCredit } from "~/.server/receivables/credit";
import { actorOf, formOf, signedInViewer } from "~/.server/request/context";
import { DomainError } from "~/.server/runtime/domain-error";
import { log } from "~/.server/runtime/log";
import { AddressForm } from "~/components/address-form";
import { AccountTerms } from "~/components/cart/account-terms";
import { CartMoney, cartMoney, useCartExcise } from "~/components/cart/cart-money";
import { useCart, useCartRead, writeCart } from "~/components/cart/cart-store";
import { CartLoading, LineProblem } from "~/components/cart/line-problem";
import { useCartCheck } from "~/components/cart/use-cart-check";
import { DeliveryDays } from "~/components/delivery-days";
import { Button, ButtonLink } from "~/components/ui/button";
import { FormMessage, TextAreaField, TextField } from "~/components/ui/field";
import type { Address } from "~/lib/address";
import { cartTotalCents, removeLine } from "~/lib/cart";
import { blocksOrder, changesQuantity, REMOVE_TO_ORDER } from "~/lib/cart-check";
import { deliveryFeeCents } from "~/lib/delivery";
import type { FormReply } from "~/lib/form-reply";
import { fieldError } from "~/lib/form-reply";
import * as MESSAGES from "~/lib/messages";
import * as CART_MESSAGES from "~/lib/messages/cart";
import * as DELIVERY_MESSAGES from "~/lib/messages/delivery";
import * as TEAM_MESSAGES from "~/lib/messages/team";
import { formatCents } from "~/lib/money";
import { isNetworkError, offlineReply, revalidateUnlessOffline } from "~/lib/offline";
import { MAX_NOTES_LENGTH, MAX_PO_NUMBER_LENGTH } from "~/lib/orders";
import { NOTES_LABEL, PO_NUMBER_LABEL, placeOrderSchema } from "~/lib/schemas/checkout";
import type { Route } from "./+types/checkout";

export function meta() {
  return [{ title: "Checkout" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const viewer = signedInViewer(context);
  let addresses: Address[] | null = null;
  try {
    addresses = await listAddresses(getDb(), viewer.accountId);
  } catch (error) {
    log.error({ err: error }, "checkout could not load addresses");
  }
  // Paid on account (issue 30): the business's terms and available credit (this page is never cached).
  const credit = viewer.role === "customer" ? await checkoutCredit(getDb(), viewer.accountId) : null;
  // Local delivery (issue 40): each address's zone, open route days, fee and minimum.
  const deliveries = Object.fromEntries(
    await Promise.all((addresses ?? []).map(async (a) => [a.id, await deliveryOptionFor(getDb(), a.zip)] as const)),
  );
  return {
    addresses,
    credit,
    deliveries,
    deliversLocally: await hasDeliveryZones(getDb()),
    idempotencyKey: globalThis.crypto.randomUUID(),
  };
}

/** A placed order's id; a failure says whether the spec's alert is the way to tell it. */
type PlaceData = { orderId?: number; alert?: boolean };
type PlaceReply = FormReply<PlaceData>;

export async function action({ context }: Route.ActionArgs) {
  const viewer = signedInViewer(context);
  return formAction(
    formOf(context),
    placeOrderSchema,
    async (placed) => {
      try {
        const { order, created } = await placeOrder(getDb(), {
          userId: viewer.accountId,
          placedBy: {
            id: viewer.id,
            name: viewer.actingFor
              ? TEAM_MESSAGES.nameForBusiness(viewer.name, viewer.actingFor.businessName)
              : viewer.name,
          },
          orderLimitCents: viewer.orderLimitCents,
          // A sales rep's or an admin's phone order: the business is told, the audit log says who.
          ...(viewer.actingFor ? { confirmTo: viewer.accountId } : {}),
          idempotencyKey: placed.idempotencyKey,
          addressId: placed.addressId,
          lines: placed.lines,
          deliveryDate: placed.deliveryDate ?? null,
          poNumber: placed.poNumber,
          notes: placed.notes,
        });
        if (viewer.actingFor && created) {
          await recordAudit(getDb(), actorOf(context), {
            action: "order.placed-for",
            subjectType: "order",
            subjectId: order.id,
            summary: TEAM_MESSAGES.orderPlacedFor(order.id, viewer.actingFor.businessName),
          });
        }
        return replyOk<PlaceData>(undefined, { orderId: order.id });
      } catch (error) {
        // A refusal (a DomainError) is formAction's to say; anything else is not the customer's to fix.
        if (error instanceof DomainError) throw error;
        log.error({ err: error }, "order failed");
        return replyError<PlaceData>({ message: MESSAGES.failedToPlaceOrder }, { status: 500, data: { alert: true } });
      }
    },
    // Every problem is said above the order too, where the customer is looking.
    { summary: (message: string) => message },
  );
}

/**
 * Places the order from the page: on a lost connection the page stays and the spec's alert
 * 'Failed to place order.' says it (app/lib/offline.ts), instead of the error screen.
 */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  try {
    return await serverAction();
  } catch (error) {
    if (isNetworkError(error)) return offlineReply<PlaceData>(MESSAGES.failedToPlaceOrder, { alert: true });
    throw error;
  }
}

export const shouldRevalidate = revalidateUnlessOffline;

export default function Checkout({ loaderData }: Route.ComponentProps) {
  const { addresses } = loaderData;
  const [idempotencyKey] = useState(loaderData.idempotencyKey);
  const cartRead = useCartRead();
  const [, updateCart] = useCart();
  const defaultId = addresses?.find((a) => a.isDefault)?.id ?? addresses?.[0]?.id ?? "";
  const [addressId, setAddressId] = useState(defaultId);
  const { lines, checked, blocked, recheck, checking, ready, error: checkError } = useCartCheck(true, addressId);
  const place = useFetcher<PlaceReply>();
  const navigate = useNavigate();
  // A customer with no saved address gets the address form at once, not only a button to open it.
  const [adding, setAdding] = useState(addresses?.length === 0);
  const [clientError, setClientError] = useState<string | null>(null);
  const details = useRef<HTMLFormElement>(null);
  const result = place.data;
  const placing = place.state !== "idle";

  const orderLines = lines.map((l) => {
    const c = checked.get(l.id);
    return changesQuantity(c) ? { ...l, quantity: c.quantity } : l;
  });
  const total = cartTotalCents(orderLines.filter((l) => !blocksOrder(checked.get(l.id))));
  // Local delivery (issue 40): the chosen address's route days; the earliest until one is picked.
  const delivery = loaderData.deliveries[addressId] ?? null;
  const [pickedDay, setPickedDay] = useState("");
  const deliveryDate = delivery?.days.includes(pickedDay) ? pickedDay : (delivery?.days[0] ?? "");
  const deliveryCents = delivery && deliveryDate ? deliveryFeeCents(delivery, total) : 0;
  // Excise for the chosen address (issue 31): shown per rule, what the store collects in the total.
  const excise = useCartExcise(
    true,
    orderLines.filter((l) => !blocksOrder(checked.get(l.id))),
    addressId,
  );

  // Each answer is acted on once: the effect runs again whenever the cart changes (recheck is
  // rebuilt with the lines), and acting again on a refused order's answer re-checked the cart
  // after every check, which rewrote the cart and re-checked it again, without end.
  const handled = useRef<PlaceReply | null>(null);
  useEffect(() => {
    // Wait for the revalidation that follows the action, or it would undo the navigation.
    if (!result || place.state !== "idle" || handled.current === result) return;
    handled.current = result;
    if (result.ok && result.data?.orderId) {
      writeCart([]);
      navigate(`/order-confirmation?order=${result.data.orderId}`, { replace: true });
    } else if (result.data?.alert) {
      window.alert(result.message);
    } else if (!result.ok && result.fieldErrors?.lines) {
      // A line changed while the customer was here: check the cart again so the line shows
      // what is wrong with it and the control to fix it.
      recheck();
    }
  }, [result, place.state, navigate, recheck]);

  useEffect(() => {
    if (!addressId && defaultId) setAddressId(defaultId);
  }, [addressId, defaultId]);

  // An address just saved here is chosen at once; the list is read again until it shows it (the
  // reading that follows the save can be cut short by the cart's check for the new address).
  const revalidator = useRevalidator();
  const reloadedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!addressId || !addresses || addresses.some((a) => a.id === addressId)) return;
    if (revalidator.state !== "idle" || reloadedFor.current === addressId) return;
    reloadedFor.current = addressId;
    void revalidator.revalidate();
  }, [addressId, addresses, revalidator]);

  function submit() {
    setClientError(null);
    if (!addressId) {
      setClientError(MESSAGES.selectShippingAddress);
      return;
    }
    const extra = details.current ? new FormData(details.current) : null;
    place.submit(
      {
        idempotencyKey,
        addressId,
        lines: JSON.stringify(orderLines.map((l) => ({ id: l.id, quantity: l.quantity }))),
        deliveryDate,
        poNumber: String(extra?.get("poNumber") ?? ""),
        notes: String(extra?.get("notes") ?? ""),
      },
      { method: "post" },
    );
  }

  if (!cartRead) return <CartLoading title="Checkout" />;

  if (lines.length === 0 && !placing && !result?.ok) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-12 text-center">
        <h1 className="text-3xl font-bold text-slate-900">Checkout</h1>
        <p className="mt-4 text-lg text-slate-700">{MESSAGES.cartEmpty}</p>
        <ButtonLink to="/" className="mt-6">
          Go shopping
        </ButtonLink>
      </div>
    );
  }

  const message = clientError ?? (result && !result.ok && !result.data?.alert ? (result.message ?? null) : null);
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <h1 className="text-3xl font-bold text-slate-900">Checkout</h1>
      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_340px]">
        <div className="flex flex-col gap-6">
          <section
            aria-labelledby="items-title"
            aria-busy={!ready}
            data-cart-checked={ready}
            className="rounded-lg border border-slate-200 bg-white p-5"
          >
            <h2 id="items-title" className="text-lg font-bold text-slate-900">
              Items
            </h2>
            {checkError ? <FormMessage tone="error">{checkError}</FormMessage> : null}
            <ul className="mt-3 divide-y divide-slate-200">
              {lines.map((l) => {
                const c = checked.get(l.id);
                const quantity = changesQuantity(c) ? c.quantity : l.quantity;
                const excluded = blocksOrder(c);
                return (
                  <li key={l.id} className="flex flex-wrap items-baseline justify-between gap-2 py-2">
                    <span className={excluded ? "text-slate-500 line-through" : "text-slate-900"}>
                      {quantity} × {l.name}
                    </span>
                    <span className="tabular font-semibold">
                      {excluded ? "—" : formatCents(l.priceCents * quantity)}
                    </span>
                    <LineProblem name={l.name} check={c} onRemove={() => updateCart((ls) => removeLine(ls, l.id))} />
                  </li>
                );
              })}
            </ul>
          </section>
          <section aria-labelledby="ship-title" className="rounded-lg border border-slate-200 bg-white p-5">
            <h2 id="ship-title" className="text-lg font-bold text-slate-900">
              Shipping address
            </h2>
            {addresses === null ? (
              <p className="mt-2 font-medium text-danger-600">{MESSAGES.failedToLoadAddress}</p>
            ) : addresses.length === 0 ? (
              <p className="mt-2 text-slate-700">{MESSAGES.noSavedAddressAddBelow}</p>
            ) : (
              <fieldset className="mt-3">
                <legend className="sr-only">Choose a shipping address</legend>
                <div className="flex flex-col gap-2">
                  {addresses.map((a) => (
                    <label
                      key={a.id}
                      className={`flex cursor-pointer gap-3 rounded-md border p-3 ${addressId === a.id ? "border-brand-500 bg-brand-50" : "border-slate-200"}`}
                    >
                      <input
                        type="radio"
                        name="addressId"
                        value={a.id}
                        checked={addressId === a.id}
                        onChange={() => setAddressId(a.id)}
                        className="mt-1 size-5 accent-brand-700"
                      />
                      <span className="text-sm text-slate-800">
                        <strong>{a.businessName}</strong>
                        <br />
                        {a.street}, {a.city}, {a.state} {a.zip}
                      </span>
                    </label>
                  ))}
                </div>
              </fieldset>
            )}
            {adding ? (
              <div className="mt-4 border-t border-slate-200 pt-4">
                <AddressForm
                  action="/shipping-address"
                  submitLabel="Save and use this address"
                  onSaved={(id) => {
                    setAddressId(id);
                    setAdding(false);
                  }}
                  extra={
                    addresses?.length ? (
                      <Button variant="secondary" onClick={() => setAdding(false)}>
                        Cancel
                      </Button>
                    ) : undefined
                  }
                />
              </div>
            ) : (
              <Button variant="ghost" className="mt-3" onClick={() => setAdding(true)}>
                Add a new address
              </Button>
            )}
          </section>
          {delivery && deliveryDate ? (
            <DeliveryDays
              option={delivery}
              value={deliveryDate}
              onChange={setPickedDay}
              error={fieldError(result, "deliveryDate")}
            />
          ) : loaderData.deliversLocally && addressId && addresses?.some((a) => a.id === addressId) ? (
            <p className="rounded-lg border border-slate-200 bg-white p-5 text-sm text-slate-700">
              {DELIVERY_MESSAGES.shipsByCarrier}
            </p>
          ) : null}
          <section aria-labelledby="details-title" className="rounded-lg border border-slate-200 bg-white p-5">
            <h2 id="details-title" className="text-lg font-bold text-slate-900">
              Order details
            </h2>
            <form
              ref={details}
              className="mt-3 flex flex-col gap-4"
              onSubmit={(event) => {
                event.preventDefault();
                submit();
              }}
            >
              <TextField
                label={`${PO_NUMBER_LABEL} (optional)`}
                name="poNumber"
                maxLength={MAX_PO_NUMBER_LENGTH}
                autoComplete="off"
                hint={MESSAGES.poNumberHint}
                error={fieldError(result, "poNumber")}
              />
              <TextAreaField
                label={`${NOTES_LABEL} (optional)`}
                name="notes"
                rows={3}
                maxLength={MAX_NOTES_LENGTH}
                hint={CART_MESSAGES.orderNotesHint(MAX_NOTES_LENGTH)}
                error={fieldError(result, "notes")}
              />
            </form>
          </section>
        </div>
        <aside className="flex h-fit flex-col gap-4 rounded-lg border border-slate-200 bg-white p-5">
          <CartMoney goodsCents={total} state={excise} deliveryCents={deliveryCents} testId="checkout-total" />
          {loaderData.credit && !excise.pending ? (
            <AccountTerms
              credit={loaderData.credit}
              totalCents={cartMoney(total, excise.excise, deliveryCents).totalCents}
            />
          ) : null}
          {message ? (
            <p role="alert" className="font-medium text-danger-600">
              {message}
            </p>
          ) : null}
          {blocked ? (
            <p role="status" className="text-sm font-medium text-danger-700">
              {REMOVE_TO_ORDER}
            </p>
          ) : null}
          <Button
            onClick={submit}
            disabled={placing || checking || excise.pending || blocked || orderLines.length === 0}
          >
            {placing ? MESSAGES.placingOrder : "Place Order"}
          </Button>
        </aside>
      </div>
    </div>
  );
}

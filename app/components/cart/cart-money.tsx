import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import type { CartLine } from "~/lib/cart";
import type { CartExcise } from "~/lib/excise/engine";
import type { FormWideReply } from "~/lib/form-reply";
import * as EXCISE_MESSAGES from "~/lib/messages/excise";
import { formatCents } from "~/lib/money";
import { moneyRows, type OrderMoney, orderMoney } from "~/lib/order-money";

/** The cart's excise: the answer for the lines and address as they are now, and whether it is awaited. */
export interface CartExciseState {
  excise: CartExcise | null;
  /** Asked and not answered yet: the total is not known (it is not shown, and no order is placed). */
  pending: boolean;
}

/**
 * The cart's excise for the address in use (issue 31), asked of `/api/cart-excise` whenever the
 * lines or the address change: signed-in buyers only (a visitor never sees excise amounts).
 */
export function useCartExcise(enabled: boolean, lines: readonly CartLine[], addressId?: string): CartExciseState {
  const fetcher = useFetcher<FormWideReply<CartExcise & { signature?: string }>>();
  const signature = `${lines.map((l) => `${l.id}x${l.quantity}`).join(",")}@${addressId ?? ""}`;
  const { submit } = fetcher;
  // What the answer in hand was asked for: an answer for other lines (or another address) is not shown.
  const sent = useRef<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the signature stands for the lines and the address
  useEffect(() => {
    if (!enabled || lines.length === 0) return;
    sent.current = signature;
    submit(
      {
        lines: JSON.stringify(lines.map((l) => ({ id: l.id, quantity: l.quantity }))),
        ...(addressId ? { addressId } : {}),
      },
      // A reading: the page's loaders are not run again after it (see useCartCheck).
      { method: "post", action: "/api/cart-excise", defaultShouldRevalidate: false },
    );
  }, [enabled, signature, submit]);
  if (!enabled || lines.length === 0) return { excise: null, pending: false };
  // Before the effect has asked (the first paint), or while the answer is on its way: not known yet.
  if (sent.current !== signature || fetcher.state !== "idle") return { excise: null, pending: true };
  // A failed answer: the order's excise is computed when it is placed; the goods are shown.
  if (!fetcher.data?.ok) return { excise: null, pending: false };
  return { excise: fetcher.data.data ?? null, pending: false };
}

/** The cart's money: its goods and the excise the store collects on them, as an order would owe. */
export function cartMoney(goodsCents: number, excise: CartExcise | null, deliveryCents = 0): OrderMoney {
  return orderMoney({
    goodsCents,
    exciseCents: excise?.collectedCents ?? 0,
    deliveryCents,
    taxCents: excise?.salesTaxCents ?? 0,
  });
}

/**
 * The cart's and checkout's money (issue 36): the subtotal and each excise tax when there is one,
 * then the total, exactly as the order will owe it. While the excise is being asked for, the total
 * says so instead of showing an amount that would change a moment later.
 */
export function CartMoney({
  goodsCents,
  state,
  testId,
  deliveryCents = 0,
}: {
  goodsCents: number;
  state: CartExciseState;
  testId: string;
  /** The local delivery fee at checkout (issue 40). */
  deliveryCents?: number;
}) {
  const money = cartMoney(goodsCents, state.excise, deliveryCents);
  const rows = state.pending ? [] : moneyRows(money, state.excise);
  return (
    <>
      {rows.length > 0 ? (
        <section
          aria-label={EXCISE_MESSAGES.exciseHeading}
          className="flex flex-col gap-1 border-b border-slate-200 pb-3"
        >
          {rows.map((r) => (
            <div key={r.key} className="flex flex-col">
              <div className="flex items-baseline justify-between gap-3 text-sm">
                <span className="text-slate-700">{r.label}</span>
                <span className="tabular font-semibold text-slate-900">{formatCents(r.amountCents)}</span>
              </div>
              {r.note ? <p className="text-xs text-slate-600">{r.note}</p> : null}
            </div>
          ))}
          {state.excise?.lines.some((l) => l.missingFact) ? (
            <p className="text-xs text-warn-800">{EXCISE_MESSAGES.exciseFactMissing}</p>
          ) : null}
        </section>
      ) : null}
      <div className="flex items-baseline justify-between" aria-live="polite">
        <span className="text-lg font-semibold">Total</span>
        <span className="tabular text-2xl font-bold" data-testid={testId}>
          {state.pending ? EXCISE_MESSAGES.totalBeingCalculated : formatCents(money.totalCents)}
        </span>
      </div>
    </>
  );
}

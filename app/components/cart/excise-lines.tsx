import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import type { CartLine } from "~/lib/cart";
import type { CartExcise, ExciseSummary } from "~/lib/excise/engine";
import type { FormWideReply } from "~/lib/form-reply";
import * as EXCISE_MESSAGES from "~/lib/messages/excise";
import { formatCents } from "~/lib/money";

/**
 * The cart's excise for the address in use (issue 31), asked of `/api/cart-excise` whenever the
 * lines or the address change: signed-in buyers only (a visitor never sees excise amounts).
 * Returns the answer for the lines as they are now, or null while it is asked.
 */
export function useCartExcise(enabled: boolean, lines: readonly CartLine[], addressId?: string): CartExcise | null {
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
      { method: "post", action: "/api/cart-excise" },
    );
  }, [enabled, signature, submit]);
  if (!enabled || lines.length === 0 || sent.current !== signature) return null;
  if (fetcher.state !== "idle" || !fetcher.data?.ok) return null;
  return fetcher.data.data ?? null;
}

/** One line per tax rule, with its wording; a tax the buyer owes says so (it is not in the total). */
export function ExciseLines({ excise, goodsCents }: { excise: CartExcise | null; goodsCents: number }) {
  if (!excise || excise.lines.length === 0) return null;
  return (
    <section aria-label={EXCISE_MESSAGES.exciseHeading} className="flex flex-col gap-1 border-b border-slate-200 pb-3">
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="text-slate-700">Subtotal</span>
        <span className="tabular font-semibold text-slate-900">{formatCents(goodsCents)}</span>
      </div>
      {excise.lines.map((l) => (
        <div key={`${l.ruleId}-${l.owedBy}`} className="flex flex-col">
          <div className="flex items-baseline justify-between gap-3 text-sm">
            <span className="text-slate-700">{l.wording}</span>
            <span className="tabular font-semibold text-slate-900">{formatCents(l.amountCents)}</span>
          </div>
          {l.owedBy === "buyer" ? <p className="text-xs text-slate-600">{EXCISE_MESSAGES.buyerOwesExcise}</p> : null}
          {l.missingFact ? <p className="text-xs text-warn-800">{EXCISE_MESSAGES.exciseFactMissing}</p> : null}
        </div>
      ))}
    </section>
  );
}

/** A placed order's excise (as stored with it) and the total with it: the order pages. */
export function OrderExcise({ excise, goodsCents }: { excise: ExciseSummary | null | undefined; goodsCents: number }) {
  if (!excise || excise.lines.length === 0) return null;
  return (
    <div className="flex flex-col gap-2 py-3">
      <ExciseLines excise={{ ...excise, state: null }} goodsCents={goodsCents} />
      <p className="tabular flex items-baseline justify-between text-base font-bold text-slate-900">
        <span>{EXCISE_MESSAGES.totalWithExcise}</span>
        <span data-testid="order-total-with-excise">{formatCents(goodsCents + excise.collectedCents)}</span>
      </p>
    </div>
  );
}

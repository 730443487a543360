import * as MESSAGES from "~/lib/messages";
import * as CART_MESSAGES from "~/lib/messages/cart";

/**
 * The cart's order-value hints (issue 16): what is missing to the store's minimum order (checkout
 * refuses below it) and to free shipping.
 */
export function OrderValueHints({
  totalCents,
  minOrderCents,
  freeShippingCents,
}: {
  totalCents: number;
  minOrderCents: number;
  freeShippingCents: number;
}) {
  const missingMinimum = minOrderCents - totalCents;
  const missingFree = freeShippingCents - totalCents;
  return (
    <div className="flex flex-col gap-2 text-sm">
      {missingMinimum > 0 ? (
        <p role="status" className="font-medium text-danger-700" data-testid="minimum-order">
          {CART_MESSAGES.belowMinimumOrder(minOrderCents, missingMinimum)}
        </p>
      ) : null}
      {freeShippingCents > 0 ? (
        <div data-testid="free-shipping">
          <p className="text-slate-700">
            {missingFree > 0 ? CART_MESSAGES.moreForFreeShipping(missingFree) : MESSAGES.freeShippingReached}
          </p>
          <progress
            className="mt-1 h-2 w-full accent-brand-700"
            max={freeShippingCents}
            value={Math.min(totalCents, freeShippingCents)}
            aria-label={MESSAGES.freeShippingProgress}
          />
        </div>
      ) : null}
    </div>
  );
}

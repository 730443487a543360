import { useCallback, useEffect, useMemo, useRef } from "react";
import { useFetcher } from "react-router";
import type { CartLine } from "~/lib/cart";
import { blocksOrder, type CheckedLine, changesQuantity } from "~/lib/cart-check";
import type { FormWideReply } from "~/lib/form-reply";
import { useCart } from "./cart-store";

function signatureOf(lines: CartLine[]): string {
  return lines.map((l) => `${l.id}x${l.quantity}`).join(",");
}

type CheckResult = FormWideReply<{ lines: CheckedLine[] }>;

/**
 * Checks the cart against the server whenever its products or quantities change (buyers only):
 * current names and prices replace stale ones, quantities above stock are lowered, and
 * products that are gone or out of stock are flagged. Returns the check per product id.
 */
export function useCartCheck(enabled: boolean, addressId?: string) {
  const [lines, updateCart] = useCart();
  const fetcher = useFetcher<CheckResult>();
  // A change of shipping address checks every line again (compliance rules, issue 15).
  const signature = `${signatureOf(lines)}@${addressId ?? ""}`;
  const lastSent = useRef<string | null>(null);
  const { submit } = fetcher;

  const send = useCallback(
    (current: CartLine[]) => {
      lastSent.current = `${signatureOf(current)}@${addressId ?? ""}`;
      submit(
        {
          lines: JSON.stringify(current.map((l) => ({ id: l.id, quantity: l.quantity }))),
          ...(addressId ? { addressId } : {}),
        },
        // A check reads and changes nothing: the page's loaders are not run again after it (that
        // revalidation raced a link tapped meanwhile, which then changed the address but not the page).
        { method: "post", action: "/api/cart-check", defaultShouldRevalidate: false },
      );
    },
    [submit, addressId],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: the signature stands for the lines
  useEffect(() => {
    if (!enabled || lines.length === 0 || signature === lastSent.current) return;
    send(lines);
  }, [enabled, signature]);

  /** Checks the cart again (after an order was refused for a line that changed meanwhile). */
  const recheck = useCallback(() => {
    if (enabled && lines.length > 0) send(lines);
  }, [enabled, lines, send]);

  const checked = useMemo(() => new Map((fetcher.data?.data?.lines ?? []).map((l) => [l.id, l])), [fetcher.data]);

  // Apply what the server said to the stored cart (prices, names, stock, capped quantities).
  useEffect(() => {
    if (!fetcher.data || fetcher.state !== "idle") return;
    const results = new Map((fetcher.data.data?.lines ?? []).map((l) => [l.id, l]));
    updateCart((current: CartLine[]) => {
      const next = current.map((line) => {
        const r = results.get(line.id);
        if (!r?.product) return line;
        return {
          ...line,
          name: r.product.name,
          priceCents: r.product.priceCents,
          stock: r.product.stock,
          image: r.product.image,
          casePack: r.product.casePack,
          minQuantity: r.product.minQuantity,
          maxQuantity: r.product.maxQuantity,
          quantity: changesQuantity(r) && line.quantity === r.requested ? r.quantity : line.quantity,
        };
      });
      // What the server just answered already covers these lines: no second check, so its
      // notices ("quantity lowered from 5") stay on screen.
      lastSent.current = `${signatureOf(next)}@${addressId ?? ""}`;
      return next;
    });
  }, [fetcher.data, fetcher.state, updateCart, addressId]);

  // Between a change of the lines (or address) and the effect that sends their check, the page
  // has painted once with the previous answer: that answer does not cover these lines, so the
  // page counts as checking (a tap on Place Order in that frame was lost on a slow phone).
  const stale = enabled && lines.length > 0 && signature !== lastSent.current;
  const checking = fetcher.state !== "idle" || stale;

  return {
    lines,
    checked,
    /** Some line is out of stock or gone: no order until it is removed (lib/cart-check.ts). */
    blocked: lines.some((l) => blocksOrder(checked.get(l.id))),
    recheck,
    checking,
    error: (fetcher.data && !fetcher.data.ok ? fetcher.data.message : null) ?? null,
    ready: !enabled || lines.length === 0 || (!!fetcher.data && !checking),
  };
}

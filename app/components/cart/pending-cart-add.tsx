import loadAddToBrowserCart from "lazy-import:~/components/cart/add-to-browser-cart";
import { useEffect } from "react";
import type { PendingCartAdd as Pending } from "~/lib/root-data";

const applied = new Set<string>();

/**
 * Puts an Add to Cart that the server answered (a tap before the page's JavaScript had run)
 * into the browser cart, once (root data `cartAdd`, app/.server/flows/cart-add.ts). Every page
 * has it, and it is rarely needed: the code that adds (the cart's rules and notices) is loaded
 * only when there is something to add.
 */
export function PendingCartAdd({ add }: { add: Pending | null }) {
  useEffect(() => {
    if (!add || applied.has(add.key)) return;
    applied.add(add.key);
    void loadAddToBrowserCart().then((m) => m.addAllToBrowserCart(add.items));
  }, [add]);
  return null;
}

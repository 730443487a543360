import { addNotice, addToCart, type CartProduct } from "~/lib/cart";
import * as LINE_MESSAGES from "~/lib/messages/lines";
import { notify } from "../toast";
import { readCart, writeCart } from "./cart-store";

/** Adds to the browser cart and says what happened (the full quantity, less, or nothing). */
export function addToBrowserCart(product: CartProduct, quantity: number): void {
  const outcome = addToCart(readCart(), product, quantity);
  if (outcome.added > 0) writeCart(outcome.lines);
  const notice = addNotice(outcome);
  notify(notice.type, notice.message);
}

/**
 * Adds several lines at once (a line's grid) and says it once: every quantity went in, or what
 * each line that did not fully go in was stopped by.
 */
export function addAllToBrowserCart(items: readonly { product: CartProduct; quantity: number }[]): void {
  if (items.length === 1 && items[0]) {
    addToBrowserCart(items[0].product, items[0].quantity);
    return;
  }
  let lines = readCart();
  const short: { type: "success" | "info" | "error"; message: string }[] = [];
  let units = 0;
  for (const { product, quantity } of items) {
    const outcome = addToCart(lines, product, quantity);
    lines = outcome.lines;
    units += outcome.added;
    if (outcome.added !== outcome.requested) short.push(addNotice(outcome));
  }
  if (units > 0) writeCart(lines);
  if (short.length === 0) {
    notify("success", LINE_MESSAGES.gridAdded(lineNameOf(items), items.length, units));
    return;
  }
  for (const notice of short) notify(notice.type, notice.message);
}

/** The words the variants' names start with (their line's name), or the first's name. */
function lineNameOf(items: readonly { product: CartProduct }[]): string {
  const words = items.map((i) => i.product.name.split(" "));
  const first = words[0] ?? [];
  let shared = 0;
  while (shared < first.length && words.every((w) => w[shared] === first[shared])) shared++;
  return first.slice(0, shared).join(" ") || first.join(" ");
}

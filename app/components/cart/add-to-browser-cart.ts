import { addNotice, addToCart, type CartProduct } from "~/lib/cart";
import { notify } from "../toast";
import { readCart, writeCart } from "./cart-store";

/** Adds to the browser cart and says what happened (the full quantity, less, or nothing). */
export function addToBrowserCart(product: CartProduct, quantity: number): void {
  const outcome = addToCart(readCart(), product, quantity);
  if (outcome.added > 0) writeCart(outcome.lines);
  const notice = addNotice(outcome);
  notify(notice.type, notice.message);
}

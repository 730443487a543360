import { addLine } from "./cart";
import { blocksOrder, type CheckedLine } from "./cart-check";
import type { CartLine } from "./cart-lines";

/**
 * Puts the lines the server checked (an order again, a quick order, a saved list) into the cart:
 * each line it found orderable (a product, a quantity above 0, nothing that stops the order) is
 * added with addLine, at the price, stock and selling unit the server answered. Lines that are
 * gone, out of stock or refused by a compliance rule are left out.
 */
export function addCheckedLines(lines: CartLine[], checked: CheckedLine[]): CartLine[] {
  return checked.reduce((cart, l) => {
    // The cart's one rule of what stops an order (gone, out of stock, a compliance refusal).
    if (blocksOrder(l) || !l.product || l.quantity <= 0) return cart;
    return addLine(
      cart,
      {
        id: l.id,
        name: l.product.name,
        priceCents: l.product.priceCents,
        stock: l.product.stock,
        image: l.product.image,
        casePack: l.product.casePack,
        minQuantity: l.product.minQuantity,
        maxQuantity: l.product.maxQuantity,
      },
      l.quantity,
    );
  }, lines);
}

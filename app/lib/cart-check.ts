import type { ProductImage } from "./images";

/** What the server says about one cart line (buyers only: it carries the current price). */
export interface CheckedLine {
  id: number;
  /** Null when the product no longer exists. */
  product: { name: string; priceCents: number; stock: number; image: ProductImage | null } | null;
  requested: number;
  /** The quantity that can be ordered now (0 when unavailable). */
  quantity: number;
  status: "ok" | "capped" | "out-of-stock" | "gone";
}

/**
 * The one out-of-stock rule of the cart and checkout (issue 12, point 5): a line that is out of
 * stock or gone stops the order until the customer removes it (the Remove control is shown with
 * the notice, on both pages); a line above the stock is lowered to it and says so. Placing an
 * order applies the same rule in its transaction (orders/place-order.ts).
 */
export function blocksOrder(line: CheckedLine | undefined): boolean {
  return line?.status === "gone" || line?.status === "out-of-stock";
}

export const REMOVE_TO_ORDER = "Remove the lines marked unavailable to place your order.";

/** The notice a customer sees for a line the server changed, or null. */
export function lineNotice(line: CheckedLine): string | null {
  switch (line.status) {
    case "gone":
      return "No longer available: remove it to place your order.";
    case "out-of-stock":
      return "Out of stock: remove it to place your order.";
    case "capped":
      return `Only ${line.quantity} in stock: quantity lowered from ${line.requested}.`;
    default:
      return null;
  }
}

import type { ProductImage } from "./images";
import * as MESSAGES from "./messages";
import * as CART_MESSAGES from "./messages/cart";
import type { SellingUnit } from "./quantity";

/** What the server says about one cart line (buyers only: it carries the current price). */
export interface CheckedLine {
  id: number;
  /** Null when the product no longer exists. */
  product: ({ name: string; priceCents: number; stock: number; image: ProductImage | null } & SellingUnit) | null;
  requested: number;
  /** The quantity that can be ordered now (0 when unavailable). */
  quantity: number;
  /** adjusted: the quantity was changed to whole cases within the minimum and maximum (issue 16). */
  status: "ok" | "capped" | "adjusted" | "out-of-stock" | "gone";
  /** Set when a compliance rule stops the line for the chosen address (issue 15). */
  compliance?: LineCompliance;
}

/** Why the rules refuse a line for the chosen address, and which license would allow it. */
export interface LineCompliance {
  outcome: "blocked" | "license-required";
  reason: string;
  licenseLabel: string | null;
  /**
   * The cart, where no address is chosen yet: the line is refused at the default address only,
   * and another of the customer's addresses may receive it. A warning: it does not stop the way
   * to checkout, where the address chosen decides (issue 26).
   */
  otherAddressAllows?: boolean;
}

/**
 * The one out-of-stock rule of the cart and checkout (issue 12, point 5): a line that is out of
 * stock or gone stops the order until the customer removes it (the Remove control is shown with
 * the notice, on both pages); a line above the stock is lowered to it and says so. Placing an
 * order applies the same rule in its transaction (.server/flows/place-order.ts).
 */
export function blocksOrder(line: CheckedLine | undefined): boolean {
  return (
    line?.status === "gone" ||
    line?.status === "out-of-stock" ||
    (!!line?.compliance && !line.compliance.otherAddressAllows)
  );
}

/** The server changed the line's quantity (lowered to the stock, or fitted to whole cases): order that one. */
export function changesQuantity(line: CheckedLine | undefined): line is CheckedLine {
  return line?.status === "capped" || line?.status === "adjusted";
}

export const REMOVE_TO_ORDER = MESSAGES.removeUnavailableLines;

/** The notice a customer sees for a line the server changed, or null. */
export function lineNotice(line: CheckedLine): string | null {
  if (line.compliance) return line.compliance.reason;
  switch (line.status) {
    case "gone":
      return MESSAGES.lineNoLongerAvailable;
    case "out-of-stock":
      return MESSAGES.lineOutOfStock;
    case "capped":
      return CART_MESSAGES.quantityLowered(line.quantity, line.requested);
    case "adjusted":
      return CART_MESSAGES.quantityAdjusted(line.requested, line.quantity);
    default:
      return null;
  }
}

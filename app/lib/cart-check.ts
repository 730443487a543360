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

/** The notice a customer sees for a line the server changed, or null. */
export function lineNotice(line: CheckedLine): string | null {
  switch (line.status) {
    case "gone":
      return "This product is no longer available and will not be ordered.";
    case "out-of-stock":
      return "Out of stock: this line will not be ordered.";
    case "capped":
      return `Only ${line.quantity} in stock: quantity lowered from ${line.requested}.`;
    default:
      return null;
  }
}

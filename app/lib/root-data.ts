import type { CartProduct } from "./cart";
import type { StoreInfo } from "./store";
import type { FlashToast } from "./toast";

/**
 * An Add to Cart made before the page's script ran (one product, or a line's grid), handed to the
 * browser by the root loader.
 */
export interface PendingCartAdd {
  /** Tells one addition from another, so the browser applies each once. */
  key: string;
  items: { product: CartProduct; quantity: number }[];
}

/**
 * What the root loader (app/root.tsx) gives every page. Declared here, not inferred from the
 * loader, so that the shell's components read it without importing the root route, which
 * imports them (the folder graph has no cycle; decision 0031).
 */
export interface RootData {
  baseUrl: string;
  store: StoreInfo;
  /** Who the header is for, by audience (role and approval), never by person: pages are shared (decision 0035). */
  viewer: {
    role: "admin" | "customer" | "rep" | "driver";
    awaitingApproval: boolean;
    /** The business a sales rep or an admin acts for (decision 0033): the banner on every page names it. */
    actingFor: string | null;
  } | null;
  toast: FlashToast | null;
  cartAdd: PendingCartAdd | null;
}

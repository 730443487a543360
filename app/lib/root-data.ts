import type { CartProduct } from "./cart-lines";
import type { StoreInfo } from "./store";
import type { FlashToast } from "./toast";

/**
 * What the root loader (root.tsx) hands every page, declared here rather than inferred from the
 * loader: the document and chrome (components/app-shell.tsx, which root.tsx re-exports) read it
 * without importing root.tsx back. The loader is checked against it (`satisfies`).
 */
export interface RootData {
  baseUrl: string;
  store: StoreInfo;
  viewer: { name: string; role: "admin" | "customer"; awaitingApproval: boolean } | null;
  toast: FlashToast | null;
  /** An Add to Cart the server took before the page's JavaScript ran (.server/catalog/cart-add.ts). */
  cartAdd: { key: string; product: CartProduct; quantity: number } | null;
}

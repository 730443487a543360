export type ToastType = "success" | "error" | "info";

/** A message carried across a redirect (flash cookie) and shown once by the root layout. */
export interface FlashToast {
  id: string;
  type: ToastType;
  message: string;
  /** Account screens keep toasts 5 s, the shop 3 s. */
  duration?: number;
}

export const SHOP_TOAST_MS = 3000;
export const ACCOUNT_TOAST_MS = 5000;

/** The store's public details (from configuration), as the layout shows them. */
export interface StoreInfo {
  name: string;
  phone: string;
  email: string;
  address: string;
  hours: string;
  /** From this order total, in cents, shipping is free (0: never; FREE_SHIPPING_CENTS). */
  freeShippingCents: number;
}

export const MINIMUM_AGE = 21;

export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}

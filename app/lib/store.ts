/** The store's public details (from configuration), as the layout shows them. */
export interface StoreInfo {
  name: string;
  phone: string;
  email: string;
  address: string;
  hours: string;
}

export const MINIMUM_AGE = 21;

export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}

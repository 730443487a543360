import type { StoreInfo } from "~/lib/store";
import { env } from "./env";

export function storeInfo(): StoreInfo {
  const e = env();
  return {
    name: e.STORE_NAME,
    phone: e.STORE_PHONE,
    email: e.STORE_EMAIL,
    address: e.STORE_ADDRESS,
    hours: e.STORE_HOURS,
    freeShippingCents: e.FREE_SHIPPING_CENTS,
  };
}

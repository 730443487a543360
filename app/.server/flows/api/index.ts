import { ACCOUNT_ENDPOINTS } from "./accounts";
import { CATALOG_ENDPOINTS } from "./catalog";
import { LINE_WRITE_ENDPOINTS } from "./catalog-lines";
import { DELIVERY_ENDPOINTS } from "./delivery";
import type { AnyEndpoint } from "./endpoint";
import { ORDER_ENDPOINTS } from "./orders";
import { PURCHASING_ENDPOINTS } from "./purchasing";

/** Every endpoint of the public REST API, in the order the reference lists them. */
export const API_ENDPOINTS: readonly AnyEndpoint[] = [
  ...CATALOG_ENDPOINTS,
  ...LINE_WRITE_ENDPOINTS,
  ...ORDER_ENDPOINTS,
  ...ACCOUNT_ENDPOINTS,
  ...PURCHASING_ENDPOINTS,
  ...DELIVERY_ENDPOINTS,
];

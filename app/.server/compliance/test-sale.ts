import type { Kysely } from "kysely";
import { licenseTypeLabel, storeToday } from "~/lib/business";
import { evaluateSale } from "~/lib/compliance/engine";
import type { SaleTestResult } from "~/lib/compliance/sale-test";
import { stateName } from "~/lib/compliance/vocabulary";
import * as MESSAGES from "~/lib/messages";
import { findProductIdBySku } from "../catalog/search/codes";
import type { DB } from "../db/schema";
import { buyerLicenses } from "./check";
import { loadFacts } from "./facts";
import { listRules } from "./rules";

export interface SaleTest {
  /** The product picked; null: the one whose SKU is `product`. */
  productId: number | null;
  /** What was typed in the product field. */
  product: string;
  state: string;
  zip: string;
  /** The customer's email; empty: a buyer with no licenses. */
  customer: string;
  date: string;
}

export const TEST_PRODUCT_NOT_FOUND = MESSAGES.chooseCatalogProduct;
export const TEST_CUSTOMER_NOT_FOUND = MESSAGES.noCustomerWithEmail;

/**
 * The admin's "test a sale" box: what the rules say for a product shipped to a state and ZIP for a
 * customer (their licenses, and the address-scoped ones of their address at that ZIP) on a date.
 * The product is the one picked, or the one whose SKU was typed. Read straight from the tables
 * (every rule, enabled or not, as stored now).
 */
export async function testSale(
  db: Kysely<DB>,
  input: SaleTest,
): Promise<{ ok: true; result: SaleTestResult } | { ok: false; field: string; message: string }> {
  const productId = input.productId ?? (await findProductIdBySku(db, input.product));
  const product =
    productId === null
      ? undefined
      : await db.selectFrom("products").select("name").where("id", "=", productId).executeTakeFirst();
  const facts = productId === null ? undefined : (await loadFacts(db, [productId])).get(productId);
  if (productId === null || !product || !facts) return { ok: false, field: "product", message: TEST_PRODUCT_NOT_FOUND };
  let userId: string | null = null;
  let addressId: string | null = null;
  if (input.customer) {
    const user = await db
      .selectFrom("users")
      .select(["id", "email"])
      .where("email", "=", input.customer.toLowerCase())
      .executeTakeFirst();
    if (!user) return { ok: false, field: "customer", message: TEST_CUSTOMER_NOT_FOUND };
    userId = user.id;
    const address = await db
      .selectFrom("addresses")
      .select("id")
      .where("user_id", "=", user.id)
      .where("state", "=", input.state)
      .where("zip", "=", input.zip)
      .executeTakeFirst();
    addressId = address?.id ?? null;
  }
  const date = input.date || storeToday();
  const verdict = evaluateSale(
    facts,
    { state: input.state, zip: input.zip, addressId },
    await buyerLicenses(db, userId),
    date,
    await listRules(db),
  );
  return {
    ok: true,
    result: {
      productName: product.name,
      destination: `${stateName(input.state)} ${input.zip}`.trim(),
      customer: input.customer || null,
      date,
      outcome: verdict.outcome,
      reason: verdict.reason,
      licenseLabel: verdict.licenseType ? licenseTypeLabel(verdict.licenseType) : null,
      deciding: verdict.deciding,
      applied: verdict.applied,
    },
  };
}

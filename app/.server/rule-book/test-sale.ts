import type { Kysely } from "kysely";
import { storeToday } from "~/lib/business";
import { stateName } from "~/lib/compliance/vocabulary";
import * as MESSAGES from "~/lib/messages";
import type { SaleTestInput } from "~/lib/schemas/rule-book";
import { findProductIdBySku } from "../catalog/search/codes";
import type { DB } from "../db/schema";

/**
 * The rule-book's "test a sale" (decision 0045): the sale the admin describes, made concrete —
 * the product (the one picked, or the one whose SKU was typed) with the facts the kind's rules
 * read, the destination, the customer (their id, and their address at that state and ZIP, for
 * address-bound licenses) and the date (empty: today). The kind then asks its own rules.
 */
export interface SaleToTest<F> {
  productName: string;
  facts: F;
  destination: { state: string; zip: string; addressId: string | null };
  /** The customer's user id; null: a buyer with no account (no licenses). */
  userId: string | null;
  customer: string | null;
  date: string;
  /** "Indiana 46204": the destination in words. */
  where: string;
}

export async function saleToTest<F>(
  db: Kysely<DB>,
  input: SaleTestInput,
  loadFacts: (db: Kysely<DB>, productIds: readonly number[]) => Promise<Map<number, F>>,
): Promise<{ ok: true; sale: SaleToTest<F> } | { ok: false; field: "product" | "customer"; message: string }> {
  const productId = input.productId ?? (await findProductIdBySku(db, input.product));
  const product =
    productId === null
      ? undefined
      : await db.selectFrom("products").select("name").where("id", "=", productId).executeTakeFirst();
  const facts = productId === null ? undefined : (await loadFacts(db, [productId])).get(productId);
  if (productId === null || !product || !facts)
    return { ok: false, field: "product", message: MESSAGES.chooseCatalogProduct };
  let userId: string | null = null;
  let addressId: string | null = null;
  if (input.customer) {
    const user = await db
      .selectFrom("users")
      .select(["id", "email"])
      .where("email", "=", input.customer.toLowerCase())
      .executeTakeFirst();
    if (!user) return { ok: false, field: "customer", message: MESSAGES.noCustomerWithEmail };
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
  return {
    ok: true,
    sale: {
      productName: product.name,
      facts,
      destination: { state: input.state, zip: input.zip, addressId },
      userId,
      customer: input.customer || null,
      date: input.date || storeToday(),
      where: `${stateName(input.state)} ${input.zip}`.trim(),
    },
  };
}

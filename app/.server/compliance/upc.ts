import type { Kysely, Transaction } from "kysely";
import { sameGtins } from "~/lib/gtin";
import type { DB } from "../db/schema";

type Db = Kysely<DB> | Transaction<DB>;

/**
 * The UPCs (kept with each product's compliance facts) as one product's own (issue 38): which
 * products hold a code, and the codes of some products.
 */

/** The products holding any of these codes, a UPC-A and its EAN-13 being one code. */
export async function upcHolders(db: Db, codes: readonly string[]): Promise<{ productId: number; upc: string }[]> {
  const all = [...new Set(codes.flatMap(sameGtins))];
  if (all.length === 0) return [];
  const rows = await db
    .selectFrom("product_compliance")
    .select(["product_id", "upc"])
    .where("upc", "in", all)
    .execute();
  return rows.flatMap((r) => (r.upc === null ? [] : [{ productId: r.product_id, upc: r.upc }]));
}

/** The UPC of each of these products that has one. */
export async function upcsOf(db: Db, productIds: readonly number[]): Promise<Map<number, string>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("product_compliance")
    .select(["product_id", "upc"])
    .where("product_id", "in", [...new Set(productIds)])
    .where("upc", "is not", null)
    .execute();
  return new Map(rows.map((r) => [r.product_id, r.upc as string]));
}

import type { Kysely } from "kysely";
import { type Tier, tiersToCell } from "~/lib/tiers";
import type { DB, ProductComplianceTable, ProductsTable } from "../../db/schema";
import { COMPLIANCE_COLUMNS, PRODUCTS_TABLE_COLUMNS } from "./columns";

/**
 * The catalog's products as the CSV's columns hold them, read by the export and by the import's
 * plan. How many products one query asks about:
 */
export const LOOKUP_BATCH = 500;

/** The products of `db`, with their compliance facts, in the columns the file declares. */
export function productsWithFacts(db: Kysely<DB>) {
  return db
    .selectFrom("products")
    .leftJoin("product_compliance", "product_compliance.product_id", "products.id")
    .select([
      "products.id",
      // The variant's line and its values of the line's options (issue 38).
      "products.line_id",
      "products.option1",
      "products.option2",
      "products.option3",
      ...PRODUCTS_TABLE_COLUMNS.map((c) => `products.${c.column}` as `products.${keyof ProductsTable & string}`),
      ...COMPLIANCE_COLUMNS.map(
        (c) => `product_compliance.${c.column}` as `product_compliance.${keyof ProductComplianceTable & string}`,
      ),
    ]);
}

/** The quantity breaks of some products, each as its CSV cell (products without breaks are left out). */
export async function tierCells(db: Kysely<DB>, ids: number[]): Promise<Map<number, string>> {
  const byProduct = new Map<number, Tier[]>();
  for (let i = 0; i < ids.length; i += LOOKUP_BATCH) {
    const rows = await db
      .selectFrom("price_tiers")
      .select(["product_id", "min_quantity", "price_cents"])
      .where("product_id", "in", ids.slice(i, i + LOOKUP_BATCH))
      .orderBy("product_id")
      .orderBy("min_quantity")
      .execute();
    for (const r of rows)
      byProduct.set(r.product_id, [
        ...(byProduct.get(r.product_id) ?? []),
        { minQuantity: r.min_quantity, priceCents: r.price_cents },
      ]);
  }
  return new Map([...byProduct].map(([id, tiers]) => [id, tiersToCell(tiers)]));
}

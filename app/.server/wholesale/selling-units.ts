import type { Kysely, Transaction } from "kysely";
import { quantityProblem, type SellingUnit, sellingUnitOf, smallestQuantity } from "~/lib/quantity";
import type { DB } from "../db/schema";

type Db = Kysely<DB> | Transaction<DB>;

/**
 * The first line whose quantity the product's selling unit refuses (not whole cases, below the
 * minimum, above the maximum per order), in the customer's words; null when every line fits.
 * Placing an order calls it inside its transaction, before taking stock (the stock has its own
 * conditional update); unknown products are left to that step too.
 */
export async function sellingUnitProblem(db: Db, lines: { id: number; quantity: number }[]): Promise<string | null> {
  if (lines.length === 0) return null;
  const rows = await db
    .selectFrom("products")
    .select(["id", "name", "case_pack", "min_quantity", "max_quantity"])
    .where(
      "id",
      "in",
      lines.map((l) => l.id),
    )
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const line of lines) {
    const row = byId.get(line.id);
    if (!row) continue;
    const unit = sellingUnitOf({
      casePack: row.case_pack,
      minQuantity: row.min_quantity,
      maxQuantity: row.max_quantity,
    });
    const problem = quantityProblem(row.name, line.quantity, unit);
    if (problem) return problem;
  }
  return null;
}

/**
 * A posted quantity as a number for quantityProblem: absent means the smallest orderable
 * quantity; "12" is 12; anything else (fractions, signs, words, huge) is NaN, refused as not whole.
 */
export function readQuantity(value: FormDataEntryValue | null, unit: SellingUnit): number {
  if (value === null) return smallestQuantity(unit);
  if (typeof value !== "string") return Number.NaN;
  const text = value.trim();
  if (text === "") return smallestQuantity(unit);
  if (/^\d{1,9}$/.test(text)) return Number(text);
  if (/^-?\d+(\.\d+)?$/.test(text)) return Number(text);
  return Number.NaN;
}

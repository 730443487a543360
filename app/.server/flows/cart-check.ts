import type { Kysely } from "kysely";
import type { CheckedLine } from "~/lib/cart-check";
import { largestQuantity, nearestQuantity, quantityProblem, smallestQuantity } from "~/lib/quantity";
import type { CartLinesInput } from "~/lib/schemas/checkout";
import { listProductsByIds } from "../catalog/products";
import type { DB } from "../db/schema";
import { loadPriceBook, unitPriceCents } from "../pricing/prices";

/**
 * Checks cart lines against the catalog: current name and price, the quantity that fits the
 * stock now, and which lines can no longer be ordered. For signed-in buyers only (prices).
 */
export async function checkCartLines(
  db: Kysely<DB>,
  lines: CartLinesInput,
  userId: string | null = null,
): Promise<CheckedLine[]> {
  const products = new Map(
    (
      await listProductsByIds(
        db,
        lines.map((l) => l.id),
      )
    ).map((p) => [p.id, p]),
  );
  const book = await loadPriceBook(db, userId, [...products.keys()]);
  return lines.map((line) => {
    const p = products.get(line.id);
    if (!p) return { id: line.id, product: null, requested: line.quantity, quantity: 0, status: "gone" };
    const unit = { casePack: p.casePack, minQuantity: p.minQuantity, maxQuantity: p.maxQuantity };
    // The customer's price for the quantity the line will hold (tiers depend on it).
    const priceAt = (quantity: number) => ({
      name: p.name,
      priceCents: unitPriceCents(book, p, Math.max(quantity, smallestQuantity(unit))),
      stock: p.stock,
      image: p.images[0] ?? null,
      ...unit,
    });
    const product = priceAt(line.quantity);
    // Out of stock also when fewer than the smallest orderable quantity (a whole case, the minimum) are left.
    if (p.stock <= 0 || largestQuantity(unit, p.stock) === 0) {
      return { id: line.id, product, requested: line.quantity, quantity: 0, status: "out-of-stock" };
    }
    if (quantityProblem(p.name, line.quantity, unit, p.stock) === null) {
      return { id: line.id, product, requested: line.quantity, quantity: line.quantity, status: "ok" };
    }
    const quantity = nearestQuantity(line.quantity, unit, p.stock);
    const status = line.quantity > p.stock && quantity === p.stock ? "capped" : "adjusted";
    return { id: line.id, product: priceAt(quantity), requested: line.quantity, quantity, status };
  });
}

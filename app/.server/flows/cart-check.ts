import type { Kysely } from "kysely";
import type { CheckedLine, LineCompliance } from "~/lib/cart-check";
import { largestQuantity, nearestQuantity, quantityProblem, smallestQuantity } from "~/lib/quantity";
import type { CartLinesInput } from "~/lib/schemas/checkout";
import type { Product } from "../catalog/product";
import { listProductsByIds } from "../catalog/products";
import { cartCompliance } from "../compliance/for-buyer";
import type { DB } from "../db/schema";
import { loadPriceBook, type PriceBook, tierQuantities, unitPriceCents } from "../pricing/prices";

/**
 * The cart check (`/api/cart-check`, which the cart and checkout pages call): each line's current
 * name, the customer's price, the quantity that fits the stock now, which lines can no longer be
 * ordered, and the compliance rules' word for the chosen address (the default one, and the
 * others, when none is named). For signed-in buyers only (prices).
 *
 * It reads each thing once, and the reads that do not depend on each other at the same time: the
 * products, the price book (the customer's group, its prices, the quantity breaks) and the
 * compliance context (the address or addresses, the rules, the facts, the licenses).
 */
export async function checkCart(
  db: Kysely<DB>,
  input: { userId: string; addressId: string | null; lines: CartLinesInput },
): Promise<CheckedLine[]> {
  const ids = [...new Set(input.lines.map((l) => l.id))];
  const [products, book, refused] = await Promise.all([
    listProductsByIds(db, ids),
    loadPriceBook(db, input.userId, ids),
    cartCompliance(db, input.userId, input.addressId, ids),
  ]);
  return shapeLines(input.lines, products, book, refused);
}

/**
 * Cart lines checked against the catalog and the customer's prices, without the compliance rules
 * (a saved list's page, Order again): the products, then the price book of those found.
 */
export async function checkCartLines(
  db: Kysely<DB>,
  lines: CartLinesInput,
  userId: string | null = null,
): Promise<CheckedLine[]> {
  const products = await listProductsByIds(
    db,
    lines.map((l) => l.id),
  );
  const book = await loadPriceBook(
    db,
    userId,
    products.map((p) => p.id),
  );
  return shapeLines(lines, products, book, new Map());
}

function shapeLines(
  lines: CartLinesInput,
  found: Product[],
  book: PriceBook,
  refused: Map<number, LineCompliance>,
): CheckedLine[] {
  const products = new Map(found.map((p) => [p.id, p]));
  // A line's breaks count the other variants of its line in the cart too (decision 0055).
  const reached = tierQuantities(
    lines.flatMap((l) => {
      const p = products.get(l.id);
      return p ? [{ id: l.id, quantity: l.quantity, lineId: p.lineId, priceApart: p.priceApart }] : [];
    }),
  );
  return lines.map((line) => {
    const others = (reached.get(line.id) ?? line.quantity) - line.quantity;
    const checked = checkLine(line, products.get(line.id), book, others);
    const compliance = refused.get(line.id);
    return compliance ? { ...checked, compliance } : checked;
  });
}

function checkLine(line: CartLinesInput[number], p: Product | undefined, book: PriceBook, others: number): CheckedLine {
  if (!p) return { id: line.id, product: null, requested: line.quantity, quantity: 0, status: "gone" };
  const unit = { casePack: p.casePack, minQuantity: p.minQuantity, maxQuantity: p.maxQuantity };
  // The customer's price for the quantity the line will hold (tiers depend on it).
  const priceAt = (quantity: number) => ({
    name: p.name,
    priceCents: unitPriceCents(book, p, Math.max(quantity, smallestQuantity(unit)) + others),
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
}

import type { Kysely } from "kysely";
import type { CheckedLine } from "~/lib/cart-check";
import type { CartLinesInput } from "~/lib/schemas/checkout";
import type { DB } from "../db/schema";
import { listProductsByIds } from "./products";

/**
 * Checks cart lines against the catalog: current name and price, the quantity that fits the
 * stock now, and which lines can no longer be ordered. For signed-in buyers only (prices).
 */
export async function checkCartLines(db: Kysely<DB>, lines: CartLinesInput): Promise<CheckedLine[]> {
  const products = new Map(
    (
      await listProductsByIds(
        db,
        lines.map((l) => l.id),
      )
    ).map((p) => [p.id, p]),
  );
  return lines.map((line) => {
    const p = products.get(line.id);
    if (!p) return { id: line.id, product: null, requested: line.quantity, quantity: 0, status: "gone" };
    const product = { name: p.name, priceCents: p.priceCents, stock: p.stock, image: p.images[0] ?? null };
    if (p.stock <= 0) return { id: line.id, product, requested: line.quantity, quantity: 0, status: "out-of-stock" };
    if (line.quantity > p.stock) {
      return { id: line.id, product, requested: line.quantity, quantity: p.stock, status: "capped" };
    }
    return { id: line.id, product, requested: line.quantity, quantity: line.quantity, status: "ok" };
  });
}

import type { Kysely } from "kysely";
import type { ExciseSummary } from "~/lib/excise/engine";
import { smallestQuantity } from "~/lib/quantity";
import type { CartLinesInput } from "~/lib/schemas/checkout";
import { listProductsByIds } from "../catalog/products";
import type { DB } from "../db/schema";
import { computeExcise, summaryOf } from "../excise/orders";
import { loadPriceBook, unitPriceCents } from "../pricing/prices";

/**
 * The excise of a signed-in buyer's cart for the address in use (issue 31): the address named
 * (checkout) or the default one (the cart), the customer's prices for the lines, and the rules of
 * that address's state. A personal answer (`/api/cart-excise`, buyers only): catalog pages, which
 * are shared by audience (decision 0035), never carry it.
 */
export async function cartExcise(
  db: Kysely<DB>,
  input: { userId: string; addressId: string | null; lines: CartLinesInput },
): Promise<ExciseSummary & { state: string | null }> {
  let q = db.selectFrom("addresses").select(["state", "zip"]).where("user_id", "=", input.userId);
  q = input.addressId ? q.where("id", "=", input.addressId) : q.orderBy("is_default", "desc").orderBy("created_at");
  const ids = [...new Set(input.lines.map((l) => l.id))];
  const [address, products, book] = await Promise.all([
    q.executeTakeFirst(),
    listProductsByIds(db, ids),
    loadPriceBook(db, input.userId, ids),
  ]);
  if (!address) return { lines: [], collectedCents: 0, state: null };
  const byId = new Map(products.map((p) => [p.id, p]));
  const taxable = input.lines.flatMap((l) => {
    const p = byId.get(l.id);
    if (!p) return [];
    const unit = { casePack: p.casePack, minQuantity: p.minQuantity, maxQuantity: p.maxQuantity };
    const priceCents = unitPriceCents(book, p, Math.max(l.quantity, smallestQuantity(unit)));
    return [{ productId: p.id, quantity: l.quantity, lineCents: priceCents * l.quantity }];
  });
  const lines = await computeExcise(db, taxable, address);
  return { ...summaryOf(lines), state: address.state };
}

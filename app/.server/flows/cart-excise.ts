import type { Kysely } from "kysely";
import { deliveryFeeCents } from "~/lib/delivery";
import { collectedCents, type ExciseSummary } from "~/lib/excise/engine";
import { salesTaxCents } from "~/lib/sales-tax";
import type { CartLinesInput } from "~/lib/schemas/checkout";
import { listProductsByIds } from "../catalog/products";
import type { DB } from "../db/schema";
import { deliveryOptionFor } from "../delivery/zones";
import { computeExcise, summaryOf } from "../excise/orders";
import { loadPriceBook, tierQuantities, unitPriceCents } from "../pricing/prices";
import { computeSalesTax, productClassesOf } from "../tax/sales-tax";

/**
 * The excise and sales tax of a signed-in buyer's cart for the address in use (issues 31, 41): the address named
 * (checkout) or the default one (the cart), the customer's prices for the lines, and the rules of
 * that address's state. A personal answer (`/api/cart-excise`, buyers only): catalog pages, which
 * are shared by audience (decision 0035), never carry it.
 */
export async function cartExcise(
  db: Kysely<DB>,
  input: { userId: string; addressId: string | null; lines: CartLinesInput },
): Promise<ExciseSummary & { state: string | null; salesTaxCents: number }> {
  let q = db.selectFrom("addresses").select(["state", "zip"]).where("user_id", "=", input.userId);
  q = input.addressId ? q.where("id", "=", input.addressId) : q.orderBy("is_default", "desc").orderBy("created_at");
  const ids = [...new Set(input.lines.map((l) => l.id))];
  const [address, products, book] = await Promise.all([
    q.executeTakeFirst(),
    listProductsByIds(db, ids),
    loadPriceBook(db, input.userId, ids),
  ]);
  if (!address) return { lines: [], collectedCents: 0, state: null, salesTaxCents: 0 };
  const byId = new Map(products.map((p) => [p.id, p]));
  // As the order will have them (placeOrder merges lines of one product, priced at the merged
  // quantity): each line's tax is rounded once, so the cart rounds the same lines the order does.
  const merged = new Map<number, number>();
  for (const l of input.lines) merged.set(l.id, (merged.get(l.id) ?? 0) + l.quantity);
  const reached = tierQuantities(
    [...merged.entries()].flatMap(([id, quantity]) => {
      const p = byId.get(id);
      return p ? [{ id, quantity, lineId: p.lineId, priceApart: p.priceApart }] : [];
    }),
  );
  const taxable = [...merged.entries()].flatMap(([id, quantity]) => {
    const p = byId.get(id);
    if (!p) return [];
    return [{ productId: p.id, quantity, lineCents: unitPriceCents(book, p, reached.get(id) ?? quantity) * quantity }];
  });
  const lines = await computeExcise(db, taxable, address);
  // Sales tax as the order will charge it (issue 41). At checkout (an address named) the delivery
  // fee is part of what is taxed; the cart shows no delivery fee, so its tax leaves it out too.
  const goodsCents = taxable.reduce((sum, l) => sum + l.lineCents, 0);
  const delivery = input.addressId ? await deliveryOptionFor(db, address.zip) : null;
  const classes = await productClassesOf(
    db,
    taxable.map((l) => l.productId),
  );
  const salesTax = await computeSalesTax(db, {
    userId: input.userId,
    destination: address,
    lines: taxable.map((l, position) => ({
      position,
      productId: l.productId,
      productClass: classes.get(l.productId) ?? null,
      goodsCents: l.lineCents,
      exciseCents: collectedCents(lines.filter((x) => x.productId === l.productId)),
    })),
    deliveryCents: delivery && delivery.days.length > 0 ? deliveryFeeCents(delivery, goodsCents) : 0,
  });
  return { ...summaryOf(lines), state: address.state, salesTaxCents: salesTaxCents(salesTax) };
}

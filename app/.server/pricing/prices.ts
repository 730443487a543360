import type { Kysely, Transaction } from "kysely";
import { sellingUnitOf, smallestQuantity } from "~/lib/quantity";
import type { Tier } from "~/lib/tiers";
import type { Product } from "../catalog/product";
import type { DB, PriceGroupKind } from "../db/schema";

type Db = Kysely<DB> | Transaction<DB>;

/**
 * The one pricing rule of the store (issue 16, decision 0017). A customer's unit price for a
 * product and a quantity comes from the database:
 *
 * 1. the list price, or the tier price of the highest quantity break the quantity reaches;
 * 2. then the customer's price group: a 'percent' group takes its percentage off that price; an
 *    'explicit' group's price for the product replaces the list price, and a tier lowers it by the
 *    same proportion the tier lowers the list price (products without an explicit price keep the
 *    list and tier prices).
 *
 * Rounded to the cent once, at the end. Cards, the product page, suggestions, the cart check and
 * order placement (inside its transaction) all ask this module.
 */
export interface CustomerGroup {
  id: number;
  name: string;
  kind: PriceGroupKind;
  percentOffBp: number;
}

export interface PriceBook {
  group: CustomerGroup | null;
  /** The group's explicit prices, by product id. */
  explicit: Map<number, number>;
  /** Each product's quantity breaks, lowest first. */
  tiers: Map<number, Tier[]>;
}

export async function findCustomerGroup(db: Db, userId: string | null): Promise<CustomerGroup | null> {
  if (!userId) return null;
  const row = await db
    .selectFrom("customer_price_groups")
    .innerJoin("price_groups", "price_groups.id", "customer_price_groups.group_id")
    .select(["price_groups.id", "price_groups.name", "price_groups.kind", "price_groups.percent_off_bp"])
    .where("customer_price_groups.user_id", "=", userId)
    .executeTakeFirst();
  return row ? { id: row.id, name: row.name, kind: row.kind, percentOffBp: row.percent_off_bp } : null;
}

/**
 * What pricing `productIds` for this customer needs, in three small queries: the customer's group
 * (then its explicit prices, for an 'explicit' group) at the same time as the quantity breaks.
 */
export async function loadPriceBook(db: Db, userId: string | null, productIds: number[]): Promise<PriceBook> {
  const ids = [...new Set(productIds)];
  const [group, tiers] = await Promise.all([findCustomerGroup(db, userId), loadTiers(db, ids)]);
  return { group, explicit: await groupPrices(db, group, ids), tiers };
}

/** The same for a group already known (an audience's, flows/audience.ts): two queries at most, at once. */
export async function loadGroupPriceBook(
  db: Db,
  group: CustomerGroup | null,
  productIds: number[],
): Promise<PriceBook> {
  const ids = [...new Set(productIds)];
  const [explicit, tiers] = await Promise.all([groupPrices(db, group, ids), loadTiers(db, ids)]);
  return { group, explicit, tiers };
}

/** An 'explicit' group's own prices for these products (none for other groups). */
async function groupPrices(db: Db, group: CustomerGroup | null, ids: number[]): Promise<Map<number, number>> {
  const explicit = new Map<number, number>();
  if (ids.length === 0 || group?.kind !== "explicit") return explicit;
  const rows = await db
    .selectFrom("price_group_prices")
    .select(["product_id", "price_cents"])
    .where("group_id", "=", group.id)
    .where("product_id", "in", ids)
    .execute();
  for (const r of rows) explicit.set(r.product_id, r.price_cents);
  return explicit;
}

async function loadTiers(db: Db, ids: number[]): Promise<Map<number, Tier[]>> {
  const tiers = new Map<number, Tier[]>();
  if (ids.length === 0) return tiers;
  const tierRows = await db
    .selectFrom("price_tiers")
    .select(["product_id", "min_quantity", "price_cents"])
    .where("product_id", "in", ids)
    .orderBy("product_id")
    .orderBy("min_quantity")
    .execute();
  for (const r of tierRows) {
    const list = tiers.get(r.product_id) ?? [];
    list.push({ minQuantity: r.min_quantity, priceCents: r.price_cents });
    tiers.set(r.product_id, list);
  }
  return tiers;
}

/**
 * The quantity each line's breaks are reached by (decision 0055): the breaks of a product line
 * count its variants together ("10 displays of any flavor"), so a variant's is the sum of the
 * quantities of its line's variants among `lines`, unless it is counted apart (its own quantity).
 */
export function tierQuantities(
  lines: readonly { id: number; quantity: number; lineId: number; priceApart: boolean }[],
): Map<number, number> {
  const byLine = new Map<number, number>();
  for (const l of lines) if (!l.priceApart) byLine.set(l.lineId, (byLine.get(l.lineId) ?? 0) + l.quantity);
  return new Map(lines.map((l) => [l.id, l.priceApart ? l.quantity : (byLine.get(l.lineId) ?? l.quantity)]));
}

/** The customer's price for one unit of `product` when its breaks are reached by `quantity`. */
export function unitPriceCents(book: PriceBook, product: { id: number; priceCents: number }, quantity: number): number {
  const list = product.priceCents;
  let tierPrice = list;
  for (const t of book.tiers.get(product.id) ?? []) if (quantity >= t.minQuantity) tierPrice = t.priceCents;
  const group = book.group;
  if (!group) return tierPrice;
  if (group.kind === "percent") return Math.round((tierPrice * (10_000 - group.percentOffBp)) / 10_000);
  const own = book.explicit.get(product.id);
  if (own === undefined) return tierPrice;
  if (tierPrice === list || list === 0) return own;
  return Math.round((own * tierPrice) / list);
}

/** A row of the product page's tier table, at the customer's prices. */
export interface TierRow {
  from: number;
  /** Up to and including; null: and more. */
  to: number | null;
  priceCents: number;
}

/** The customer's prices by quantity break for one product (empty when it has no breaks). */
export function tierTable(book: PriceBook, product: Product): TierRow[] {
  const tiers = book.tiers.get(product.id) ?? [];
  if (tiers.length === 0) return [];
  const first = smallestQuantity(sellingUnitOf(product));
  const starts = [first, ...tiers.map((t) => t.minQuantity).filter((q) => q > first)];
  return starts.map((from, i) => {
    const next = starts[i + 1];
    return { from, to: next === undefined ? null : next - 1, priceCents: unitPriceCents(book, product, from) };
  });
}

/**
 * Products with priceCents set to this customer's unit price at the product's smallest orderable
 * quantity (what a card, a suggestion or the product page's headline shows).
 */
export async function withCustomerPrices(db: Db, userId: string | null, products: Product[]): Promise<Product[]> {
  if (products.length === 0) return products;
  const book = await loadPriceBook(
    db,
    userId,
    products.map((p) => p.id),
  );
  return pricedWith(book, products);
}

/** Products priced with a book already loaded, at the smallest orderable quantity. */
export function pricedWith(book: PriceBook, products: Product[]): Product[] {
  return products.map((p) => ({ ...p, priceCents: unitPriceCents(book, p, smallestQuantity(sellingUnitOf(p))) }));
}

/** The product page's tier table for this customer (list product, not yet priced). */
export async function customerTierTable(db: Db, userId: string, product: Product): Promise<TierRow[]> {
  return tierTable(await loadPriceBook(db, userId, [product.id]), product);
}

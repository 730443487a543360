import { CompiledQuery, type Kysely, type RawBuilder, sql } from "kysely";
import { LRUCache } from "lru-cache";
import type { DB, PriceGroupKind } from "../db/schema";

/**
 * A listing's price order, kept in memory: every line of the listing by its card's leading price
 * (linePriceKey), then id, ascending. Building it prices every variant of the category's lines
 * (110 to 140 ms on SQLite, 200 to 500 ms on PostgreSQL for 16,800 lines: decision 0063); a page
 * is then a binary search. An order is valid for one pair of counters kept by triggers: 'catalog'
 * (products added, removed, recategorized or crossing zero stock; migration 0002) and 'prices'
 * (list prices, packs, smallest orders, breaks, group prices; migration 0011). Each request reads
 * the pair (one small query), so no server ever pages an order older than a committed change.
 * Variants joining, leaving or moving between lines move 'catalog' too (migration 0036).
 */
export interface PriceOrder {
  ids: Int32Array;
  keys: Float64Array;
}

/** The price group a price order is computed for (null: list prices). */
export interface SortGroup {
  id: number;
  kind: PriceGroupKind;
}

/**
 * A SQL expression for one variant's card price (pricing/prices.ts), the variant being the row of
 * `products` aliased `v`: the list price, or the tier price reached by the smallest orderable
 * quantity; then an explicit group price scaled by that tier. A percentage off keeps the order of
 * the list and tier prices (rounding never swaps two), so it needs no term of its own. Integer
 * arithmetic, rounded half up, as on the cards.
 */
function variantCardPrice(group: SortGroup | null, v: "v" | "products"): RawBuilder<number> {
  const col = (name: string) => sql.ref(`${v}.${name}`);
  const [price, pack, min, id] = [col("price_cents"), col("case_pack"), col("min_quantity"), col("id")];
  const smallest = sql`((case when ${min} > ${pack} then ${min} else ${pack} end) + ${pack} - 1) / ${pack} * ${pack}`;
  // Breaks start at 2 units (a check of price_tiers): a product sold by the unit reaches none, and
  // most products are, so the lookup is skipped for them.
  const tierPrice = sql`(case when ${pack} < 2 and ${min} < 2 then ${price} else coalesce((select t.price_cents from price_tiers t where t.product_id = ${id} and t.min_quantity <= ${smallest} order by t.min_quantity desc limit 1), ${price}) end)`;
  if (group?.kind !== "explicit") return sql<number>`${tierPrice}`;
  const own = sql`(select g.price_cents from price_group_prices g where g.group_id = ${group.id} and g.product_id = ${id})`;
  return sql<number>`(case when ${own} is null then ${tierPrice} when ${tierPrice} = ${price} or ${price} = 0 then ${own} else (cast(${own} as bigint) * ${tierPrice} * 2 + ${price}) / (2 * ${price}) end)`;
}

/**
 * What a price sort orders a listing's rows (lead variants, aliased `products`) by: the lowest
 * card price, for the buyer's group, of any variant of the row's line. That is the leading number
 * of the line's card ("$x – $y", the range of its variants' card prices: flows/audience.ts), or
 * its one price. Both directions read this one key (decision 0063): "low to high" and "high to low"
 * put the cards' leading numbers in order, as a buyer reads them, and a listing keeps one order.
 * Every variant counts, as on the card, whatever the facets chosen or its stock.
 */
export function linePriceKey(group: SortGroup | null): RawBuilder<number> {
  return sql<number>`coalesce((select min(${variantCardPrice(group, "v")}) from products v where v.line_id = products.line_id), ${variantCardPrice(group, "products")})`;
}

/** One row of the order as the database gives it (PostgreSQL returns bigint arithmetic as text). */
export interface PriceOrderRow {
  id: number;
  sort_key: number | string;
}

const VERSIONS = CompiledQuery.raw(
  "select name, version from cache_versions where name in ('catalog', 'prices') order by name",
);

async function versionsOf(db: Kysely<DB>): Promise<string> {
  const result = await db.executeQuery<{ name: string; version: number | string }>(VERSIONS);
  return result.rows.map((r) => `${r.name}=${r.version}`).join(",");
}

/** Orders of about 100,000 products take 1.2 MB; 64 MB holds every category for dozens of groups. */
const MAX_BYTES = 64 * 1024 * 1024;

interface Stored {
  versions: string;
  order: PriceOrder;
}

// One store per database handle (tests open several databases in one process).
const stores = new WeakMap<object, LRUCache<string, Stored>>();
const building = new Map<string, Promise<PriceOrder>>();

function storeFor(db: Kysely<DB>): LRUCache<string, Stored> {
  let store = stores.get(db);
  if (!store) {
    store = new LRUCache<string, Stored>({
      max: 1000,
      maxSize: MAX_BYTES,
      sizeCalculation: (s) => Math.max(1, s.order.ids.length * 12),
    });
    stores.set(db, store);
  }
  return store;
}

function toOrder(rows: PriceOrderRow[]): PriceOrder {
  const ids = new Int32Array(rows.length);
  const keys = new Float64Array(rows.length);
  rows.forEach((r, i) => {
    ids[i] = r.id;
    keys[i] = Number(r.sort_key);
  });
  return { ids, keys };
}

/**
 * The price order named `name` (a listing: category, group, in-stock filter), built by `load`
 * (rows by key, then id, ascending) when the counters moved since it was last built. Concurrent
 * requests for an order being built wait for the same build.
 */
export async function cachedPriceOrder(
  db: Kysely<DB>,
  name: string,
  load: () => Promise<PriceOrderRow[]>,
): Promise<PriceOrder> {
  const store = storeFor(db);
  const versions = await versionsOf(db);
  const stored = store.get(name);
  if (stored && stored.versions === versions) return stored.order;
  const flight = `${name}@${versions}`;
  let pending = building.get(flight);
  if (!pending) {
    pending = (async () => {
      const order = toOrder(await load());
      // A change that committed while the order was read must not be kept under the older pair.
      if ((await versionsOf(db)) === versions) store.set(name, { versions, order });
      return order;
    })().finally(() => building.delete(flight));
    building.set(flight, pending);
  }
  return pending;
}

/** True when (key, id) comes after (afterKey, afterId) in the ascending order. */
function isAfter(order: PriceOrder, i: number, afterKey: number, afterId: number): boolean {
  const key = order.keys[i] as number;
  return key > afterKey || (key === afterKey && (order.ids[i] as number) > afterId);
}

/** The index of the first entry after the cursor (ascending), by binary search. */
function firstAfter(order: PriceOrder, afterKey: number, afterId: number): number {
  let low = 0;
  let high = order.ids.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (isAfter(order, mid, afterKey, afterId)) high = mid;
    else low = mid + 1;
  }
  return low;
}

/**
 * Up to `count` entries of the order that follow the cursor (the last row of the previous page),
 * ascending or descending. Without a cursor, from the start of that direction.
 */
export function pageOfOrder(
  order: PriceOrder,
  after: { key: number; id: number } | null,
  count: number,
  descending: boolean,
): { id: number; sort_key: number }[] {
  const out: { id: number; sort_key: number }[] = [];
  if (!descending) {
    const start = after ? firstAfter(order, after.key, after.id) : 0;
    for (let i = start; i < order.ids.length && out.length < count; i++) {
      out.push({ id: order.ids[i] as number, sort_key: order.keys[i] as number });
    }
    return out;
  }
  // Descending: the entries before the cursor, nearest first. Ids are whole numbers, so "before
  // (key, id)" is "not after (key, id - 1)", and firstAfter counts exactly those.
  const start = after ? firstAfter(order, after.key, after.id - 1) - 1 : order.ids.length - 1;
  for (let i = start; i >= 0 && out.length < count; i--) {
    out.push({ id: order.ids[i] as number, sort_key: order.keys[i] as number });
  }
  return out;
}

import { type Kysely, sql, type Transaction } from "kysely";
import { storeToday } from "~/lib/business";
import { lockProducts } from "../catalog/product-locks";
import { type TakenStock, takeStock } from "../catalog/stock";
import { dialectOf } from "../db/connect";
import type { DB, LotStatus } from "../db/schema";
import { sqlNow } from "../db/time";
import { defineJob } from "../jobs/registry";

type Db = Kysely<DB> | Transaction<DB>;

/**
 * Lots through an order's life (issue 39, decision 0066).
 *
 * The rule every function here keeps: a product's `stock` is the units in no lot plus the on-hand
 * units of its available lots. Units sold come from the available lots first-expiry-first-out
 * (a lot without an expiry last, then the oldest lot first), and only then from units in no lot
 * (stock counted before lots existed); `order_lots` says which. Units given back (a cancellation,
 * an order edit) go back to the lots they came from, the latest expiry first; units of a lot that
 * is no longer available go back to the lot but not to what can be sold.
 *
 * Callers hold the products' rows (lockProducts, decision 0005) before calling.
 */

/**
 * Lots whose last day has passed become expired, and their units leave what can be sold: run for
 * the products an order is about to take, before it takes them, so an expired lot is never sold.
 */
export async function expireDueLots(trx: Db, productIds: readonly number[], today: string): Promise<number> {
  if (productIds.length === 0) return 0;
  const due = await trx
    .selectFrom("lots")
    .select(["id", "product_id", "on_hand"])
    .where("product_id", "in", [...productIds])
    .where("status", "=", "available")
    .where("expires_on", "<", today)
    .orderBy("id")
    .execute();
  for (const lot of due) await setLotStatus(trx, lot.id, "expired");
  return due.length;
}

/**
 * A lot's status changes; when it stops (or starts again) being available, its on-hand units
 * leave (or rejoin) its product's stock in the same statement order. Returns the status it had.
 */
export async function setLotStatus(trx: Db, lotId: number, next: LotStatus): Promise<LotStatus | null> {
  const lot = await trx
    .selectFrom("lots")
    .select(["status", "on_hand", "product_id"])
    .where("id", "=", lotId)
    .executeTakeFirst();
  if (!lot) return null;
  if (lot.status === next) return lot.status;
  const now = sqlNow(dialectOf(trx));
  await trx.updateTable("lots").set({ status: next, updated_at: now }).where("id", "=", lotId).execute();
  const delta = next === "available" ? lot.on_hand : lot.status === "available" ? -lot.on_hand : 0;
  if (delta !== 0 && lot.product_id !== null) {
    await trx
      .updateTable("products")
      .set({ stock: sql<number>`stock + ${delta}`, updated_at: now })
      .where("id", "=", lot.product_id)
      .execute();
  }
  return lot.status;
}

/**
 * A product's lots that can be sold today, in the order they are sold: first expiry first (a lot
 * without an expiry last), then the oldest lot. Allocation and the product page's lot link read it.
 */
export function fefoLots(db: Db, productId: number, today: string) {
  return db
    .selectFrom("lots")
    .where("product_id", "=", productId)
    .where("status", "=", "available")
    .where("on_hand", ">", 0)
    .where((eb) => eb.or([eb("expires_on", "is", null), eb("expires_on", ">=", today)]))
    .orderBy(sql`case when expires_on is null then 1 else 0 end`)
    .orderBy("expires_on")
    .orderBy("id");
}

/** The bin a product sits in (migration 0042), or null. */
export async function productBin(db: Db, productId: number): Promise<string | null> {
  const row = await db.selectFrom("products").select("bin").where("id", "=", productId).executeTakeFirst();
  return row?.bin ?? null;
}

export interface LotTaken {
  lotId: number;
  quantity: number;
}

/**
 * Records which lots `quantity` units of a product sold to an order come from, first expiry first
 * out, taking them from the lots' on-hand units. Call after the product's stock was taken
 * (takeStock): what the lots do not cover came from units in no lot.
 */
export async function allocateLots(
  trx: Db,
  orderId: number,
  productId: number,
  quantity: number,
  today: string,
): Promise<LotTaken[]> {
  const lots = await fefoLots(trx, productId, today).select(["id", "on_hand"]).execute();
  const taken: LotTaken[] = [];
  let left = quantity;
  for (const lot of lots) {
    if (left === 0) break;
    const n = Math.min(left, lot.on_hand);
    const updated = await trx
      .updateTable("lots")
      .set({ on_hand: sql<number>`on_hand - ${n}` })
      .where("id", "=", lot.id)
      .where("on_hand", ">=", n)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) continue;
    await addOrderLot(trx, orderId, productId, lot.id, n);
    taken.push({ lotId: lot.id, quantity: n });
    left -= n;
  }
  return taken;
}

async function addOrderLot(trx: Db, orderId: number, productId: number, lotId: number, n: number): Promise<void> {
  await trx
    .insertInto("order_lots")
    .values({ order_id: orderId, product_id: productId, lot_id: lotId, quantity: n })
    .onConflict((oc) =>
      oc.columns(["order_id", "product_id", "lot_id"]).doUpdateSet({ quantity: sql`order_lots.quantity + ${n}` }),
    )
    .execute();
}

/**
 * Gives back `quantity` units of a product an order held (a cancellation, a smaller quantity in an
 * order edit): to the lots they came from, latest expiry first, and the rest as units in no lot.
 * The product's stock rises by the units that can be sold again (not those of a lot recalled,
 * quarantined or expired). A product deleted since is skipped.
 */
export async function releaseOrderStock(trx: Db, orderId: number, productId: number, quantity: number): Promise<void> {
  const rows = await trx
    .selectFrom("order_lots")
    .innerJoin("lots", "lots.id", "order_lots.lot_id")
    .select(["order_lots.lot_id", "order_lots.quantity", "lots.status"])
    .where("order_lots.order_id", "=", orderId)
    .where("order_lots.product_id", "=", productId)
    .orderBy(sql`case when lots.expires_on is null then 0 else 1 end`)
    .orderBy("lots.expires_on", "desc")
    .orderBy("lots.id", "desc")
    .execute();
  let left = quantity;
  let sellable = 0;
  for (const row of rows) {
    if (left === 0) break;
    const n = Math.min(left, row.quantity);
    await trx
      .updateTable("lots")
      .set({ on_hand: sql<number>`on_hand + ${n}` })
      .where("id", "=", row.lot_id)
      .execute();
    if (n === row.quantity) {
      await trx
        .deleteFrom("order_lots")
        .where("order_id", "=", orderId)
        .where("product_id", "=", productId)
        .where("lot_id", "=", row.lot_id)
        .execute();
    } else {
      await trx
        .updateTable("order_lots")
        .set({ quantity: sql<number>`quantity - ${n}` })
        .where("order_id", "=", orderId)
        .where("product_id", "=", productId)
        .where("lot_id", "=", row.lot_id)
        .execute();
    }
    if (row.status === "available") sellable += n;
    left -= n;
  }
  sellable += left;
  if (sellable > 0) {
    await trx
      .updateTable("products")
      .set({ stock: sql<number>`stock + ${sellable}`, updated_at: sqlNow(dialectOf(trx)) })
      .where("id", "=", productId)
      .execute();
  }
}

/** The lots each product of an order was sold from, for its packing slip and invoice: "VL-2611 × 12". */
export async function orderLotsOf(
  db: Db,
  orderId: number,
): Promise<Map<number, { code: string; quantity: number; expiresOn: string | null }[]>> {
  const rows = await db
    .selectFrom("order_lots")
    .innerJoin("lots", "lots.id", "order_lots.lot_id")
    .select(["order_lots.product_id", "lots.code", "lots.expires_on", "order_lots.quantity"])
    .where("order_lots.order_id", "=", orderId)
    .orderBy("order_lots.product_id")
    .orderBy("lots.expires_on")
    .orderBy("lots.id")
    .execute();
  const out = new Map<number, { code: string; quantity: number; expiresOn: string | null }[]>();
  for (const r of rows) {
    const list = out.get(r.product_id) ?? [];
    list.push({ code: r.code, quantity: r.quantity, expiresOn: r.expires_on });
    out.set(r.product_id, list);
  }
  return out;
}

/** The units in available lots of each of these products (those with none are left out). */
export async function unitsInLotsOf(db: Db, productIds: readonly number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  for (let at = 0; at < productIds.length; at += 500) {
    const rows = await db
      .selectFrom("lots")
      .select(["product_id", sql<number>`sum(on_hand)`.as("units")])
      .where("product_id", "in", productIds.slice(at, at + 500))
      .where("status", "=", "available")
      .groupBy("product_id")
      .execute();
    for (const r of rows) if (r.product_id !== null && Number(r.units) > 0) out.set(r.product_id, Number(r.units));
  }
  return out;
}

/** The units of a product in its available lots. */
export async function unitsInLots(db: Db, productId: number): Promise<number> {
  const row = await db
    .selectFrom("lots")
    .select(sql<number>`coalesce(sum(on_hand), 0)`.as("units"))
    .where("product_id", "=", productId)
    .where("status", "=", "available")
    .executeTakeFirst();
  return Number(row?.units ?? 0);
}

/**
 * Takes `quantity` units of a product for an order that exists (an order leaving Cancelled, more
 * units in an order edit): lots past their day expire first, then the stock is taken (null when
 * too few are left) and the units are drawn from the lots first-expiry-first-out.
 */
export async function takeOrderStock(
  trx: Db,
  orderId: number,
  productId: number,
  quantity: number,
  today: string,
): Promise<TakenStock | null> {
  await expireDueLots(trx, [productId], today);
  const taken = await takeStock(trx, productId, quantity);
  if (taken) await allocateLots(trx, orderId, productId, quantity, today);
  return taken;
}

/**
 * Every lot whose last day has passed, expired (each product's row held first, decision 0005):
 * hourly, so the stock a page shows stops counting it within the hour after its day ends. An
 * order placed in between never sells it anyway (expireDueLots runs in the order's transaction).
 */
export async function expireLotsEverywhere(db: Kysely<DB>, today: string): Promise<number> {
  const due = await db
    .selectFrom("lots")
    .select("product_id")
    .distinct()
    .where("status", "=", "available")
    .where("expires_on", "<", today)
    .where("product_id", "is not", null)
    .execute();
  let expired = 0;
  for (const row of due) {
    const productId = row.product_id as number;
    expired += await db.transaction().execute(async (trx) => {
      await lockProducts(trx, [productId], "no key update");
      const n = await expireDueLots(trx, [productId], today);
      await syncLotThc(trx, productId);
      return n;
    });
  }
  // A lot that sold out no longer speaks for its product's THC: the figure follows the lots on hand.
  const tested = await db
    .selectFrom("lots")
    .select("product_id")
    .distinct()
    .where("status", "=", "available")
    .where("product_id", "is not", null)
    .where((eb) => eb.or([eb("delta9_ug", "is not", null), eb("thca_ug", "is not", null)]))
    .execute();
  for (const row of tested) {
    const productId = row.product_id as number;
    await db.transaction().execute(async (trx) => {
      await lockProducts(trx, [productId], "no key update");
      await syncLotThc(trx, productId);
    });
  }
  return expired;
}

export const EXPIRE_LOTS_JOB = "expire-lots";
export const expireLotsJob = defineJob(EXPIRE_LOTS_JOB, async (_payload, { db }) => {
  await expireLotsEverywhere(db, storeToday());
});

/**
 * A product's THC per container (the fact compliance rules read: ScopeFacts.thcMg) made the
 * highest total THC (delta-9 plus THCA) of its available lots on hand that carry the facts from
 * their lab report, so that a rule such as the federal 0.4 mg per container limit refuses the
 * product while such a lot can be sold (decision 0066). A product none of whose lots on hand
 * carry the facts keeps the figure the admin typed. Runs after a receiving, a lot's status change
 * and hourly; the caller holds the product's row. Returns the figure written, or null.
 */
export async function syncLotThc(trx: Db, productId: number): Promise<number | null> {
  const row = await trx
    .selectFrom("lots")
    .select(sql<number | null>`max(coalesce(delta9_ug, 0) + coalesce(thca_ug, 0))`.as("ug"))
    .where("product_id", "=", productId)
    .where("status", "=", "available")
    .where("on_hand", ">", 0)
    .where((eb) => eb.or([eb("delta9_ug", "is not", null), eb("thca_ug", "is not", null)]))
    .executeTakeFirst();
  if (row?.ug === null || row?.ug === undefined) return null;
  const mg = Number(row.ug) / 1000;
  const current = await trx
    .selectFrom("product_compliance")
    .select("thc_mg")
    .where("product_id", "=", productId)
    .executeTakeFirst();
  if (current && current.thc_mg !== null && Number(current.thc_mg) === mg) return mg;
  const now = sqlNow(dialectOf(trx));
  await trx
    .insertInto("product_compliance")
    .values({
      product_id: productId,
      brand: null,
      product_class: null,
      flavor_class: null,
      nicotine_mg_ml: null,
      country: null,
      upc: null,
      thc_mg: mg,
      seven_oh_percent: null,
      lab_report_key: null,
      lab_report_type: null,
      lab_report_size: null,
      updated_at: now,
    })
    .onConflict((oc) => oc.column("product_id").doUpdateSet({ thc_mg: mg, updated_at: now }))
    .execute();
  return mg;
}

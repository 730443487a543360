import { type ExpressionBuilder, type Kysely, sql } from "kysely";
import type { ProductImage } from "~/lib/images";
import * as MESSAGES from "~/lib/messages";
import * as ACCOUNT_MESSAGES from "~/lib/messages/account";
import { MAX_PENDING_ALERTS } from "~/lib/saved-lists";
import { dialectOf } from "../db/connect";
import type { DB } from "../db/schema";
import { sqlNow } from "../db/time";
import { defineJob } from "../jobs/registry";
import { kickJobRunners } from "../jobs/wake";
import { enqueueMail } from "../mail/outbox";
import { layout } from "../mail/templates";
import { DomainError } from "../runtime/domain-error";
import { env } from "../runtime/env";
import { log } from "../runtime/log";
import { firstImages } from "./products";

/**
 * Back-in-stock alerts (issue 16): "Notify me" on a product that cannot be ordered now keeps a
 * row in stock_alerts (pending while notified_at is null). A scheduled job (every minute, one job
 * per slot whatever the number of servers) finds pending alerts whose product can be ordered
 * again and, per alert, in one transaction marks it notified with a conditional update and
 * queues the mail: two servers that find the same alert cannot both win it, and a mail is never
 * queued for an alert that was not marked. "Notify me" again later re-arms the alert.
 *
 * "Can be ordered" is the cart's rule: at least the product's smallest orderable quantity (its
 * minimum, in whole cases) is in stock.
 */

export class StockAlertError extends DomainError {}

/** The SQL of "at least the smallest orderable quantity is in stock" for the products table. */
function orderableNow(eb: ExpressionBuilder<DB, "products">) {
  return eb(
    "products.stock",
    ">=",
    sql<number>`products.case_pack * ((products.min_quantity + products.case_pack - 1) / products.case_pack)`,
  );
}

export type AlertState = "none" | "pending" | "notified";

/** Whether the customer waits for this product (pending), was told already (notified), or neither. */
export async function alertState(db: Kysely<DB>, userId: string, productId: number): Promise<AlertState> {
  const row = await db
    .selectFrom("stock_alerts")
    .select("notified_at")
    .where("user_id", "=", userId)
    .where("product_id", "=", productId)
    .executeTakeFirst();
  if (!row) return "none";
  return row.notified_at === null ? "pending" : "notified";
}

/**
 * "Notify me": a pending alert for the customer and product (again pending when they were told
 * before). Refused while the product can be ordered, and past MAX_PENDING_ALERTS. Returns the
 * product's name, or null when the product does not exist.
 */
export async function subscribeAlert(db: Kysely<DB>, userId: string, productId: number): Promise<string | null> {
  return db.transaction().execute(async (trx) => {
    const product = await trx
      .selectFrom("products")
      .select((eb) => ["products.name", orderableNow(eb).as("orderable")])
      .where("products.id", "=", productId)
      .executeTakeFirst();
    if (!product) return null;
    if (Number(product.orderable) === 1) {
      throw new StockAlertError(ACCOUNT_MESSAGES.alertNotNeeded(product.name));
    }
    if (dialectOf(db) === "postgres") {
      await trx.selectFrom("users").select("id").where("id", "=", userId).forUpdate().executeTakeFirst();
    }
    const pending = await trx
      .selectFrom("stock_alerts")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("user_id", "=", userId)
      .where("notified_at", "is", null)
      .where("product_id", "!=", productId)
      .executeTakeFirstOrThrow();
    if (Number(pending.n) >= MAX_PENDING_ALERTS)
      throw new StockAlertError(ACCOUNT_MESSAGES.tooManyAlerts(MAX_PENDING_ALERTS));
    const now = sqlNow(dialectOf(trx));
    await trx
      .insertInto("stock_alerts")
      .values({ user_id: userId, product_id: productId, created_at: now, notified_at: null })
      .onConflict((oc) => oc.columns(["user_id", "product_id"]).doUpdateSet({ created_at: now, notified_at: null }))
      .execute();
    return product.name;
  });
}

/** Cancels (or clears, once sent) the customer's alert; returns the product's name, or null when there was none. */
export async function cancelAlert(db: Kysely<DB>, userId: string, productId: number): Promise<string | null> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("stock_alerts")
      .innerJoin("products", "products.id", "stock_alerts.product_id")
      .select("products.name")
      .where("stock_alerts.user_id", "=", userId)
      .where("stock_alerts.product_id", "=", productId)
      .executeTakeFirst();
    if (!row) return null;
    await trx.deleteFrom("stock_alerts").where("user_id", "=", userId).where("product_id", "=", productId).execute();
    return row.name;
  });
}

export interface AlertView {
  productId: number;
  name: string;
  image: ProductImage | null;
  createdAt: string;
  notifiedAt: string | null;
}

/** The customer's alerts: waiting ones first (newest first), then those already sent. */
export async function listAlerts(db: Kysely<DB>, userId: string): Promise<AlertView[]> {
  const rows = await db
    .selectFrom("stock_alerts")
    .innerJoin("products", "products.id", "stock_alerts.product_id")
    .select(["stock_alerts.product_id", "products.name", "stock_alerts.created_at", "stock_alerts.notified_at"])
    .where("stock_alerts.user_id", "=", userId)
    .orderBy(sql`case when stock_alerts.notified_at is null then 0 else 1 end`)
    .orderBy("stock_alerts.created_at", "desc")
    .orderBy("stock_alerts.product_id")
    .limit(MAX_PENDING_ALERTS * 2)
    .execute();
  const images = await firstImages(
    db,
    rows.map((r) => r.product_id),
  );
  return rows.map((r) => ({
    productId: r.product_id,
    name: r.name,
    image: images.get(r.product_id) ?? null,
    createdAt: r.created_at,
    notifiedAt: r.notified_at,
  }));
}

export const STOCK_ALERTS_JOB = "stock-alerts";
const BATCH = 100;
/** At most this many mails per run; the next run (a minute later) takes the rest. */
const MAX_PER_RUN = 2_000;

/**
 * Tells every customer whose alert's product can be ordered again: per alert, one transaction
 * marks it notified (only if it is still pending and the product still in stock) and queues the
 * mail. Returns how many alerts this call won. Safe to run on several servers at once.
 */
export async function sendBackInStockAlerts(db: Kysely<DB>): Promise<number> {
  const e = env();
  let sent = 0;
  let seen = 0;
  // Alerts passed over by this run (another server won them): not looked at again.
  let after: { productId: number; userId: string } | null = null;
  while (seen < MAX_PER_RUN) {
    let query = db
      .selectFrom("stock_alerts")
      .innerJoin("products", "products.id", "stock_alerts.product_id")
      .innerJoin("users", "users.id", "stock_alerts.user_id")
      .select([
        "stock_alerts.user_id",
        "stock_alerts.product_id",
        "products.name as product",
        "users.email",
        "users.name as customer",
      ])
      .where("stock_alerts.notified_at", "is", null)
      .where("users.disabled_at", "is", null)
      .where((eb) => orderableNow(eb));
    if (after) {
      const { productId, userId } = after;
      query = query.where((eb) =>
        eb.or([
          eb("stock_alerts.product_id", ">", productId),
          eb.and([eb("stock_alerts.product_id", "=", productId), eb("stock_alerts.user_id", ">", userId)]),
        ]),
      );
    }
    const due = await query.orderBy("stock_alerts.product_id").orderBy("stock_alerts.user_id").limit(BATCH).execute();
    for (const alert of due) {
      seen++;
      const won = await db.transaction().execute(async (trx) => {
        const marked = await trx
          .updateTable("stock_alerts")
          .set({ notified_at: sqlNow(dialectOf(trx)) })
          .where("user_id", "=", alert.user_id)
          .where("product_id", "=", alert.product_id)
          .where("notified_at", "is", null)
          .where((eb) =>
            eb.exists(
              eb
                .selectFrom("products")
                .select("products.id")
                .where("products.id", "=", alert.product_id)
                .where((p) => orderableNow(p)),
            ),
          )
          .executeTakeFirst();
        if (Number(marked.numUpdatedRows) === 0) return false;
        const url = `${e.BASE_URL}/products/details/${alert.product_id}`;
        await enqueueMail(
          trx,
          {
            to: alert.email,
            subject: ACCOUNT_MESSAGES.backInStockMailSubject(alert.product),
            ...layout(
              [
                MESSAGES.mailGreeting(alert.customer),
                ACCOUNT_MESSAGES.backInStockMailBody(alert.product),
                ACCOUNT_MESSAGES.backInStockMailOnce,
              ],
              { label: ACCOUNT_MESSAGES.backInStockMailAction, url },
            ),
          },
          `back in stock: product ${alert.product_id}`,
        );
        return true;
      });
      if (won) sent++;
    }
    const last = due.at(-1);
    if (!last || due.length < BATCH) break;
    after = { productId: last.product_id, userId: last.user_id };
  }
  if (sent > 0) {
    kickJobRunners();
    log.info({ sent }, "back-in-stock alerts queued");
  }
  return sent;
}

/** Scheduled every minute (startup.ts). */
export const stockAlertsJob = defineJob(STOCK_ALERTS_JOB, async (_payload, { db }) => {
  await sendBackInStockAlerts(db);
});

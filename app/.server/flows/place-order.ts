import type { Kysely } from "kysely";
import { storeToday } from "~/lib/business";
import { collectedCents } from "~/lib/excise/engine";
import * as MESSAGES from "~/lib/messages";
import * as DELIVERY_MESSAGES from "~/lib/messages/delivery";
import { formatCents } from "~/lib/money";
import { goodsCentsOf, orderMoney } from "~/lib/order-money";
import type { OrderDetail } from "~/lib/orders";
import { OWNER_APPROVAL } from "~/lib/orders";
import { salesTaxCents } from "~/lib/sales-tax";
import type { CartLinesInput } from "~/lib/schemas/checkout";
import { findAddress } from "../accounts/addresses";
import { findUserById } from "../accounts/users";
import { lockProducts } from "../catalog/product-locks";
import { findStock, takeStock } from "../catalog/stock";
import { checkOrderLines, recordLineChecks } from "../compliance/check";
import { dialectOf } from "../db/connect";
import type { DB } from "../db/schema";
import { sqlNow } from "../db/time";
import { DeliveryError, orderDelivery } from "../delivery/zones";
import { computeExcise, storeOrderExcise } from "../excise/orders";
import { allocateLots, expireDueLots } from "../inventory/lots";
import { kickJobRunners } from "../jobs/wake";
import { addUnitsSold } from "../orders/best-sellers";
import { enqueueOrderMails } from "../orders/mails";
import { moneyColumns } from "../orders/money";
import { findOrderForUser } from "../orders/queries";
import { loadPriceBook, tierQuantities, unitPriceCents } from "../pricing/prices";
import { creditHoldFor } from "../receivables/credit";
import { DomainError } from "../runtime/domain-error";
import { computeSalesTax, productClassesOf, storeOrderSalesTax } from "../tax/sales-tax";
import { emitWebhook } from "../webhooks/events";
import { orderValueProblem } from "../wholesale/order-value";
import { sellingUnitProblem } from "../wholesale/selling-units";
import { enqueueApprovalRequest } from "./order-approvals";

/** A reason the customer can act on (stock, address); nothing was written. */
export class OrderRefusedError extends DomainError {
  declare readonly field: "lines" | "addressId" | "deliveryDate";
  constructor(message: string, field: "lines" | "addressId" | "deliveryDate" = "lines") {
    super(message, { status: 409, field });
  }
}

export interface PlaceOrderInput {
  /** The account (business) the order is for: its addresses, prices and rules (decision 0032). */
  userId: string;
  /** The person placing it, a member of the business; by default the account's own person. */
  placedBy?: { id: string; name: string };
  /**
   * The buyer's spending limit per order, in cents, or null: an order above it is placed In
   * Review, waiting for an owner's approval (issue 29).
   */
  orderLimitCents?: number | null;
  /**
   * Who gets the confirmation mail: by default the person who placed it; the business's founder
   * when a sales rep or an admin placed it for the business (issue 29).
   */
  confirmTo?: string;
  idempotencyKey: string;
  addressId: string;
  lines: CartLinesInput;
  /**
   * The route day the buyer chose (YYYY-MM-DD) when the address is in a delivery zone (issue 40);
   * none: the earliest open one. Ignored for an address that ships by carrier.
   */
  deliveryDate?: string | null;
  /** The customer's purchase order number and notes (already trimmed and checked), or null. */
  poNumber?: string | null;
  notes?: string | null;
}

/** Merges lines of the same product (the browser could send it twice) and sorts them by id. */
function mergeLines(lines: CartLinesInput): CartLinesInput {
  const byId = new Map<number, number>();
  for (const l of lines) byId.set(l.id, (byId.get(l.id) ?? 0) + l.quantity);
  return [...byId.entries()].sort(([a], [b]) => a - b).map(([id, quantity]) => ({ id, quantity }));
}

async function findByKey(db: Kysely<DB>, userId: string, key: string): Promise<OrderDetail | null> {
  const row = await db
    .selectFrom("orders")
    .select("id")
    .where("user_id", "=", userId)
    .where("idempotency_key", "=", key)
    .executeTakeFirst();
  return row ? findOrderForUser(db, userId, row.id) : null;
}

/**
 * Places an order in one transaction: takes each line's stock (refusing the whole order if any
 * line no longer fits), prices every line from the database, and writes the order with copies
 * of names, prices and the shipping address. The same idempotency key twice gives one order.
 * The confirmation mails are queued in the same transaction (they exist exactly when the order
 * does) and delivered by the mail job after the answer: a slow or failing mail server never
 * delays or fails the order.
 */
export async function placeOrder(
  db: Kysely<DB>,
  input: PlaceOrderInput,
): Promise<{ order: OrderDetail; created: boolean }> {
  const earlier = await findByKey(db, input.userId, input.idempotencyKey);
  if (earlier) return { order: earlier, created: false };

  const address = await findAddress(db, input.userId, input.addressId);
  if (!address) throw new OrderRefusedError(MESSAGES.failedToLoadAddress, "addressId");

  const lines = mergeLines(input.lines);
  let order: OrderDetail;
  try {
    order = await db.transaction().execute(async (trx) => {
      // PostgreSQL: every line's product row first, by id, before any write (decision 0005). A
      // line that sells out moves the catalog counter (a trigger): taken line by line, that counter
      // would be held while the next product waits, and another order holding that product and
      // selling out its own would wait for the counter: a deadlock.
      await lockProducts(
        trx,
        lines.map((l) => l.id),
        "no key update",
      );
      // A lot past its last day is never sold: its units leave the stock before any is taken.
      const today = storeToday();
      await expireDueLots(
        trx,
        lines.map((l) => l.id),
        today,
      );
      const unitProblem = await sellingUnitProblem(trx, lines);
      if (unitProblem) throw new OrderRefusedError(unitProblem);
      const sold = [];
      for (const line of lines) {
        const taken = await takeStock(trx, line.id, line.quantity);
        if (!taken) {
          const current = await findStock(trx, line.id);
          if (!current) throw new OrderRefusedError(MESSAGES.productNoLongerAvailable(line.id));
          throw new OrderRefusedError(
            current.stock > 0
              ? MESSAGES.onlyLeftOf(current.stock, current.name)
              : MESSAGES.productOutOfStockRemove(current.name),
          );
        }
        sold.push({ ...taken, quantity: line.quantity });
      }
      // The customer's price (group and quantity breaks), read in this transaction.
      const book = await loadPriceBook(
        trx,
        input.userId,
        sold.map((l) => l.id),
      );
      // Breaks count the line's variants together (decision 0055).
      const reached = tierQuantities(sold);
      for (const l of sold) l.priceCents = unitPriceCents(book, l, reached.get(l.id) ?? l.quantity);
      const goodsCents = goodsCentsOf(sold.map((l) => ({ unitPriceCents: l.priceCents, quantity: l.quantity })));
      const orderProblem = orderValueProblem(goodsCents);
      if (orderProblem) throw new OrderRefusedError(orderProblem);
      // Compliance rules, licenses and product facts as they are now (issue 15).
      const destination = { state: address.state, zip: address.zip, addressId: address.id };
      const compliance = await checkOrderLines(trx, { userId: input.userId, destination, lines: sold });
      if (compliance.refusal) throw new OrderRefusedError(compliance.refusal);
      // Each line's excise under the rules of the ship-to state, as they are now (issue 31): what
      // the store collects is part of what the business owes, so of every limit below.
      const excise = await computeExcise(
        trx,
        sold.map((l) => ({ productId: l.id, quantity: l.quantity, lineCents: l.priceCents * l.quantity })),
        destination,
      );
      // Local delivery (issue 40): the route day, still open now, and its fee, part of the total.
      const delivery = await orderDelivery(trx, address.zip, input.deliveryDate, goodsCents).catch((error) => {
        throw error instanceof DeliveryError ? new OrderRefusedError(error.message, "deliveryDate") : error;
      });
      if (delivery && goodsCents < delivery.minimumCents)
        throw new OrderRefusedError(
          DELIVERY_MESSAGES.deliveryMinimum(
            formatCents(delivery.minimumCents),
            formatCents(delivery.minimumCents - goodsCents),
          ),
        );
      // Sales tax (issue 41): each line where the store collects, unless a resale certificate in
      // force describes it; part of the total, so of every limit below.
      const classes = await productClassesOf(
        trx,
        sold.map((l) => l.id),
      );
      const salesTax = await computeSalesTax(trx, {
        userId: input.userId,
        destination,
        lines: sold.map((l, position) => ({
          position,
          productId: l.id,
          productClass: classes.get(l.id) ?? null,
          goodsCents: l.priceCents * l.quantity,
          exciseCents: collectedCents(excise.filter((x) => x.productId === l.id)),
        })),
        deliveryCents: delivery?.feeCents ?? 0,
      });
      const money = orderMoney({
        goodsCents,
        exciseCents: collectedCents(excise),
        deliveryCents: delivery?.feeCents ?? 0,
        taxCents: salesTaxCents(salesTax),
      });
      const now = sqlNow(dialectOf(db));
      const placedBy = input.placedBy ?? {
        id: input.userId,
        name: (await findUserById(trx, input.userId))?.name ?? "",
      };
      const aboveLimit = input.orderLimitCents != null && money.totalCents > input.orderLimitCents;
      // Paid on account (issue 30): over the credit limit, past due, or prepaid waits In Review.
      const creditHold = aboveLimit ? null : await creditHoldFor(trx, input.userId, money.totalCents);
      const order = await trx
        .insertInto("orders")
        .values({
          user_id: input.userId,
          placed_by_id: placedBy.id,
          placed_by_name: placedBy.name,
          hold_reason: aboveLimit ? OWNER_APPROVAL : (creditHold?.reason ?? null),
          idempotency_key: input.idempotencyKey,
          status: aboveLimit || creditHold ? "In Review" : "Processing",
          ...moneyColumns(money),
          item_count: sold.reduce((sum, l) => sum + l.quantity, 0),
          ship_business_name: address.businessName,
          ship_street: address.street,
          ship_city: address.city,
          ship_state: address.state,
          ship_zip: address.zip,
          ship_phone: address.phone,
          delivery_date: delivery?.day ?? null,
          delivery_zone_id: delivery?.zoneId ?? null,
          po_number: input.poNumber ?? null,
          notes: input.notes ?? null,
          created_at: now,
          updated_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await trx
        .insertInto("order_items")
        .values(
          sold.map((l, position) => ({
            order_id: order.id,
            product_id: l.id,
            position,
            name: l.name,
            sku: l.sku,
            unit_price_cents: l.priceCents,
            quantity: l.quantity,
          })),
        )
        .execute();
      // Which lots the units come from, first expiry first out (decision 0066).
      for (const l of sold) await allocateLots(trx, order.id, l.id, l.quantity, today);
      await recordLineChecks(trx, order.id, compliance.version, compliance.checks);
      await storeOrderExcise(trx, order.id, excise);
      await storeOrderSalesTax(trx, order.id, salesTax);
      for (const l of sold) await addUnitsSold(trx, l.id, l.quantity);
      const placed = await findOrderForUser(trx, input.userId, order.id);
      if (!placed) throw new Error(`Order ${order.id} not found in its own transaction`);
      await enqueueOrderMails(trx, input.confirmTo ?? placedBy.id, placed);
      if (aboveLimit) await enqueueApprovalRequest(trx, input.userId, placed, input.orderLimitCents ?? 0);
      await emitWebhook(trx, "order.placed", {
        orderId: placed.id,
        businessId: input.userId,
        status: placed.status,
        totalCents: placed.money.totalCents,
        itemCount: placed.itemCount,
      });
      return placed;
    });
  } catch (error) {
    if (error instanceof OrderRefusedError) throw error;
    // The same checkout submitted twice at once: the unique key let one through.
    const winner = await findByKey(db, input.userId, input.idempotencyKey);
    if (winner) return { order: winner, created: false };
    throw error;
  }
  kickJobRunners();
  return { order, created: true };
}

import type { Kysely } from "kysely";
import * as DRIVER from "~/lib/messages/driver";
import { formatCents } from "~/lib/money";
import { type Actor, recordAudit } from "../audit/log";
import { dialectOf } from "../db/connect";
import type { DB } from "../db/schema";
import { sqlNow } from "../db/time";
import { DomainError } from "../runtime/domain-error";

/**
 * The end-of-day settlement (issue 40): per route of a day, the cash and checks its driver
 * collected at the stops (delivery_collections) against what an admin counts in; the difference
 * is flagged, and marking the route settled keeps both and closes the route (no more actions from
 * the phone). Beside it, what receivables recorded that day as taken by that driver: the two must
 * agree to the cent (each collection is one payment).
 */
export class SettlementError extends DomainError {
  constructor(message: string) {
    super(message, { status: 409 });
  }
}

export interface SettlementRoute {
  routeId: number;
  zoneName: string;
  status: string;
  driverId: string | null;
  driverName: string | null;
  expectedCashCents: number;
  expectedCheckCents: number;
  checks: { stopPosition: number; business: string; checkNumber: string | null; amountCents: number }[];
  /** What receivables show as taken by this route's driver that day (payments not void). */
  receivablesCents: number;
  settled: {
    countedCashCents: number;
    countedCheckCents: number;
    note: string;
    settledAt: string;
    differenceCents: number;
  } | null;
}

/** Collections of a route by method. */
async function expected(db: Kysely<DB>, routeId: number) {
  const rows = await db
    .selectFrom("delivery_collections")
    .innerJoin("delivery_stops", "delivery_stops.id", "delivery_collections.stop_id")
    .innerJoin("orders", "orders.id", "delivery_stops.order_id")
    .select([
      "delivery_collections.method",
      "delivery_collections.check_number",
      "delivery_collections.amount_cents",
      "delivery_stops.position",
      "orders.ship_business_name",
    ])
    .where("delivery_collections.route_id", "=", routeId)
    .orderBy("delivery_stops.position")
    .orderBy("delivery_collections.id")
    .execute();
  const sum = (method: string) =>
    rows.filter((r) => r.method === method).reduce((s, r) => s + Number(r.amount_cents), 0);
  return {
    cash: sum("cash"),
    check: sum("check"),
    checks: rows
      .filter((r) => r.method === "check")
      .map((r) => ({
        stopPosition: r.position,
        business: r.ship_business_name,
        checkNumber: r.check_number,
        amountCents: Number(r.amount_cents),
      })),
  };
}

/** What receivables recorded on `day` as taken by the driver (their collections' payments, not void). */
export async function driverPaymentsCents(db: Kysely<DB>, driverId: string, day: string): Promise<number> {
  const row = await db
    .selectFrom("payments")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("amount_cents"), eb.lit(0)).as("cents"))
    .where("recorded_by", "=", driverId)
    .where("received_on", "=", day)
    .where("voided_at", "is", null)
    .where("idempotency_key", "like", "driver-%")
    .executeTakeFirstOrThrow();
  return Number(row.cents);
}

/** Every route of `day` with what its driver collected, what receivables show, and its settlement. */
export async function settlementDay(db: Kysely<DB>, day: string): Promise<SettlementRoute[]> {
  const routes = await db
    .selectFrom("delivery_routes")
    .innerJoin("delivery_zones", "delivery_zones.id", "delivery_routes.zone_id")
    .leftJoin("users", "users.id", "delivery_routes.driver_id")
    .leftJoin("driver_settlements", "driver_settlements.route_id", "delivery_routes.id")
    .select([
      "delivery_routes.id",
      "delivery_routes.status",
      "delivery_routes.driver_id",
      "delivery_zones.name as zoneName",
      "users.name as driverName",
      "driver_settlements.counted_cash_cents",
      "driver_settlements.counted_check_cents",
      "driver_settlements.expected_cash_cents",
      "driver_settlements.expected_check_cents",
      "driver_settlements.note",
      "driver_settlements.settled_at",
    ])
    .where("delivery_routes.day", "=", day)
    .orderBy("delivery_zones.name")
    .orderBy("delivery_routes.id")
    .execute();
  const result: SettlementRoute[] = [];
  for (const r of routes) {
    const e = await expected(db, r.id);
    result.push({
      routeId: r.id,
      zoneName: r.zoneName,
      status: r.status,
      driverId: r.driver_id,
      driverName: r.driverName,
      expectedCashCents: e.cash,
      expectedCheckCents: e.check,
      checks: e.checks,
      receivablesCents: r.driver_id ? await driverPaymentsCents(db, r.driver_id, day) : 0,
      settled:
        r.settled_at !== null && r.counted_cash_cents !== null && r.counted_check_cents !== null
          ? {
              countedCashCents: Number(r.counted_cash_cents),
              countedCheckCents: Number(r.counted_check_cents),
              note: r.note ?? "",
              settledAt: r.settled_at,
              differenceCents:
                Number(r.counted_cash_cents) +
                Number(r.counted_check_cents) -
                Number(r.expected_cash_cents) -
                Number(r.expected_check_cents),
            }
          : null,
    });
  }
  return result;
}

/**
 * Marks a route settled with what the admin counted in: the expected amounts are read again now
 * and kept beside the counts (a difference is kept and flagged, not refused). Refused when the
 * route does not exist or is settled already.
 */
export async function settleRoute(
  db: Kysely<DB>,
  routeId: number,
  counted: { cashCents: number; checkCents: number; note: string },
  actor: Actor,
): Promise<{ differenceCents: number }> {
  return db.transaction().execute(async (trx) => {
    const now = sqlNow(dialectOf(trx));
    const closed = await trx
      .updateTable("delivery_routes")
      .set({ status: "settled", updated_at: now })
      .where("id", "=", routeId)
      .where("status", "<>", "settled")
      .returning(["id"])
      .executeTakeFirst();
    if (!closed) throw new SettlementError(DRIVER.routeNotSettleable);
    const e = await expected(trx, routeId);
    await trx
      .insertInto("driver_settlements")
      .values({
        route_id: routeId,
        expected_cash_cents: e.cash,
        expected_check_cents: e.check,
        counted_cash_cents: counted.cashCents,
        counted_check_cents: counted.checkCents,
        note: counted.note,
        settled_by: actor.id,
        settled_at: now,
      })
      .execute();
    const differenceCents = counted.cashCents + counted.checkCents - e.cash - e.check;
    await recordAudit(trx, actor, {
      action: "route.settle",
      subjectType: "store",
      subjectId: `route-${routeId}`,
      summary: `Route ${routeId} settled: expected ${formatCents(e.cash + e.check)}, counted ${formatCents(counted.cashCents + counted.checkCents)}`,
      after: {
        expectedCash: e.cash,
        expectedCheck: e.check,
        countedCash: counted.cashCents,
        countedCheck: counted.checkCents,
      },
    });
    return { differenceCents };
  });
}

import type { Kysely } from "kysely";
import { ensureAccount } from "../../app/.server/accounts/admins";
import { findUserByEmail } from "../../app/.server/accounts/users";
import type { DB } from "../../app/.server/db/schema";
import { storeToday } from "../../app/lib/business";

/**
 * Delivery routes for the driver's tests (issue 40): the dispatch builds them in the app; here a
 * zone, a route of one day for a driver, and its stops in the order given are inserted directly.
 */
let zones = 0;

/** A driver's login (made or found by email): a user whose role is driver. */
export async function driverUser(db: Kysely<DB>, email: string, password?: string) {
  await ensureAccount(db, {
    email,
    name: `Driver ${email.split("@")[0]}`,
    role: "customer",
    ...(password ? { password } : {}),
  });
  const user = await findUserByEmail(db, email);
  if (!user) throw new Error(`driverUser: ${email} was not created`);
  await db.updateTable("users").set({ role: "driver" }).where("id", "=", user.id).execute();
  return { id: user.id, name: user.name, email: user.email };
}

/** A route for `day` (the store's today by default) with the orders as its stops, in order. */
export async function routeWithStops(
  db: Kysely<DB>,
  options: { driverId: string | null; orderIds: number[]; day?: string; zoneName?: string },
): Promise<{ routeId: number; stopIds: number[] }> {
  const now = new Date().toISOString();
  const name = options.zoneName ?? `Zone ${++zones}-${Math.random().toString(36).slice(2, 8)}`;
  const zone = await db
    .insertInto("delivery_zones")
    .values({ name, name_key: name.toLowerCase(), route_days: "1,2,3,4,5,6,7", created_at: now, updated_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  const route = await db
    .insertInto("delivery_routes")
    .values({
      zone_id: zone.id,
      day: options.day ?? storeToday(),
      driver_id: options.driverId,
      status: "out",
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const stopIds: number[] = [];
  for (const [position, orderId] of options.orderIds.entries()) {
    const stop = await db
      .insertInto("delivery_stops")
      .values({ route_id: route.id, order_id: orderId, position: position + 1, updated_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    stopIds.push(stop.id);
  }
  return { routeId: route.id, stopIds };
}

/** A 1×1 PNG, as a data URL: a signature for tests. */
export const TINY_PNG =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

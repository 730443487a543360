import { type Kysely, type Selectable, sql, type Transaction } from "kysely";
import {
  type DeliveryOptionView,
  type DeliveryZoneRules,
  deliveryDays,
  deliveryFeeCents,
  formatRouteDays,
  parseRouteDays,
  storeDateTime,
} from "~/lib/delivery";
import * as DELIVERY_MESSAGES from "~/lib/messages/delivery";
import type { HolidayInput, ZoneInput } from "~/lib/schemas/delivery";
import { type Actor, recordAudit } from "../audit/log";
import { dialectOf } from "../db/connect";
import type { DB } from "../db/schema";
import { sqlNow } from "../db/time";
import { isUniqueViolation } from "../inventory/suppliers";
import { DomainError } from "../runtime/domain-error";

type Db = Kysely<DB> | Transaction<DB>;

/**
 * Delivery zones and store holidays (issue 40; decision 0068): data the admin keeps, and the
 * delivery days and fee an address gets from them. One ZIP code belongs to at most one zone; an
 * address in no active zone ships by carrier as before.
 */
export class DeliveryError extends DomainError {}

export interface DeliveryZone extends DeliveryZoneRules {
  id: number;
  name: string;
  zips: string[];
  active: boolean;
}

function zoneOf(row: Selectable<DB["delivery_zones"]>, zips: string[]): DeliveryZone {
  return {
    id: Number(row.id),
    name: row.name,
    zips,
    routeDays: parseRouteDays(row.route_days),
    cutoffDaysBefore: Number(row.cutoff_days_before),
    cutoffTime: row.cutoff_time,
    feeCents: Number(row.fee_cents),
    freeFromCents: row.free_from_cents === null ? null : Number(row.free_from_cents),
    minimumCents: Number(row.minimum_cents),
    active: Number(row.active) === 1,
  };
}

export async function listZones(db: Db): Promise<DeliveryZone[]> {
  const [rows, zips] = await Promise.all([
    db.selectFrom("delivery_zones").selectAll().orderBy("name_key").execute(),
    db.selectFrom("delivery_zone_zips").select(["zip", "zone_id"]).orderBy("zip").execute(),
  ]);
  return rows.map((r) =>
    zoneOf(
      r,
      zips.filter((z) => z.zone_id === r.id).map((z) => z.zip),
    ),
  );
}

export async function findZone(db: Db, id: number): Promise<DeliveryZone | null> {
  const row = await db.selectFrom("delivery_zones").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return null;
  const zips = await db
    .selectFrom("delivery_zone_zips")
    .select("zip")
    .where("zone_id", "=", id)
    .orderBy("zip")
    .execute();
  return zoneOf(
    row,
    zips.map((z) => z.zip),
  );
}

/** The active zone a ZIP code (the first five digits of a ZIP+4 too) is delivered in, or null. */
export async function zoneForZip(db: Db, zip: string): Promise<DeliveryZone | null> {
  const row = await db
    .selectFrom("delivery_zone_zips as z")
    .innerJoin("delivery_zones as dz", "dz.id", "z.zone_id")
    .selectAll("dz")
    .where("z.zip", "=", zip.slice(0, 5))
    .where("dz.active", "=", 1)
    .executeTakeFirst();
  return row ? zoneOf(row, [zip.slice(0, 5)]) : null;
}

/** Whether the store delivers anywhere itself (an active zone exists). */
export async function hasDeliveryZones(db: Db): Promise<boolean> {
  return !!(await db.selectFrom("delivery_zones").select("id").where("active", "=", 1).executeTakeFirst());
}

/** Store holidays from a day on (YYYY-MM-DD). */
export async function holidaysFrom(db: Db, from: string): Promise<Set<string>> {
  const rows = await db.selectFrom("store_holidays").select("day").where("day", ">=", from).execute();
  return new Set(rows.map((r) => r.day));
}

export async function listHolidays(db: Db, from: string): Promise<{ day: string; name: string }[]> {
  return db.selectFrom("store_holidays").select(["day", "name"]).where("day", ">=", from).orderBy("day").execute();
}

/** What local delivery offers an address: its zone, the days still open, the fee and minimum. */
export type DeliveryOption = DeliveryOptionView;

export async function deliveryOptionFor(db: Db, zip: string, now: Date = new Date()): Promise<DeliveryOption | null> {
  const zone = await zoneForZip(db, zip);
  if (!zone) return null;
  const clock = storeDateTime(now);
  const days = deliveryDays(zone, clock, await holidaysFrom(db, clock.slice(0, 10)));
  return {
    zoneId: zone.id,
    zoneName: zone.name,
    days,
    cutoffDaysBefore: zone.cutoffDaysBefore,
    cutoffTime: zone.cutoffTime,
    feeCents: zone.feeCents,
    freeFromCents: zone.freeFromCents,
    minimumCents: zone.minimumCents,
  };
}

/**
 * The delivery an order to this ZIP gets, decided in the order's own transaction: null when it
 * ships by carrier; otherwise the day (the one asked for when it is still open, the earliest
 * when none was asked for) and the fee for these goods. A day asked for that is no longer open
 * (its cutoff passed while the buyer was at checkout) is refused, not silently moved.
 */
export async function orderDelivery(
  db: Db,
  zip: string,
  asked: string | null | undefined,
  goodsCents: number,
  now: Date = new Date(),
): Promise<{ zoneId: number; day: string; feeCents: number; minimumCents: number } | null> {
  const option = await deliveryOptionFor(db, zip, now);
  if (!option || option.days.length === 0) return null;
  const day = asked ?? option.days[0];
  if (!day || !option.days.includes(day))
    throw new DeliveryError(DELIVERY_MESSAGES.deliveryDayGone, { status: 409, field: "deliveryDate" });
  return {
    zoneId: option.zoneId,
    day,
    feeCents: deliveryFeeCents(option, goodsCents),
    minimumCents: option.minimumCents,
  };
}

function columnsOf(input: ZoneInput) {
  return {
    name: input.name,
    name_key: input.name.toLowerCase(),
    route_days: formatRouteDays(input.routeDays),
    cutoff_days_before: input.cutoffDaysBefore,
    cutoff_time: input.cutoffTime,
    fee_cents: input.feeCents,
    free_from_cents: input.freeFromCents ?? null,
    minimum_cents: input.minimumCents,
    active: input.active ? 1 : 0,
  };
}

/** Refuses ZIP codes another zone already has, naming the first and its zone. */
async function refuseTakenZips(db: Db, zips: string[], except?: number): Promise<void> {
  let q = db
    .selectFrom("delivery_zone_zips as z")
    .innerJoin("delivery_zones as dz", "dz.id", "z.zone_id")
    .select(["z.zip", "dz.name"])
    .where("z.zip", "in", zips)
    .orderBy("z.zip");
  if (except !== undefined) q = q.where("z.zone_id", "!=", except);
  const taken = await q.executeTakeFirst();
  if (taken) throw new DeliveryError(DELIVERY_MESSAGES.zipTaken(taken.zip, taken.name), { status: 409, field: "zips" });
}

/** Adds (id undefined) or changes a zone with its ZIP codes, audited. Returns its id. */
export async function saveZone(db: Kysely<DB>, id: number | undefined, input: ZoneInput, actor: Actor) {
  try {
    return await db.transaction().execute(async (trx) => {
      const nameTaken = await trx
        .selectFrom("delivery_zones")
        .select("id")
        .where("name_key", "=", input.name.toLowerCase())
        .$if(id !== undefined, (q) => q.where("id", "!=", id as number))
        .executeTakeFirst();
      if (nameTaken)
        throw new DeliveryError(DELIVERY_MESSAGES.zoneNameTaken(input.name), { status: 409, field: "name" });
      await refuseTakenZips(trx, input.zips, id);
      const now = sqlNow(dialectOf(trx));
      let zoneId: number;
      let before: DeliveryZone | null = null;
      if (id === undefined) {
        const row = await trx
          .insertInto("delivery_zones")
          .values({ ...columnsOf(input), created_at: now, updated_at: now })
          .returning("id")
          .executeTakeFirstOrThrow();
        zoneId = row.id;
      } else {
        before = await findZone(trx, id);
        if (!before) throw new DeliveryError(DELIVERY_MESSAGES.zoneNotFound, { status: 404 });
        await trx
          .updateTable("delivery_zones")
          .set({ ...columnsOf(input), updated_at: now })
          .where("id", "=", id)
          .execute();
        await trx.deleteFrom("delivery_zone_zips").where("zone_id", "=", id).execute();
        zoneId = id;
      }
      await trx
        .insertInto("delivery_zone_zips")
        .values(input.zips.map((zip) => ({ zip, zone_id: zoneId })))
        .execute();
      await recordAudit(trx, actor, {
        action: id === undefined ? "delivery_zone.create" : "delivery_zone.update",
        subjectType: "delivery-zone",
        subjectId: zoneId,
        summary: `Delivery zone ${input.name} ${id === undefined ? "added" : "saved"}`,
        ...(before ? { before: { ...before } } : {}),
        after: { ...input },
      });
      return zoneId;
    });
  } catch (error) {
    // Two admins saving at once: the unique indexes decide, with the same messages.
    if (isUniqueViolation(error)) {
      await refuseTakenZips(db, input.zips, id);
      throw new DeliveryError(DELIVERY_MESSAGES.zoneNameTaken(input.name), { status: 409, field: "name" });
    }
    throw error;
  }
}

export async function addHoliday(db: Kysely<DB>, input: HolidayInput, actor: Actor): Promise<void> {
  try {
    await db.transaction().execute(async (trx) => {
      await trx.insertInto("store_holidays").values({ day: input.day, name: input.name }).execute();
      await recordAudit(trx, actor, {
        action: "store_holiday.add",
        subjectType: "store-holiday",
        subjectId: input.day,
        summary: `No deliveries on ${input.day} (${input.name})`,
        after: { ...input },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new DeliveryError(DELIVERY_MESSAGES.holidayTaken(input.day), { status: 409, field: "day" });
    throw error;
  }
}

export async function removeHoliday(db: Kysely<DB>, day: string, actor: Actor): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const gone = await trx.deleteFrom("store_holidays").where("day", "=", day).executeTakeFirst();
    if (Number(gone.numDeletedRows) === 0) return;
    await recordAudit(trx, actor, {
      action: "store_holiday.remove",
      subjectType: "store-holiday",
      subjectId: day,
      summary: `Deliveries run again on ${day}`,
    });
  });
}

/** Orders per zone with a delivery day from today on (the zones page shows what each carries). */
export async function upcomingDeliveries(db: Db, from: string): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom("orders")
    .select(["delivery_zone_id", sql<number>`count(*)`.as("n")])
    .where("delivery_date", ">=", from)
    .where("status", "!=", "Cancelled")
    .where("delivery_zone_id", "is not", null)
    .groupBy("delivery_zone_id")
    .execute();
  return new Map(rows.map((r) => [Number(r.delivery_zone_id), Number(r.n)]));
}

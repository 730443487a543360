import type { Kysely } from "kysely";
import { dialectOf } from "../app/.server/db/connect";
import type { DB } from "../app/.server/db/schema";
import { sqlNow } from "../app/.server/db/time";

/**
 * The demo store's local delivery (issue 40): its own trucks run Dallas on Monday and Thursday,
 * free, and Fort Worth and the Mid-Cities on Tuesday and Friday, $25 below $500 of goods with a
 * $150 minimum; orders close at 4 pm the day before. Christmas and New Year's Day are holidays.
 * Safe to run again: nothing is added once a zone exists.
 */
export const DALLAS = [
  "75201",
  "75202",
  "75203",
  "75204",
  "75205",
  "75206",
  "75207",
  "75208",
  "75209",
  "75210",
  "75211",
  "75212",
  "75214",
  "75215",
  "75216",
  "75217",
  "75218",
  "75219",
  "75220",
  "75223",
  "75224",
  "75225",
  "75226",
  "75227",
  "75228",
  "75229",
  "75230",
  "75231",
  "75232",
  "75233",
  "75234",
  "75235",
  "75236",
  "75237",
  "75238",
  "75240",
  "75241",
  "75243",
  "75244",
  "75246",
  "75247",
  "75248",
  "75249",
  "75251",
  "75252",
  "75253",
  "75254",
];
const FORT_WORTH = [
  "76102",
  "76103",
  "76104",
  "76105",
  "76106",
  "76107",
  "76108",
  "76109",
  "76110",
  "76111",
  "76112",
  "76114",
  "76115",
  "76116",
  "76117",
  "76118",
  "76119",
  "76120",
  "76123",
  "76131",
  "76132",
  "76133",
  "76134",
  "76135",
  "76137",
  "76140",
  "76148",
  "76155",
  "76164",
  "76177",
  "76010",
  "76011",
  "76012",
  "76013",
  "76014",
  "76015",
  "76016",
  "76017",
  "76018",
  "75050",
  "75051",
  "75052",
  "75060",
  "75061",
  "75062",
  "75038",
  "75039",
];

export async function seedDemoDelivery(db: Kysely<DB>): Promise<void> {
  if (await db.selectFrom("delivery_zones").select("id").executeTakeFirst()) return;
  await db.transaction().execute(async (trx) => {
    const now = sqlNow(dialectOf(trx));
    const zones = [
      { name: "Dallas", route_days: "1,4", fee_cents: 0, free_from_cents: null, minimum_cents: 0, zips: DALLAS },
      {
        name: "Fort Worth and Mid-Cities",
        route_days: "2,5",
        fee_cents: 2500,
        free_from_cents: 50_000,
        minimum_cents: 15_000,
        zips: FORT_WORTH,
      },
    ];
    for (const { zips, ...zone } of zones) {
      const row = await trx
        .insertInto("delivery_zones")
        .values({
          ...zone,
          name_key: zone.name.toLowerCase(),
          cutoff_days_before: 1,
          cutoff_time: "16:00",
          created_at: now,
          updated_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await trx
        .insertInto("delivery_zone_zips")
        .values(zips.map((zip) => ({ zip, zone_id: row.id })))
        .execute();
    }
    await trx
      .insertInto("store_holidays")
      .values([
        { day: "2026-12-25", name: "Christmas Day" },
        { day: "2027-01-01", name: "New Year's Day" },
      ])
      .execute();
  });
}

import type { Kysely } from "kysely";
import { dialectOf } from "../app/.server/db/connect";
import type { DB } from "../app/.server/db/schema";
import { sqlNow } from "../app/.server/db/time";
import { DALLAS } from "./demo-delivery";

/**
 * The demo store's sales tax (issue 41; decision 0071): Texas's rates where the store is, ready
 * and switched off. Texas's state rate (6.25%, Tax Code 151.051), and the City of Dallas (1%) and
 * Dallas MTA (DART, 1%) in the city's ZIP codes: 8.25% in Dallas. A Texas seller sources its
 * local tax to its place of business (origin, 75207), and taxes delivery as part of the price
 * (Tax Code 151.007: delivery charges are part of the sales price) but not the excise the store
 * collects: two taxability rules (decision 0075), in force since before any order.
 * Collecting is off until an admin turns it on (/admin/sales-tax): a store starts collecting when
 * it has decided to, and wholesale customers' resale certificates are on file. Safe to run again.
 */
// Highland Park and University Park are towns of their own, without Dallas's city tax.
const DALLAS_CITY = DALLAS.filter((zip) => zip !== "75205");

export async function seedDemoSalesTax(db: Kysely<DB>): Promise<void> {
  if (await db.selectFrom("sales_tax_jurisdictions").select("id").executeTakeFirst()) return;
  await db.transaction().execute(async (trx) => {
    const now = sqlNow(dialectOf(trx));
    await trx
      .insertInto("sales_tax_states")
      .values({
        state: "TX",
        collects: 0,
        sourcing: "origin",
        origin_zip: "75207",
        pending_grace_days: 0,
        updated_at: now,
      })
      .onConflict((oc) => oc.column("state").doNothing())
      .execute();
    const taxability = [
      { name: "TX: the delivery fee is taxable", subject: "delivery" as const, verdict: "taxable" as const },
      { name: "TX: excise the store collects is not taxable", subject: "excise" as const, verdict: "exempt" as const },
    ];
    await trx
      .insertInto("sales_tax_rules")
      .values(
        taxability.map((rule) => ({
          ...rule,
          state: "TX",
          scope: JSON.stringify({ all: true }),
          effective_from: "2000-01-01",
          enabled: 1,
          example: 0,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    const rates = [
      { kind: "state" as const, name: "Texas", code: "", rate_ppm: 62_500, zips: [] },
      { kind: "city" as const, name: "City of Dallas", code: "2057013", rate_ppm: 10_000, zips: DALLAS_CITY },
      { kind: "transit" as const, name: "Dallas MTA", code: "3057994", rate_ppm: 10_000, zips: DALLAS_CITY },
    ];
    for (const { zips, ...rate } of rates) {
      const row = await trx
        .insertInto("sales_tax_jurisdictions")
        .values({ ...rate, state: "TX", effective_from: "2000-01-01", created_at: now, updated_at: now })
        .returning("id")
        .executeTakeFirstOrThrow();
      if (zips.length > 0)
        await trx
          .insertInto("sales_tax_jurisdiction_zips")
          .values(zips.map((zip) => ({ jurisdiction_id: row.id, zip })))
          .execute();
    }
  });
}

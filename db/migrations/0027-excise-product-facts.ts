import { type Kysely, sql } from "kysely";

/**
 * The product facts excise reads (issue 31), beside the compliance facts of migration 0007:
 * - ml_per_unit: e-liquid milliliters in one selling unit (a bottle, a pack of pods), up to three
 *   decimals; null: not known (a per-ml tax on it cannot be computed and says so).
 * - cartridges_per_unit: closed cartridges or pods in one selling unit; null: not known.
 * - vape_system: 'open' (refillable, e-liquid) or 'closed' (cartridges, pods, disposables).
 * - contains_nicotine: 1 yes, 0 no, null not known.
 * The triggers of migration 0007 move the catalog version on every change of these rows already.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations work on the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("product_compliance").addColumn("ml_per_unit", "double precision").execute();
  await db.schema.alterTable("product_compliance").addColumn("cartridges_per_unit", "integer").execute();
  await db.schema
    .alterTable("product_compliance")
    .addColumn("vape_system", "text", (c) => c.check(sql`vape_system in ('open', 'closed')`))
    .execute();
  await db.schema
    .alterTable("product_compliance")
    .addColumn("contains_nicotine", "integer", (c) => c.check(sql`contains_nicotine in (0, 1)`))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ["contains_nicotine", "vape_system", "cartridges_per_unit", "ml_per_unit"]) {
    await db.schema.alterTable("product_compliance").dropColumn(column).execute();
  }
}

import type { Kysely, Transaction } from "kysely";
import type { ExciseFacts } from "~/lib/excise/engine";
import { factsQuery as complianceFactsQuery, toFacts as toProductFacts } from "../compliance/facts";
import type { DB } from "../db/schema";

type Db = Kysely<DB> | Transaction<DB>;

/** The rules' facts (compliance/facts.ts) and what excise adds: ml, cartridges, system, nicotine. */
function factsQuery(db: Db) {
  return complianceFactsQuery(db).select([
    "product_compliance.ml_per_unit",
    "product_compliance.cartridges_per_unit",
    "product_compliance.vape_system",
    "product_compliance.contains_nicotine",
  ]);
}

type FactsRow = Awaited<ReturnType<ReturnType<typeof factsQuery>["execute"]>>[number];

function toFacts(r: FactsRow): ExciseFacts {
  return {
    ...toProductFacts(r),
    mlPerUnit: r.ml_per_unit === null ? null : Number(r.ml_per_unit),
    cartridgesPerUnit: r.cartridges_per_unit === null ? null : Number(r.cartridges_per_unit),
    system: r.vape_system === "open" || r.vape_system === "closed" ? r.vape_system : null,
    nicotine: r.contains_nicotine === null ? null : Number(r.contains_nicotine) === 1,
  };
}

/** The facts excise reads, for several products in one query. */
export async function loadExciseFacts(db: Db, productIds: readonly number[]): Promise<Map<number, ExciseFacts>> {
  const facts = new Map<number, ExciseFacts>();
  if (productIds.length === 0) return facts;
  for (const r of await factsQuery(db)
    .where("products.id", "in", [...productIds])
    .orderBy("products.id")
    .execute())
    facts.set(r.id, toFacts(r));
  return facts;
}

/** Every product's facts: what the contradiction check of a rule change reads. */
export async function loadCatalogExciseFacts(db: Db): Promise<ExciseFacts[]> {
  return (await factsQuery(db).orderBy("products.id").execute()).map(toFacts);
}

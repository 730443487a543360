import type { Kysely } from "kysely";
import { SYSTEM_ACTOR } from "../app/.server/audit/log";
import { findProductCompliance, saveProductCompliance } from "../app/.server/compliance/facts";
import type { DB } from "../app/.server/db/schema";
import { createExciseRule } from "../app/.server/excise/rules";
import { taxRuleSchema } from "../app/lib/schemas/excise";
import { DEMO_PRODUCTS } from "./demo-catalog";
import { CLASS_OF_DEMO, demoExciseFacts } from "./demo-compliance";

/**
 * The demo store's excise data (issue 31): the excise facts of the demo products (invented,
 * plausible) and EXAMPLE tax rules for the states the issue names, drawn from public sources of
 * 2025-2026 as the issue summarizes them. Each is labeled "Example, not tax advice" with its source
 * and the date it was written down: rates change, a real store keeps its own.
 */
const WRITTEN = "2026-11-27";

export const EXAMPLE_TAX_RULES = [
  {
    name: "Example: Louisiana vapor products tax",
    state: "LA",
    classes: "nicotine-vape",
    method: "per-ml",
    rate: "0.15",
    effectiveFrom: "2025-01-01",
    owedBy: "store",
    wording: "Louisiana vapor products tax ($0.15 per ml)",
    source: "Louisiana Department of Revenue: tax on vapor products, owed by wholesalers and dealers",
  },
  {
    name: "Example: Kentucky closed cartridges",
    state: "KY",
    classes: "nicotine-vape",
    systems: "closed",
    method: "per-unit",
    rate: "1.50",
    effectiveFrom: "2025-01-01",
    owedBy: "store",
    wording: "Kentucky vapor products tax ($1.50 per closed cartridge)",
    source: "Kentucky Department of Revenue: tobacco and vapor products taxes",
  },
  {
    name: "Example: Kentucky open systems and liquid",
    state: "KY",
    classes: "nicotine-vape",
    systems: "open",
    method: "percent",
    rate: "15",
    effectiveFrom: "2025-01-01",
    owedBy: "store",
    wording: "Kentucky vapor products tax (15% of the distributor's selling price)",
    source: "Kentucky Department of Revenue: tobacco and vapor products taxes",
  },
  {
    name: "Example: New Mexico closed cartridges",
    state: "NM",
    classes: "nicotine-vape",
    systems: "closed",
    method: "per-unit",
    rate: "0.50",
    effectiveFrom: "2025-01-01",
    owedBy: "buyer",
    wording: "New Mexico e-cigarette tax ($0.50 per closed cartridge), owed by the first purchaser",
    source: "New Mexico Taxation and Revenue Department: tobacco products tax on e-cigarettes",
  },
  {
    name: "Example: New Mexico e-liquid",
    state: "NM",
    classes: "nicotine-vape",
    systems: "open",
    method: "percent",
    rate: "12.5",
    effectiveFrom: "2025-01-01",
    owedBy: "buyer",
    wording: "New Mexico e-cigarette tax (12.5% of value), owed by the first purchaser",
    source: "New Mexico Taxation and Revenue Department: tobacco products tax on e-cigarettes",
  },
  {
    name: "Example: New Jersey closed systems",
    state: "NJ",
    classes: "nicotine-vape",
    systems: "closed",
    method: "per-ml",
    rate: "0.30",
    effectiveFrom: "2025-01-01",
    owedBy: "store",
    wording: "New Jersey liquid nicotine tax ($0.30 per ml, closed systems)",
    source: "New Jersey Division of Taxation: tax on liquid nicotine",
  },
  {
    name: "Example: Tennessee vapor products",
    state: "TN",
    classes: "nicotine-vape",
    method: "percent",
    rate: "10",
    effectiveFrom: "2026-01-01",
    owedBy: "store",
    wording: "Tennessee vapor products tax (10% of the wholesale price)",
    source: "Tennessee Department of Revenue: vapor products tax (from 2026)",
  },
] as const;

/**
 * Gives the demo products their excise facts (those without any yet) and, when the store has no
 * tax rule, adds the example rules (labeled as examples). Safe to run again.
 */
export async function seedDemoExcise(db: Kysely<DB>): Promise<{ facts: number; rules: number }> {
  const products = await db.selectFrom("products").select(["id", "sku"]).execute();
  const bySku = new Map(products.map((p) => [p.sku, p.id]));
  let facts = 0;
  // One transaction (one commit) for them all.
  await db.transaction().execute(async (trx) => {
    for (const demo of DEMO_PRODUCTS) {
      const id = bySku.get(demo.sku);
      if (id === undefined) continue;
      const current = await findProductCompliance(trx, id);
      const unset =
        current.mlPerUnit === null &&
        current.cartridgesPerUnit === null &&
        current.vapeSystem === null &&
        current.containsNicotine === null;
      const excise = demoExciseFacts(demo, CLASS_OF_DEMO[demo.category] === "nicotine-vape");
      if (!unset || excise.vapeSystem === null) continue;
      const { labReport: _kept, ...kept } = current;
      await saveProductCompliance(trx, id, { ...kept, ...excise }, SYSTEM_ACTOR);
      facts++;
    }
  });
  const existing = await db
    .selectFrom("excise_rules")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  if (Number(existing.n) > 0) return { facts, rules: 0 };
  for (const rule of EXAMPLE_TAX_RULES) {
    await createExciseRule(db, taxRuleSchema.parse({ ...rule, sourceDate: WRITTEN }), SYSTEM_ACTOR, { example: true });
  }
  return { facts, rules: EXAMPLE_TAX_RULES.length };
}

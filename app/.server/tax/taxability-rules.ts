import { type Kysely, sql, type Transaction } from "kysely";
import * as TAX_MESSAGES from "~/lib/messages/sales-tax";
import { describeDates } from "~/lib/rule-book/dates";
import type { ProductScope } from "~/lib/rule-book/scope";
import {
  describeTaxabilitySubject,
  describeVerdict,
  feeTaxable,
  findTaxabilityClash,
  type TaxabilityRule,
} from "~/lib/sales-tax-rules";
import { type TaxabilityRuleInput, taxabilityScopeOf } from "~/lib/schemas/sales-tax-rules";
import { loadCatalogFacts } from "../compliance/facts";
import { dialectOf } from "../db/connect";
import type { DB, SalesTaxRuleRow } from "../db/schema";
import { bookRuleOf, RuleBookError, readJson, ruleStore } from "../rule-book/store";

/**
 * Sales-tax taxability rules in the rule-book's store (decision 0075): the table, how a row reads
 * and an input writes, what the audit log keeps, the words, and the contradiction check (the
 * state's rules locked, then the kind's comparison with the catalog's facts).
 */

type Db = Kysely<DB> | Transaction<DB>;

/** A refused taxability rule change: the message says what is wrong; `field` is the form field. */
export class TaxabilityRuleError extends RuleBookError {}

export function toTaxabilityRule(row: SalesTaxRuleRow): TaxabilityRule {
  return {
    ...bookRuleOf(row),
    state: row.state,
    subject: row.subject,
    // A scope that cannot be read covers nothing.
    scope: readJson<ProductScope>(row.scope, { productIds: [] }),
    verdict: row.verdict,
  };
}

/** The enabled rules of one state (what a sale reads; each says on which days it is in force). */
export async function taxabilityRulesOfState(db: Db, state: string): Promise<TaxabilityRule[]> {
  const rows = await db
    .selectFrom("sales_tax_rules")
    .selectAll()
    .where("state", "=", state.trim().toUpperCase())
    .where("enabled", "=", 1)
    .orderBy("id")
    .execute();
  return rows.map(toTaxabilityRule);
}

export const TAXABILITY_RULES = ruleStore({
  table: "sales_tax_rules",
  subject: "sales-tax-rule",
  noun: "Taxability rule",
  listFirstBy: ["state", "subject"],
  toRule: toTaxabilityRule,
  columnsOf: (input: TaxabilityRuleInput) => ({
    name: input.name,
    state: input.state,
    subject: input.subject,
    scope: JSON.stringify(taxabilityScopeOf(input)),
    verdict: input.verdict,
    effective_from: input.effectiveFrom,
    effective_until: input.effectiveUntil,
  }),
  auditView: (rule) => ({
    name: rule.name,
    state: rule.state,
    covers: describeTaxabilitySubject(rule),
    verdict: describeVerdict(rule.verdict),
    when: describeDates(rule),
    enabled: rule.enabled,
  }),
  messages: {
    notFound: TAX_MESSAGES.taxabilityRuleNotFound,
    stale: TAX_MESSAGES.taxabilityRuleStale,
    contradicts: TAX_MESSAGES.taxabilityRuleContradicts,
  },
  refuse: (message, field, status) => new TaxabilityRuleError(message, field, status),
  /**
   * A rule saying the opposite of an enabled one of the same state and subject, on a same day and
   * (products) for a same product, is refused. On PostgreSQL saves of one state take that state's
   * rules FOR UPDATE first.
   */
  async clashOf(trx, candidate, exceptId) {
    if (dialectOf(trx) === "postgres") {
      await sql`select id from sales_tax_rules where state = ${candidate.state} order by id for update`.execute(trx);
    }
    const rules = await taxabilityRulesOfState(trx, candidate.state);
    const catalog = candidate.subject === "products" ? await loadCatalogFacts(trx) : [];
    return findTaxabilityClash(candidate, rules, exceptId, catalog);
  },
});

/** Whether each state's rules tax the delivery fee and the excise on a store date (the states page shows today's). */
export async function feeAnswersOn(
  db: Db,
  date: string,
): Promise<Record<string, { delivery: boolean; excise: boolean }>> {
  const rows = await db.selectFrom("sales_tax_rules").selectAll().where("enabled", "=", 1).orderBy("id").execute();
  const byState = new Map<string, TaxabilityRule[]>();
  for (const rule of rows.map(toTaxabilityRule)) byState.set(rule.state, [...(byState.get(rule.state) ?? []), rule]);
  return Object.fromEntries(
    [...byState].map(([state, rules]) => [
      state,
      { delivery: feeTaxable(rules, "delivery", date), excise: feeTaxable(rules, "excise", date) },
    ]),
  );
}

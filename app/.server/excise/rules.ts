import { type Kysely, sql, type Transaction } from "kysely";
import { describeExciseScope, describeRate } from "~/lib/excise/describe";
import { type ExciseRule, type ExciseScope, findExciseContradiction } from "~/lib/excise/engine";
import * as EXCISE_MESSAGES from "~/lib/messages/excise";
import { scopeFromInput } from "~/lib/rule-book/scope";
import type { TaxRuleInput } from "~/lib/schemas/excise";
import { dialectOf } from "../db/connect";
import type { DB, ExciseRuleRow } from "../db/schema";
import { bookRuleOf, RuleBookError, readJson, readStrings, ruleStore } from "../rule-book/store";
import { loadCatalogExciseFacts } from "./facts";

/**
 * Excise tax rules in the rule-book's store (decision 0045): the table, how a row reads and an
 * input writes, what the audit log keeps, the words, and the contradiction check (the state's
 * rules locked, then excise's comparison with the catalog's facts).
 */

type Db = Kysely<DB> | Transaction<DB>;

/** A refused tax rule change: the message says what is wrong; `field` is the form field. */
export class ExciseRuleError extends RuleBookError {}

export function toExciseRule(row: ExciseRuleRow): ExciseRule {
  return {
    ...bookRuleOf(row),
    state: row.state,
    zips: readStrings(row.zips),
    // A scope that cannot be read covers nothing.
    scope: readJson<ExciseScope>(row.scope, { productIds: [] }),
    method: row.method,
    rateMicros: Number(row.rate_micros),
    owedBy: row.owed_by,
    wording: row.wording,
    source: row.source,
    sourceDate: row.source_date,
  };
}

/** The scope a rule input describes: the rule-book's (rule-book/scope.ts), then systems and nicotine. */
export function exciseScopeOf(input: TaxRuleInput): ExciseScope {
  const scope: ExciseScope = scopeFromInput(input);
  if (input.systems.length) scope.systems = [...input.systems].sort();
  if (input.nicotineOnly) scope.nicotineOnly = true;
  return scope;
}

/** The enabled rules of one state (what a cart or an order reads). */
export async function exciseRulesOfState(db: Db, state: string): Promise<ExciseRule[]> {
  const rows = await db
    .selectFrom("excise_rules")
    .selectAll()
    .where("state", "=", state.trim().toUpperCase())
    .where("enabled", "=", 1)
    .orderBy("id")
    .execute();
  return rows.map(toExciseRule);
}

/** The tax rules in the rule-book's store (the admin page hands it to the kit's actions). */
export const EXCISE_RULES = ruleStore({
  table: "excise_rules",
  subject: "excise-rule",
  noun: "Tax rule",
  listFirstBy: ["state"],
  toRule: toExciseRule,
  columnsOf: (input: TaxRuleInput) => ({
    name: input.name,
    state: input.state,
    zips: JSON.stringify([...input.zips].sort()),
    scope: JSON.stringify(exciseScopeOf(input)),
    method: input.method,
    rate_micros: input.rate,
    effective_from: input.effectiveFrom,
    effective_until: input.effectiveUntil,
    owed_by: input.owedBy,
    wording: input.wording,
    source: input.source,
    source_date: input.sourceDate,
  }),
  auditView: (rule) => ({
    name: rule.name,
    state: rule.state,
    zips: rule.zips.join(", ") || "all",
    covers: describeExciseScope(rule.scope),
    rate: describeRate(rule.method, rule.rateMicros),
    effectiveFrom: rule.effectiveFrom,
    effectiveUntil: rule.effectiveUntil,
    owedBy: rule.owedBy,
    wording: rule.wording,
    source: rule.source,
    sourceDate: rule.sourceDate,
    enabled: rule.enabled,
  }),
  messages: {
    notFound: EXCISE_MESSAGES.taxRuleNotFound,
    stale: EXCISE_MESSAGES.taxRuleStale,
    contradicts: EXCISE_MESSAGES.taxRuleContradicts,
  },
  refuse: (message, field, status) => new ExciseRuleError(message, field, status),
  /**
   * A rule that would tax the same products in the same state, places and dates as an enabled one
   * is refused. On PostgreSQL saves of one state take that state's rules FOR UPDATE first.
   */
  async clashOf(trx, candidate, exceptId) {
    if (dialectOf(trx) === "postgres") {
      await sql`select id from excise_rules where state = ${candidate.state} order by id for update`.execute(trx);
    }
    const rules = await exciseRulesOfState(trx, candidate.state);
    return findExciseContradiction(candidate, rules, exceptId, await loadCatalogExciseFacts(trx));
  },
});

/** Every tax rule: by state, enabled first, then by id. */
export const listExciseRules = EXCISE_RULES.list;
export const findExciseRule = EXCISE_RULES.find;
/** Adds a tax rule (refused when it contradicts an enabled one); the rule and its audit entry together. */
export const createExciseRule = EXCISE_RULES.create;
/** Changes a tax rule; an edit made over someone else's newer change is refused. */
export const updateExciseRule = EXCISE_RULES.update;
/** Disables or enables a tax rule (enabling checks for contradictions again). */
export const setExciseRuleEnabled = EXCISE_RULES.setEnabled;

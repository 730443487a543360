import type { Rule, RuleScope } from "~/lib/compliance/engine";
import { describeEffect, findContradiction, scopeOf } from "~/lib/compliance/rules";
import * as MESSAGES from "~/lib/messages";
import { describeScope } from "~/lib/rule-book/scope";
import type { RuleInput } from "~/lib/schemas/compliance";
import type { ComplianceRuleRow } from "../db/schema";
import { bookRuleOf, RuleBookError, type RuleStore, readJson, readStrings, ruleStore } from "../rule-book/store";
import { lockRuleSet } from "../rule-book/version";
import { loadCatalogFacts } from "./facts";

/**
 * Compliance rules in the rule-book's store (decision 0045): the table, how a row reads and an
 * input writes, what the audit log keeps, the words, and the contradiction check (the rules' version
 * row locked, then compliance's comparison with the catalog's facts).
 */

/** A refused rule change: the message says what is wrong; `field` is the form field. */
export class RuleError extends RuleBookError {}

export function toRule(row: ComplianceRuleRow): Rule {
  return {
    ...bookRuleOf(row),
    // A scope that cannot be read is kept as an empty one.
    scope: readJson<RuleScope>(row.scope, {}),
    states: readStrings(row.states),
    zips: readStrings(row.zips),
    effect: row.effect,
    licenseType: row.license_type,
    reason: row.reason,
    label: row.label,
  };
}

/** The compliance rules in the rule-book's store (the admin page hands it to the kit's actions). */
export const COMPLIANCE_RULES: RuleStore<Rule, RuleInput> = ruleStore({
  table: "compliance_rules",
  subject: "compliance-rule",
  noun: "Rule",
  toRule,
  columnsOf: (input: RuleInput) => ({
    name: input.name,
    scope: JSON.stringify(scopeOf(input)),
    states: JSON.stringify([...input.states].sort()),
    zips: JSON.stringify([...input.zips].sort()),
    effective_from: input.effectiveFrom,
    effective_until: input.effectiveUntil,
    effect: input.effect,
    license_type: input.effect === "require-license" ? input.licenseType : null,
    reason: input.reason,
    label: input.label,
  }),
  auditView: (rule) => ({
    name: rule.name,
    covers: describeScope(rule.scope),
    states: rule.states.join(", ") || "all",
    zips: rule.zips.join(", ") || "all",
    effectiveFrom: rule.effectiveFrom,
    effectiveUntil: rule.effectiveUntil,
    effect: describeEffect(rule),
    reason: rule.reason,
    label: rule.label,
    enabled: rule.enabled,
  }),
  messages: { notFound: MESSAGES.ruleNotFound, stale: MESSAGES.ruleStale, contradicts: MESSAGES.ruleContradicts },
  refuse: (message, field, status) => new RuleError(message, field, status),
  async clashOf(trx, candidate, exceptId) {
    await lockRuleSet(trx, "compliance");
    // Scopes naming different filters overlap when a product of the catalog falls under both.
    return findContradiction(candidate, await listRules(trx), exceptId, await loadCatalogFacts(trx));
  },
});

/** Every rule, enabled first, then by id. */
export const listRules = COMPLIANCE_RULES.list;
export const findRule = COMPLIANCE_RULES.find;
/** Adds a rule; one that contradicts an enabled rule is refused and nothing is stored. */
export const createRule = COMPLIANCE_RULES.create;
/** Changes a rule; an edit made over someone else's newer change is refused. */
export const updateRule = COMPLIANCE_RULES.update;
/** Disables or enables a rule (a disabled rule is kept, decides nothing, and can be enabled again). */
export const setRuleEnabled = COMPLIANCE_RULES.setEnabled;

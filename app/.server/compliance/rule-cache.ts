import type { Rule } from "~/lib/compliance/engine";
import { versionedRules } from "../rule-book/version";
import { listRules } from "./rules";

/**
 * The compliance rules, read from an in-memory copy tied to the 'compliance' row of cache_versions
 * (the rule-book's versioned rule set: rule-book/version.ts). Triggers on compliance_rules move
 * that row with every change (migration 0007).
 */
const COMPLIANCE_RULES = versionedRules<Rule>("compliance", listRules);

/** The rules in force for this read, with the version they belong to. */
export const currentRules = COMPLIANCE_RULES.current;

/** The rules inside an order's transaction, the version row read FOR SHARE on PostgreSQL. */
export const rulesForTransaction = COMPLIANCE_RULES.forTransaction;

export const resetRuleCacheForTests = COMPLIANCE_RULES.reset;

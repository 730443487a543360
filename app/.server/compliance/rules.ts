import { type Kysely, sql, type Transaction } from "kysely";
import type { Rule, RuleScope } from "~/lib/compliance/engine";
import { describeEffect, describeScope, findContradiction, scopeOf } from "~/lib/compliance/rules";
import * as MESSAGES from "~/lib/messages";
import type { RuleInput } from "~/lib/schemas/compliance";
import { type Actor, changedFields, recordAudit } from "../audit/log";
import { dialectOf } from "../db/connect";
import type { ComplianceRuleRow, DB } from "../db/schema";
import { sqlNow } from "../db/time";
import { DomainError } from "../runtime/domain-error";
import { loadCatalogFacts } from "./facts";

type Db = Kysely<DB> | Transaction<DB>;

/** A refused rule change: the message says what is wrong; `field` is the form field. */
export class RuleError extends DomainError {
  constructor(message: string, field = "form", status = 400) {
    super(message, { field, status });
  }
}

function parseList<T>(text: string): T[] {
  try {
    const value = JSON.parse(text) as unknown;
    return Array.isArray(value) ? (value as T[]) : [];
  } catch {
    return [];
  }
}

export function toRule(row: ComplianceRuleRow): Rule {
  let scope: RuleScope = {};
  try {
    scope = JSON.parse(row.scope) as RuleScope;
  } catch {
    // A scope that cannot be read covers nothing.
  }
  return {
    id: row.id,
    name: row.name,
    scope,
    states: parseList<string>(row.states),
    zips: parseList<string>(row.zips),
    effectiveFrom: row.effective_from,
    effectiveUntil: row.effective_until,
    effect: row.effect,
    licenseType: row.license_type,
    reason: row.reason,
    label: row.label,
    enabled: !!row.enabled,
    example: !!row.example,
    updatedAt: row.updated_at,
  };
}

/** Every rule, enabled first, then by id. */
export async function listRules(db: Db): Promise<Rule[]> {
  const rows = await db.selectFrom("compliance_rules").selectAll().orderBy("enabled", "desc").orderBy("id").execute();
  return rows.map(toRule);
}

export async function findRule(db: Db, id: number): Promise<Rule | null> {
  const row = await db.selectFrom("compliance_rules").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toRule(row) : null;
}

function columnsOf(input: RuleInput) {
  return {
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
  };
}

/** What the audit log keeps of a rule. */
function auditView(rule: Rule): Record<string, unknown> {
  return {
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
  };
}

async function refuseContradiction(trx: Transaction<DB>, candidate: Rule, exceptId: number | null): Promise<void> {
  if (!candidate.enabled) return;
  // Two admins saving rules at once would each check against the rules without the other's: on
  // PostgreSQL rule saves take the rules' version row first, so they check one after the other
  // (SQLite runs one writer at a time).
  if (dialectOf(trx) === "postgres") {
    await sql`select version from cache_versions where name = 'compliance' for update`.execute(trx);
  }
  // Scopes naming different filters overlap when a product of the catalog falls under both.
  const clash = findContradiction(candidate, await listRules(trx), exceptId, await loadCatalogFacts(trx));
  if (clash) throw new RuleError(MESSAGES.ruleContradicts(clash.name), "form", 409);
}

/**
 * Adds a rule. A rule that contradicts an enabled one is refused and nothing is stored. The rule
 * and its audit entry are written together.
 */
export async function createRule(
  db: Kysely<DB>,
  input: RuleInput,
  actor: Actor,
  options: { example?: boolean } = {},
): Promise<Rule> {
  return db.transaction().execute(async (trx) => {
    const now = sqlNow(dialectOf(db));
    const cols = columnsOf(input);
    const draft = toRule({
      id: 0,
      ...cols,
      enabled: 1,
      example: options.example ? 1 : 0,
      created_at: "",
      updated_at: "",
    });
    await refuseContradiction(trx, draft, null);
    const row = await trx
      .insertInto("compliance_rules")
      .values({ ...cols, enabled: 1, example: options.example ? 1 : 0, created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    const rule = toRule(row);
    await recordAudit(trx, actor, {
      action: "compliance-rule.add",
      subjectType: "compliance-rule",
      subjectId: rule.id,
      summary: `Rule "${rule.name}" added`,
      after: auditView(rule),
    });
    return rule;
  });
}

/**
 * Changes a rule. `seenUpdatedAt` is the rule as the form showed it: an edit made over someone
 * else's newer change is refused.
 */
export async function updateRule(
  db: Kysely<DB>,
  id: number,
  input: RuleInput,
  seenUpdatedAt: string | null,
  actor: Actor,
): Promise<Rule> {
  return db.transaction().execute(async (trx) => {
    const before = await findRule(trx, id);
    if (!before) throw new RuleError(MESSAGES.ruleNotFound, "form", 404);
    if (seenUpdatedAt !== null && seenUpdatedAt !== before.updatedAt)
      throw new RuleError(MESSAGES.ruleStale, "form", 409);
    const now = sqlNow(dialectOf(db));
    const cols = columnsOf(input);
    const draft = toRule({ id, ...cols, enabled: before.enabled ? 1 : 0, example: 0, created_at: "", updated_at: "" });
    await refuseContradiction(trx, draft, id);
    const row = await trx
      .updateTable("compliance_rules")
      .set({ ...cols, updated_at: now })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const after = toRule(row);
    const diff = changedFields(auditView(before), auditView(after));
    if (diff) {
      await recordAudit(trx, actor, {
        action: "compliance-rule.edit",
        subjectType: "compliance-rule",
        subjectId: id,
        summary: `Rule "${after.name}" changed`,
        ...diff,
      });
    }
    return after;
  });
}

/** Disables or enables a rule (a disabled rule is kept, decides nothing, and can be enabled again). */
export async function setRuleEnabled(db: Kysely<DB>, id: number, enabled: boolean, actor: Actor): Promise<Rule> {
  return db.transaction().execute(async (trx) => {
    const before = await findRule(trx, id);
    if (!before) throw new RuleError(MESSAGES.ruleNotFound, "form", 404);
    if (before.enabled === enabled) return before;
    if (enabled) await refuseContradiction(trx, { ...before, enabled: true }, id);
    const row = await trx
      .updateTable("compliance_rules")
      .set({ enabled: enabled ? 1 : 0, updated_at: sqlNow(dialectOf(db)) })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, actor, {
      action: enabled ? "compliance-rule.enable" : "compliance-rule.disable",
      subjectType: "compliance-rule",
      subjectId: id,
      summary: `Rule "${before.name}" ${enabled ? "enabled" : "disabled"}`,
      before: { enabled: before.enabled },
      after: { enabled },
    });
    return toRule(row);
  });
}

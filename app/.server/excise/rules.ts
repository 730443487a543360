import { type Kysely, sql, type Transaction } from "kysely";
import { describeExciseScope, describeRate } from "~/lib/excise/describe";
import { type ExciseRule, type ExciseScope, findExciseContradiction } from "~/lib/excise/engine";
import * as EXCISE_MESSAGES from "~/lib/messages/excise";
import type { TaxRuleInput } from "~/lib/schemas/excise";
import { type Actor, changedFields, recordAudit } from "../audit/log";
import { dialectOf } from "../db/connect";
import type { DB, ExciseRuleRow } from "../db/schema";
import { sqlNow } from "../db/time";
import { DomainError } from "../runtime/domain-error";
import { loadCatalogExciseFacts } from "./facts";

type Db = Kysely<DB> | Transaction<DB>;

/** A refused tax rule change: the message says what is wrong; `field` is the form field. */
export class ExciseRuleError extends DomainError {
  constructor(message: string, field = "form", status = 400) {
    super(message, { field, status });
  }
}

function parseJson<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

export function toExciseRule(row: ExciseRuleRow): ExciseRule {
  const zips = parseJson<unknown>(row.zips, []);
  return {
    id: row.id,
    name: row.name,
    state: row.state,
    zips: Array.isArray(zips) ? zips.filter((z): z is string => typeof z === "string") : [],
    // A scope that cannot be read covers nothing.
    scope: parseJson<ExciseScope>(row.scope, { productIds: [] }),
    method: row.method,
    rateMicros: Number(row.rate_micros),
    effectiveFrom: row.effective_from,
    effectiveUntil: row.effective_until,
    owedBy: row.owed_by,
    wording: row.wording,
    source: row.source,
    sourceDate: row.source_date,
    enabled: !!row.enabled,
    example: !!row.example,
    updatedAt: row.updated_at,
  };
}

/** The scope a rule input describes (filters are dropped when the rule covers all products). */
export function exciseScopeOf(input: TaxRuleInput): ExciseScope {
  const scope: ExciseScope = {};
  if (input.all) scope.all = true;
  else {
    if (input.classes.length) scope.classes = [...input.classes].sort();
    if (input.categories.length) scope.categories = [...input.categories].sort();
    if (input.brands.length) scope.brands = [...input.brands].sort();
    if (input.productIds.length) scope.productIds = [...input.productIds].sort((a, b) => a - b);
  }
  if (input.systems.length) scope.systems = [...input.systems].sort();
  if (input.nicotineOnly) scope.nicotineOnly = true;
  return scope;
}

/** Every tax rule: by state, enabled first, then by id. */
export async function listExciseRules(db: Db): Promise<ExciseRule[]> {
  const rows = await db
    .selectFrom("excise_rules")
    .selectAll()
    .orderBy("state")
    .orderBy("enabled", "desc")
    .orderBy("id")
    .execute();
  return rows.map(toExciseRule);
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

export async function findExciseRule(db: Db, id: number): Promise<ExciseRule | null> {
  const row = await db.selectFrom("excise_rules").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toExciseRule(row) : null;
}

function columnsOf(input: TaxRuleInput) {
  return {
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
  };
}

function auditView(rule: ExciseRule): Record<string, unknown> {
  return {
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
  };
}

function draftOf(id: number, input: TaxRuleInput, enabled: boolean): ExciseRule {
  return toExciseRule({
    id,
    ...columnsOf(input),
    enabled: enabled ? 1 : 0,
    example: 0,
    created_at: "",
    updated_at: "",
  });
}

/**
 * Refuses a rule that would tax the same products in the same state, places and dates as an
 * enabled one. On PostgreSQL saves of one state take that state's rules FOR UPDATE first, so two
 * admins saving at once check one after the other (SQLite runs one writer at a time).
 */
async function refuseContradiction(trx: Transaction<DB>, candidate: ExciseRule, exceptId: number | null) {
  if (!candidate.enabled) return;
  if (dialectOf(trx) === "postgres") {
    await sql`select id from excise_rules where state = ${candidate.state} order by id for update`.execute(trx);
  }
  const rules = await exciseRulesOfState(trx, candidate.state);
  const clash = findExciseContradiction(candidate, rules, exceptId, await loadCatalogExciseFacts(trx));
  if (clash) throw new ExciseRuleError(EXCISE_MESSAGES.taxRuleContradicts(clash.name), "form", 409);
}

/** Adds a tax rule (refused when it contradicts an enabled one); the rule and its audit entry together. */
export async function createExciseRule(
  db: Kysely<DB>,
  input: TaxRuleInput,
  actor: Actor,
  options: { example?: boolean } = {},
): Promise<ExciseRule> {
  return db.transaction().execute(async (trx) => {
    await refuseContradiction(trx, draftOf(0, input, true), null);
    const now = sqlNow(dialectOf(db));
    const row = await trx
      .insertInto("excise_rules")
      .values({ ...columnsOf(input), enabled: 1, example: options.example ? 1 : 0, created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    const rule = toExciseRule(row);
    await recordAudit(trx, actor, {
      action: "excise-rule.add",
      subjectType: "excise-rule",
      subjectId: rule.id,
      summary: `Tax rule "${rule.name}" added`,
      after: auditView(rule),
    });
    return rule;
  });
}

/** Changes a tax rule; an edit made over someone else's newer change is refused. */
export async function updateExciseRule(
  db: Kysely<DB>,
  id: number,
  input: TaxRuleInput,
  seenUpdatedAt: string | null,
  actor: Actor,
): Promise<ExciseRule> {
  return db.transaction().execute(async (trx) => {
    const before = await findExciseRule(trx, id);
    if (!before) throw new ExciseRuleError(EXCISE_MESSAGES.taxRuleNotFound, "form", 404);
    if (seenUpdatedAt !== null && seenUpdatedAt !== before.updatedAt)
      throw new ExciseRuleError(EXCISE_MESSAGES.taxRuleStale, "form", 409);
    await refuseContradiction(trx, draftOf(id, input, before.enabled), id);
    const row = await trx
      .updateTable("excise_rules")
      .set({ ...columnsOf(input), updated_at: sqlNow(dialectOf(db)) })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const after = toExciseRule(row);
    const diff = changedFields(auditView(before), auditView(after));
    if (diff) {
      await recordAudit(trx, actor, {
        action: "excise-rule.edit",
        subjectType: "excise-rule",
        subjectId: id,
        summary: `Tax rule "${after.name}" changed`,
        ...diff,
      });
    }
    return after;
  });
}

/** Disables or enables a tax rule (enabling checks for contradictions again). */
export async function setExciseRuleEnabled(db: Kysely<DB>, id: number, enabled: boolean, actor: Actor) {
  return db.transaction().execute(async (trx) => {
    const before = await findExciseRule(trx, id);
    if (!before) throw new ExciseRuleError(EXCISE_MESSAGES.taxRuleNotFound, "form", 404);
    if (before.enabled === enabled) return before;
    if (enabled) await refuseContradiction(trx, { ...before, enabled: true }, id);
    const row = await trx
      .updateTable("excise_rules")
      .set({ enabled: enabled ? 1 : 0, updated_at: sqlNow(dialectOf(db)) })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, actor, {
      action: enabled ? "excise-rule.enable" : "excise-rule.disable",
      subjectType: "excise-rule",
      subjectId: id,
      summary: `Tax rule "${before.name}" ${enabled ? "enabled" : "disabled"}`,
      before: { enabled: before.enabled },
      after: { enabled },
    });
    return toExciseRule(row);
  });
}

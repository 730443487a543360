import type { Kysely, Transaction } from "kysely";
import type { BookRule } from "~/lib/rule-book/book";
import { type Actor, type AuditSubject, changedFields, recordAudit } from "../audit/log";
import { dialectOf } from "../db/connect";
import type { DB } from "../db/schema";
import { sqlNow } from "../db/time";
import { DomainError } from "../runtime/domain-error";

/**
 * The rule-book's store (decision 0045): listing a kind's rules, adding and changing one with the
 * contradiction check in the same transaction, enabling and disabling, each change with its audit
 * entry. A kind declares its table, how a row becomes a rule and an input becomes columns, what
 * the audit log keeps, its words, and how a candidate is checked (its lock and its comparison);
 * `ruleStore` gives it the rest.
 */

type Db = Kysely<DB> | Transaction<DB>;

/** The tables that hold a kind's rules (a new kind adds its table here). */
export type RuleTable = "compliance_rules" | "excise_rules" | "sales_tax_rules";

/** The columns every rule table has, and the kit writes itself. */
interface KitColumns {
  id: number;
  enabled: number;
  example: number;
  created_at: string;
  updated_at: string;
}

/** The columns every rule table has that a kind's form writes. */
interface BookColumns {
  name: string;
  effective_from: string;
  effective_until: string | null;
}

/** What every kind's rule reads of its row: id, name, dates, enabled, example, version. */
export function bookRuleOf(row: KitColumns & BookColumns): BookRule {
  return {
    id: row.id,
    name: row.name,
    effectiveFrom: row.effective_from,
    effectiveUntil: row.effective_until,
    enabled: !!row.enabled,
    example: !!row.example,
    updatedAt: row.updated_at,
  };
}

/** A refused rule change: the message says what is wrong; `field` is the form field. */
export class RuleBookError extends DomainError {
  constructor(message: string, field = "form", status = 400) {
    super(message, { field, status });
  }
}

export interface RuleKind<R extends BookRule, I, Row extends KitColumns, Columns> {
  table: RuleTable;
  /** The audit log's subject ("compliance-rule"): its actions are `${subject}.add`, `.edit`, `.enable`, `.disable`. */
  subject: AuditSubject;
  /** How the audit log's summaries name a rule: "Rule", "Tax rule". */
  noun: string;
  /** Columns the list is ordered by before enabled first, then id (excise: the state). */
  listFirstBy?: readonly string[];
  toRule: (row: Row) => R;
  /** The columns an input writes (everything but id, enabled, example and the times). */
  columnsOf: (input: I) => Columns;
  /** What the audit log keeps of a rule. */
  auditView: (rule: R) => Record<string, unknown>;
  messages: { notFound: string; stale: string; contradicts: (name: string) => string };
  /** The kind's refusal (a RuleBookError), so callers can tell the kinds apart. */
  refuse: (message: string, field: string, status: number) => RuleBookError;
  /**
   * The enabled rule a candidate contradicts (`exceptId`: the rule being edited), read inside the
   * saving transaction after the kind's lock is taken, so two admins saving at once check one after
   * the other (on PostgreSQL; SQLite runs one writer at a time).
   */
  clashOf: (trx: Transaction<DB>, candidate: R, exceptId: number | null) => Promise<R | null>;
}

export interface RuleStore<R extends BookRule, I> {
  list: (db: Db) => Promise<R[]>;
  find: (db: Db, id: number) => Promise<R | null>;
  create: (db: Kysely<DB>, input: I, actor: Actor, options?: { example?: boolean }) => Promise<R>;
  update: (db: Kysely<DB>, id: number, input: I, seenUpdatedAt: string | null, actor: Actor) => Promise<R>;
  setEnabled: (db: Kysely<DB>, id: number, enabled: boolean, actor: Actor) => Promise<R>;
}

// The kit reads and writes any kind's table, so it speaks to Kysely without the table's own row
// type; each kind's toRule and columnsOf are typed by its table.
type AnyDb = Kysely<Record<string, KitColumns & Record<string, unknown>>>;
const loose = (db: Db) => db as unknown as AnyDb;

/** A JSON column, or `fallback` when it cannot be read. */
export function readJson<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/** A JSON list of strings (states, ZIPs); anything else reads as empty. */
export function readStrings(text: string): string[] {
  const value = readJson<unknown>(text, []);
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
}

export function ruleStore<R extends BookRule, I, Row extends KitColumns, Columns extends object>(
  kind: RuleKind<R, I, Row, Columns>,
): RuleStore<R, I> {
  const toRule = (row: unknown) => kind.toRule(row as Row);
  const draft = (id: number, input: I, enabled: boolean): R =>
    kind.toRule({
      id,
      ...kind.columnsOf(input),
      enabled: enabled ? 1 : 0,
      example: 0,
      created_at: "",
      updated_at: "",
    } as unknown as Row);

  async function list(db: Db): Promise<R[]> {
    let query = loose(db).selectFrom(kind.table).selectAll();
    for (const column of kind.listFirstBy ?? []) query = query.orderBy(column);
    return (await query.orderBy("enabled", "desc").orderBy("id").execute()).map(toRule);
  }

  async function find(db: Db, id: number): Promise<R | null> {
    const row = await loose(db).selectFrom(kind.table).selectAll().where("id", "=", id).executeTakeFirst();
    return row ? toRule(row) : null;
  }

  async function refuseContradiction(trx: Transaction<DB>, candidate: R, exceptId: number | null) {
    if (!candidate.enabled) return;
    const clash = await kind.clashOf(trx, candidate, exceptId);
    if (clash) throw kind.refuse(kind.messages.contradicts(clash.name), "form", 409);
  }

  async function findOrRefuse(trx: Transaction<DB>, id: number): Promise<R> {
    const rule = await find(trx, id);
    if (!rule) throw kind.refuse(kind.messages.notFound, "form", 404);
    return rule;
  }

  /** Adds a rule (refused when it contradicts an enabled one); the rule and its audit entry together. */
  async function create(db: Kysely<DB>, input: I, actor: Actor, options: { example?: boolean } = {}): Promise<R> {
    return db.transaction().execute(async (trx) => {
      await refuseContradiction(trx, draft(0, input, true), null);
      const now = sqlNow(dialectOf(db));
      const row = await loose(trx)
        .insertInto(kind.table)
        .values({
          ...kind.columnsOf(input),
          enabled: 1,
          example: options.example ? 1 : 0,
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      const rule = toRule(row);
      await recordAudit(trx, actor, {
        action: `${kind.subject}.add`,
        subjectType: kind.subject,
        subjectId: rule.id,
        summary: `${kind.noun} "${rule.name}" added`,
        after: kind.auditView(rule),
      });
      return rule;
    });
  }

  /**
   * Changes a rule. `seenUpdatedAt` is the rule as the form showed it: an edit made over someone
   * else's newer change is refused.
   */
  async function update(db: Kysely<DB>, id: number, input: I, seenUpdatedAt: string | null, actor: Actor) {
    return db.transaction().execute(async (trx) => {
      const before = await findOrRefuse(trx, id);
      if (seenUpdatedAt !== null && seenUpdatedAt !== before.updatedAt)
        throw kind.refuse(kind.messages.stale, "form", 409);
      await refuseContradiction(trx, draft(id, input, before.enabled), id);
      const row = await loose(trx)
        .updateTable(kind.table)
        .set({ ...kind.columnsOf(input), updated_at: sqlNow(dialectOf(db)) })
        .where("id", "=", id)
        .returningAll()
        .executeTakeFirstOrThrow();
      const after = toRule(row);
      const diff = changedFields(kind.auditView(before), kind.auditView(after));
      if (diff) {
        await recordAudit(trx, actor, {
          action: `${kind.subject}.edit`,
          subjectType: kind.subject,
          subjectId: id,
          summary: `${kind.noun} "${after.name}" changed`,
          ...diff,
        });
      }
      return after;
    });
  }

  /** Disables or enables a rule (a disabled rule is kept and decides nothing; enabling checks it again). */
  async function setEnabled(db: Kysely<DB>, id: number, enabled: boolean, actor: Actor): Promise<R> {
    return db.transaction().execute(async (trx) => {
      const before = await findOrRefuse(trx, id);
      if (before.enabled === enabled) return before;
      if (enabled) await refuseContradiction(trx, { ...before, enabled: true }, id);
      const row = await loose(trx)
        .updateTable(kind.table)
        .set({ enabled: enabled ? 1 : 0, updated_at: sqlNow(dialectOf(db)) })
        .where("id", "=", id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordAudit(trx, actor, {
        action: `${kind.subject}.${enabled ? "enable" : "disable"}`,
        subjectType: kind.subject,
        subjectId: id,
        summary: `${kind.noun} "${before.name}" ${enabled ? "enabled" : "disabled"}`,
        before: { enabled: before.enabled },
        after: { enabled },
      });
      return toRule(row);
    });
  }

  return { list, find, create, update, setEnabled };
}

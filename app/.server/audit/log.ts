import type { Kysely, Transaction } from "kysely";
import { dialectOf } from "../db/connect";
import type { AuditRow, DB } from "../db/schema";
import { sqlNow } from "../db/time";

/**
 * The audit log: who did what, when, to which record, with the fields that changed before and
 * after. Entries are written in the same transaction as the change they describe (a change that
 * rolls back leaves no entry, and no change goes unrecorded), and never edited or deleted: the
 * table refuses UPDATE and DELETE on both databases (migration 0006).
 */
export interface Actor {
  id: string | null;
  name: string;
}

/** Changes made by the store itself (scheduled work, expiry), not by a person. */
export const SYSTEM_ACTOR: Actor = { id: null, name: "System" };

export type AuditSubject =
  | "product"
  | "product-line"
  | "order"
  | "user"
  | "business"
  | "license"
  | "compliance-rule"
  | "excise-rule"
  | "pact-filing"
  | "price-group"
  | "supplier"
  | "purchase-order"
  | "delivery-zone"
  | "store-holiday"
  | "lot"
  // Dispatch (issue 40): a day's routes as built, one route, one truck.
  | "delivery-day"
  | "delivery-route"
  | "vehicle"
  // Sales tax (issue 41): where the store collects, and each rate.
  | "sales-tax-state"
  | "sales-tax-rate"
  // Sales-tax taxability rules (decision 0075): what is exempt, whether the fees are taxed.
  | "sales-tax-rule"
  // Resale certificates (issue 41).
  | "resale-certificate"
  // The public REST API's keys (issue 42).
  | "api-key"
  // Webhooks (issue 42): an endpoint registered, changed, rolled, replayed.
  | "webhook"
  | "store";

export interface AuditEntry {
  action: string;
  subjectType: AuditSubject;
  subjectId: string | number;
  /** One line a person reads in the log ("Price of NV-123 changed"). */
  summary: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

type Db = Kysely<DB> | Transaction<DB>;

/**
 * Only the fields whose values differ, so an entry says what changed and nothing else. Returns
 * null for both when nothing changed.
 */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } | null {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const key of Object.keys(after)) {
    if (after[key] === undefined) continue;
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      b[key] = before[key] ?? null;
      a[key] = after[key];
    }
  }
  return Object.keys(a).length ? { before: b, after: a } : null;
}

export async function recordAudit(db: Db, actor: Actor, entry: AuditEntry): Promise<void> {
  await recordAudits(db, actor, [entry]);
}

/** The most entries one insert writes (nine parameters each, well under PostgreSQL's 65,535). */
const AUDIT_BATCH = 500;

/** Records several entries by one actor, in their order (a few statements for a whole catalog import). */
export async function recordAudits(db: Db, actor: Actor, entries: readonly AuditEntry[]): Promise<void> {
  const at = sqlNow(dialectOf(db));
  for (let i = 0; i < entries.length; i += AUDIT_BATCH)
    await db
      .insertInto("audit_log")
      .values(
        entries.slice(i, i + AUDIT_BATCH).map((entry) => ({
          actor_id: actor.id,
          actor_name: actor.name.slice(0, 200),
          action: entry.action,
          subject_type: entry.subjectType,
          subject_id: String(entry.subjectId),
          summary: entry.summary.slice(0, 500),
          before: entry.before ? JSON.stringify(entry.before) : null,
          after: entry.after ? JSON.stringify(entry.after) : null,
          created_at: at,
        })),
      )
      .execute();
}

export interface AuditListItem {
  id: number;
  at: string;
  actorName: string;
  actorId: string | null;
  action: string;
  subjectType: string;
  subjectId: string;
  summary: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

export const AUDIT_PAGE_SIZE = 50;

function parseJson(text: string | null): Record<string, unknown> | null {
  if (!text) return null;
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return null;
  }
}

function toItem(row: AuditRow): AuditListItem {
  return {
    id: row.id,
    at: row.created_at,
    actorName: row.actor_name,
    actorId: row.actor_id,
    action: row.action,
    subjectType: row.subject_type,
    subjectId: row.subject_id,
    summary: row.summary,
    before: parseJson(row.before),
    after: parseJson(row.after),
  };
}

export interface AuditFilter {
  subjectType?: string | null;
  subjectId?: string | null;
  action?: string | null;
  page?: number;
}

/** Newest first, optionally of one kind of record (and one record), one page at a time. */
export async function listAudit(
  db: Kysely<DB>,
  filter: AuditFilter,
): Promise<{ items: AuditListItem[]; total: number; page: number; pageSize: number }> {
  const page = Math.max(1, filter.page ?? 1);
  let base = db.selectFrom("audit_log");
  if (filter.subjectType) base = base.where("subject_type", "=", filter.subjectType);
  if (filter.subjectId) base = base.where("subject_id", "=", filter.subjectId);
  if (filter.action) base = base.where("action", "=", filter.action);
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(AUDIT_PAGE_SIZE)
      .offset((page - 1) * AUDIT_PAGE_SIZE)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toItem), total: Number(count.n), page, pageSize: AUDIT_PAGE_SIZE };
}

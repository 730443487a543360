import type { Kysely, Transaction } from "kysely";
import { businessDisplayName } from "~/lib/business";
import { formatCents } from "~/lib/money";
import { isTerms, TERMS_LABELS, type Terms } from "~/lib/receivables";
import { type Actor, changedFields, recordAudit } from "../audit/log";
import { dialectOf } from "../db/connect";
import type { DB } from "../db/schema";
import { sqlNow } from "../db/time";

type Db = Kysely<DB> | Transaction<DB>;

/**
 * Terms and credit (issue 30): the store's defaults (store_settings) and each business's own
 * (businesses.terms, credit_limit_cents; NULL takes the default). A credit limit of null is no
 * limit. Every change is in the audit log.
 */
export interface StoreCreditSettings {
  defaultTerms: Terms;
  /** Cents, or null for no limit. */
  defaultCreditLimitCents: number | null;
  /** An order placed while an invoice is more than this many days past due goes on credit hold. */
  pastDueHoldDays: number;
}

export const DEFAULT_STORE_CREDIT: StoreCreditSettings = {
  defaultTerms: "net30",
  defaultCreditLimitCents: null,
  pastDueHoldDays: 30,
};

const NAMES = {
  defaultTerms: "default_terms",
  defaultCreditLimitCents: "default_credit_limit_cents",
  pastDueHoldDays: "credit_hold_past_due_days",
} as const;

function intOrNull(value: string | undefined): number | null | undefined {
  if (value === undefined) return undefined;
  if (value === "") return null;
  const n = Number(value);
  return Number.isInteger(n) && n >= 0 ? n : undefined;
}

export async function storeCreditSettings(db: Db): Promise<StoreCreditSettings> {
  const rows = await db
    .selectFrom("store_settings")
    .select(["name", "value"])
    .where("name", "in", Object.values(NAMES))
    .execute();
  const byName = new Map(rows.map((r) => [r.name, r.value]));
  const terms = byName.get(NAMES.defaultTerms);
  const limit = intOrNull(byName.get(NAMES.defaultCreditLimitCents));
  const days = intOrNull(byName.get(NAMES.pastDueHoldDays));
  return {
    defaultTerms: isTerms(terms) ? terms : DEFAULT_STORE_CREDIT.defaultTerms,
    defaultCreditLimitCents: limit === undefined ? DEFAULT_STORE_CREDIT.defaultCreditLimitCents : limit,
    pastDueHoldDays: typeof days === "number" ? days : DEFAULT_STORE_CREDIT.pastDueHoldDays,
  };
}

export async function setStoreCreditSettings(db: Kysely<DB>, next: StoreCreditSettings, actor: Actor): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await storeCreditSettings(trx);
    const changed = changedFields({ ...before }, { ...next });
    if (!changed) return;
    const now = sqlNow(dialectOf(db));
    const values: Record<string, string> = {
      [NAMES.defaultTerms]: next.defaultTerms,
      [NAMES.defaultCreditLimitCents]:
        next.defaultCreditLimitCents === null ? "" : String(next.defaultCreditLimitCents),
      [NAMES.pastDueHoldDays]: String(next.pastDueHoldDays),
    };
    for (const [name, value] of Object.entries(values)) {
      await trx
        .insertInto("store_settings")
        .values({ name, value, updated_at: now })
        .onConflict((oc) => oc.column("name").doUpdateSet({ value, updated_at: now }))
        .execute();
    }
    await recordAudit(trx, actor, {
      action: "store.credit-settings",
      subjectType: "store",
      subjectId: "credit",
      summary: `Store terms ${TERMS_LABELS[next.defaultTerms]}, credit limit ${limitText(next.defaultCreditLimitCents)}, hold after ${next.pastDueHoldDays} days past due`,
      ...changed,
    });
  });
}

export function limitText(cents: number | null): string {
  return cents === null ? "none" : formatCents(cents);
}

export interface BusinessCredit {
  businessId: string;
  name: string;
  /** The business's own terms and limit (null: the store's default). */
  ownTerms: Terms | null;
  ownCreditLimitCents: number | null;
  /** What applies. */
  terms: Terms;
  creditLimitCents: number | null;
}

/** The terms and limit of a business (the account key); null when no such account exists. */
export async function businessCredit(db: Db, businessId: string): Promise<BusinessCredit | null> {
  const row = await db
    .selectFrom("users")
    .leftJoin("businesses", "businesses.user_id", "users.id")
    .select([
      "users.id",
      "users.name",
      "businesses.legal_name",
      "businesses.dba",
      "businesses.terms",
      "businesses.credit_limit_cents",
    ])
    .where("users.id", "=", businessId)
    .executeTakeFirst();
  if (!row) return null;
  const store = await storeCreditSettings(db);
  const ownTerms = isTerms(row.terms) ? row.terms : null;
  const ownLimit = row.credit_limit_cents ?? null;
  return {
    businessId,
    name: businessDisplayName({ legalName: row.legal_name, dba: row.dba }, row.name),
    ownTerms,
    ownCreditLimitCents: ownLimit,
    terms: ownTerms ?? store.defaultTerms,
    creditLimitCents: ownLimit ?? store.defaultCreditLimitCents,
  };
}

/**
 * Sets a business's terms and credit limit (null: the store's default). Returns false when the
 * business has no profile (the terms live on it).
 */
export async function setBusinessCredit(
  db: Kysely<DB>,
  businessId: string,
  next: { terms: Terms | null; creditLimitCents: number | null },
  actor: Actor,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("businesses")
      .select(["legal_name", "dba", "terms", "credit_limit_cents"])
      .where("user_id", "=", businessId)
      .executeTakeFirst();
    if (!row) return false;
    const changed = changedFields(
      { terms: row.terms, creditLimitCents: row.credit_limit_cents },
      { terms: next.terms, creditLimitCents: next.creditLimitCents },
    );
    if (!changed) return true;
    await trx
      .updateTable("businesses")
      .set({ terms: next.terms, credit_limit_cents: next.creditLimitCents, updated_at: sqlNow(dialectOf(db)) })
      .where("user_id", "=", businessId)
      .execute();
    await recordAudit(trx, actor, {
      action: "business.credit",
      subjectType: "business",
      subjectId: businessId,
      summary: `Terms of ${businessDisplayName({ legalName: row.legal_name, dba: row.dba })}: ${next.terms ? TERMS_LABELS[next.terms] : "store default"}, credit limit ${next.creditLimitCents === null ? "store default" : formatCents(next.creditLimitCents)}`,
      ...changed,
    });
    return true;
  });
}

import { type Kysely, sql } from "kysely";
import { type ApprovalState, addDays, businessDisplayName, storeToday } from "~/lib/business";
import { type LicenseSummary, licenseSummaries } from "../business/licenses";
import type { DB } from "../db/schema";

export const USERS_PAGE_SIZE = 25;

export interface AdminUserRow {
  id: string;
  name: string;
  email: string;
  username: string | null;
  phone: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  emailVerified: boolean;
  role: string;
  createdAt: string;
  /** The store disabled the account (issue 17). */
  disabled: boolean;
  /** The business's legal name and the store's decision about it (null: no business yet). */
  /** The business's name as shown everywhere (businessDisplayName) and its approval. */
  business: { name: string; approval: ApprovalState } | null;
  licenses: LicenseSummary;
}

function likeTerm(q: string): string {
  return `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Every registered user, newest first, searched by name, email or username and paged in the database. */
export async function listUsers(
  db: Kysely<DB>,
  options: {
    q?: string;
    page?: number;
    pageSize?: number;
    /** Only accounts with an expired license, or an approved one expiring within 30 days. */
    licenseAttention?: boolean;
    now?: Date;
  },
): Promise<{ items: AdminUserRow[]; total: number; page: number; pageSize: number }> {
  const pageSize = options.pageSize ?? USERS_PAGE_SIZE;
  const page = Math.max(1, options.page ?? 1);
  const q = (options.q ?? "").trim().slice(0, 100);
  let base = db.selectFrom("users");
  if (q) {
    const term = likeTerm(q);
    // The escape clause makes `\_` and `\%` literal: SQLite's LIKE has no escape character by default.
    base = base.where((eb) =>
      eb.or([
        sql<boolean>`lower(name) like ${term} escape '\\'`,
        sql<boolean>`email like ${term} escape '\\'`,
        sql<boolean>`username like ${term} escape '\\'`,
      ]),
    );
  }
  if (options.licenseAttention) {
    const today = storeToday(options.now);
    const soon = addDays(today, 30);
    base = base.where((eb) =>
      eb.exists(
        eb
          .selectFrom("licenses")
          .select("licenses.id")
          .whereRef("licenses.user_id", "=", "users.id")
          .where((l) =>
            l.or([
              l("licenses.status", "=", "expired"),
              l.and([l("licenses.status", "=", "approved"), l("licenses.expires_on", "<=", soon)]),
            ]),
          ),
      ),
    );
  }
  const [rows, count] = await Promise.all([
    base
      .leftJoin("businesses", "businesses.user_id", "users.id")
      .select(["businesses.legal_name", "businesses.dba", "businesses.approval"])
      .select([
        "users.id",
        "users.name",
        "users.email",
        "users.display_username",
        "users.phone",
        "users.address",
        "users.city",
        "users.state",
        "users.zip",
        "users.email_verified",
        "users.role",
        "users.created_at",
        "users.disabled_at",
      ])
      .orderBy("users.created_at", "desc")
      .orderBy("users.id")
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  const summaries = await licenseSummaries(
    db,
    rows.map((r) => r.id),
  );
  return {
    items: rows.map((r) => ({
      id: r.id,
      name: r.name,
      email: r.email,
      username: r.display_username,
      phone: r.phone,
      address: r.address,
      city: r.city,
      state: r.state,
      zip: r.zip,
      emailVerified: !!r.email_verified,
      role: r.role,
      createdAt: r.created_at instanceof Date ? r.created_at.toISOString() : String(r.created_at),
      disabled: !!r.disabled_at,
      business:
        r.legal_name && r.approval
          ? { name: businessDisplayName({ legalName: r.legal_name, dba: r.dba }), approval: r.approval }
          : null,
      licenses: summaries.get(r.id) ?? { approved: 0, pending: 0, rejected: 0, expired: 0, nextExpiry: null },
    })),
    total: Number(count.n),
    page,
    pageSize,
  };
}

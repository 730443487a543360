import { type Kysely, sql } from "kysely";
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
}

function likeTerm(q: string): string {
  return `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Every registered user, newest first, searched by name, email or username and paged in the database. */
export async function listUsers(
  db: Kysely<DB>,
  options: { q?: string; page?: number; pageSize?: number },
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
  const [rows, count] = await Promise.all([
    base
      .select([
        "id",
        "name",
        "email",
        "display_username",
        "phone",
        "address",
        "city",
        "state",
        "zip",
        "email_verified",
        "role",
        "created_at",
      ])
      .orderBy("created_at", "desc")
      .orderBy("id")
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
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
    })),
    total: Number(count.n),
    page,
    pageSize,
  };
}

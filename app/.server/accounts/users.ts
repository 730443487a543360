import type { Kysely } from "kysely";
import type { DB } from "../db/schema";

/** Account lookups our flows need beyond what better-auth exposes. */
export interface UserSummary {
  id: string;
  name: string;
  email: string;
  username: string | null;
  role: string;
  emailVerified: boolean;
  phone: string | null;
}

export async function findUserByUsername(db: Kysely<DB>, username: string): Promise<UserSummary | null> {
  const row = await db
    .selectFrom("users")
    .select(["id", "name", "email", "display_username", "role", "email_verified", "phone"])
    .where("username", "=", username.trim().toLowerCase())
    .executeTakeFirst();
  return row ? toSummary(row) : null;
}

export async function findUserByEmail(db: Kysely<DB>, email: string): Promise<UserSummary | null> {
  const row = await db
    .selectFrom("users")
    .select(["id", "name", "email", "display_username", "role", "email_verified", "phone"])
    .where("email", "=", email.trim().toLowerCase())
    .executeTakeFirst();
  return row ? toSummary(row) : null;
}

export async function findUserById(db: Kysely<DB>, id: string): Promise<UserSummary | null> {
  const row = await db
    .selectFrom("users")
    .select(["id", "name", "email", "display_username", "role", "email_verified", "phone"])
    .where("id", "=", id)
    .executeTakeFirst();
  return row ? toSummary(row) : null;
}

function toSummary(row: {
  id: string;
  name: string;
  email: string;
  display_username: string | null;
  role: string;
  email_verified: boolean | number;
  phone: string | null;
}): UserSummary {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    username: row.display_username,
    role: row.role,
    emailVerified: !!row.email_verified,
    phone: row.phone,
  };
}

export async function countUsers(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom("users")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

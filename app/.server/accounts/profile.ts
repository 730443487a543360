import type { Kysely } from "kysely";
import type { DB } from "../db/schema";
import { authNow } from "./auth-columns";

export interface Profile {
  id: string;
  name: string;
  email: string;
  username: string | null;
  phone: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
}

export async function findProfile(db: Kysely<DB>, userId: string): Promise<Profile | null> {
  const row = await db
    .selectFrom("users")
    .select(["id", "name", "email", "display_username", "phone", "address", "city", "state", "zip"])
    .where("id", "=", userId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    username: row.display_username,
    phone: row.phone,
    address: row.address,
    city: row.city,
    state: row.state,
    zip: row.zip,
  };
}

/** Account Settings: the phone number is the one field a customer edits here. */
export async function updatePhone(db: Kysely<DB>, userId: string, phone: string): Promise<void> {
  await db
    .updateTable("users")
    .set({ phone: phone || null, updated_at: authNow(db) })
    .where("id", "=", userId)
    .execute();
}

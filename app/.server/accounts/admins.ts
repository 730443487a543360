import crypto from "node:crypto";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema";
import { getAuth } from "./auth";
import { authBool, authNow } from "./auth-columns";
import { findUserByEmail } from "./users";

/** A password of 20 random URL-safe characters. */
function generatePassword(): string {
  return crypto.randomBytes(15).toString("base64url");
}

export interface CreatedAccount {
  email: string;
  /** Set when a new account was created (the password it was given). */
  password: string | null;
  promoted: boolean;
}

/**
 * Creates a verified account with the given role, without sending mail; or, when the email
 * already has an account, gives it the role (and marks it verified for an admin).
 */
export async function ensureAccount(
  db: Kysely<DB>,
  input: { email: string; name: string; password?: string | undefined; role: "admin" | "customer"; username?: string },
): Promise<CreatedAccount> {
  const email = input.email.trim().toLowerCase();
  const existing = await findUserByEmail(db, email);
  if (existing) {
    await db
      .updateTable("users")
      .set({
        role: input.role,
        ...(input.role === "admin" ? { email_verified: authBool(db, true) } : {}),
        updated_at: authNow(db),
      })
      .where("id", "=", existing.id)
      .execute();
    return { email, password: null, promoted: true };
  }
  const password = input.password ?? generatePassword();
  const ctx = await getAuth().$context;
  const user = await ctx.internalAdapter.createUser(
    {
      email,
      name: input.name,
      emailVerified: true,
      role: input.role,
      ...(input.username ? { username: input.username.toLowerCase(), displayUsername: input.username } : {}),
    },
    { method: "admin" },
  );
  await ctx.internalAdapter.linkAccount({
    userId: user.id,
    providerId: "credential",
    accountId: user.id,
    password: await ctx.password.hash(password),
  });
  return { email, password, promoted: false };
}

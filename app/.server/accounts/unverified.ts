import type { Kysely } from "kysely";
import type { DB } from "../db/schema";
import { defineJob } from "../jobs/registry";
import { log } from "../runtime/log";
import { authBool, authDate } from "./auth-columns";

/** Days an account may stay unverified before it is deleted. */
export const UNVERIFIED_ACCOUNT_DAYS = 7;

/**
 * Hours a new registration waits for its address to be verified (its verification link works as
 * long). Meanwhile a new registration with the same address changes nothing; after it, a new one
 * replaces it (decision 0029).
 */
export const PENDING_REGISTRATION_HOURS = 24;

/**
 * The registration of an unverified account while it still waits for its verification (made less
 * than PENDING_REGISTRATION_HOURS ago): when it was made and when it ends; null once it has ended.
 */
export async function pendingRegistration(
  db: Kysely<DB>,
  userId: string,
  now = Date.now(),
): Promise<{ madeAt: Date; endsAt: Date } | null> {
  const row = await db
    .selectFrom("users")
    .select("created_at")
    .where("id", "=", userId)
    .where("email_verified", "=", authBool(db, false))
    .executeTakeFirst();
  if (!row) return null;
  const madeAt = new Date(row.created_at);
  const endsAt = new Date(madeAt.getTime() + PENDING_REGISTRATION_HOURS * 60 * 60 * 1000);
  return endsAt.getTime() > now ? { madeAt, endsAt } : null;
}
export const EXPIRE_UNVERIFIED_JOB = "expire-unverified-accounts";

/**
 * Deletes customer accounts whose email was never verified within UNVERIFIED_ACCOUNT_DAYS, so an
 * address someone registered and abandoned is free again. Their sessions, credentials and
 * addresses go with them (foreign keys cascade); they cannot have signed in, so they have no
 * orders. Admins are kept (they may sign in unverified).
 */
export async function deleteExpiredUnverifiedAccounts(db: Kysely<DB>, now = Date.now()): Promise<number> {
  const cutoff = new Date(now - UNVERIFIED_ACCOUNT_DAYS * 24 * 60 * 60 * 1000);
  const result = await db
    .deleteFrom("users")
    .where("email_verified", "=", authBool(db, false))
    .where("role", "<>", "admin")
    .where("created_at", "<", authDate(db, cutoff))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Scheduled hourly (startup.ts). */
export const expireUnverifiedAccountsJob = defineJob(EXPIRE_UNVERIFIED_JOB, async (_payload, { db, now }) => {
  const deleted = await deleteExpiredUnverifiedAccounts(db, now);
  if (deleted > 0) log.info({ deleted }, "unverified accounts expired");
});

import type { Kysely } from "kysely";
import { dialectOf } from "../db/connect";
import type { DB } from "../db/schema";

/**
 * Values for better-auth's own columns when we write them directly: PostgreSQL has native
 * timestamp and boolean columns there, SQLite stores ISO text and 0/1.
 */
export function authNow(db: Kysely<DB>): Date | string {
  const now = new Date();
  return dialectOf(db) === "postgres" ? now : now.toISOString();
}

export function authBool(db: Kysely<DB>, value: boolean): boolean | number {
  return dialectOf(db) === "postgres" ? value : value ? 1 : 0;
}

/** A time in better-auth's own date columns, for comparisons in our queries. */
export function authDate(db: Kysely<DB>, date: Date): Date | string {
  return dialectOf(db) === "postgres" ? date : date.toISOString();
}

import { type Kysely, sql } from "kysely";
import * as MESSAGES from "~/lib/messages";
import { dialectOf } from "../db/connect";
import type { DB } from "../db/schema";
import { env } from "../runtime/env";
import { clientNetwork } from "./client-address";

export interface RateLimitRule {
  /** What is limited, e.g. "contact" or "sign-in". */
  name: string;
  limit: number;
  windowMs: number;
  /**
   * What one count belongs to. "client": the requester's address, counted by its network (an
   * IPv6 address by its /64: see clientNetwork); "email", "account": the subject as given,
   * case aside. Every rule says which, so a limit on addresses cannot count single IPv6 addresses.
   */
  per: "client" | "email" | "account";
}

export interface RateLimitResult {
  allowed: boolean;
  remaining: number;
  retryAfterSeconds: number;
}

export const TOO_MANY_ATTEMPTS = MESSAGES.tooManyAttempts;

/** RATE_LIMIT_FACTOR multiplies every limit (tests raise it; production leaves it at 1). */
export function scaledLimit(limit: number): number {
  return Math.max(1, Math.round(limit * env().RATE_LIMIT_FACTOR));
}

/** The one place a rate-limit key is made: the rule's name and what it counts per. */
function rateLimitKey(rule: RateLimitRule, subject: string): string {
  const who = rule.per === "client" ? clientNetwork(subject) : subject.trim().toLowerCase();
  return `${rule.name}:${who}`.slice(0, 300);
}

/**
 * Counts one attempt against `rule` for `subject` (a client address, an email...) and says whether it
 * is allowed. The count lives in the database, so it holds across several app processes, and
 * the increment is a single atomic upsert.
 */
export async function hitRateLimit(
  db: Kysely<DB>,
  rule: RateLimitRule,
  subject: string,
  now = Date.now(),
  options: { relaxed?: boolean } = {},
): Promise<RateLimitResult> {
  const key = rateLimitKey(rule, subject);
  const limit = scaledLimit(rule.limit);
  const expired = now - rule.windowMs;
  // relaxed (the REST API's per-request count, issue 42): on PostgreSQL the count's commit does
  // not wait for the disk (synchronous_commit off for this transaction only); a crash may forget
  // the last few counts of a minute, which a rate limit can afford. SQLite: the same statement.
  if (options.relaxed && dialectOf(db) === "postgres")
    return db.transaction().execute(async (trx) => {
      await sql`set local synchronous_commit = off`.execute(trx);
      return countAttempt(trx, key, limit, rule.windowMs, expired, now);
    });
  return countAttempt(db, key, limit, rule.windowMs, expired, now);
}

async function countAttempt(
  db: Kysely<DB>,
  key: string,
  limit: number,
  windowMs: number,
  expired: number,
  now: number,
): Promise<RateLimitResult> {
  const row = await db
    .insertInto("rate_limits")
    .values({ key, count: 1, window_start: now })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet({
        count: sql<number>`case when rate_limits.window_start <= ${expired} then 1 else rate_limits.count + 1 end`,
        window_start: sql<number>`case when rate_limits.window_start <= ${expired} then ${now} else rate_limits.window_start end`,
      }),
    )
    .returning(["count", "window_start"])
    .executeTakeFirstOrThrow();
  if (Math.random() < 0.01) {
    // Now and then, forget windows that ended a day ago.
    await db
      .deleteFrom("rate_limits")
      .where("window_start", "<", now - 24 * 60 * 60 * 1000)
      .execute();
  }
  const count = Number(row.count);
  const windowStart = Number(row.window_start);
  return {
    allowed: count <= limit,
    remaining: Math.max(0, limit - count),
    retryAfterSeconds: Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000)),
  };
}

/** Forgets the attempts of a subject (after a successful sign-in, for instance). */
export async function clearRateLimit(db: Kysely<DB>, rule: RateLimitRule, subject: string): Promise<void> {
  await db.deleteFrom("rate_limits").where("key", "=", rateLimitKey(rule, subject)).execute();
}

import { type Kysely, sql } from "kysely";
import * as MESSAGES from "~/lib/messages";
import type { DB } from "../db/schema";
import { env } from "../env";

export interface RateLimitRule {
  /** What is limited, e.g. "contact" or "sign-in". */
  name: string;
  limit: number;
  windowMs: number;
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

/**
 * Counts one attempt against `rule` for `subject` (an address, an email...) and says whether it
 * is allowed. The count lives in the database, so it holds across several app processes, and
 * the increment is a single atomic upsert.
 */
export async function hitRateLimit(
  db: Kysely<DB>,
  rule: RateLimitRule,
  subject: string,
  now = Date.now(),
): Promise<RateLimitResult> {
  const key = `${rule.name}:${subject.toLowerCase()}`.slice(0, 300);
  const limit = scaledLimit(rule.limit);
  const expired = now - rule.windowMs;
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
    retryAfterSeconds: Math.max(1, Math.ceil((windowStart + rule.windowMs - now) / 1000)),
  };
}

/** Forgets the attempts of a subject (after a successful sign-in, for instance). */
export async function clearRateLimit(db: Kysely<DB>, rule: RateLimitRule, subject: string): Promise<void> {
  await db.deleteFrom("rate_limits").where("key", "=", `${rule.name}:${subject.toLowerCase()}`.slice(0, 300)).execute();
}

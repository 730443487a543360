import { type RawBuilder, sql } from "kysely";
import type { Dialect } from "./connect";

/** The database's clock as ISO-8601 UTC text with milliseconds, e.g. 2026-11-22T05:01:02.345Z. */
export function sqlNow(dialect: Dialect): RawBuilder<string> {
  return dialect === "postgres"
    ? sql<string>`to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
    : sql<string>`strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`;
}

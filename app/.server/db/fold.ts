import type SQLite from "better-sqlite3";
import { type Expression, type RawBuilder, sql } from "kysely";

/** The database a condition is written for (connect.ts names the same two). */
type Dialect = "sqlite" | "postgres";

/**
 * Text compared "without case or outer spaces" (a rule's option names and values, its brands:
 * normOption and normBrand in lib/rule-book/scope.ts) the same way in JavaScript and in both
 * databases. SQLite's lower() folds ASCII only ("CRÈME BRÛLÉE" stays "crÈme brÛlÉe") and its
 * trim() takes spaces only; PostgreSQL's lower() follows the database's locale. So:
 *
 * - SQLite: every connection has `fold_text(x)`, which runs the JavaScript itself (connect.ts).
 * - PostgreSQL: `lower()` under ICU's root locale (the "und-x-icu" collation), which maps case as
 *   JavaScript's toLowerCase does (Unicode's full mapping, final sigma included), whatever the
 *   database's own locale; `btrim()` of the characters JavaScript's trim() takes.
 */
export const foldText = (text: string): string => text.trim().toLowerCase();

/** What String.prototype.trim() takes from either end: white space and line terminators. */
const JS_TRIMMED =
  "\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff";

const SQLITE_FOLD = "fold_text";

/** Gives a SQLite connection `fold_text(x)`: foldText for text, anything else as it is (null stays null). */
export function registerFold(database: SQLite.Database): void {
  database.function(SQLITE_FOLD, { deterministic: true }, (value: unknown) =>
    typeof value === "string" ? foldText(value) : value,
  );
}

/** An SQL expression folded as foldText folds text, in one dialect. */
export function foldSql(value: Expression<string | null> | RawBuilder<unknown>, dialect: Dialect): RawBuilder<string> {
  return dialect === "postgres"
    ? sql<string>`lower(btrim(${value}, ${JS_TRIMMED}) collate "und-x-icu")`
    : sql<string>`${sql.raw(SQLITE_FOLD)}(${value})`;
}

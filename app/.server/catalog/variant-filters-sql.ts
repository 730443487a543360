import { type RawBuilder, sql } from "kysely";
import { normOption, type OptionFilter } from "~/lib/rule-book/scope";
import type { Dialect } from "../db/connect";
import { foldSql } from "../db/fold";

/**
 * The scope's variant filters (issue 38) as SQL over a product `v` (products) and its facts `c`
 * (product_compliance, left joined: null for a product without facts), the same decisions as
 * scopeCovers (lib/rule-book/scope.ts) takes from loadFacts: for a listing that filters in the
 * database ("sold to my address"). Every condition is null-safe (`is true`): an unknown fact
 * (no facts row, no strength, a line without that option) is not covered.
 */

/** A nicotine cap: the products whose strength is above it (mg/mL). */
export function nicotineAboveSql(cap: number): RawBuilder<boolean> {
  return sql<boolean>`(c.nicotine_mg_ml > ${cap}) is true`;
}

/** The name of a line's option at a place (0, 1, 2) in its JSON list of names, in each dialect. */
function optionNameAt(dialect: Dialect, index: number): RawBuilder<string> {
  return dialect === "postgres"
    ? sql<string>`(l.option_names::json ->> ${sql.lit(index)})`
    : sql<string>`json_extract(l.option_names, ${sql.lit(`$[${index}]`)})`;
}

/**
 * The variant's value of the option named (compared without case or outer spaces, as normOption
 * compares them, on both databases: db/fold.ts), or null when its line has no such option or the
 * variant no value of it: from its line's option names and the variant's option1..3.
 */
function optionValueSql(name: string, dialect: Dialect): RawBuilder<string | null> {
  const wanted = normOption(name);
  const when = (index: number) =>
    sql`when ${foldSql(optionNameAt(dialect, index), dialect)} = ${wanted} then ${sql.ref(`v.option${index + 1}`)}`;
  return sql<
    string | null
  >`(select nullif(case ${when(0)} ${when(1)} ${when(2)} end, '') from product_lines l where l.id = v.line_id)`;
}

/** An option filter: the variants whose value of the option is (or, `except`, is not) one of the values. */
export function optionFilterSql(filter: OptionFilter, dialect: Dialect): RawBuilder<boolean> {
  const values = [...new Set(filter.values.map(normOption))];
  const value = foldSql(optionValueSql(filter.name, dialect), dialect);
  // No values: none is listed (optionMatches: every variant with the option passes an exclusion,
  // none an inclusion). Written without a list: "in ()" is not SQL, and PostgreSQL text holds no NUL.
  if (!values.length) return filter.except ? sql<boolean>`(${value} is not null)` : sql<boolean>`(1 = 0)`;
  const list = sql.join(values.map((v) => sql`${v}`));
  return filter.except
    ? sql<boolean>`(${value} not in (${list})) is true`
    : sql<boolean>`(${value} in (${list})) is true`;
}

/**
 * The scope's variant filters as SQL for one dialect, keyed as ProductScope names them: for a
 * map of every filter of the scope to its SQL (the listing's "sold to my address"). Unlike the
 * lists, the nicotine cap applies with "all products" too (scopeCovers), as the THC floor does.
 */
export function variantFilters(dialect: Dialect) {
  return {
    option: (filter: OptionFilter) => optionFilterSql(filter, dialect),
    nicotineAboveMgMl: (cap: number) => nicotineAboveSql(cap),
  };
}

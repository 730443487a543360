import { type ExpressionBuilder, type RawBuilder, sql } from "kysely";
import type { Refusal } from "~/lib/compliance/sold-here";
import type { ProductScope } from "~/lib/rule-book/scope";
import type { Dialect } from "../db/connect";
import { foldSql, foldText } from "../db/fold";
import type { DB } from "../db/schema";
import { variantFilters } from "./variant-filters-sql";

/**
 * "Sold to my address" as SQL (issue 38): the lines with a variant no refusal covers
 * (lib/compliance/sold-here.ts), so a listing, its counts and its pages filter in the database.
 * The scope's filters read the columns loadFacts reads (facts.ts: the product's category and
 * id, its product_compliance row); a product without that row has no facts, so only "all" and
 * filters on category and id can cover it, as scopeCovers decides. Every filter is written
 * null-safe (`is true`): an unknown fact is not covered.
 */

type Filter = RawBuilder<boolean>;

const list = (values: readonly (string | number)[]) => sql.join(values.map((v) => sql`${v}`));

/**
 * Each filter of a scope as SQL over products `v` and product_compliance `c`. Keyed by every
 * field of ProductScope: a new filter does not compile until it is written here too.
 */
type Filters = { [K in keyof Required<ProductScope>]: (value: NonNullable<ProductScope[K]>) => Filter | null };
const filtersFor = (dialect: Dialect): Filters => ({
  ...variantFilters(dialect),
  all: () => null,
  classes: (values) => sql`(c.product_class in (${list(values)})) is true`,
  flavors: (values) => sql`(c.flavor_class in (${list(values)})) is true`,
  categories: (values) => sql`(v.category in (${list(values)})) is true`,
  brands: (values) => sql`(${foldSql(sql`c.brand`, dialect)} in (${list(values.map(foldText))})) is true`,
  countries: (values) => sql`(c.country in (${list(values)})) is true`,
  productIds: (values) => sql`(v.id in (${list(values)})) is true`,
  minThcMg: (value) => sql`coalesce(c.thc_mg, 0) > ${value}`,
});
const FILTERS: Record<Dialect, Filters> = { sqlite: filtersFor("sqlite"), postgres: filtersFor("postgres") };
/** The filters that apply with "all products" too (scopeCovers): the THC floor and the nicotine cap. */
const WITH_ALL: readonly (keyof ProductScope)[] = ["minThcMg", "nicotineAboveMgMl"];

/** Whether a scope covers a product, as SQL (scopeCovers: "all" ignores the lists, not the THC floor). */
function coversSql(scope: ProductScope, dialect: Dialect): Filter {
  const parts: Filter[] = [];
  const filters = FILTERS[dialect];
  for (const key of Object.keys(filters) as (keyof ProductScope)[]) {
    const value = scope[key];
    if (value === undefined || (Array.isArray(value) && value.length === 0)) continue;
    if (scope.all && !WITH_ALL.includes(key)) continue;
    const part = (filters[key] as (v: unknown) => Filter | null)(value);
    if (part) parts.push(part);
  }
  return parts.length ? sql`(${sql.join(parts, sql` and `)})` : sql`1 = 1`;
}

/** Whether a variant is sold under the refusals, as SQL over `v` and `c`. */
function soldSql(refusals: readonly Refusal[], dialect: Dialect): Filter {
  return sql.join(
    refusals.map((r) =>
      r.unlessListedIn === null
        ? sql`not ${coversSql(r.scope, dialect)}`
        : sql`not (${coversSql(r.scope, dialect)} and not (coalesce(c.directory_states, '') like ${`%"${r.unlessListedIn}"%`}))`,
    ),
    sql` and `,
  );
}

/**
 * A condition on a listing's rows (products, aliased "products"): their line has a variant sold
 * under the refusals. No refusal: every line (no condition).
 */
export function soldHereCondition(refusals: readonly Refusal[], dialect: Dialect) {
  return (eb: ExpressionBuilder<DB, "products">) =>
    refusals.length === 0
      ? sql<boolean>`1 = 1`
      : eb(
          "products.line_id",
          "in",
          sql<number>`(select v.line_id from products v left join product_compliance c on c.product_id = v.id where ${soldSql(refusals, dialect)})`,
        );
}

/** The ids of the given products sold under the refusals (the tests' check against soldUnder). */
export function soldProductIdsSql(refusals: readonly Refusal[], dialect: Dialect): RawBuilder<{ id: number }> {
  const where = refusals.length ? soldSql(refusals, dialect) : sql`1 = 1`;
  return sql<{
    id: number;
  }>`select v.id from products v left join product_compliance c on c.product_id = v.id where ${where}`;
}

import { type ExpressionBuilder, type RawBuilder, sql } from "kysely";
import type { Refusal } from "~/lib/compliance/sold-here";
import type { ProductScope } from "~/lib/rule-book/scope";
import type { DB } from "../db/schema";

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
const FILTERS: { [K in keyof Required<ProductScope>]: (value: NonNullable<ProductScope[K]>) => Filter | null } = {
  all: () => null,
  classes: (values) => sql`(c.product_class in (${list(values)})) is true`,
  flavors: (values) => sql`(c.flavor_class in (${list(values)})) is true`,
  categories: (values) => sql`(v.category in (${list(values)})) is true`,
  brands: (values) => sql`(lower(trim(c.brand)) in (${list(values.map((b) => b.trim().toLowerCase()))})) is true`,
  countries: (values) => sql`(c.country in (${list(values)})) is true`,
  productIds: (values) => sql`(v.id in (${list(values)})) is true`,
  minThcMg: (value) => sql`coalesce(c.thc_mg, 0) > ${value}`,
};

/** Whether a scope covers a product, as SQL (scopeCovers: "all" ignores the lists, not the THC floor). */
function coversSql(scope: ProductScope): Filter {
  const parts: Filter[] = [];
  for (const key of Object.keys(FILTERS) as (keyof ProductScope)[]) {
    const value = scope[key];
    if (value === undefined || (Array.isArray(value) && value.length === 0)) continue;
    if (scope.all && key !== "minThcMg") continue;
    const part = (FILTERS[key] as (v: unknown) => Filter | null)(value);
    if (part) parts.push(part);
  }
  return parts.length ? sql`(${sql.join(parts, sql` and `)})` : sql`1 = 1`;
}

/** Whether a variant is sold under the refusals, as SQL over `v` and `c`. */
function soldSql(refusals: readonly Refusal[]): Filter {
  return sql.join(
    refusals.map((r) =>
      r.unlessListedIn === null
        ? sql`not ${coversSql(r.scope)}`
        : sql`not (${coversSql(r.scope)} and not (coalesce(c.directory_states, '') like ${`%"${r.unlessListedIn}"%`}))`,
    ),
    sql` and `,
  );
}

/**
 * A condition on a listing's rows (products, aliased "products"): their line has a variant sold
 * under the refusals. No refusal: every line (no condition).
 */
export function soldHereCondition(refusals: readonly Refusal[]) {
  return (eb: ExpressionBuilder<DB, "products">) =>
    refusals.length === 0
      ? sql<boolean>`1 = 1`
      : eb(
          "products.line_id",
          "in",
          sql<number>`(select v.line_id from products v left join product_compliance c on c.product_id = v.id where ${soldSql(refusals)})`,
        );
}

/** The ids of the given products sold under the refusals (the tests' check against soldUnder). */
export function soldProductIdsSql(refusals: readonly Refusal[]): RawBuilder<{ id: number }> {
  const where = refusals.length ? soldSql(refusals) : sql`1 = 1`;
  return sql<{
    id: number;
  }>`select v.id from products v left join product_compliance c on c.product_id = v.id where ${where}`;
}

import { type FlavorClass, flavorClassLabel, type ProductClass, productClassLabel } from "../compliance/vocabulary";

/**
 * The rule-book's scope over products (decision 0045): which products a rule covers, whatever the
 * rule then does (compliance blocks or asks for a license, excise charges a tax). A scope covers
 * every product (all), or the products that match every filter given; each filter is a list of
 * values, any of which matches. A rule kind may narrow further with filters of its own (excise:
 * vape systems, nicotine) by extending ProductScope and ScopeFacts.
 */

/** What a scope reads of a product. Unknown facts are null (a filter on them does not cover it). */
export interface ScopeFacts {
  id: number;
  category: string;
  brand: string | null;
  productClass: ProductClass | null;
  flavorClass: FlavorClass | null;
  country: string | null;
  /** Total THC per container, mg (cannabinoid products). */
  thcMg: number | null;
}

/**
 * What a rule covers. minThcMg narrows to products with more THC per container than that (the
 * federal hemp definition counts THC per container).
 */
export interface ProductScope {
  all?: boolean;
  classes?: ProductClass[];
  flavors?: FlavorClass[];
  categories?: string[];
  brands?: string[];
  countries?: string[];
  productIds?: number[];
  minThcMg?: number;
}

/** The list filters of a scope, in the order the form and the words show them. */
export const SCOPE_LISTS = ["classes", "flavors", "categories", "brands", "countries", "productIds"] as const;
export type ScopeList = (typeof SCOPE_LISTS)[number];

/** A scope as a form posts it: "all products", the lists (empty: not filtered) and the THC floor. */
export type ScopeInput = { all: boolean; minThcMg?: number | undefined } & {
  [K in ScopeList]?: NonNullable<ProductScope[K]>;
};

/** The scope a form describes: filters are dropped when the rule covers all products; lists are sorted. */
export function scopeFromInput(input: ScopeInput): ProductScope {
  const scope: ProductScope = {};
  if (input.all) scope.all = true;
  else {
    for (const kind of SCOPE_LISTS) {
      const values = input[kind];
      if (!values?.length) continue;
      if (kind === "productIds") scope.productIds = [...(values as number[])].sort((a, b) => a - b);
      else (scope as Record<string, string[]>)[kind] = [...(values as string[])].sort();
    }
  }
  if (input.minThcMg !== undefined) scope.minThcMg = input.minThcMg;
  return scope;
}

/** How many list filters a form filled in (a scope without "all" needs at least one). */
export function filtersFilled(input: ScopeInput): number {
  return SCOPE_LISTS.reduce((n, kind) => n + (input[kind]?.length ?? 0), 0);
}

const normBrand = (b: string) => b.trim().toLowerCase();

export function scopeCovers(scope: ProductScope, p: ScopeFacts): boolean {
  if (scope.all) return scope.minThcMg === undefined || (p.thcMg ?? 0) > scope.minThcMg;
  const has = <T>(list: T[] | undefined, value: T | null) => !list?.length || (value !== null && list.includes(value));
  if (!has(scope.classes, p.productClass)) return false;
  if (!has(scope.flavors, p.flavorClass)) return false;
  if (!has(scope.categories, p.category)) return false;
  if (scope.brands?.length) {
    const brand = p.brand === null ? null : normBrand(p.brand);
    if (!brand || !scope.brands.some((b) => normBrand(b) === brand)) return false;
  }
  if (!has(scope.countries, p.country)) return false;
  if (!has(scope.productIds, p.id)) return false;
  if (scope.minThcMg !== undefined && !((p.thcMg ?? 0) > scope.minThcMg)) return false;
  return true;
}

/** The values of one list filter, as compared (brands without case or outer spaces). */
export function filterValues(scope: ProductScope, kind: ScopeList): (string | number)[] {
  const values: readonly (string | number)[] = scope[kind] ?? [];
  return kind === "brands" ? values.map((v) => normBrand(String(v))) : [...values];
}

/** The list filters a scope names (all products names none). */
export function filtersOf(scope: ProductScope): ScopeList[] {
  return scope.all ? [] : SCOPE_LISTS.filter((k) => (scope[k]?.length ?? 0) > 0);
}

/** Whether two scopes say the same, whatever the order of their lists or the case of their brands. */
export function sameScope(a: ProductScope, b: ProductScope): boolean {
  const norm = (s: ProductScope) =>
    JSON.stringify({
      all: !!s.all,
      ...Object.fromEntries(
        SCOPE_LISTS.map((k) => [k, filterValues(s, k).sort((x, y) => (x < y ? -1 : x > y ? 1 : 0))]),
      ),
      minThcMg: s.minThcMg ?? null,
    });
  return norm(a) === norm(b);
}

/**
 * Whether some product can fall under both scopes. "All products" overlaps everything. A product
 * has one value of each fact, so scopes naming the same filter overlap only when those lists
 * intersect; scopes naming the same filters overlap when every list intersects. Scopes naming
 * different filters overlap when a product of the catalog falls under both.
 */
export function scopesOverlap(a: ProductScope, b: ProductScope, catalog: readonly ScopeFacts[]): boolean {
  if (a.all || b.all) return true;
  const ka = filtersOf(a);
  const kb = filtersOf(b);
  for (const kind of ka.filter((k) => kb.includes(k))) {
    const other = filterValues(b, kind);
    if (!filterValues(a, kind).some((v) => other.includes(v))) return false;
  }
  if (ka.length === kb.length && ka.every((k) => kb.includes(k))) return true;
  return catalog.some((p) => scopeCovers(a, p) && scopeCovers(b, p));
}

/** One line describing what a scope covers, for the admin's list and the audit log. */
export function describeScope(scope: ProductScope): string {
  const parts: string[] = [];
  if (scope.all) parts.push("All products");
  if (scope.classes?.length) parts.push(scope.classes.map(productClassLabel).join(", "));
  if (scope.flavors?.length) parts.push(`${scope.flavors.map(flavorClassLabel).join(", ")} flavor`);
  if (scope.categories?.length) parts.push(`category ${scope.categories.join(", ")}`);
  if (scope.brands?.length) parts.push(`brand ${scope.brands.join(", ")}`);
  if (scope.countries?.length) parts.push(`made in ${scope.countries.join(", ")}`);
  if (scope.productIds?.length) parts.push(`products #${scope.productIds.join(", #")}`);
  if (scope.minThcMg !== undefined) parts.push(`over ${scope.minThcMg} mg THC per container`);
  return parts.join("; ");
}

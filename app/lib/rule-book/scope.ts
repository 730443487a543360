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
  /** Nicotine strength, mg/mL (product_compliance.nicotine_mg_ml). */
  nicotineMgMl: number | null;
  /**
   * The variant's values of its line's options, by option name as the line names it
   * ({ Flavor: "Mango", Nicotine: "50 mg" }); an option the variant has no value of is left out.
   */
  options: Readonly<Record<string, string>>;
}

/**
 * A filter on one option of a product's line (issue 38): the variants whose value of the option
 * named is one of `values` (`except` false), or is none of them (`except` true: "Flavor is not
 * Tobacco, Menthol"). Names and values compare without case or outer spaces. A product without
 * that option is not covered either way (an unknown fact matches no filter on it).
 */
export interface OptionFilter {
  name: string;
  values: string[];
  except: boolean;
}

/**
 * What a rule covers. minThcMg narrows to products with more THC per container than that (the
 * federal hemp definition counts THC per container); nicotineAboveMgMl to products whose nicotine
 * strength is above that (a nicotine cap: a block refuses what is stronger); option to the
 * variants whose value of one of their line's options is, or is not, among some values.
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
  nicotineAboveMgMl?: number;
  option?: OptionFilter;
}

/** The list filters of a scope, in the order the form and the words show them. */
export const SCOPE_LISTS = ["classes", "flavors", "categories", "brands", "countries", "productIds"] as const;
export type ScopeList = (typeof SCOPE_LISTS)[number];

/**
 * A scope as a form posts it: "all products", the lists (empty: not filtered), the THC floor, the
 * nicotine cap and the option filter (its name, its values, whether they are excluded).
 */
export type ScopeInput = {
  all: boolean;
  minThcMg?: number | undefined;
  nicotineAboveMgMl?: number | undefined;
  optionName?: string | undefined;
  optionValues?: string[] | undefined;
  optionExcept?: boolean | undefined;
} & {
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
    const option = optionOf(input);
    if (option) scope.option = option;
  }
  if (input.minThcMg !== undefined) scope.minThcMg = input.minThcMg;
  if (input.nicotineAboveMgMl !== undefined) scope.nicotineAboveMgMl = input.nicotineAboveMgMl;
  return scope;
}

/** The option filter a form describes: a name and at least one value (values in the order typed, without repeats). */
function optionOf(input: ScopeInput): OptionFilter | null {
  const name = input.optionName?.trim() ?? "";
  const values = [...new Set((input.optionValues ?? []).map((v) => v.trim()).filter(Boolean))];
  if (!name || !values.length) return null;
  return { name, values, except: !!input.optionExcept };
}

/**
 * How many filters a form filled in (a scope without "all" needs at least one): the lists' values,
 * the option filter and the nicotine cap (a cap alone covers every product stronger than it).
 */
export function filtersFilled(input: ScopeInput): number {
  const lists = SCOPE_LISTS.reduce((n, kind) => n + (input[kind]?.length ?? 0), 0);
  return lists + (optionOf(input) ? 1 : 0) + (input.nicotineAboveMgMl !== undefined ? 1 : 0);
}

const normBrand = (b: string) => b.trim().toLowerCase();
/** An option's name or value as compared: without case or outer spaces. */
export const normOption = (v: string) => v.trim().toLowerCase();

/** A variant's value of an option (by name, without case), or null when its line has no such option. */
export function optionValueOf(options: ScopeFacts["options"], name: string): string | null {
  const wanted = normOption(name);
  for (const [key, value] of Object.entries(options)) if (normOption(key) === wanted && value) return value;
  return null;
}

/** Whether a variant's options pass an option filter. */
export function optionMatches(filter: OptionFilter, options: ScopeFacts["options"]): boolean {
  const value = optionValueOf(options, filter.name);
  if (value === null) return false;
  const listed = filter.values.some((v) => normOption(v) === normOption(value));
  return filter.except ? !listed : listed;
}

/** Whether a product's nicotine strength is above a cap (an unknown strength is not). */
function aboveNicotine(cap: number | undefined, p: ScopeFacts): boolean {
  return cap === undefined || (p.nicotineMgMl !== null && p.nicotineMgMl > cap);
}

export function scopeCovers(scope: ProductScope, p: ScopeFacts): boolean {
  if (scope.all)
    return (
      (scope.minThcMg === undefined || (p.thcMg ?? 0) > scope.minThcMg) && aboveNicotine(scope.nicotineAboveMgMl, p)
    );
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
  if (!aboveNicotine(scope.nicotineAboveMgMl, p)) return false;
  if (scope.option && !optionMatches(scope.option, p.options)) return false;
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
      nicotineAboveMgMl: s.nicotineAboveMgMl ?? null,
      option: !s.all && s.option ? normalOption(s.option) : null,
    });
  return norm(a) === norm(b);
}

/** An option filter as compared: its name and values without case, values sorted. */
function normalOption(f: OptionFilter) {
  return { name: normOption(f.name), values: [...new Set(f.values.map(normOption))].sort(), except: f.except };
}

/**
 * Whether a variant can have a value of one option that passes both filters on it: two lists of
 * values share one; a list and an exclusion leave one of the list; two exclusions always do.
 */
export function optionsIntersect(a: OptionFilter, b: OptionFilter): boolean {
  const [x, y] = [normalOption(a), normalOption(b)];
  if (x.except && y.except) return true;
  if (!x.except && !y.except) return x.values.some((v) => y.values.includes(v));
  const [list, excluded] = x.except ? [y.values, x.values] : [x.values, y.values];
  return list.some((v) => !excluded.includes(v));
}

/** The filters of a scope that are not lists, by name (the option filter's name is part of it). */
function otherFilters(scope: ProductScope): string[] {
  if (scope.all) return [];
  return scope.option ? [`option:${normOption(scope.option.name)}`] : [];
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
  if (a.option && b.option && normOption(a.option.name) === normOption(b.option.name)) {
    if (!optionsIntersect(a.option, b.option)) return false;
  }
  const oa = otherFilters(a);
  const ob = otherFilters(b);
  const same = (x: readonly string[], y: readonly string[]) => x.length === y.length && x.every((k) => y.includes(k));
  if (same(ka, kb) && same(oa, ob)) return true;
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
  if (scope.option && !scope.all)
    parts.push(`${scope.option.name} ${scope.option.except ? "is not" : "is"} ${scope.option.values.join(", ")}`);
  if (scope.minThcMg !== undefined) parts.push(`over ${scope.minThcMg} mg THC per container`);
  if (scope.nicotineAboveMgMl !== undefined) parts.push(`over ${scope.nicotineAboveMgMl} mg/mL nicotine`);
  return parts.join("; ");
}

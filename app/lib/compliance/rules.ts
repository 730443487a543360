import { licenseTypeLabel } from "../business";
import * as MESSAGES from "../messages";
import type { RuleInput } from "../schemas/compliance";
import { type ProductFacts, type Rule, type RuleScope, ruleCovers } from "./engine";
import { flavorClassLabel, productClassLabel, type RuleEffect } from "./vocabulary";

/**
 * Rules as the admin writes them: the scope a rule input describes, the one line the admin list
 * shows of a rule, and when a new or changed rule contradicts one already stored.
 */

/** The scope a rule input describes (filters are dropped when the rule covers all products). */
export function scopeOf(input: RuleInput): RuleScope {
  const scope: RuleScope = {};
  if (input.all) scope.all = true;
  else {
    if (input.classes.length) scope.classes = [...input.classes].sort();
    if (input.flavors.length) scope.flavors = [...input.flavors].sort();
    if (input.categories.length) scope.categories = [...input.categories].sort();
    if (input.brands.length) scope.brands = [...input.brands].sort();
    if (input.countries.length) scope.countries = [...input.countries].sort();
    if (input.productIds.length) scope.productIds = [...input.productIds].sort((a, b) => a - b);
  }
  if (input.minThcMg !== undefined) scope.minThcMg = input.minThcMg;
  return scope;
}

function sameScope(a: RuleScope, b: RuleScope): boolean {
  const norm = (s: RuleScope) =>
    JSON.stringify({
      all: !!s.all,
      classes: [...(s.classes ?? [])].sort(),
      flavors: [...(s.flavors ?? [])].sort(),
      categories: [...(s.categories ?? [])].sort(),
      brands: (s.brands ?? []).map((x) => x.trim().toLowerCase()).sort(),
      countries: [...(s.countries ?? [])].sort(),
      productIds: [...(s.productIds ?? [])].sort((x, y) => x - y),
      minThcMg: s.minThcMg ?? null,
    });
  return norm(a) === norm(b);
}

function placesOverlap(a: Pick<Rule, "states" | "zips">, b: Pick<Rule, "states" | "zips">): boolean {
  if (a.states.length === 0 || b.states.length === 0) return true;
  if (!a.states.some((s) => b.states.includes(s))) return false;
  if (a.zips.length === 0 || b.zips.length === 0) return true;
  return a.zips.some((z5) => b.zips.includes(z5));
}

function datesOverlap(
  a: Pick<Rule, "effectiveFrom" | "effectiveUntil">,
  b: Pick<Rule, "effectiveFrom" | "effectiveUntil">,
) {
  const end = (x: string | null) => x ?? "9999-12-31";
  return a.effectiveFrom <= end(b.effectiveUntil) && b.effectiveFrom <= end(a.effectiveUntil);
}

/**
 * Whether two effects on the same sale disagree: a block against a rule that allows the sale on a
 * condition (a license held, a directory listing). Two conditions do not disagree: both must be
 * met (different licenses, or a license and a listing).
 */
export function effectsContradict(a: RuleEffect, b: RuleEffect): boolean {
  return a !== b && (a === "block" || b === "block");
}

const SCOPE_LISTS = ["classes", "flavors", "categories", "brands", "countries", "productIds"] as const;
type ScopeList = (typeof SCOPE_LISTS)[number];

function listOf(scope: RuleScope, kind: ScopeList): (string | number)[] {
  const values: readonly (string | number)[] = scope[kind] ?? [];
  return kind === "brands" ? values.map((v) => String(v).trim().toLowerCase()) : [...values];
}

/** The filters a scope names (all products names none). */
function kindsOf(scope: RuleScope): ScopeList[] {
  return scope.all ? [] : SCOPE_LISTS.filter((k) => (scope[k]?.length ?? 0) > 0);
}

/**
 * Whether some product can fall under both scopes. "All products" overlaps everything. A product
 * has one value of each fact, so scopes naming the same filter overlap only when those lists
 * intersect; scopes naming the same filters overlap when every list intersects. Scopes naming
 * different filters overlap when a product of the catalog falls under both.
 */
export function scopesOverlap(a: RuleScope, b: RuleScope, catalog: readonly ProductFacts[]): boolean {
  if (a.all || b.all) return true;
  const ka = kindsOf(a);
  const kb = kindsOf(b);
  for (const kind of ka.filter((k) => kb.includes(k))) {
    const other = listOf(b, kind);
    if (!listOf(a, kind).some((v) => other.includes(v))) return false;
  }
  if (ka.length === kb.length && ka.every((k) => kb.includes(k))) return true;
  return catalog.some((p) => ruleCovers(a, p) && ruleCovers(b, p));
}

/**
 * Whether a block is an exception carved out of a condition rule rather than its contradiction:
 * everything the block covers is covered by the condition rule, which covers more (the federal
 * THC limit on hemp inside Texas's hemp registration). The condition still means something for
 * the rest, and the block wins where both apply. Judged from the filters when the block narrows
 * every filter of the condition rule, otherwise from the catalog.
 */
function carvedOut(block: RuleScope, condition: RuleScope, catalog: readonly ProductFacts[]): boolean {
  if (block.all || sameScope(block, condition)) return false;
  if (condition.all) return true;
  const narrows = kindsOf(condition).every((kind) => {
    const within = listOf(condition, kind);
    const mine = listOf(block, kind);
    return mine.length > 0 && mine.every((v) => within.includes(v));
  });
  const threshold =
    condition.minThcMg === undefined || (block.minThcMg !== undefined && block.minThcMg >= condition.minThcMg);
  if (narrows && threshold) return true;
  const blocked = catalog.filter((p) => ruleCovers(block, p));
  return (
    blocked.length > 0 &&
    blocked.every((p) => ruleCovers(condition, p)) &&
    catalog.some((p) => ruleCovers(condition, p) && !ruleCovers(block, p))
  );
}

/**
 * The enabled rule that contradicts a candidate: products that overlap (scopesOverlap, with the
 * catalog's facts for scopes naming different filters), places that overlap, dates that overlap,
 * and effects that contradict (one blocks what the other allows on a condition) — unless the block
 * is an exception carved out of the condition rule (carvedOut).
 */
export function findContradiction(
  candidate: Pick<Rule, "scope" | "states" | "zips" | "effectiveFrom" | "effectiveUntil" | "effect">,
  rules: readonly Rule[],
  exceptId: number | null,
  catalog: readonly ProductFacts[] = [],
): Rule | null {
  return (
    rules.find((r) => {
      if (r.id === exceptId || !r.enabled || !effectsContradict(r.effect, candidate.effect)) return false;
      if (!placesOverlap(r, candidate) || !datesOverlap(r, candidate)) return false;
      if (!scopesOverlap(r.scope, candidate.scope, catalog)) return false;
      const [block, condition] = r.effect === "block" ? [r.scope, candidate.scope] : [candidate.scope, r.scope];
      return !carvedOut(block, condition, catalog);
    }) ?? null
  );
}

/** One line describing what a rule covers, for the admin list. */
export function describeScope(scope: RuleScope): string {
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

export function describeEffect(rule: Pick<Rule, "effect" | "licenseType">): string {
  if (rule.effect === "block") return "Block";
  if (rule.effect === "require-listing") return MESSAGES.requireDirectoryListing;
  return `Require ${licenseTypeLabel(rule.licenseType ?? "")}`;
}

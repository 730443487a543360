import { licenseTypeLabel } from "../business";
import * as MESSAGES from "../messages";
import { findClash } from "../rule-book/book";
import {
  filtersOf,
  filterValues,
  normOption,
  type OptionFilter,
  type ProductScope,
  sameScope,
  scopeCovers,
  scopeFromInput,
  scopesOverlap,
} from "../rule-book/scope";
import type { RuleInput } from "../schemas/compliance";
import type { ProductFacts, Rule, RuleScope } from "./engine";
import type { RuleEffect } from "./vocabulary";

/**
 * Compliance rules as the admin writes them, on the rule-book kit (decision 0045): the scope a
 * rule input describes, the words of a rule's effect, and when a new or changed rule contradicts
 * one already stored (the kit's check, with compliance's comparison of effects plugged in).
 */

/** The scope a rule input describes (filters are dropped when the rule covers all products). */
export function scopeOf(input: RuleInput): RuleScope {
  return scopeFromInput(input);
}

/**
 * Whether two effects on the same sale disagree: a block against a rule that allows the sale on a
 * condition (a license held, a directory listing). Two conditions do not disagree: both must be
 * met (different licenses, or a license and a listing).
 */
export function effectsContradict(a: RuleEffect, b: RuleEffect): boolean {
  return a !== b && (a === "block" || b === "block");
}

/**
 * Whether a block is an exception carved out of a condition rule rather than its contradiction:
 * everything the block covers is covered by the condition rule, which covers more (the federal
 * THC limit on hemp inside Texas's hemp registration). The condition still means something for
 * the rest, and the block wins where both apply. Judged from the filters when the block narrows
 * every filter of the condition rule, otherwise from the catalog.
 */
function carvedOut(block: ProductScope, condition: ProductScope, catalog: readonly ProductFacts[]): boolean {
  if (block.all || sameScope(block, condition)) return false;
  if (condition.all) return true;
  const narrows = filtersOf(condition).every((kind) => {
    const within = filterValues(condition, kind);
    const mine = filterValues(block, kind);
    return mine.length > 0 && mine.every((v) => within.includes(v));
  });
  const threshold =
    (condition.minThcMg === undefined || (block.minThcMg !== undefined && block.minThcMg >= condition.minThcMg)) &&
    (condition.nicotineAboveMgMl === undefined ||
      (block.nicotineAboveMgMl !== undefined && block.nicotineAboveMgMl >= condition.nicotineAboveMgMl));
  const option = !condition.option || (!!block.option && optionWithin(block.option, condition.option));
  if (narrows && threshold && option) return true;
  const blocked = catalog.filter((p) => scopeCovers(block, p));
  return (
    blocked.length > 0 &&
    blocked.every((p) => scopeCovers(condition, p)) &&
    catalog.some((p) => scopeCovers(condition, p) && !scopeCovers(block, p))
  );
}

/**
 * Whether every value an option filter lets through is let through by another on the same option:
 * a list within a list, an exclusion wider than an exclusion, a list clear of an exclusion.
 */
function optionWithin(inner: OptionFilter, outer: OptionFilter): boolean {
  if (normOption(inner.name) !== normOption(outer.name)) return false;
  const mine = inner.values.map(normOption);
  const theirs = outer.values.map(normOption);
  if (inner.except) return outer.except && theirs.every((v) => mine.includes(v));
  return outer.except ? mine.every((v) => !theirs.includes(v)) : mine.every((v) => theirs.includes(v));
}

type Candidate = Pick<Rule, "scope" | "states" | "zips" | "effectiveFrom" | "effectiveUntil" | "effect">;

/**
 * The enabled rule that contradicts a candidate: places and dates that overlap (the kit's check),
 * effects that contradict (one blocks what the other allows on a condition) and products that
 * overlap (scopesOverlap, with the catalog's facts for scopes naming different filters) — unless
 * the block is an exception carved out of the condition rule (carvedOut).
 */
export function findContradiction(
  candidate: Candidate,
  rules: readonly Rule[],
  exceptId: number | null,
  catalog: readonly ProductFacts[] = [],
): Rule | null {
  return findClash(candidate, rules, exceptId, {
    placeOf: (r) => r,
    clashes: (r, c) => {
      if (!effectsContradict(r.effect, c.effect) || !scopesOverlap(r.scope, c.scope, catalog)) return false;
      const [block, condition] = r.effect === "block" ? [r.scope, c.scope] : [c.scope, r.scope];
      return !carvedOut(block, condition, catalog);
    },
  });
}

export function describeEffect(rule: Pick<Rule, "effect" | "licenseType">): string {
  if (rule.effect === "block") return "Block";
  if (rule.effect === "require-listing") return MESSAGES.requireDirectoryListing;
  return `Require ${licenseTypeLabel(rule.licenseType ?? "")}`;
}

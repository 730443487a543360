import { type BookRule, findClash } from "./rule-book/book";
import { inForce } from "./rule-book/dates";
import type { RulePlace } from "./rule-book/place";
import { describeScope, type ProductScope, type ScopeFacts, scopeCovers, scopesOverlap } from "./rule-book/scope";

/**
 * Sales-tax taxability as rules (issue 41; decision 0075): the rule-book's third kind. A rule of
 * one state, in force on its days, says of its subject whether it is taxed:
 * - "products": the products its scope covers are exempt (or taxable). A product no rule in force
 *   exempts is taxed (unless a resale certificate covers it).
 * - "delivery": the delivery fee; "excise": the excise the store collects on a line (part of the
 *   line's price). A fee is taxed only where a rule in force says it is taxable.
 * Enabled rules of one subject that could reach the same product on a same day in the same state
 * and give different verdicts contradict, and the second is refused. Should they still meet (a
 * product changed after both were saved), the sale is taxed: the store never loses tax it owed.
 */

export const TAXABILITY_SUBJECTS = ["products", "delivery", "excise"] as const;
export type TaxabilitySubject = (typeof TAXABILITY_SUBJECTS)[number];
export const TAXABILITY_VERDICTS = ["exempt", "taxable"] as const;
export type TaxabilityVerdict = (typeof TAXABILITY_VERDICTS)[number];

export interface TaxabilityRule extends BookRule {
  state: string;
  subject: TaxabilitySubject;
  /** The products it covers (a fee's rule: all products). */
  scope: ProductScope;
  verdict: TaxabilityVerdict;
}

/** The rule facts a sale names when a rule exempts one of its lines. */
export type ExemptingRule = Pick<TaxabilityRule, "id" | "name">;

export function taxabilityPlace(rule: Pick<TaxabilityRule, "state">): RulePlace {
  return { states: [rule.state], zips: [] };
}

/** The rules of a subject in force on a store date (the caller gives one state's rules). */
function inForceOf(rules: readonly TaxabilityRule[], subject: TaxabilitySubject, date: string) {
  return rules.filter((r) => r.subject === subject && inForce(r, date));
}

/**
 * The rule that exempts a product on a date, or null when it is taxed: a products rule in force
 * covering it says exempt, and none in force covering it says taxable.
 */
export function exemptingRule(
  rules: readonly TaxabilityRule[],
  product: ScopeFacts | null,
  date: string,
): ExemptingRule | null {
  if (!product) return null;
  const covering = inForceOf(rules, "products", date).filter((r) => scopeCovers(r.scope, product));
  if (covering.some((r) => r.verdict === "taxable")) return null;
  const rule = covering.find((r) => r.verdict === "exempt");
  return rule ? { id: rule.id, name: rule.name } : null;
}

/** Whether a fee is taxed on a date: a rule in force says it is taxable. */
export function feeTaxable(rules: readonly TaxabilityRule[], fee: "delivery" | "excise", date: string): boolean {
  return inForceOf(rules, fee, date).some((r) => r.verdict === "taxable");
}

/**
 * The enabled rule a candidate contradicts (`exceptId`: the one being edited): same state and
 * subject, days that overlap, a different verdict, and (products) some product of the catalog
 * both could cover. Null when there is none.
 */
export function findTaxabilityClash(
  candidate: Pick<TaxabilityRule, "state" | "subject" | "scope" | "verdict" | "effectiveFrom" | "effectiveUntil">,
  rules: readonly TaxabilityRule[],
  exceptId: number | null,
  catalog: readonly ScopeFacts[],
): TaxabilityRule | null {
  return findClash(candidate, rules, exceptId, {
    placeOf: taxabilityPlace,
    clashes: (r, c) =>
      r.subject === c.subject &&
      r.verdict !== c.verdict &&
      (r.subject !== "products" || scopesOverlap(r.scope, c.scope, catalog)),
  });
}

const SUBJECT_LABELS: Record<TaxabilitySubject, string> = {
  products: "Products",
  delivery: "The delivery fee",
  excise: "Excise the store collects",
};

export const TAXABILITY_SUBJECT_OPTIONS = TAXABILITY_SUBJECTS.map((value) => ({ value, label: SUBJECT_LABELS[value] }));

/** What a rule covers in words: the products of its scope, or the fee. */
export function describeTaxabilitySubject(rule: Pick<TaxabilityRule, "subject" | "scope">): string {
  return rule.subject === "products" ? describeScope(rule.scope) : SUBJECT_LABELS[rule.subject];
}

/** "Exempt from sales tax" or "Taxable". */
export function describeVerdict(verdict: TaxabilityVerdict): string {
  return verdict === "exempt" ? "Exempt from sales tax" : "Taxable";
}

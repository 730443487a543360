import { inForce } from "../rule-book/dates";
import { placeReaches } from "../rule-book/place";
import { type ProductScope, scopeCovers } from "../rule-book/scope";
import {
  type BuyerLicense,
  type Destination,
  destinationStates,
  holdsLicense,
  type ProductFacts,
  type Rule,
} from "./engine";

/**
 * "Sold to my address" (issue 38): what the rules refuse a buyer at one destination on one day,
 * whatever the product, so a listing can keep the products they may buy without judging each
 * one (the listing's filter is SQL: app/.server/catalog/sold-here.ts). The same decision as
 * evaluateSale, taken the other way round: a product is allowed when no refusal covers it.
 */

/** Products the rules refuse here: those the scope covers (but, for a listing rule, those its state lists). */
export interface Refusal {
  scope: ProductScope;
  /** A directory-listing rule: the products listed by this state's vape directory are spared. */
  unlessListedIn: string | null;
}

/**
 * The refusals at a destination for a buyer with these licenses on this store date: every block
 * in force there, every listing rule, and every license rule whose license the buyer does not
 * hold there. A destination whose ZIP is of another state than the one typed answers to both
 * states' rules (destinationStates), as evaluateSale does.
 */
export function refusalsAt(
  rules: readonly Rule[],
  destination: Destination,
  licenses: readonly BuyerLicense[],
  date: string,
): Refusal[] {
  const refusals: Refusal[] = [];
  for (const state of destinationStates(destination)) {
    const there = { ...destination, state };
    for (const rule of [...rules].sort((a, b) => a.id - b.id)) {
      if (!inForce(rule, date) || !placeReaches(rule, there)) continue;
      if (rule.effect === "block") refusals.push({ scope: rule.scope, unlessListedIn: null });
      else if (rule.effect === "require-listing") refusals.push({ scope: rule.scope, unlessListedIn: state });
      else if (!holdsLicense(licenses, rule.licenseType ?? "", there, date))
        refusals.push({ scope: rule.scope, unlessListedIn: null });
    }
  }
  return refusals;
}

/** Whether a product is sold under these refusals (the reference the SQL filter is tested against). */
export function soldUnder(refusals: readonly Refusal[], product: ProductFacts): boolean {
  return refusals.every(
    (r) =>
      !scopeCovers(r.scope, product) ||
      (r.unlessListedIn !== null && product.directoryStates.includes(r.unlessListedIn)),
  );
}

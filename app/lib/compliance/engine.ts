import { licenseCountsIn } from "../business";
import type { BookRule } from "../rule-book/book";
import { inForce } from "../rule-book/dates";
import { placeReaches } from "../rule-book/place";
import { type ProductScope, type ScopeFacts, scopeCovers } from "../rule-book/scope";
import { zipRegion } from "../zip-states";
import type { RuleEffect } from "./vocabulary";
import { stateName } from "./vocabulary";

/**
 * Compliance rules as data (issue 15; decision 0016) and the one pure function that decides a
 * sale: the product facts a rule reads, the rule, the destination and the buyer's licenses, and
 * evaluateSale. Shared by the server (listings, cart, checkout, orders, the admin's test box).
 */

/** What a rule reads of a product: the scope's facts (rule-book/scope.ts) and the directory listings. */
export interface ProductFacts extends ScopeFacts {
  /** The states whose vape directory lists the product (two-letter codes; empty: none). */
  directoryStates: readonly string[];
}

/** What a rule covers: the rule-book's scope over products (rule-book/scope.ts). */
export type RuleScope = ProductScope;

/** A compliance rule: a rule-book rule (name, scope, place, dates, enabled) and its effect. */
export interface Rule extends BookRule {
  scope: RuleScope;
  /** Empty: every destination. */
  states: string[];
  /** Empty: the whole of each state. */
  zips: string[];
  effect: RuleEffect;
  licenseType: string | null;
  reason: string;
  label: string;
}

export interface Destination {
  state: string;
  zip: string;
  /** The shipping address's id: a license may cover one address only. */
  addressId: string | null;
}

export interface BuyerLicense {
  type: string;
  status: string;
  /** YYYY-MM-DD, the last day it is valid; null when the type does not expire. */
  expiresOn: string | null;
  /** The state that issued it: a state-bound type counts for orders into that state only. */
  issuingState: string;
  /** The one address it covers; null with addressBound false: the whole business. */
  addressId: string | null;
  /**
   * Whether it was uploaded for one address. A bound license whose address was deleted has no
   * address left and covers nothing (issue 26): it never widens to the whole business.
   */
  addressBound: boolean;
}

export type Outcome = "allowed" | "blocked" | "license-required";

/** One rule that applied to a sale and what it said. */
export interface RuleResult {
  id: number;
  name: string;
  effect: RuleEffect;
  result: "blocks" | "license-missing" | "license-held" | "not-listed" | "listed";
}

export interface Verdict {
  outcome: Outcome;
  /** The state whose rules this verdict speaks for (the one that refused, when one did). */
  state: string;
  /** The buyer-facing reason (null when allowed). */
  reason: string | null;
  /** The short label for listings (null when allowed). */
  label: string | null;
  /** The license to upload, when one is missing. */
  licenseType: string | null;
  /** The rules that decided the outcome. */
  deciding: RuleResult[];
  /** Every rule that applied (in force that day, covering the product and the destination). */
  applied: RuleResult[];
}

/** A rule's words for one destination: "{state}" becomes the state's name. */
export function fillState(text: string, state: string): string {
  return text.replaceAll("{state}", stateName(state.toUpperCase()));
}

/**
 * Whether a license covers the address shipped to: the one address it was uploaded for, or, when
 * it was uploaded for the whole business, every address. A license bound to an address that no
 * longer exists covers none.
 */
export function licenseCoversAddress(l: Pick<BuyerLicense, "addressId" | "addressBound">, addressId: string | null) {
  if (l.addressId !== null) return l.addressId === addressId;
  return !l.addressBound;
}

/**
 * Whether the buyer holds an approved, unexpired license of the type that covers the address and
 * counts in the destination's state (issued by it, for a state-bound type: lib/business.ts).
 */
export function holdsLicense(licenses: readonly BuyerLicense[], type: string, d: Destination, date: string): boolean {
  return licenses.some(
    (l) =>
      l.type === type &&
      l.status === "approved" &&
      (l.expiresOn === null || l.expiresOn >= date) &&
      licenseCoversAddress(l, d.addressId) &&
      licenseCountsIn(l.type, l.issuingState, d.state),
  );
}

/**
 * The states whose rules decide a sale to a destination: the state typed in the address, and
 * the ZIP's state when the two disagree (carriers route by the ZIP; an address saved before ZIPs
 * were checked against states, or the admin's test box, may disagree). Each must allow the sale.
 */
export function destinationStates(d: Pick<Destination, "state" | "zip">): string[] {
  const typed = d.state.trim().toUpperCase();
  const byZip = zipRegion(d.zip);
  return byZip && byZip !== typed ? [typed, byZip] : [typed];
}

/** Whether the vape directory of the destination's state lists the product. */
export function listedFor(product: Pick<ProductFacts, "directoryStates">, d: Pick<Destination, "state">): boolean {
  return product.directoryStates.includes(d.state.toUpperCase());
}

function resultOf(rule: Rule, product: ProductFacts, licenses: readonly BuyerLicense[], d: Destination, date: string) {
  if (rule.effect === "block") return "blocks";
  if (rule.effect === "require-listing") return listedFor(product, d) ? "listed" : "not-listed";
  return holdsLicense(licenses, rule.licenseType ?? "", d, date) ? "license-held" : "license-missing";
}

function uniqueResults(results: readonly RuleResult[]): RuleResult[] {
  const seen = new Set<string>();
  return results.filter((r) => {
    const key = `${r.id}:${r.result}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Decides a sale: a product, shipped to a destination, for a buyer with these licenses, on this
 * store date (YYYY-MM-DD), under these rules. Any block that applies wins, and so does a listing
 * rule whose state's directory does not list the product; otherwise every license rule that
 * applies must be met by a license held; otherwise the sale is allowed. Rules are taken in id
 * order, so the first reason shown is stable.
 *
 * Every caller (listings, cart, checkout, the order transaction, order edits and reopening, the
 * admin's test box) decides through here, so this is where the destination's states are taken:
 * when the ZIP belongs to another state than the one typed, the sale must be allowed in both
 * (destinationStates); the stricter verdict is returned, with the rules of both.
 */
export function evaluateSale(
  product: ProductFacts,
  destination: Destination,
  licenses: readonly BuyerLicense[],
  date: string,
  rules: readonly Rule[],
): Verdict {
  const verdicts = destinationStates(destination).map((state) =>
    evaluateInState(product, { ...destination, state }, licenses, date, rules),
  );
  const [first] = verdicts;
  if (!first || verdicts.length === 1) return first as Verdict;
  const applied = uniqueResults(verdicts.flatMap((v) => v.applied));
  const refused = verdicts.find((v) => v.outcome === "blocked") ?? verdicts.find((v) => v.outcome !== "allowed");
  if (refused) return { ...refused, applied };
  return { ...first, deciding: uniqueResults(verdicts.flatMap((v) => v.deciding)), applied };
}

/** The sale under the rules of one state (the destination's `state`, upper case). */
function evaluateInState(
  product: ProductFacts,
  destination: Destination,
  licenses: readonly BuyerLicense[],
  date: string,
  rules: readonly Rule[],
): Verdict {
  const applicable = rules
    .filter((r) => inForce(r, date) && placeReaches(r, destination) && scopeCovers(r.scope, product))
    .sort((a, b) => a.id - b.id);
  const applied: RuleResult[] = applicable.map((r) => ({
    id: r.id,
    name: r.name,
    effect: r.effect,
    result: resultOf(r, product, licenses, destination, date),
  }));
  const pick = (...results: RuleResult["result"][]) => applied.filter((a) => results.includes(a.result));
  const blocks = pick("blocks", "not-listed");
  const missing = pick("license-missing");
  const first = (list: RuleResult[]) => applicable.find((r) => r.id === list[0]?.id);
  const words = (text: string | undefined) => (text === undefined ? null : fillState(text, destination.state));
  if (blocks.length) {
    const rule = first(blocks);
    return {
      outcome: "blocked",
      state: destination.state,
      reason: words(rule?.reason),
      label: words(rule?.label),
      licenseType: null,
      deciding: blocks,
      applied,
    };
  }
  if (missing.length) {
    const rule = first(missing);
    return {
      outcome: "license-required",
      state: destination.state,
      reason: words(rule?.reason),
      label: words(rule?.label),
      licenseType: rule?.licenseType ?? null,
      deciding: missing,
      applied,
    };
  }
  return {
    outcome: "allowed",
    state: destination.state,
    reason: null,
    label: null,
    licenseType: null,
    deciding: pick("license-held", "listed"),
    applied,
  };
}

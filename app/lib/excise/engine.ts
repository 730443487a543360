import type { ProductFacts, RuleScope } from "../compliance/engine";
import { type BookRule, findClash } from "../rule-book/book";
import { inForce } from "../rule-book/dates";
import { placeReaches, type RulePlace } from "../rule-book/place";
import { scopeCovers, scopesOverlap } from "../rule-book/scope";

/**
 * Excise taxes as data (issue 31; decision 0038), a kind of the rule-book kit (decision 0045), and
 * the one pure function that computes them:
 * a cart's or an order's lines, the destination, the store date and the rules give each line's
 * tax under each rule that applies. Shared by the cart, the order transaction, the admin's order
 * edit and the tests.
 *
 * Amounts are integer cents. Each line's tax under a rule is computed exactly (integers, BigInt)
 * and rounded once, half up, to the cent (decision 0039); totals are sums of those line amounts,
 * so the cart, the order, the invoice and the filing report agree to the cent.
 */

export type ExciseMethod = "per-ml" | "per-unit" | "percent";
export type OwedBy = "store" | "buyer";
export type VapeSystem = "open" | "closed";

export const EXCISE_METHODS = ["per-ml", "per-unit", "percent"] as const satisfies readonly ExciseMethod[];
export const OWED_BY = ["store", "buyer"] as const satisfies readonly OwedBy[];
export const VAPE_SYSTEMS = ["open", "closed"] as const satisfies readonly VapeSystem[];

/** The rate is stored times this (dollars for per-ml and per-unit, percent for percent). */
export const RATE_SCALE = 1_000_000;

/** What excise reads of a product: the compliance facts and the excise facts (migration 0027). */
export interface ExciseFacts extends ProductFacts {
  /** E-liquid ml in one selling unit; null: not known. */
  mlPerUnit: number | null;
  /** Closed cartridges or pods in one selling unit; null: not known. */
  cartridgesPerUnit: number | null;
  system: VapeSystem | null;
  nicotine: boolean | null;
}

/** A compliance scope, narrowed further by vape system and by nicotine. */
export interface ExciseScope extends RuleScope {
  systems?: VapeSystem[];
  /** true: only products that contain nicotine. */
  nicotineOnly?: boolean;
}

/** A tax rule: a rule-book rule (name, scope, one state and its ZIPs, dates, enabled) and its rate. */
export interface ExciseRule extends BookRule {
  /** Two-letter code, upper case. */
  state: string;
  /** Empty: the whole state. */
  zips: string[];
  scope: ExciseScope;
  method: ExciseMethod;
  rateMicros: number;
  owedBy: OwedBy;
  wording: string;
  source: string | null;
  sourceDate: string | null;
}

/** A line to tax: the product, how many selling units, and the line's wholesale price in cents. */
export interface TaxableLine {
  productId: number;
  quantity: number;
  lineCents: number;
}

/** One line's tax under one rule. */
export interface ExciseLine {
  productId: number;
  ruleId: number;
  ruleName: string;
  state: string;
  wording: string;
  owedBy: OwedBy;
  method: ExciseMethod;
  rateMicros: number;
  quantity: number;
  /** The taxed milliliters times 1000 (per-ml: the line's ml; otherwise the line's ml as known). */
  mlMilli: number;
  /** The taxed cartridges (per-unit: cartridges, or units when the product has none). */
  cartridges: number;
  wholesaleCents: number;
  amountCents: number;
  /** The fact the method needs is not set on the product: the amount is 0 until it is. */
  missingFact: boolean;
}

/** A tax rule's place in the rule-book's terms: its one state, narrowed by its ZIPs. */
export function excisePlace(rule: Pick<ExciseRule, "state" | "zips">): RulePlace {
  return { states: [rule.state], zips: rule.zips };
}

export function exciseCovers(scope: ExciseScope, p: ExciseFacts): boolean {
  if (!scopeCovers(scope, p)) return false;
  if (scope.systems?.length && (p.system === null || !scope.systems.includes(p.system))) return false;
  if (scope.nicotineOnly && p.nicotine !== true) return false;
  return true;
}

/** n / d rounded half up (n, d non-negative, d > 0). */
export function divideHalfUp(n: bigint, d: bigint): bigint {
  return (2n * n + d) / (2n * d);
}

/** Milliliters as thousandths (the facts keep up to three decimals). */
export function mlToMilli(ml: number): number {
  return Math.round(ml * 1000);
}

/**
 * One line's tax under one rule, rounded once, half up:
 * - per-ml: quantity × ml per unit × rate (dollars per ml);
 * - per-unit: quantity × cartridges per unit (1 when the product has none stated as closed
 *   cartridges but the rule taxes units) × rate (dollars per cartridge or unit);
 * - percent: the line's wholesale cents × rate percent.
 */
export function lineExcise(rule: ExciseRule, product: ExciseFacts, line: TaxableLine): ExciseLine {
  const mlMilli = product.mlPerUnit === null ? 0 : line.quantity * mlToMilli(product.mlPerUnit);
  const cartridges = line.quantity * (product.cartridgesPerUnit ?? 1);
  const rate = BigInt(rule.rateMicros);
  let exact: { n: bigint; d: bigint };
  let missingFact = false;
  if (rule.method === "per-ml") {
    missingFact = product.mlPerUnit === null;
    // cents = ml/1000 × rate/1e6 dollars × 100
    exact = { n: BigInt(mlMilli) * rate, d: 10_000_000n };
  } else if (rule.method === "per-unit") {
    // cents = cartridges × rate/1e6 dollars × 100
    exact = { n: BigInt(cartridges) * rate, d: 10_000n };
  } else {
    // cents = line cents × rate/1e6 percent / 100
    exact = { n: BigInt(line.lineCents) * rate, d: 100_000_000n };
  }
  return {
    productId: line.productId,
    ruleId: rule.id,
    ruleName: rule.name,
    state: rule.state,
    wording: rule.wording,
    owedBy: rule.owedBy,
    method: rule.method,
    rateMicros: rule.rateMicros,
    quantity: line.quantity,
    mlMilli,
    cartridges,
    wholesaleCents: line.lineCents,
    amountCents: Number(divideHalfUp(exact.n, exact.d)),
    missingFact,
  };
}

/**
 * Every line's tax under every rule in force on `date` that reaches the destination and covers
 * the line's product, in line order, then rule id. A product without facts is not taxed.
 */
export function evaluateExcise(
  lines: readonly TaxableLine[],
  facts: ReadonlyMap<number, ExciseFacts>,
  destination: { state: string; zip: string },
  date: string,
  rules: readonly ExciseRule[],
): ExciseLine[] {
  const applicable = rules
    .filter((r) => inForce(r, date) && placeReaches(excisePlace(r), destination))
    .sort((a, b) => a.id - b.id);
  const out: ExciseLine[] = [];
  for (const line of lines) {
    const product = facts.get(line.productId);
    if (!product) continue;
    for (const rule of applicable) if (exciseCovers(rule.scope, product)) out.push(lineExcise(rule, product, line));
  }
  return out;
}

/** The excise of a cart or order per rule: what the cart, the invoice and the mail show. */
export interface ExciseSummaryLine {
  ruleId: number;
  state: string;
  wording: string;
  owedBy: OwedBy;
  amountCents: number;
  missingFact: boolean;
}

export function summarizeExcise(lines: readonly ExciseLine[]): ExciseSummaryLine[] {
  const byRule = new Map<string, ExciseSummaryLine>();
  for (const l of lines) {
    const key = `${l.ruleId}|${l.wording}|${l.owedBy}`;
    const s = byRule.get(key) ?? {
      ruleId: l.ruleId,
      state: l.state,
      wording: l.wording,
      owedBy: l.owedBy,
      amountCents: 0,
      missingFact: false,
    };
    s.amountCents += l.amountCents;
    s.missingFact ||= l.missingFact;
    byRule.set(key, s);
  }
  return [...byRule.values()];
}

/** What a cart, an order or an invoice shows of excise: a line per rule, and what the store collects. */
export interface ExciseSummary {
  lines: ExciseSummaryLine[];
  /** Added to the total (owed by the buyer: shown, not added). */
  collectedCents: number;
}

/** A cart's excise for the address in use (the state it was computed for; null: no address yet). */
export type CartExcise = ExciseSummary & {
  state: string | null;
  /** The cart's sales tax as the order would charge it (issue 41). */
  salesTaxCents?: number;
};

/** The excise the store collects (in the total); what the buyer owes is shown, not added. */
export function collectedCents(lines: readonly { owedBy: OwedBy | string; amountCents: number }[]): number {
  return lines.reduce((sum, l) => (l.owedBy === "store" ? sum + l.amountCents : sum), 0);
}

/**
 * Whether some product can fall under both excise scopes. A product has one vape system, so
 * scopes naming systems that do not meet are apart; otherwise the compliance filters decide
 * (scopesOverlap: the filters named by both must meet; filters named by one only are judged from
 * the catalog). Nicotine narrows without excluding: some product may contain nicotine.
 */
export function exciseScopesOverlap(a: ExciseScope, b: ExciseScope, catalog: readonly ExciseFacts[]): boolean {
  if (a.systems?.length && b.systems?.length && !a.systems.some((s) => b.systems?.includes(s))) return false;
  return scopesOverlap(a, b, catalog);
}

/**
 * The enabled rule a candidate contradicts: the same state, ZIPs that overlap, dates that
 * overlap and products that fall under both (two taxes of one state on the same product and day
 * would be charged twice). Null when there is none.
 */
export function findExciseContradiction(
  candidate: Pick<ExciseRule, "state" | "zips" | "scope" | "effectiveFrom" | "effectiveUntil">,
  rules: readonly ExciseRule[],
  exceptId: number | null,
  catalog: readonly ExciseFacts[],
): ExciseRule | null {
  return findClash(candidate, rules, exceptId, {
    placeOf: excisePlace,
    clashes: (r, c) => exciseScopesOverlap(r.scope, c.scope, catalog),
  });
}

import { z } from "zod";
import { LICENSE_TYPES, type LicenseType, licenseCountsIn, licenseTypeLabel } from "./business";
import { CATEGORY_SLUGS } from "./categories";
import * as MESSAGES from "./messages";
import { US_STATE_CODES, US_STATES } from "./us-states";
import { zipRegion } from "./zip-states";

/**
 * Compliance rules (issue 15): the product facts they read, the rules themselves, and the one
 * pure function that decides a sale. Shared by the server (orders, admin) and the browser (forms,
 * the admin's "test a sale" box shows what the server answered).
 */

export const PRODUCT_CLASSES = [
  { value: "nicotine-vape", label: "Nicotine vape" },
  { value: "non-nicotine-vape", label: "Non-nicotine vape" },
  { value: "cannabinoid", label: "Cannabinoid product" },
  { value: "kratom", label: "Kratom" },
  { value: "glass", label: "Glass" },
  { value: "accessory", label: "Accessory" },
  { value: "novelty", label: "Novelty" },
  { value: "other", label: "Other" },
] as const;
export type ProductClass = (typeof PRODUCT_CLASSES)[number]["value"];
export const PRODUCT_CLASS_VALUES = PRODUCT_CLASSES.map((c) => c.value) as [ProductClass, ...ProductClass[]];

export const FLAVOR_CLASSES = [
  { value: "tobacco", label: "Tobacco" },
  { value: "menthol", label: "Menthol" },
  { value: "flavored", label: "Flavored" },
] as const;
export type FlavorClass = (typeof FLAVOR_CLASSES)[number]["value"];
export const FLAVOR_CLASS_VALUES = FLAVOR_CLASSES.map((c) => c.value) as [FlavorClass, ...FlavorClass[]];

export function productClassLabel(value: string | null): string {
  return PRODUCT_CLASSES.find((c) => c.value === value)?.label ?? "Not set";
}

export function flavorClassLabel(value: string | null): string {
  return FLAVOR_CLASSES.find((c) => c.value === value)?.label ?? "Not set";
}

export function stateName(code: string): string {
  return US_STATES.find(([c]) => c === code)?.[1] ?? code;
}

/** What a rule reads of a product. Unknown facts are null (a rule on them does not cover it). */
export interface ProductFacts {
  id: number;
  category: string;
  brand: string | null;
  productClass: ProductClass | null;
  flavorClass: FlavorClass | null;
  country: string | null;
  /** Total THC per container, mg (cannabinoid products). */
  thcMg: number | null;
  /** The states whose vape directory lists the product (two-letter codes; empty: none). */
  directoryStates: readonly string[];
}

/**
 * What a rule covers: every product (all), or the products that match every filter given (each
 * filter is a list: any of its values). minThcMg narrows to products with more THC per container
 * than that (the federal hemp definition counts THC per container).
 */
export interface RuleScope {
  all?: boolean;
  classes?: ProductClass[];
  flavors?: FlavorClass[];
  categories?: string[];
  brands?: string[];
  countries?: string[];
  productIds?: number[];
  minThcMg?: number;
}

/**
 * block: the sale is refused. require-license: the buyer must hold an approved license of a type.
 * require-listing: the product must be listed in the vape directory of the ship-to state.
 */
export type RuleEffect = "block" | "require-license" | "require-listing";
export const RULE_EFFECT_VALUES = ["block", "require-license", "require-listing"] as const satisfies readonly [
  RuleEffect,
  ...RuleEffect[],
];

export interface Rule {
  id: number;
  name: string;
  scope: RuleScope;
  /** Empty: every destination. */
  states: string[];
  /** Empty: the whole of each state. */
  zips: string[];
  effectiveFrom: string;
  effectiveUntil: string | null;
  effect: RuleEffect;
  licenseType: string | null;
  reason: string;
  label: string;
  enabled: boolean;
  example: boolean;
  updatedAt: string;
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

const ZIP5 = /^\d{5}$/;

/** A rule's words for one destination: "{state}" becomes the state's name. */
export function fillState(text: string, state: string): string {
  return text.replaceAll("{state}", stateName(state.toUpperCase()));
}

export function ruleCovers(scope: RuleScope, p: ProductFacts): boolean {
  if (scope.all) return scope.minThcMg === undefined || (p.thcMg ?? 0) > scope.minThcMg;
  const has = <T>(list: T[] | undefined, value: T | null) => !list?.length || (value !== null && list.includes(value));
  if (!has(scope.classes, p.productClass)) return false;
  if (!has(scope.flavors, p.flavorClass)) return false;
  if (!has(scope.categories, p.category)) return false;
  if (scope.brands?.length) {
    const brand = p.brand?.trim().toLowerCase() ?? null;
    if (!brand || !scope.brands.some((b) => b.trim().toLowerCase() === brand)) return false;
  }
  if (!has(scope.countries, p.country)) return false;
  if (!has(scope.productIds, p.id)) return false;
  if (scope.minThcMg !== undefined && !((p.thcMg ?? 0) > scope.minThcMg)) return false;
  return true;
}

export function ruleReaches(rule: Pick<Rule, "states" | "zips">, d: Pick<Destination, "state" | "zip">): boolean {
  if (rule.states.length === 0) return true;
  if (!rule.states.includes(d.state.toUpperCase())) return false;
  if (rule.zips.length === 0) return true;
  // ZIPs narrow only the states they belong to; a rule cannot tell, so any listed ZIP counts.
  return rule.zips.includes(d.zip.trim().slice(0, 5));
}

export function ruleInForce(rule: Pick<Rule, "effectiveFrom" | "effectiveUntil" | "enabled">, date: string): boolean {
  return rule.enabled && rule.effectiveFrom <= date && (rule.effectiveUntil === null || date <= rule.effectiveUntil);
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
    .filter((r) => ruleInForce(r, date) && ruleReaches(r, destination) && ruleCovers(r.scope, product))
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

// ---- Rule input (the admin form; the server checks every post with the same schema) ----

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

function validDate(v: string): boolean {
  if (!isoDate.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

/** A comma, space or line separated list, trimmed, without blanks or repeats. */
export function splitList(value: string): string[] {
  return [
    ...new Set(
      value
        .split(/[\s,;]+/)
        .map((v) => v.trim())
        .filter(Boolean),
    ),
  ];
}

const listField = z
  .string()
  .max(5000, MESSAGES.listTooLong)
  .optional()
  .transform((v) => splitList(v ?? ""));

/** Brands may contain spaces: one per line or separated by commas. */
const brandList = z
  .string()
  .max(5000, MESSAGES.listTooLong)
  .optional()
  .transform((v) => [
    ...new Set(
      (v ?? "")
        .split(/[,\n]+/)
        .map((b) => b.trim())
        .filter(Boolean),
    ),
  ]);

const checkboxes = <T extends string>(values: readonly [T, ...T[]], message: string) =>
  z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]))
    .pipe(z.array(z.enum(values, { error: message })))
    .transform((v) => [...new Set(v)]);

const licenseTypeValues = LICENSE_TYPES.map((t) => t.value) as [LicenseType, ...LicenseType[]];

export const ruleSchema = z
  .object({
    name: z.string().trim().min(1, MESSAGES.ruleNameRequired).max(120, MESSAGES.ruleNameTooLong),
    all: z
      .string()
      .optional()
      .transform((v) => v === "on" || v === "true"),
    classes: checkboxes(PRODUCT_CLASS_VALUES, MESSAGES.chooseProductClasses),
    flavors: checkboxes(FLAVOR_CLASS_VALUES, MESSAGES.chooseFlavorClasses),
    categories: checkboxes(CATEGORY_SLUGS, MESSAGES.chooseCategories),
    brands: brandList,
    countries: listField
      .transform((v) => v.map((c) => c.toUpperCase()))
      .refine((v) => v.every((c) => /^[A-Z]{2}$/.test(c)), MESSAGES.countryFormat),
    productIds: listField
      .refine((v) => v.every((id) => /^\d{1,9}$/.test(id)), MESSAGES.productIdsFormat)
      .transform((v) => v.map(Number)),
    minThcMg: z
      .string()
      .trim()
      .optional()
      .refine((v) => !v || /^\d{1,6}(\.\d{1,3})?$/.test(v), MESSAGES.numberFormat)
      .transform((v) => (v ? Number(v) : undefined)),
    states: listField
      .transform((v) => v.map((s) => s.toUpperCase()))
      .refine((v) => v.every((s) => US_STATE_CODES.includes(s)), MESSAGES.ruleStateUnknown),
    zips: listField.refine((v) => v.every((z5) => ZIP5.test(z5)), MESSAGES.ruleZipFormat),
    effectiveFrom: z.string({ error: MESSAGES.ruleDateFormat }).trim().refine(validDate, MESSAGES.ruleDateFormat),
    effectiveUntil: z
      .string()
      .trim()
      .optional()
      .refine((v) => !v || validDate(v), MESSAGES.ruleDateFormat)
      .transform((v) => (v ? v : null)),
    effect: z.enum(RULE_EFFECT_VALUES, { error: MESSAGES.ruleEffectRequired }),
    licenseType: z
      .string()
      .trim()
      .optional()
      .transform((v) => (v ? v : null))
      .refine((v) => v === null || (licenseTypeValues as string[]).includes(v), MESSAGES.ruleLicenseTypeRequired),
    reason: z.string().trim().min(1, MESSAGES.ruleReasonRequired).max(300, MESSAGES.ruleReasonTooLong),
    label: z.string().trim().min(1, MESSAGES.ruleLabelRequired).max(60, MESSAGES.ruleLabelTooLong),
  })
  .superRefine((v, ctx) => {
    const filtered =
      v.classes.length +
      v.flavors.length +
      v.categories.length +
      v.brands.length +
      v.countries.length +
      v.productIds.length;
    if (!v.all && filtered === 0) ctx.addIssue({ code: "custom", path: ["all"], message: MESSAGES.ruleScopeEmpty });
    if (v.zips.length && !v.states.length)
      ctx.addIssue({ code: "custom", path: ["zips"], message: MESSAGES.ruleZipsNeedStates });
    if (v.effectiveUntil && v.effectiveUntil < v.effectiveFrom)
      ctx.addIssue({ code: "custom", path: ["effectiveUntil"], message: MESSAGES.ruleEndBeforeStart });
    if (v.effect === "require-license" && !v.licenseType)
      ctx.addIssue({ code: "custom", path: ["licenseType"], message: MESSAGES.ruleLicenseTypeRequired });
  });
export type RuleInput = z.output<typeof ruleSchema>;

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

// ---- Product compliance facts (the product form) ----

/** Valid GTIN check digit for a 12-digit UPC-A or 13-digit EAN. */
export function validUpc(value: string): boolean {
  if (!/^\d{12,13}$/.test(value)) return false;
  const digits = value.split("").map(Number);
  const check = digits.pop() ?? 0;
  const sum = digits.reverse().reduce((acc, d, i) => acc + d * (i % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === check;
}

/** A list of two-letter US state codes, upper-cased, sorted, without repeats. */
const stateList = listField
  .transform((v) => [...new Set(v.map((s) => s.toUpperCase()))].sort())
  .refine((v) => v.every((s) => US_STATE_CODES.includes(s)), MESSAGES.directoryStateUnknown);

const optionalNumber = z
  .string()
  .trim()
  .optional()
  .refine((v) => !v || /^\d{1,6}(\.\d{1,3})?$/.test(v), MESSAGES.numberFormat)
  .transform((v) => (v ? Number(v) : null));

const optionalChoice = <T extends string>(values: readonly [T, ...T[]], message: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || (values as readonly string[]).includes(v), message)
    .transform((v) => v as T | null);

export const productComplianceSchema = z.object({
  brand: z
    .string()
    .trim()
    .max(80, MESSAGES.brandTooLong)
    .optional()
    .transform((v) => (v ? v : null)),
  productClass: optionalChoice(PRODUCT_CLASS_VALUES, MESSAGES.chooseProductClass),
  flavorClass: optionalChoice(FLAVOR_CLASS_VALUES, MESSAGES.chooseFlavorClass),
  nicotineMgMl: optionalNumber,
  country: z
    .string()
    .trim()
    .toUpperCase()
    .optional()
    .refine((v) => !v || /^[A-Z]{2}$/.test(v), MESSAGES.countryFormat)
    .transform((v) => (v ? v : null)),
  upc: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v.replace(/[\s-]/g, "") : null))
    .refine((v) => v === null || validUpc(v), MESSAGES.upcFormat),
  thcMg: optionalNumber,
  sevenOhPercent: optionalNumber.refine((v) => v === null || v <= 100, MESSAGES.sevenOhRange),
  directoryStates: stateList,
});
export type ProductComplianceInput = z.output<typeof productComplianceSchema>;

/** What a buyer sees of a product's compliance facts (brand, UPC, whether a lab report exists). */
export interface PublicComplianceFacts {
  brand: string | null;
  upc: string | null;
  hasLabReport: boolean;
}

/** The admin's "test a sale" form. */
export const saleTestSchema = z.object({
  productId: z
    .string({ error: MESSAGES.chooseCatalogProduct })
    .trim()
    .regex(/^\d{1,9}$/, MESSAGES.chooseCatalogProduct)
    .transform(Number),
  state: z
    .string({ error: MESSAGES.ruleStateUnknown })
    .trim()
    .toUpperCase()
    .refine((v) => US_STATE_CODES.includes(v), MESSAGES.ruleStateUnknown),
  zip: z
    .string()
    .trim()
    .optional()
    .transform((v) => v ?? "")
    .refine((v) => v === "" || ZIP5.test(v), MESSAGES.ruleZipFormat),
  customer: z
    .string()
    .trim()
    .max(200)
    .optional()
    .transform((v) => v ?? ""),
  date: z
    .string()
    .trim()
    .optional()
    .transform((v) => v ?? "")
    .refine((v) => v === "" || validDate(v), MESSAGES.ruleDateFormat),
});

const blankIsUnchanged = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), schema.optional());

/** Bulk compliance facts: blank fields stay as they are. */
export const bulkComplianceSchema = z
  .object({
    ids: z.preprocess(
      (v) => (Array.isArray(v) ? v : v === undefined ? [] : [v]),
      z
        .array(
          z
            .string()
            .regex(/^\d{1,9}$/, MESSAGES.invalidProductSelection)
            .transform(Number),
        )
        .min(1, MESSAGES.selectAtLeastOneProduct)
        .max(500, MESSAGES.selectAtMost500Products),
    ),
    brand: blankIsUnchanged(z.string().trim().max(80, MESSAGES.brandTooLong)),
    productClass: blankIsUnchanged(z.enum(PRODUCT_CLASS_VALUES, { error: MESSAGES.chooseProductClass })),
    flavorClass: blankIsUnchanged(z.enum(FLAVOR_CLASS_VALUES, { error: MESSAGES.chooseFlavorClass })),
    country: blankIsUnchanged(
      z
        .string()
        .trim()
        .toUpperCase()
        .regex(/^[A-Z]{2}$/, MESSAGES.countryFormat),
    ),
    /** States whose directory now lists every selected product (added to the states already there). */
    addDirectoryStates: blankIsUnchanged(stateList),
  })
  .refine(
    (v) => v.brand !== undefined || v.productClass || v.flavorClass || v.country || v.addDirectoryStates?.length,
    {
      message: MESSAGES.fillInOneField,
      path: ["form"],
    },
  );

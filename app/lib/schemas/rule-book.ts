import { z } from "zod";
import { CATEGORY_SLUGS } from "../categories";
import { FLAVOR_CLASS_VALUES, PRODUCT_CLASS_VALUES } from "../compliance/vocabulary";
import * as MESSAGES from "../messages";
import { filtersFilled, type ScopeInput } from "../rule-book/scope";
import { US_STATE_CODES } from "../us-states";
import { dayField, optionalDayField } from "./day";
import { idParam } from "./params";

/**
 * The rule-book's form fields (decision 0045), shared by every kind's rule form: the name, the
 * scope over products, the places and the effective dates, and the checks across them. A kind's
 * schema spreads the groups it uses and adds its own fields; its messages stay its own where the
 * kinds word them differently (a "rule" or a "tax rule").
 */

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

export const listField = z
  .string()
  .max(5000, MESSAGES.listTooLong)
  .optional()
  .transform((v) => splitList(v ?? ""));

/** Brands may contain spaces: one per line or separated by commas. */
export const brandList = z
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

/** A group of checkboxes: none, one or several of `values`. */
export const checkboxes = <T extends string>(values: readonly [T, ...T[]], message: string) =>
  z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]))
    .pipe(z.array(z.enum(values, { error: message })))
    .transform((v) => [...new Set(v)]);

/** One checkbox: on or off. */
export const flagField = z
  .string()
  .optional()
  .transform((v) => v === "on" || v === "true");

export const ruleNameField = (required: string, tooLong: string) =>
  z.string().trim().min(1, required).max(120, tooLong);

/** Every filter of the scope over products; a kind's schema spreads those its form shows. */
export const SCOPE_FIELDS = {
  all: flagField,
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
  /** A nicotine cap: only products stronger than this, mg/mL. */
  nicotineAboveMgMl: z
    .string()
    .trim()
    .optional()
    .refine((v) => !v || /^\d{1,4}(\.\d{1,3})?$/.test(v), MESSAGES.numberFormat)
    .transform((v) => (v ? Number(v) : undefined)),
  /** The option filter (issue 38): an option's name, its values (comma or line separated), is or is not. */
  optionName: z
    .string()
    .trim()
    .max(60, MESSAGES.ruleOptionNameTooLong)
    .optional()
    .transform((v) => v ?? ""),
  optionValues: brandList,
  optionExcept: z
    .string()
    .optional()
    .transform((v) => v === "except"),
};

/** Enable or Disable a rule: its id (`notFound`, the kind's words, when it is not one) and the choice. */
export const ruleToggleSchema = (notFound: string) =>
  z.object({
    id: z
      .string({ error: notFound })
      .refine((v) => idParam(v) !== null, notFound)
      .transform(Number),
    enabled: z
      .string()
      .optional()
      .transform((v) => v === "1"),
  });

/** A list of two-letter state codes, upper-cased (empty: every destination). */
export const statesField = (unknown: string) =>
  listField
    .transform((v) => v.map((s) => s.toUpperCase()))
    .refine((v) => v.every((s) => US_STATE_CODES.includes(s)), unknown);

/** One two-letter state code, upper-cased. */
export const stateField = (unknown: string) =>
  z
    .string({ error: unknown })
    .trim()
    .toUpperCase()
    .refine((v) => US_STATE_CODES.includes(v), unknown);

/** Five-digit ZIP codes narrowing the states (empty: the whole of each state). */
export const zipsField = (format: string) => listField.refine((v) => v.every((z5) => /^\d{5}$/.test(z5)), format);

/** The first day a rule is in force, and its last (optional). */
export const DATE_FIELDS = {
  effectiveFrom: dayField("effective date"),
  effectiveUntil: optionalDayField("last day"),
};

/**
 * A scope names all products or at least one filter (`extraFilters`: how many of the kind's own
 * filters are set), else `scopeEmpty` is said next to "All products".
 */
export function checkScope(
  v: ScopeInput,
  ctx: z.RefinementCtx,
  { scopeEmpty, extraFilters = 0 }: { scopeEmpty: string; extraFilters?: number },
): void {
  if (!v.all && filtersFilled(v) + extraFilters === 0)
    ctx.addIssue({ code: "custom", path: ["all"], message: scopeEmpty });
  if (v.all) return;
  if (v.optionName && !v.optionValues?.length)
    ctx.addIssue({ code: "custom", path: ["optionValues"], message: MESSAGES.ruleOptionValuesRequired });
  if (!v.optionName && v.optionValues?.length)
    ctx.addIssue({ code: "custom", path: ["optionName"], message: MESSAGES.ruleOptionNameRequired });
}

/** The last day is not before the first. */
export function checkDates(v: { effectiveFrom: string; effectiveUntil: string | null }, ctx: z.RefinementCtx): void {
  if (v.effectiveUntil && v.effectiveUntil < v.effectiveFrom)
    ctx.addIssue({ code: "custom", path: ["effectiveUntil"], message: MESSAGES.ruleEndBeforeStart });
}

/**
 * The rule-book's "test a sale" form: a product, shipped to a state and ZIP, for a customer
 * (optional), on a date (empty: today). The product is the one picked from the picker's
 * suggestions, or (without JavaScript) the one whose SKU is typed in its field.
 */
export const saleTestSchema = z
  .object({
    /** The product picked from the suggestions (the picker's hidden field). */
    productId: z
      .string()
      .trim()
      .optional()
      .refine((v) => !v || /^\d{1,9}$/.test(v), MESSAGES.chooseCatalogProduct)
      .transform((v) => (v ? Number(v) : null)),
    /** What was typed in the product field: a SKU names the product when none was picked (no JavaScript). */
    product: z
      .string()
      .trim()
      .max(200, MESSAGES.chooseCatalogProduct)
      .optional()
      .transform((v) => v ?? ""),
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
      .refine((v) => v === "" || /^\d{5}$/.test(v), MESSAGES.ruleZipFormat),
    customer: z
      .string()
      .trim()
      .max(200)
      .optional()
      .transform((v) => v ?? ""),
    date: optionalDayField("sale date").transform((v) => v ?? ""),
  })
  .superRefine((v, ctx) => {
    if (v.productId === null && v.product === "")
      ctx.addIssue({ code: "custom", path: ["product"], message: MESSAGES.chooseCatalogProduct });
  });
export type SaleTestInput = z.output<typeof saleTestSchema>;

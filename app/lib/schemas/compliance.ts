import { z } from "zod";
import { LICENSE_TYPES, type LicenseType } from "../business";
import { CATEGORY_SLUGS } from "../categories";
import { FLAVOR_CLASS_VALUES, PRODUCT_CLASS_VALUES, RULE_EFFECT_VALUES } from "../compliance/vocabulary";
import { cleanGtin, isValidGtin } from "../gtin";
import * as MESSAGES from "../messages";
import * as EXCISE_MESSAGES from "../messages/excise";
import { US_STATE_CODES } from "../us-states";
import { dayField, optionalDayField } from "./day";

/**
 * The compliance forms (issue 15): a rule (the admin's rule form; the server checks every post
 * with the same schema), a product's compliance facts (the product form, the catalog import),
 * the admin's "test a sale" box and the bulk facts of the product list.
 */

const ZIP5 = /^\d{5}$/;

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

export const checkboxes = <T extends string>(values: readonly [T, ...T[]], message: string) =>
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
    effectiveFrom: dayField("effective date"),
    effectiveUntil: optionalDayField("last day"),
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

/** A UPC or EAN (8, 12 or 13 digits) whose last digit is its check digit (lib/gtin.ts). */
export const validUpc = isValidGtin;

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
    .transform((v) => (v ? cleanGtin(v) : null))
    .refine((v) => v === null || validUpc(v), MESSAGES.upcFormat),
  thcMg: optionalNumber,
  sevenOhPercent: optionalNumber.refine((v) => v === null || v <= 100, MESSAGES.sevenOhRange),
  directoryStates: stateList,
  // Excise facts (issue 31).
  mlPerUnit: z
    .string()
    .trim()
    .optional()
    .refine((v) => !v || (/^\d{1,5}(\.\d{1,3})?$/.test(v) && Number(v) <= 10000), EXCISE_MESSAGES.mlPerUnitFormat)
    .transform((v) => (v ? Number(v) : null)),
  cartridgesPerUnit: z
    .string()
    .trim()
    .optional()
    .refine((v) => !v || (/^\d{1,5}$/.test(v) && Number(v) <= 10000), EXCISE_MESSAGES.cartridgesPerUnitFormat)
    .transform((v) => (v ? Number(v) : null)),
  vapeSystem: optionalChoice(["open", "closed"] as const, EXCISE_MESSAGES.chooseVapeSystem),
  containsNicotine: z
    .string()
    .trim()
    .toLowerCase()
    .optional()
    .refine((v) => !v || ["yes", "no"].includes(v), EXCISE_MESSAGES.chooseNicotine)
    .transform((v) => (v === "yes" ? true : v === "no" ? false : null)),
});
export type ProductComplianceInput = z.output<typeof productComplianceSchema>;

/**
 * The admin's "test a sale" form. The product is the one picked from the picker's suggestions, or
 * (without JavaScript) the one whose SKU is typed in its field.
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
      .refine((v) => v === "" || ZIP5.test(v), MESSAGES.ruleZipFormat),
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
    // Excise facts (issue 31): read as the product form reads them.
    mlPerUnit: blankIsUnchanged(productComplianceSchema.shape.mlPerUnit),
    cartridgesPerUnit: blankIsUnchanged(productComplianceSchema.shape.cartridgesPerUnit),
    vapeSystem: blankIsUnchanged(productComplianceSchema.shape.vapeSystem),
    containsNicotine: blankIsUnchanged(productComplianceSchema.shape.containsNicotine),
  })
  .refine(
    (v) =>
      v.brand !== undefined ||
      v.productClass ||
      v.flavorClass ||
      v.country ||
      v.addDirectoryStates?.length ||
      v.mlPerUnit != null ||
      v.cartridgesPerUnit != null ||
      v.vapeSystem != null ||
      v.containsNicotine != null,
    {
      message: MESSAGES.fillInOneField,
      path: ["form"],
    },
  );

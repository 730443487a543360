import { z } from "zod";
import { LICENSE_TYPES, type LicenseType } from "../business";
import { FLAVOR_CLASS_VALUES, PRODUCT_CLASS_VALUES, RULE_EFFECT_VALUES } from "../compliance/vocabulary";
import { cleanGtin, isValidGtin } from "../gtin";
import * as MESSAGES from "../messages";
import * as EXCISE_MESSAGES from "../messages/excise";
import { US_STATE_CODES } from "../us-states";
import {
  checkDates,
  checkScope,
  DATE_FIELDS,
  listField,
  ruleNameField,
  SCOPE_FIELDS,
  statesField,
  zipsField,
} from "./rule-book";

/**
 * The compliance forms (issue 15): a rule (the admin's rule form; the server checks every post
 * with the same schema, built on the rule-book's fields: schemas/rule-book.ts), a product's
 * compliance facts (the product form, the catalog import) and the bulk facts of the product list.
 */

const licenseTypeValues = LICENSE_TYPES.map((t) => t.value) as [LicenseType, ...LicenseType[]];

/** A rule: the rule-book's fields (name, scope, places, dates) and what compliance adds (the effect, the buyer's words). */
export const ruleSchema = z
  .object({
    name: ruleNameField(MESSAGES.ruleNameRequired, MESSAGES.ruleNameTooLong),
    ...SCOPE_FIELDS,
    states: statesField(MESSAGES.ruleStateUnknown),
    zips: zipsField(MESSAGES.ruleZipFormat),
    ...DATE_FIELDS,
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
    checkScope(v, ctx, { scopeEmpty: MESSAGES.ruleScopeEmpty });
    if (v.zips.length && !v.states.length)
      ctx.addIssue({ code: "custom", path: ["zips"], message: MESSAGES.ruleZipsNeedStates });
    checkDates(v, ctx);
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

import { z } from "zod";
import { CATEGORY_SLUGS } from "../categories";
import { PRODUCT_CLASS_VALUES } from "../compliance/vocabulary";
import { EXCISE_METHODS, OWED_BY, RATE_SCALE, VAPE_SYSTEMS } from "../excise/engine";
import * as MESSAGES from "../messages";
import * as EXCISE_MESSAGES from "../messages/excise";
import { US_STATE_CODES } from "../us-states";
import { brandList, checkboxes, listField } from "./compliance";
import { dayField, notAfterToday, optionalDayField } from "./day";

/**
 * The tax rule form of /admin/taxes (issue 31): the server checks every post with this schema,
 * and the demo's example rules are read through it too.
 */
export const taxRuleSchema = z
  .object({
    name: z.string().trim().min(1, EXCISE_MESSAGES.taxNameRequired).max(120, EXCISE_MESSAGES.taxNameTooLong),
    state: z
      .string({ error: EXCISE_MESSAGES.taxStateUnknown })
      .trim()
      .toUpperCase()
      .refine((v) => US_STATE_CODES.includes(v), EXCISE_MESSAGES.taxStateUnknown),
    zips: listField.refine((v) => v.every((z5) => /^\d{5}$/.test(z5)), EXCISE_MESSAGES.taxZipFormat),
    all: z
      .string()
      .optional()
      .transform((v) => v === "on" || v === "true"),
    classes: checkboxes(PRODUCT_CLASS_VALUES, MESSAGES.chooseProductClasses),
    categories: checkboxes(CATEGORY_SLUGS, MESSAGES.chooseCategories),
    brands: brandList,
    productIds: listField
      .refine((v) => v.every((id) => /^\d{1,9}$/.test(id)), MESSAGES.productIdsFormat)
      .transform((v) => v.map(Number)),
    systems: checkboxes(VAPE_SYSTEMS, EXCISE_MESSAGES.chooseVapeSystem),
    nicotineOnly: z
      .string()
      .optional()
      .transform((v) => v === "on" || v === "true"),
    method: z.enum(EXCISE_METHODS, { error: EXCISE_MESSAGES.taxMethodRequired }),
    rate: z
      .string({ error: EXCISE_MESSAGES.taxRateFormat })
      .trim()
      .refine((v) => /^\d{1,6}(\.\d{1,6})?$/.test(v), EXCISE_MESSAGES.taxRateFormat)
      .transform((v) => rateToMicros(v)),
    effectiveFrom: dayField("effective date"),
    effectiveUntil: optionalDayField("last day"),
    owedBy: z.enum(OWED_BY, { error: EXCISE_MESSAGES.taxOwedByRequired }),
    wording: z.string().trim().min(1, EXCISE_MESSAGES.taxWordingRequired).max(200, EXCISE_MESSAGES.taxWordingTooLong),
    source: z
      .string()
      .trim()
      .max(300, EXCISE_MESSAGES.taxSourceTooLong)
      .optional()
      .transform((v) => (v ? v : null)),
    sourceDate: optionalDayField("source date"),
  })
  .superRefine((v, ctx) => {
    const filtered = v.classes.length + v.categories.length + v.brands.length + v.productIds.length + v.systems.length;
    if (!v.all && filtered === 0 && !v.nicotineOnly)
      ctx.addIssue({ code: "custom", path: ["all"], message: EXCISE_MESSAGES.taxScopeEmpty });
    if (v.effectiveUntil && v.effectiveUntil < v.effectiveFrom)
      ctx.addIssue({ code: "custom", path: ["effectiveUntil"], message: MESSAGES.ruleEndBeforeStart });
    if (v.method === "percent" && v.rate > 100 * RATE_SCALE)
      ctx.addIssue({ code: "custom", path: ["rate"], message: EXCISE_MESSAGES.taxRatePercentTooHigh });
    if (v.method !== "percent" && v.rate > 100 * RATE_SCALE)
      ctx.addIssue({ code: "custom", path: ["rate"], message: EXCISE_MESSAGES.taxRateMoneyTooHigh });
  });
export type TaxRuleInput = z.output<typeof taxRuleSchema>;

/** "0.15" → 150000 (exact: read as digits, never through a float). */
export function rateToMicros(text: string): number {
  const [whole = "0", fraction = ""] = text.split(".");
  return Number(whole) * RATE_SCALE + Number(fraction.padEnd(6, "0").slice(0, 6));
}

/** 150000 → "0.15". */
export function microsToRate(micros: number): string {
  const whole = Math.floor(micros / RATE_SCALE);
  const fraction = String(micros % RATE_SCALE)
    .padStart(6, "0")
    .replace(/0+$/, "");
  return fraction ? `${whole}.${fraction}` : String(whole);
}

/** Marking a PACT filing filed (the filing calendar): the state and month, the day, a note. */
export const pactFilingSchema = z.object({
  state: z
    .string({ error: EXCISE_MESSAGES.pactFilingUnknown })
    .trim()
    .toUpperCase()
    .refine((v) => US_STATE_CODES.includes(v), EXCISE_MESSAGES.pactFilingUnknown),
  month: z
    .string({ error: EXCISE_MESSAGES.pactFilingUnknown })
    .trim()
    .refine((v) => /^\d{4}-(0[1-9]|1[0-2])$/.test(v), EXCISE_MESSAGES.pactFilingUnknown),
  filedOn: dayField("filing date", notAfterToday),
  note: z
    .string()
    .trim()
    .max(500, EXCISE_MESSAGES.pactFilingNoteTooLong)
    .optional()
    .transform((v) => (v ? v : null)),
});
export type PactFilingInput = z.output<typeof pactFilingSchema>;

/** A completed order's shipment (the admin's order page). */
export const shipmentSchema = z.object({
  carrier: z.string().trim().min(1, EXCISE_MESSAGES.carrierRequired).max(60, EXCISE_MESSAGES.carrierTooLong),
  tracking: z
    .string()
    .trim()
    .min(1, EXCISE_MESSAGES.trackingRequired)
    .regex(/^[A-Za-z0-9-]{1,60}$/, EXCISE_MESSAGES.trackingFormat),
});
export type ShipmentInput = z.output<typeof shipmentSchema>;

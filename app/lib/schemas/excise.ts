import { z } from "zod";
import { EXCISE_METHODS, OWED_BY, RATE_SCALE, VAPE_SYSTEMS } from "../excise/engine";
import * as EXCISE_MESSAGES from "../messages/excise";
import { US_STATE_CODES } from "../us-states";
import { dayField, notAfterToday, optionalDayField } from "./day";
import {
  checkboxes,
  checkDates,
  checkScope,
  DATE_FIELDS,
  flagField,
  ruleNameField,
  SCOPE_FIELDS,
  stateField,
  zipsField,
} from "./rule-book";

/**
 * The tax rule form of /admin/taxes (issue 31): the server checks every post with this schema,
 * and the demo's example rules are read through it too.
 */
export const taxRuleSchema = z
  .object({
    name: ruleNameField(EXCISE_MESSAGES.taxNameRequired, EXCISE_MESSAGES.taxNameTooLong),
    state: stateField(EXCISE_MESSAGES.taxStateUnknown),
    zips: zipsField(EXCISE_MESSAGES.taxZipFormat),
    all: SCOPE_FIELDS.all,
    classes: SCOPE_FIELDS.classes,
    categories: SCOPE_FIELDS.categories,
    brands: SCOPE_FIELDS.brands,
    productIds: SCOPE_FIELDS.productIds,
    systems: checkboxes(VAPE_SYSTEMS, EXCISE_MESSAGES.chooseVapeSystem),
    nicotineOnly: flagField,
    method: z.enum(EXCISE_METHODS, { error: EXCISE_MESSAGES.taxMethodRequired }),
    rate: z
      .string({ error: EXCISE_MESSAGES.taxRateFormat })
      .trim()
      .refine((v) => /^\d{1,6}(\.\d{1,6})?$/.test(v), EXCISE_MESSAGES.taxRateFormat)
      .transform((v) => rateToMicros(v)),
    ...DATE_FIELDS,
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
    const extraFilters = v.systems.length + (v.nicotineOnly ? 1 : 0);
    checkScope(v, ctx, { scopeEmpty: EXCISE_MESSAGES.taxScopeEmpty, extraFilters });
    checkDates(v, ctx);
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

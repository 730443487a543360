import { z } from "zod";
import * as DELIVERY_MESSAGES from "../messages/delivery";
import * as TAX_MESSAGES from "../messages/sales-tax";
import { parseRate } from "../sales-tax";
import { US_STATES } from "../us-states";
import { dayField, optionalDayField } from "./day";
import { text } from "./text";

/** The back office's forms of sales tax (issue 41): where the store collects, and the rates. */

const STATE_CODES = US_STATES.map(([code]) => code) as [string, ...string[]];

const stateField = z.enum(STATE_CODES, { error: TAX_MESSAGES.stateInvalid });

const flag = z
  .string()
  .optional()
  .transform((v) => v === "on" || v === "true");

const zipList = z
  .string()
  .optional()
  .transform((value, ctx) => {
    const list = (value ?? "")
      .split(/[\s,;]+/)
      .map((z) => z.trim())
      .filter(Boolean);
    const wrong = list.find((zip) => !/^\d{5}$/.test(zip));
    if (wrong) {
      ctx.addIssue({ code: "custom", message: DELIVERY_MESSAGES.zipsInvalid(wrong) });
      return z.NEVER;
    }
    return [...new Set(list)].sort();
  });

export const taxStateSchema = z
  .object({
    state: stateField,
    collects: flag,
    sourcing: z.enum(["origin", "destination"]).catch("destination"),
    originZip: z
      .string()
      .optional()
      .transform((v) => v?.trim() ?? "")
      .refine((v) => v === "" || /^\d{5}$/.test(v), TAX_MESSAGES.originZipRequired)
      .transform((v) => (v === "" ? null : v)),
    pendingGraceDays: z
      .string({ error: TAX_MESSAGES.graceDaysInvalid })
      .trim()
      .regex(/^\d{1,2}$/, TAX_MESSAGES.graceDaysInvalid)
      .transform(Number)
      .refine((n) => n <= 90, TAX_MESSAGES.graceDaysInvalid),
  })
  .superRefine((v, ctx) => {
    if (v.sourcing === "origin" && v.originZip === null)
      ctx.addIssue({ code: "custom", path: ["originZip"], message: TAX_MESSAGES.originZipRequired });
  });
export type TaxStateInput = z.output<typeof taxStateSchema>;

export const jurisdictionSchema = z
  .object({
    state: stateField,
    kind: z.enum(["state", "city", "transit", "county", "special"], { error: TAX_MESSAGES.kindInvalid }),
    name: text("Name", 80),
    code: z
      .string()
      .optional()
      .transform((v) => v?.trim().slice(0, 20) ?? ""),
    rate: z.string({ error: TAX_MESSAGES.rateInvalid }).transform((v, ctx) => {
      const ppm = parseRate(v);
      if (ppm === null) {
        ctx.addIssue({ code: "custom", message: TAX_MESSAGES.rateInvalid });
        return z.NEVER;
      }
      return ppm;
    }),
    effectiveFrom: dayField("First day"),
    effectiveUntil: optionalDayField("Last day"),
    zips: zipList,
  })
  .superRefine((v, ctx) => {
    if (v.effectiveUntil !== null && v.effectiveUntil < v.effectiveFrom)
      ctx.addIssue({ code: "custom", path: ["effectiveUntil"], message: TAX_MESSAGES.untilBeforeFrom });
    if (v.kind === "state" && v.zips.length > 0)
      ctx.addIssue({ code: "custom", path: ["zips"], message: TAX_MESSAGES.stateWideHasNoZips });
    if (v.kind !== "state" && v.zips.length === 0)
      ctx.addIssue({ code: "custom", path: ["zips"], message: TAX_MESSAGES.localNeedsZips });
  });
export type JurisdictionInput = z.output<typeof jurisdictionSchema>;

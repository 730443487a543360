import { z } from "zod";
import * as DELIVERY_MESSAGES from "../messages/delivery";
import { amountField, optionalAmountField } from "./amount";
import { dayField } from "./day";
import { text } from "./text";

/** The back office's forms of local delivery (issue 40): zones and holidays. */

const zips = z
  .string()
  .trim()
  .transform((value, ctx) => {
    const list = value
      .split(/[\s,;]+/)
      .map((z) => z.trim())
      .filter(Boolean);
    if (list.length === 0) {
      ctx.addIssue({ code: "custom", message: DELIVERY_MESSAGES.zipsRequired });
      return z.NEVER;
    }
    const wrong = list.find((zip) => !/^\d{5}$/.test(zip));
    if (wrong) {
      ctx.addIssue({ code: "custom", message: DELIVERY_MESSAGES.zipsInvalid(wrong) });
      return z.NEVER;
    }
    return [...new Set(list)].sort();
  });

const routeDays = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((posted, ctx) => {
    const days = posted === undefined ? [] : Array.isArray(posted) ? posted : [posted];
    const numbers = [...new Set(days.map(Number))].filter((d) => Number.isInteger(d) && d >= 1 && d <= 7);
    if (numbers.length === 0) {
      ctx.addIssue({ code: "custom", message: DELIVERY_MESSAGES.routeDaysRequired });
      return z.NEVER;
    }
    return numbers.sort((a, b) => a - b);
  });

export const zoneFields = {
  name: text("Zone name", 60),
  zips,
  routeDays,
  cutoffDaysBefore: z
    .string({ error: DELIVERY_MESSAGES.cutoffDaysInvalid })
    .trim()
    .regex(/^\d{1,2}$/, DELIVERY_MESSAGES.cutoffDaysInvalid)
    .transform(Number)
    .refine((n) => n <= 14, DELIVERY_MESSAGES.cutoffDaysInvalid),
  cutoffTime: z
    .string({ error: DELIVERY_MESSAGES.cutoffTimeInvalid })
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, DELIVERY_MESSAGES.cutoffTimeInvalid),
  feeCents: amountField("delivery fee", { max: 100_000 }),
  freeFromCents: optionalAmountField("free delivery from", { max: 100_000_000 }),
  minimumCents: optionalAmountField("minimum order", { max: 100_000_000 }).transform((v) => v ?? 0),
  active: z
    .string()
    .optional()
    .transform((v) => v === "on" || v === "true"),
};
export const zoneSchema = z.object(zoneFields);
export type ZoneInput = z.output<typeof zoneSchema>;

export const holidaySchema = z.object({
  day: dayField("Day"),
  name: text("Holiday name", 60),
});
export type HolidayInput = z.output<typeof holidaySchema>;

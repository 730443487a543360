import { z } from "zod";
import { storeToday } from "../business";
import { FIRST_DAY, isDayBetween, lastDayOfNextYear } from "../calendar-days";
import * as FORM_MESSAGES from "../messages/forms";

/**
 * A day typed in a form (issue 36): every form that takes a date reads it through these fields.
 * YYYY-MM-DD, a day the calendar has (no 2026-02-30), from 2000-01-01 to the end of next year
 * unless the field says otherwise (a payment's day is not after today); anything else is refused
 * with a message naming the field and the days it takes. The bounds are worked out when a form
 * is read, from the store's today, so a server running over New Year moves with it.
 */
export interface DayBounds {
  /** The first day taken (default 2000-01-01), from the store's today. */
  earliest?: (today: string) => string;
  /** The last day taken (default the end of next year), from the store's today. */
  latest?: (today: string) => string;
}

/** The last day taken is today: what has happened (a payment received, a return filed). */
export const notAfterToday: DayBounds = { latest: (today) => today };

/** The days a field takes, seen today. */
function daysTaken(bounds: DayBounds): { first: string; last: string } {
  const today = storeToday();
  return { first: bounds.earliest?.(today) ?? FIRST_DAY, last: bounds.latest?.(today) ?? lastDayOfNextYear(today) };
}

/** The field's message, with the days it takes today. */
function dayMessage(field: string, bounds: DayBounds): string {
  const { first, last } = daysTaken(bounds);
  return FORM_MESSAGES.dayFormat(field, first, last);
}

function readDay(text: string, field: string, bounds: DayBounds, ctx: z.RefinementCtx): string {
  const { first, last } = daysTaken(bounds);
  const day = text.trim();
  if (!isDayBetween(day, first, last)) {
    ctx.addIssue({ code: "custom", message: FORM_MESSAGES.dayFormat(field, first, last) });
    return z.NEVER;
  }
  return day;
}

/** A required day, as YYYY-MM-DD. */
export const dayField = (field: string, bounds: DayBounds = {}) =>
  z.string({ error: () => dayMessage(field, bounds) }).transform((v, ctx): string => readDay(v, field, bounds, ctx));

/** A day that may be left empty (a rule with no end): empty or absent is null. */
export const optionalDayField = (field: string, bounds: DayBounds = {}) =>
  z
    .string({ error: () => dayMessage(field, bounds) })
    .optional()
    .transform((v, ctx): string | null => (v === undefined || v.trim() === "" ? null : readDay(v, field, bounds, ctx)));

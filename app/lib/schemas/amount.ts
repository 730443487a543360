import { z } from "zod";
import * as FORM_MESSAGES from "../messages/forms";
import { formatCents, parseDollarsToCents } from "../money";

/**
 * An amount of money typed in a form (issue 36): every form that takes dollars reads them through
 * these fields, as integer cents. Digits, thousands grouped only as 1,234.56, an optional $, at
 * most two decimals (lib/money.ts's parseDollarsToCents); anything else is refused with a message
 * naming the field (`field` is its name in a sentence: "price", "credit limit").
 */
export interface AmountBounds {
  /** The most it may be, in cents. */
  max: number;
  /** Whether zero is refused (a payment). */
  aboveZero?: boolean;
}

/** "price" → "Price is required." */
const required = (field: string) => FORM_MESSAGES.fieldRequired(field.charAt(0).toUpperCase() + field.slice(1));

function readAmount(text: string, field: string, bounds: AmountBounds, ctx: z.RefinementCtx, format: string) {
  const cents = parseDollarsToCents(text);
  if (cents === null) {
    ctx.addIssue({ code: "custom", message: format });
    return z.NEVER;
  }
  if (cents > bounds.max) {
    ctx.addIssue({ code: "custom", message: FORM_MESSAGES.amountTooHigh(field, formatCents(bounds.max)) });
    return z.NEVER;
  }
  if (bounds.aboveZero && cents === 0) {
    ctx.addIssue({ code: "custom", message: FORM_MESSAGES.amountAboveZero(field) });
    return z.NEVER;
  }
  return cents;
}

/** A required amount, in cents: left empty, it is asked for; anything else but an amount is refused. */
export const amountField = (field: string, bounds: AmountBounds) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? required(field) : FORM_MESSAGES.amountFormat(field)) })
    .transform((v, ctx): number => {
      if (v.trim() === "") {
        ctx.addIssue({ code: "custom", message: required(field) });
        return z.NEVER;
      }
      return readAmount(v, field, bounds, ctx, FORM_MESSAGES.amountFormat(field));
    });

/** An amount that may be left empty (no credit limit, no order limit): empty or absent is null. */
export const optionalAmountField = (field: string, bounds: AmountBounds) =>
  z
    .string({ error: FORM_MESSAGES.optionalAmountFormat(field) })
    .optional()
    .transform((v, ctx): number | null =>
      v === undefined || v.trim() === ""
        ? null
        : readAmount(v, field, bounds, ctx, FORM_MESSAGES.optionalAmountFormat(field)),
    );

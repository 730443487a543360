import { z } from "zod";
import * as MESSAGES from "../messages";
import * as DELIVERY_MESSAGES from "../messages/delivery";
import { MAX_LINE_QUANTITY, MAX_NOTES_LENGTH, MAX_ORDER_LINES, MAX_PO_NUMBER_LENGTH } from "../orders";
import { optionalText } from "./text";

/** The lines the browser sends: product ids and quantities only (never prices or names). */
export const cartLinesSchema = z
  .array(
    z.object({
      id: z.number({ error: MESSAGES.lineNeedsProduct }).int().positive().max(2_147_483_647),
      quantity: z
        .number({ error: MESSAGES.quantitiesWholeNumbers })
        .int(MESSAGES.quantitiesWholeNumbers)
        .min(1, MESSAGES.quantitiesAtLeastOne)
        .max(MAX_LINE_QUANTITY, MESSAGES.quantitiesAtMost(MAX_LINE_QUANTITY)),
    }),
    { error: MESSAGES.cartUnreadable },
  )
  .min(1, MESSAGES.cartEmpty)
  .max(MAX_ORDER_LINES, MESSAGES.tooManyOrderLines(MAX_ORDER_LINES));

export type CartLinesInput = z.output<typeof cartLinesSchema>;

/** A JSON form field holding cart lines. */
export const cartLinesField = z
  .string({ error: MESSAGES.cartEmpty })
  .max(50_000, MESSAGES.cartTooLarge)
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: "custom", message: MESSAGES.cartUnreadable });
      return z.NEVER;
    }
  })
  .pipe(cartLinesSchema);

/** The checkout fields' labels, as the form shows them and as its messages name them. */
export const PO_NUMBER_LABEL = "PO number";
export const NOTES_LABEL = "Order notes";

export const placeOrderSchema = z.object({
  idempotencyKey: z.uuid(MESSAGES.checkoutExpired),
  addressId: z
    .string({ error: MESSAGES.selectShippingAddress })
    .trim()
    .min(1, MESSAGES.selectShippingAddress)
    .max(100, MESSAGES.selectShippingAddress),
  lines: cartLinesField,
  /** The route day chosen for local delivery (issue 40); empty for an address that ships by carrier. */
  deliveryDate: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .refine((v) => v === undefined || /^\d{4}-\d{2}-\d{2}$/.test(v), DELIVERY_MESSAGES.deliveryDayGone),
  /** The customer's purchase order number and notes (issue 16), both optional. */
  poNumber: optionalText(PO_NUMBER_LABEL, MAX_PO_NUMBER_LENGTH, { oneLine: true }),
  notes: optionalText(NOTES_LABEL, MAX_NOTES_LENGTH),
});

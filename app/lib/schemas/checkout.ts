import { z } from "zod";
import * as MESSAGES from "../messages";
import { MAX_LINE_QUANTITY, MAX_ORDER_LINES } from "../orders";

/** The lines the browser sends: product ids and quantities only (never prices or names). */
export const cartLinesSchema = z
  .array(
    z.object({
      id: z.number({ error: "Each line needs a product." }).int().positive().max(2_147_483_647),
      quantity: z
        .number({ error: "Quantities must be whole numbers." })
        .int("Quantities must be whole numbers.")
        .min(1, "Quantities must be at least 1.")
        .max(MAX_LINE_QUANTITY, `Quantities must be at most ${MAX_LINE_QUANTITY.toLocaleString("en-US")}.`),
    }),
    { error: "The cart could not be read." },
  )
  .min(1, "Your cart is empty.")
  .max(MAX_ORDER_LINES, `An order can have at most ${MAX_ORDER_LINES} lines.`);

export type CartLinesInput = z.output<typeof cartLinesSchema>;

/** A JSON form field holding cart lines. */
export const cartLinesField = z
  .string({ error: "Your cart is empty." })
  .max(50_000, "The cart is too large.")
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: "custom", message: "The cart could not be read." });
      return z.NEVER;
    }
  })
  .pipe(cartLinesSchema);

export const placeOrderSchema = z.object({
  idempotencyKey: z.uuid("This checkout has expired. Please reload the page."),
  addressId: z
    .string({ error: MESSAGES.selectShippingAddress })
    .trim()
    .min(1, MESSAGES.selectShippingAddress)
    .max(100, MESSAGES.selectShippingAddress),
  lines: cartLinesField,
});

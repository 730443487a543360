import { z } from "zod";
import * as RECEIVABLES from "../messages/receivables";
import { MAX_AMOUNT_CENTS, PAYMENT_METHODS, TERMS, type Terms } from "../receivables";
import { amountField, optionalAmountField } from "./amount";
import { dayField, notAfterToday } from "./day";
import { idParam } from "./params";

/**
 * The receivables forms of the back office (issue 30; on the one form contract since issues 36
 * and 37): a business's terms and credit limit, a payment, the store's terms and credit, and the
 * ids the ledger's and the holds' buttons post. Money and days go through the shared fields.
 */

/** An id a button posted (a payment, an order): a positive integer, or the message given. */
const postedId = (message: string) =>
  z.string({ error: message }).transform((v, ctx): number => {
    const id = idParam(v.trim());
    if (id === null) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return id;
  });

/** A business's own terms and credit limit: empty is the store's default (null). */
export const businessCreditSchema = z.object({
  terms: z
    .union([z.literal(""), z.enum(TERMS)], { error: RECEIVABLES.termsRequired })
    .optional()
    .transform((v): Terms | null => (v ? v : null)),
  creditLimit: optionalAmountField("credit limit", { max: MAX_AMOUNT_CENTS }),
});
export type BusinessCreditForm = z.output<typeof businessCreditSchema>;

/**
 * A payment received: its amount, how it came, a reference, the day (not after today), the
 * invoice it pays (empty: the oldest open ones first) and the key of the page that posted it
 * (a double click records it once).
 */
export const paymentSchema = z.object({
  amount: amountField("amount", { max: MAX_AMOUNT_CENTS, aboveZero: true }),
  method: z.enum(PAYMENT_METHODS, { error: RECEIVABLES.methodRequired }),
  reference: z
    .string()
    .optional()
    .transform((v) => v?.trim() ?? "")
    .refine((v) => v.length <= 60, RECEIVABLES.referenceTooLong)
    .transform((v) => (v === "" ? null : v)),
  receivedOn: dayField("received date", notAfterToday),
  invoiceId: z
    .string({ error: RECEIVABLES.invoiceNotOpen })
    .optional()
    .transform((v, ctx): number | null => {
      const text = v?.trim() ?? "";
      if (text === "") return null;
      const id = idParam(text);
      if (id === null) {
        ctx.addIssue({ code: "custom", message: RECEIVABLES.invoiceNotOpen });
        return z.NEVER;
      }
      return id;
    }),
  idempotencyKey: z
    .string({ error: RECEIVABLES.paymentNotFound })
    .trim()
    .regex(/^[A-Za-z0-9-]{8,64}$/, RECEIVABLES.paymentNotFound),
});
export type PaymentForm = z.output<typeof paymentSchema>;

/** The store's default terms and credit limit, and after how many days past due orders are held. */
export const storeCreditSchema = z.object({
  defaultTerms: z.enum(TERMS, { error: RECEIVABLES.termsRequired }),
  defaultCreditLimit: optionalAmountField("default credit limit", { max: MAX_AMOUNT_CENTS }),
  pastDueHoldDays: z
    .string({ error: RECEIVABLES.pastDueDaysFormat })
    .trim()
    .regex(/^\d{1,3}$/, RECEIVABLES.pastDueDaysFormat)
    .transform(Number)
    .refine((v) => v <= 365, RECEIVABLES.pastDueDaysFormat),
});
export type StoreCreditForm = z.output<typeof storeCreditSchema>;

/** The ledger's Void button: which payment. */
export const voidPaymentSchema = z.object({ paymentId: postedId(RECEIVABLES.paymentNotFound) });

/** A held order's Release and Cancel buttons: which order. */
export const heldOrderSchema = z.object({ orderId: postedId(RECEIVABLES.orderNotHeld(0)) });

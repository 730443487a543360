import { parseDollarsToCents } from "./money";

/**
 * Paid on account (issue 30): the vocabulary of terms, holds and aging, shared by the server and
 * the pages. Money is integer cents; days are YYYY-MM-DD in the store's time zone.
 */
export const TERMS = ["prepaid", "cod", "net7", "net15", "net30", "net45", "net60"] as const;
export type Terms = (typeof TERMS)[number];

export const TERMS_LABELS: Record<Terms, string> = {
  prepaid: "Prepaid",
  cod: "COD",
  net7: "Net 7",
  net15: "Net 15",
  net30: "Net 30",
  net45: "Net 45",
  net60: "Net 60",
};

export function isTerms(value: unknown): value is Terms {
  return typeof value === "string" && (TERMS as readonly string[]).includes(value);
}

/** Days from the invoice to its due date: prepaid and COD are due the day they are issued. */
export function termsDays(terms: Terms): number {
  return terms.startsWith("net") ? Number(terms.slice(3)) : 0;
}

/** An order held because the business is over its credit limit or behind on an invoice. */
export const CREDIT_HOLD = "credit-hold";
/** A prepaid business's order, waiting for its payment. */
export const PREPAID_HOLD = "prepaid";

export const PAYMENT_METHODS = ["check", "ach", "cash", "card"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  check: "Check",
  ach: "ACH",
  cash: "Cash",
  card: "Card taken elsewhere",
};
export function isPaymentMethod(value: unknown): value is PaymentMethod {
  return typeof value === "string" && (PAYMENT_METHODS as readonly string[]).includes(value);
}

export const AGING_BUCKETS = ["current", "1-30", "31-60", "61-90", "90+"] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];
export const AGING_LABELS: Record<AgingBucket, string> = {
  current: "Current",
  "1-30": "1–30 days",
  "31-60": "31–60 days",
  "61-90": "61–90 days",
  "90+": "Over 90 days",
};

/** Whole days from one YYYY-MM-DD date to another (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T12:00:00Z`) - Date.parse(`${from}T12:00:00Z`)) / 86_400_000);
}

/** The aging bucket of an amount due on `dueOn`, seen on `today`. */
export function agingBucket(dueOn: string, today: string): AgingBucket {
  const late = daysBetween(dueOn, today);
  if (late <= 0) return "current";
  if (late <= 30) return "1-30";
  if (late <= 60) return "31-60";
  if (late <= 90) return "61-90";
  return "90+";
}

/** The largest amount a payment or a credit limit may be ($10,000,000): fits the integer columns. */
export const MAX_AMOUNT_CENTS = 1_000_000_000;

/**
 * Reads an amount of dollars typed by a person ("1,250.5", "$40") into cents; null when it is not
 * one (more than two decimals, letters, a sign) or is above MAX_AMOUNT_CENTS.
 */
export function parseDollars(text: string): number | null {
  const cents = parseDollarsToCents(text);
  return cents !== null && cents <= MAX_AMOUNT_CENTS ? cents : null;
}

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 2 });

/** Integer cents to "$1,234.50". The one place money is formatted. */
export function formatCents(cents: number): string {
  return usd.format(cents / 100);
}

/** The highest price a product may have ($1,000,000.00): fits a 32-bit integer column on both databases. */
export const MAX_PRICE_CENTS = 100_000_000;

/**
 * The one way a person types an amount (issue 36): digits, thousands grouped only as 1,234,567
 * (never 1,00 or 12,50 or 1,0,0, which once read as $100.00 and $1,250.00), an optional leading $,
 * and at most two decimals after a point. No sign, no spaces inside, no exponent.
 */
const AMOUNT = /^\$?(?:[1-9]\d{0,2}(?:,\d{3})+|\d+)(?:\.\d{1,2})?$/;

/**
 * Reads a dollar amount typed by a person ("12", "12.5", "$1,234.50") into integer cents. Returns
 * null for anything else, and for more than 999,999,999 dollars (callers cap it lower).
 */
export function parseDollarsToCents(input: string): number | null {
  const text = input.trim();
  if (text.length > 20 || !AMOUNT.test(text)) return null;
  const [whole = "", fraction = ""] = text.replace(/^\$/, "").replace(/,/g, "").split(".");
  if (whole.length > 9) return null;
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

/** Cents to the plain decimal an input field shows ("1234.50"). */
export function centsToDecimalString(cents: number): string {
  return (cents / 100).toFixed(2);
}

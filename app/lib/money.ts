const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 2 });

/** Integer cents to "$1,234.50". The one place money is formatted. */
export function formatCents(cents: number): string {
  return usd.format(cents / 100);
}

/**
 * Reads a decimal dollar amount typed by a person ("12", "12.5", "$1,234.50") into integer cents.
 * Returns null for anything that is not a non-negative amount with at most two decimals.
 */
/** The highest price a product may have ($1,000,000.00): fits a 32-bit integer column on both databases. */
export const MAX_PRICE_CENTS = 100_000_000;

export function parseDollarsToCents(input: string): number | null {
  const cleaned = input.trim().replace(/^\$/, "").replace(/,/g, "");
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(cleaned)) return null;
  const [whole, fraction = ""] = cleaned.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

/** Cents to the plain decimal an input field shows ("1234.50"). */
export function centsToDecimalString(cents: number): string {
  return (cents / 100).toFixed(2);
}

/**
 * The sentences of the product page's volume price table, which only signed-in customers see.
 * The store's shared sentences are in ../messages.ts; these live here so that neither the shell
 * nor a visitor's product page carries them (decision 0020). Import as a namespace:
 * `import * as VOLUME_MESSAGES from "~/lib/messages/volume-prices"`.
 */
export const volumePrices = "Volume prices";
export const tierQuantityHeading = "Quantity";
export const tierPriceHeading = "Price each";

/**
 * A row of the table, in units, or in whole cases when the product is sold by the case
 * ("1–4 cases", "5+ cases"): breaks are whole cases, so `from` and `to + 1` divide by the pack.
 */
export function tierFrom(from: number, to: number | null, casePack = 1): string {
  const unit = casePack > 1 ? "case" : "unit";
  const a = from / casePack;
  const b = to === null ? null : (to + 1) / casePack - 1;
  if (b === null) return `${a}+ ${unit}s`;
  return a === b ? `${a} ${unit}${a === 1 ? "" : "s"}` : `${a}–${b} ${unit}s`;
}

/** A case's price at a break, and the unit price it comes from. */
export function casePrice(perCase: string, each: string): string {
  return `${perCase} a case (${each} each)`;
}

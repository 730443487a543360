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

// ---- Wholesale ordering (issue 16): price tiers and price groups ----
/** Where a break is: a line of the product form's field, or a break of the import's price_tiers cell. */
export type TierPart = "line" | "break";

export function tiersTooMany(max: number): string {
  return `A product can have at most ${max} quantity breaks.`;
}

export function tierLineUnreadable(line: number, part: TierPart = "line"): string {
  return `Volume prices, ${part} ${line}: write a quantity and a price, like "50, 119.00".`;
}

export function tierQuantityInvalid(line: number, part: TierPart = "line"): string {
  return `Volume prices, ${part} ${line}: the quantity must be a whole number from 2 to 10,000.`;
}

export function tierNotPackMultiple(line: number, casePack: number, part: TierPart = "line"): string {
  return `Volume prices, ${part} ${line}: the quantity must be a multiple of the case pack (${casePack}).`;
}

export function tierPriceNegative(line: number, part: TierPart = "line"): string {
  return `Volume prices, ${part} ${line}: a price cannot be below zero.`;
}

export function tierPriceInvalid(line: number, max: string, part: TierPart = "line"): string {
  return `Volume prices, ${part} ${line}: the price must be an amount like 119.00, at most ${max}.`;
}

export function tierOverlaps(line: number, part: TierPart = "line"): string {
  return `Volume prices, ${part} ${line}: this quantity already has a price.`;
}

export function tierUnordered(line: number, part: TierPart = "line"): string {
  return `Volume prices, ${part} ${line}: list the quantities from smallest to largest.`;
}

export function tierNotLower(line: number, part: TierPart = "line"): string {
  return `Volume prices, ${part} ${line}: each break must cost less than the price before it.`;
}

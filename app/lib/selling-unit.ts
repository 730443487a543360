import { MAX_LINE_QUANTITY } from "./order-limits";

/**
 * How a product is sold (issue 16): the shape, and reading it from anything. Kept apart from the
 * quantity rule (quantity.ts) because the browser cart's storage reads it on every page, and the
 * rule's messages need not travel there.
 */
export interface SellingUnit {
  /** Sold in multiples of this many units (1: single units). */
  casePack: number;
  /** The least one order may hold (a multiple of casePack). */
  minQuantity: number;
  /** The most one order may hold (a multiple of casePack), or null for no limit. */
  maxQuantity: number | null;
}

export const SINGLE_UNITS: SellingUnit = { casePack: 1, minQuantity: 1, maxQuantity: null };

/** The largest case pack, minimum or maximum the product form accepts. */
export const MAX_SELLING_UNIT = MAX_LINE_QUANTITY;

/** A selling unit read from anything (an old cart line has none): missing or odd values fall back to single units. */
export function sellingUnitOf(value: Partial<SellingUnit> | null | undefined): SellingUnit {
  const whole = (v: unknown, fallback: number) =>
    Number.isSafeInteger(v) && (v as number) >= 1 && (v as number) <= MAX_SELLING_UNIT ? (v as number) : fallback;
  const casePack = whole(value?.casePack, 1);
  const minQuantity = Math.max(whole(value?.minQuantity, 1), casePack);
  const max = value?.maxQuantity;
  const maxQuantity = max === null || max === undefined ? null : whole(max, MAX_SELLING_UNIT);
  return { casePack, minQuantity, maxQuantity };
}

/** The smallest quantity one order may hold: the minimum, rounded up to whole cases. */
export function smallestQuantity(unit: SellingUnit): number {
  return Math.ceil(unit.minQuantity / unit.casePack) * unit.casePack;
}

/** The largest quantity a line may hold now: whole cases within the maximum, the stock and the line limit (0: none). */
export function largestQuantity(unit: SellingUnit, stock: number): number {
  const cap = Math.min(Math.max(0, Math.floor(stock)), unit.maxQuantity ?? MAX_LINE_QUANTITY, MAX_LINE_QUANTITY);
  const top = Math.floor(cap / unit.casePack) * unit.casePack;
  return top >= smallestQuantity(unit) ? top : 0;
}

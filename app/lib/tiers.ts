import * as VOLUME_MESSAGES from "./messages/volume-prices";
import { formatCents, MAX_PRICE_CENTS, parseDollarsToCents } from "./money";
import { MAX_LINE_QUANTITY } from "./orders";

/** A quantity break of a product: from `minQuantity` units, `priceCents` each (at list, before any group). */
export interface Tier {
  minQuantity: number;
  priceCents: number;
}

export const MAX_TIERS = 10;

/** The tiers as the product form shows them: one "quantity, price" per line. */
export function tiersToText(tiers: Tier[]): string {
  return tiers.map((t) => `${t.minQuantity}, ${(t.priceCents / 100).toFixed(2)}`).join("\n");
}

/**
 * Reads the product form's quantity breaks: one line per break, "50, 119.00" (a comma, a tab or
 * a colon between quantity and price). Refuses breaks that are not in increasing order, repeat a
 * quantity, are not whole cases, or cost more than the price below them, and prices below zero.
 */
export function parseTiers(
  text: string,
  listCents: number,
  casePack: number,
  part: VOLUME_MESSAGES.TierPart = "line",
): { ok: true; tiers: Tier[] } | { ok: false; message: string } {
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== "");
  if (lines.length > MAX_TIERS) return { ok: false, message: VOLUME_MESSAGES.tiersTooMany(MAX_TIERS) };
  const tiers: Tier[] = [];
  for (const [i, line] of lines.entries()) {
    const match = /^([^,\t:]+)[,\t:]\s*(.+)$/.exec(line);
    if (!match) return { ok: false, message: VOLUME_MESSAGES.tierLineUnreadable(i + 1, part) };
    const qtyText = (match[1] ?? "").trim();
    const priceText = (match[2] ?? "").trim().replace(/^\$/, "");
    if (!/^\d{1,6}$/.test(qtyText) || Number(qtyText) < 2 || Number(qtyText) > MAX_LINE_QUANTITY) {
      return { ok: false, message: VOLUME_MESSAGES.tierQuantityInvalid(i + 1, part) };
    }
    const minQuantity = Number(qtyText);
    if (minQuantity % casePack !== 0)
      return { ok: false, message: VOLUME_MESSAGES.tierNotPackMultiple(i + 1, casePack, part) };
    if (priceText.startsWith("-")) return { ok: false, message: VOLUME_MESSAGES.tierPriceNegative(i + 1, part) };
    const priceCents = parseDollarsToCents(priceText);
    if (priceCents === null || priceCents > MAX_PRICE_CENTS) {
      return { ok: false, message: VOLUME_MESSAGES.tierPriceInvalid(i + 1, formatCents(MAX_PRICE_CENTS), part) };
    }
    const previous = tiers.at(-1);
    if (previous && minQuantity === previous.minQuantity)
      return { ok: false, message: VOLUME_MESSAGES.tierOverlaps(i + 1, part) };
    if (previous && minQuantity < previous.minQuantity)
      return { ok: false, message: VOLUME_MESSAGES.tierUnordered(i + 1, part) };
    if (priceCents >= (previous?.priceCents ?? listCents))
      return { ok: false, message: VOLUME_MESSAGES.tierNotLower(i + 1, part) };
    tiers.push({ minQuantity, priceCents });
  }
  return { ok: true, tiers };
}

/**
 * The breaks as one cell of the catalog CSV (issue 17): "12:4.50;48:4.00" is from 12 units $4.50
 * each, from 48 units $4.00 each; empty is no breaks. cellToTierText turns a cell back into the
 * form's lines, so the import reads it with parseTiers (part "break": the nth break of the cell).
 */
export function tiersToCell(tiers: Tier[]): string {
  return tiers.map((t) => `${t.minQuantity}:${(t.priceCents / 100).toFixed(2)}`).join(";");
}

export function cellToTierText(cell: string): string {
  return cell.split(";").join("\n");
}

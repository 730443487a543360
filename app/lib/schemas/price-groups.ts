import { z } from "zod";
import * as MESSAGES from "../messages";
import { MAX_PRICE_CENTS, parseDollarsToCents } from "../money";
import { isMultiline } from "../text";

/** The admin's price group form (issue 16): its fields as posted. */
export const priceGroupFields = {
  name: z
    .string({ error: MESSAGES.groupNameRequired })
    .trim()
    .min(1, MESSAGES.groupNameRequired)
    .max(60, MESSAGES.groupNameTooLong)
    .refine((v) => !isMultiline(v), MESSAGES.groupNameRequired),
  kind: z.enum(["percent", "explicit"], { error: MESSAGES.groupKindRequired }),
  percentOff: z.string().trim().optional().default(""),
};

/** A price group from its fields: a percent-off group's discount in basis points (0 to 100%). */
export function readPriceGroup(
  v: { name: string; kind: "percent" | "explicit"; percentOff: string },
  ctx: z.RefinementCtx,
): { name: string; kind: "percent" | "explicit"; percentOffBp: number } {
  if (v.kind === "explicit") return { name: v.name, kind: v.kind, percentOffBp: 0 };
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(v.percentOff.replace(/%$/, "").trim());
  const bp = match ? Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0")) : Number.NaN;
  if (!(bp >= 0 && bp <= 10_000)) {
    ctx.addIssue({ code: "custom", path: ["percentOff"], message: MESSAGES.percentOffInvalid });
    return z.NEVER;
  }
  return { name: v.name, kind: v.kind, percentOffBp: bp };
}

export const priceGroupSchema = z.object(priceGroupFields).transform(readPriceGroup);
export type PriceGroupForm = z.output<typeof priceGroupSchema>;

export const MAX_GROUP_PRICE_LINES = 2_000;

/** The group's explicit prices as typed: "SKU, price" per line. Refuses prices below zero and unreadable lines. */
export function parseGroupPrices(
  text: string,
): { ok: true; lines: { sku: string; priceCents: number }[] } | { ok: false; message: string } {
  const rows = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== "");
  if (rows.length > MAX_GROUP_PRICE_LINES)
    return { ok: false, message: MESSAGES.groupPricesTooMany(MAX_GROUP_PRICE_LINES) };
  const lines: { sku: string; priceCents: number }[] = [];
  const seen = new Set<string>();
  for (const [i, row] of rows.entries()) {
    const match = /^([A-Za-z0-9._-]{1,64})\s*[,\t;]\s*(.+)$/.exec(row);
    if (!match) return { ok: false, message: MESSAGES.groupPriceLineUnreadable(i + 1) };
    const sku = match[1] ?? "";
    const priceText = (match[2] ?? "").trim();
    if (priceText.replace(/^\$/, "").startsWith("-")) return { ok: false, message: MESSAGES.groupPriceNegative(i + 1) };
    const cents = parseDollarsToCents(priceText);
    if (cents === null || cents > MAX_PRICE_CENTS) return { ok: false, message: MESSAGES.groupPriceInvalid(i + 1) };
    if (seen.has(sku.toUpperCase())) return { ok: false, message: MESSAGES.groupPriceRepeated(i + 1, sku) };
    seen.add(sku.toUpperCase());
    lines.push({ sku, priceCents: cents });
  }
  return { ok: true, lines };
}

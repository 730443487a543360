import { z } from "zod";
import * as MESSAGES from "../messages";
import { MAX_SELLING_UNIT } from "../quantity";

/**
 * The selling-unit fields of the product form (issue 16). Each may be left empty: the case pack
 * is then 1 (single units), the minimum one case, and there is no maximum per order.
 */
const wholeOrBlank = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === "") return undefined;
      const n = /^\d{1,6}$/.test(v) ? Number(v) : Number.NaN;
      if (!(n >= 1 && n <= MAX_SELLING_UNIT)) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return n;
    });

export const sellingUnitFields = {
  casePack: wholeOrBlank(MESSAGES.casePackInvalid),
  minQuantity: wholeOrBlank(MESSAGES.minimumInvalid),
  maxQuantity: wholeOrBlank(MESSAGES.maximumInvalid),
};

interface SellingUnitInput {
  casePack?: number | undefined;
  minQuantity?: number | undefined;
  maxQuantity?: number | undefined;
}

/** The minimum and maximum are whole cases, and the maximum is not below the minimum. */
export function checkSellingUnit(v: SellingUnitInput, ctx: z.RefinementCtx): void {
  const pack = v.casePack ?? 1;
  const min = v.minQuantity ?? pack;
  if (min % pack !== 0)
    ctx.addIssue({ code: "custom", path: ["minQuantity"], message: MESSAGES.minimumNotPackMultiple });
  if (v.maxQuantity === undefined) return;
  if (v.maxQuantity % pack !== 0) {
    ctx.addIssue({ code: "custom", path: ["maxQuantity"], message: MESSAGES.maximumNotPackMultiple });
  } else if (v.maxQuantity < min) {
    ctx.addIssue({ code: "custom", path: ["maxQuantity"], message: MESSAGES.maximumBelowMinimum });
  }
}

/** The stored selling unit of a checked form. */
export function sellingUnitFromForm(v: SellingUnitInput): {
  casePack: number;
  minQuantity: number;
  maxQuantity: number | null;
} {
  const casePack = v.casePack ?? 1;
  return { casePack, minQuantity: v.minQuantity ?? casePack, maxQuantity: v.maxQuantity ?? null };
}

import type { Kysely } from "kysely";
import { z } from "zod";
import * as MESSAGES from "~/lib/messages";
import * as LINE_MESSAGES from "~/lib/messages/lines";
import * as SELLING_MESSAGES from "~/lib/messages/selling";
import { MAX_LINE_QUANTITY } from "~/lib/orders";
import { largestQuantity, quantityProblem } from "~/lib/quantity";
import { findLineHeadBySlug, type LineHead } from "../catalog/lines";
import type { Product } from "../catalog/product";
import { listLineVariants } from "../catalog/products";
import type { DB } from "../db/schema";
import { DomainError } from "../runtime/domain-error";
import { readQuantity } from "../wholesale/selling-units";

/** A line's page: its head, its variants in grid order, and the variant the page is about. */
export interface LinePage {
  head: LineHead;
  variants: Product[];
  chosen: Product;
}

/**
 * The line of a page's address and the variant asked for (`variant`, one of its own; else its
 * first). A variant without images shows the line's (its first variant's that has some).
 */
export async function findLinePage(
  db: Kysely<DB>,
  slug: string | undefined,
  variant: number | null,
): Promise<LinePage | null> {
  if (!slug || slug.length > 120) return null;
  const head = await findLineHeadBySlug(db, slug);
  if (!head) return null;
  const variants = await listLineVariants(db, head.id);
  const pictured = variants.find((v) => v.images.length > 0);
  const withLineImages = variants.map((v) =>
    v.images.length === 0 && pictured ? { ...v, images: pictured.images } : v,
  );
  const chosen = withLineImages.find((v) => v.id === variant) ?? withLineImages[0];
  if (!chosen) return null;
  return { head, variants: withLineImages, chosen };
}

/** What a post of a line's page asks to add: the variants and their quantities, in the order posted. */
export interface LineAdd {
  /** "grid": the grid's quantities (`q.<variant id>`); "product": one product's Add to Cart (`quantity`). */
  from: "grid" | "product";
  lines: { variantId: number; quantity: number }[];
}

/** A grid's quantity as typed: up to six digits, or nothing (none of that variant). */
const GRID_QUANTITY = /^\d{0,6}$/;
const GRID_FIELD = /^q\.[1-9]\d{0,9}$/;

/**
 * The form of a line's page (issue 37): one product (`quantity`, the chosen variant; none is the
 * smallest orderable) or the grid's quantities (`q.<variant id>`; empty or 0 is none). Every `q.`
 * must name a variant of this line and hold one whole number, and at least one must be more than
 * 0; otherwise the first problem is said and nothing is read. Whether the variants can be sold
 * those quantities now is the work's to check (orderableLines).
 */
export function lineAddSchema(page: LinePage) {
  const byId = new Map(page.variants.map((v) => [v.id, v]));
  return z.record(z.string(), z.union([z.string(), z.array(z.string())])).transform((fields, ctx): LineAdd => {
    const refuse = (message: string) => {
      ctx.addIssue({ code: "custom", path: [], message });
      return z.NEVER;
    };
    const asked = Object.keys(fields).filter((k) => k.startsWith("q."));
    if (asked.length === 0) {
      const p = page.chosen;
      const posted = fields.quantity;
      const quantity = readQuantity((Array.isArray(posted) ? posted[0] : posted) ?? null, p);
      // Refused here only when it is no number: the rest depends on the product's stock and units.
      if (!Number.isFinite(quantity)) return refuse(MESSAGES.quantityNotWhole);
      return { from: "product", lines: [{ variantId: p.id, quantity }] };
    }
    const lines: LineAdd["lines"] = [];
    for (const key of asked) {
      const variant = GRID_FIELD.test(key) ? byId.get(Number(key.slice(2))) : undefined;
      if (!variant) return refuse(LINE_MESSAGES.gridWrongLine);
      const value = fields[key];
      const text = typeof value === "string" ? value.trim() : null;
      if (text === null || !GRID_QUANTITY.test(text)) return refuse(LINE_MESSAGES.gridQuantityNotWhole(variant.name));
      const quantity = text === "" ? 0 : Number(text);
      if (quantity === 0) continue;
      if (quantity > MAX_LINE_QUANTITY) return refuse(SELLING_MESSAGES.quantityTooLarge(MAX_LINE_QUANTITY));
      lines.push({ variantId: variant.id, quantity });
    }
    if (lines.length === 0) return refuse(LINE_MESSAGES.gridNothingChosen);
    return { from: "grid", lines };
  });
}

/**
 * The lines of a line page's post that can be added now: each variant sold in that quantity and
 * with that much in stock (as read with the page just now). Otherwise nothing is added: the first
 * problem is thrown, as a DomainError, for the page to say.
 */
export function orderableLines(page: LinePage, add: LineAdd): { id: number; quantity: number }[] {
  const byId = new Map(page.variants.map((v) => [v.id, v]));
  return add.lines.map(({ variantId, quantity }) => {
    const variant = byId.get(variantId);
    if (!variant) throw new DomainError(LINE_MESSAGES.gridWrongLine);
    if (add.from === "product" && variant.stock <= 0) throw new DomainError(MESSAGES.outOfStock, { status: 409 });
    if (add.from === "grid" && largestQuantity(variant, variant.stock) === 0) {
      throw new DomainError(LINE_MESSAGES.gridNotOrderable(variant.name), { status: 409 });
    }
    const problem = quantityProblem(variant.name, quantity, variant, variant.stock);
    if (problem) throw new DomainError(problem);
    return { id: variant.id, quantity };
  });
}

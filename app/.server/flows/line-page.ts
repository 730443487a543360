import type { Kysely } from "kysely";
import * as MESSAGES from "~/lib/messages";
import * as LINE_MESSAGES from "~/lib/messages/lines";
import { MAX_LINE_QUANTITY } from "~/lib/orders";
import { largestQuantity, quantityProblem } from "~/lib/quantity";
import { findLineHeadBySlug, type LineHead } from "../catalog/lines";
import type { Product } from "../catalog/product";
import { listLineVariants } from "../catalog/products";
import type { DB } from "../db/schema";
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

/**
 * What a post of the line's page asks to add: one product (`quantity`, the chosen variant) or the
 * grid's quantities (`q.<variant id>`; empty or 0 is none). Every quantity must be a whole number
 * the variant is sold in and has in stock, every `q.` a variant of this line: otherwise nothing is
 * added and the first problem is said. At least one quantity is needed.
 */
export function readGrid(
  form: FormData,
  page: LinePage,
): { lines: { id: number; quantity: number }[] } | { problem: string } {
  const byId = new Map(page.variants.map((v) => [v.id, v]));
  const asked = [...form.keys()].filter((k) => k.startsWith("q."));
  if (asked.length === 0) {
    const p = page.chosen;
    if (p.stock <= 0) return { problem: MESSAGES.outOfStock };
    // A tap on Add to Cart without a quantity adds the smallest orderable one.
    const quantity = readQuantity(form.get("quantity"), p);
    const problem = quantityProblem(p.name, quantity, p, p.stock);
    return problem ? { problem } : { lines: [{ id: p.id, quantity }] };
  }
  const lines: { id: number; quantity: number }[] = [];
  for (const key of new Set(asked)) {
    const variant = byId.get(Number(key.slice(2)));
    if (!/^q\.[1-9]\d{0,9}$/.test(key) || !variant) return { problem: LINE_MESSAGES.gridWrongLine };
    const values = form.getAll(key);
    const text = values.length === 1 && typeof values[0] === "string" ? values[0].trim() : null;
    if (text === null || !/^\d{0,6}$/.test(text)) return { problem: LINE_MESSAGES.gridQuantityNotWhole(variant.name) };
    const quantity = text === "" ? 0 : Number(text);
    if (quantity === 0) continue;
    if (quantity > MAX_LINE_QUANTITY) return { problem: MESSAGES.quantityTooLarge(MAX_LINE_QUANTITY) };
    if (largestQuantity(variant, variant.stock) === 0) return { problem: LINE_MESSAGES.gridNotOrderable(variant.name) };
    const problem = quantityProblem(variant.name, quantity, variant, variant.stock);
    if (problem) return { problem };
    lines.push({ id: variant.id, quantity });
  }
  if (lines.length === 0) return { problem: LINE_MESSAGES.gridNothingChosen };
  return { lines };
}

import type { Kysely } from "kysely";
import type { ProductCard } from "~/lib/product-types";
import { canSeePrices, type Viewer } from "../accounts/viewer";
import { listNewestProducts } from "../catalog/products";
import { shapeCard } from "../catalog/shape";
import { productNotes } from "../compliance/for-buyer";
import type { DB } from "../db/schema";
import { inStockFirst, listBestSellers } from "../orders/best-sellers";
import { pricedForViewer } from "../pricing/prices";

/**
 * The home page's two product strips for this viewer: newest products (in stock first) and best
 * sellers, priced for a customer who sees prices, and each card carrying the note a signed-in
 * customer reads on listings when the product cannot ship to their default address (one notes
 * lookup for both strips).
 */
export async function homeStrips(
  db: Kysely<DB>,
  viewer: Viewer | null,
  rowSize: number,
): Promise<{ newProducts: ProductCard[]; bestSellers: ProductCard[] }> {
  const prices = canSeePrices(viewer);
  const newest = await listNewestProducts(db, rowSize);
  const bestSellers = await listBestSellers(
    db,
    rowSize,
    newest.map((p) => p.id),
  );
  const newCards = (await pricedForViewer(db, viewer, inStockFirst(newest))).map((p) => shapeCard(p, prices));
  const sellerCards = (await pricedForViewer(db, viewer, bestSellers)).map((p) => shapeCard(p, prices));
  const notes = await productNotes(
    db,
    viewer?.id ?? null,
    [...newCards, ...sellerCards].map((c) => c.id),
  );
  const withNote = (c: ProductCard): ProductCard => {
    const note = notes.get(c.id);
    return note ? { ...c, complianceNote: note.text } : c;
  };
  return { newProducts: newCards.map(withNote), bestSellers: sellerCards.map(withNote) };
}

import type { Kysely } from "kysely";
import { storeToday } from "~/lib/business";
import type { BuyerVariant, LineGrid, PublicVariant } from "~/lib/product-types";
import { largestQuantity, sellingUnitOf, smallestQuantity } from "~/lib/quantity";
import type { LineHead } from "../catalog/lines";
import type { Product } from "../catalog/product";
import { listRelatedProducts } from "../catalog/products";
import { shapeCard, shapeDetail } from "../catalog/shape";
import { findPublicFacts } from "../compliance/facts";
import { cardsWithNotes, type ProductNote } from "../compliance/for-buyer";
import type { DB } from "../db/schema";
import { nextLotReport } from "../inventory/lot-admin";
import { loadGroupPriceBook, type PriceBook, pricedWith, tierTable, unitPriceCents } from "../pricing/prices";
import { type Audience, linesOfCards, notesForAudience } from "./audience";

export const RELATED_LIMIT = 6;

/**
 * A product line's page for an audience, each thing loaded once (issues 27 and 38): the chosen
 * variant's related lines and public facts at once, then one price book (the group's prices and
 * every product's breaks) and one compliance check for the line's variants, the chosen one and
 * the related cards together, and the code of the lot an order would be sold from when its lab
 * report is public (one indexed read). Nothing about the person (decision 0035).
 */
export async function productPageData(
  db: Kysely<DB>,
  audience: Audience,
  found: Product,
  line: { head: LineHead; variants: Product[] } | null = null,
) {
  const [relatedFound, facts, lotReport] = await Promise.all([
    listRelatedProducts(db, found, RELATED_LIMIT),
    findPublicFacts(db, found.id),
    // The lot a customer ordering now would receive, when its report is public (issue 39).
    nextLotReport(db, found.id, storeToday()),
  ]);
  const prices = audience.seesPrices;
  const variants = line?.variants ?? [];
  const all = [found, ...relatedFound, ...variants];
  const ids = [...new Set(all.map((p) => p.id))];
  const [book, notes, lines] = await Promise.all([
    prices ? loadGroupPriceBook(db, audience.priceGroup, ids) : null,
    notesForAudience(db, audience, ids),
    linesOfCards(db, audience, relatedFound),
  ]);
  const [product = found, ...related] = book ? pricedWith(book, [found, ...relatedFound]) : [found, ...relatedFound];
  const unit = sellingUnitOf(found);
  return {
    /** The product at the audience's price (for the JSON-LD offer). */
    priced: product,
    page: {
      customer: audience.role === "customer",
      signedIn: audience.role !== "visitor",
      // How it is sold and whether it can be ordered now (else Notify me): the same for everyone.
      orderable: { unit, now: largestQuantity(unit, found.stock) > 0 },
      product: shapeDetail(product, prices),
      tiers: book ? tierTable(book, found) : [],
      related: cardsWithNotes(
        related.map((p) => lines(shapeCard(p, prices), p)),
        notes,
      ),
      facts,
      /** The code of the published lot an order now would be sold from (first expiry first out), or null. */
      lotReport,
      note: notes.get(found.id) ?? null,
      grid: line && variants.length > 1 ? lineGrid(line.head, variants, book, notes) : null,
    },
  };
}

/**
 * A line's grid as the audience sees it: for a visitor each variant's values and whether it is in
 * stock, built field by field with no price; for a buyer also the price at each break, the stock
 * and how it is sold; the compliance note where it may not ship.
 */
function lineGrid(
  head: LineHead,
  variants: Product[],
  book: PriceBook | null,
  notes: Map<number, ProductNote>,
): LineGrid {
  const count = head.optionNames.length;
  return {
    id: head.id,
    slug: head.slug,
    name: head.name,
    optionNames: head.optionNames,
    variants: variants.map((v) => {
      const note = notes.get(v.id);
      const visible: PublicVariant = {
        id: v.id,
        options: v.options.slice(0, count),
        name: v.name,
        inStock: v.stock > 0,
        ...(note ? { complianceNote: note.text } : {}),
      };
      if (!book) return visible;
      const unit = sellingUnitOf(v);
      const first = smallestQuantity(unit);
      const buyer: BuyerVariant = {
        ...visible,
        ...unit,
        priceCents: unitPriceCents(book, v, first),
        stock: v.stock,
        sku: v.sku,
        upc: v.upc,
        breaks: (book.tiers.get(v.id) ?? []).map((t) => ({
          minQuantity: t.minQuantity,
          priceCents: unitPriceCents(book, v, t.minQuantity),
        })),
        apart: v.priceApart,
      };
      return buyer;
    }),
  };
}

import type { Kysely } from "kysely";
import { largestQuantity, sellingUnitOf } from "~/lib/quantity";
import type { Product } from "../catalog/product";
import { listRelatedProducts } from "../catalog/products";
import { shapeCard, shapeDetail } from "../catalog/shape";
import { findPublicFacts } from "../compliance/facts";
import { cardsWithNotes } from "../compliance/for-buyer";
import type { DB } from "../db/schema";
import { loadGroupPriceBook, pricedWith, tierTable } from "../pricing/prices";
import { type Audience, notesForAudience } from "./audience";

export const RELATED_LIMIT = 6;

/**
 * The product page's data for an audience, each thing loaded once (issue 27): the related
 * products and the public facts at once, then one price book (the group's prices and every
 * product's breaks) and one compliance check for the product and the related cards together.
 * Nothing about the person (decision 0035).
 */
export async function productPageData(db: Kysely<DB>, audience: Audience, found: Product) {
  const [relatedFound, facts] = await Promise.all([
    listRelatedProducts(db, found, RELATED_LIMIT),
    findPublicFacts(db, found.id),
  ]);
  const prices = audience.seesPrices;
  const all = [found, ...relatedFound];
  const ids = all.map((p) => p.id);
  const [book, notes] = await Promise.all([
    prices ? loadGroupPriceBook(db, audience.priceGroup, ids) : null,
    notesForAudience(db, audience, ids),
  ]);
  const [product = found, ...related] = book ? pricedWith(book, all) : all;
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
        related.map((p) => shapeCard(p, prices)),
        notes,
      ),
      facts,
      note: notes.get(found.id) ?? null,
    },
  };
}

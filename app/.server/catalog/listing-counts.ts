import type { Kysely } from "kysely";
import type { Refusal } from "~/lib/compliance/sold-here";
import { FACETS, type Facet, type FacetChoice } from "~/lib/facets";
import type { DB } from "../db/schema";
import { rememberedCounts } from "./counts-memo";
import { type AvailabilityCounts, countLines, facetCounts, type ListingScope } from "./facets";

/**
 * A listing's filter counts (issue 38): each facet value's lines and the in-stock count are the
 * same for every viewer of the listing `key` names, so they are made once and remembered until
 * the catalog or the rules change (counts-memo.ts, decision 0065); the "sold to my address" count
 * is the viewer's, remembered per set of refusals (none for a viewer without rules at an address).
 * `scope` is read once, and only when something must be counted; null: the listing is empty.
 */
export async function listingCounts(
  db: Kysely<DB>,
  key: string,
  scope: () => Promise<ListingScope | null>,
  chosen: FacetChoice,
  refusals: readonly Refusal[] | null,
  only: readonly Facet[] = FACETS,
): Promise<{ counts: Awaited<ReturnType<typeof facetCounts>>; availability: AvailabilityCounts }> {
  let read: Promise<ListingScope | null> | undefined;
  const scopeOnce = () => {
    read ??= scope();
    return read;
  };
  const [shared, soldHere] = await Promise.all([
    rememberedCounts(db, key, async () => {
      const s = await scopeOnce();
      if (!s) return { counts: {}, inStock: 0 };
      const [counts, inStock] = await Promise.all([
        facetCounts(db, s, chosen, only),
        countLines(db, { ...s, inStockOnly: true }, chosen),
      ]);
      return { counts, inStock };
    }),
    refusals === null
      ? null
      : rememberedCounts(db, `${key}|${JSON.stringify(refusals)}`, async () => {
          const s = await scopeOnce();
          return s ? countLines(db, { ...s, soldHere: refusals }, chosen) : 0;
        }),
  ]);
  return { counts: shared.counts, availability: { inStock: shared.inStock, soldHere } };
}

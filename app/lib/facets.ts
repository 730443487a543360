/**
 * The listings' filters (issue 38): brand, flavor, nicotine strength, size, count and puff count,
 * each a facet a line has one or more values of. Kept in the URL (?brand=vaporlux&flavor=mint),
 * several values of one facet meaning any of them, several facets all of them.
 */
export const FACETS = ["brand", "flavor", "nicotine", "size", "count", "puffs"] as const;
export type Facet = (typeof FACETS)[number];

export const FACET_LABELS: Record<Facet, string> = {
  brand: "Brand",
  flavor: "Flavor",
  nicotine: "Nicotine strength",
  size: "Size",
  count: "Count",
  puffs: "Puff count",
};

/** The facet an option of a line feeds, by the option's name (case and spelling forgiven). */
export function facetOfOption(optionName: string): Facet | null {
  const name = optionName.trim().toLowerCase();
  if (/^flavou?rs?$/.test(name)) return "flavor";
  if (/^(nicotine|strength|nicotine strength|nic)$/.test(name)) return "nicotine";
  if (/^sizes?$/.test(name)) return "size";
  if (/^(count|pack|pack size|counts?)$/.test(name)) return "count";
  return null;
}

/** The value of a label as a URL carries it: lower-case words joined by hyphens. */
export function facetValue(label: string): string {
  return label
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/%/g, "pct")
    .replace(/[^a-z0-9.]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
}

/** The puff-count bracket of a disposable. */
export function puffsBracket(puffs: number): { value: string; label: string } {
  if (puffs < 3000) return { value: "under-3000", label: "Under 3,000" };
  if (puffs < 6000) return { value: "3000-5999", label: "3,000 – 5,999" };
  if (puffs < 10000) return { value: "6000-9999", label: "6,000 – 9,999" };
  if (puffs < 20000) return { value: "10000-19999", label: "10,000 – 19,999" };
  return { value: "20000-plus", label: "20,000 and more" };
}

export type FacetChoice = Partial<Record<Facet, string[]>>;

const MAX_VALUES = 20;

/** The facets chosen in a URL's query: each value a plain slug, at most 20 of a facet. */
export function readFacets(params: URLSearchParams): FacetChoice {
  const chosen: FacetChoice = {};
  for (const facet of FACETS) {
    const values = [...new Set(params.getAll(facet).filter((v) => /^[a-z0-9.-]{1,60}$/.test(v)))].slice(0, MAX_VALUES);
    if (values.length) chosen[facet] = values.sort();
  }
  return chosen;
}

/** Whether any facet is chosen. */
export function hasFacets(chosen: FacetChoice): boolean {
  return FACETS.some((f) => (chosen[f]?.length ?? 0) > 0);
}

/** The facets of a query string as the listing writes them back (sorted, so one choice has one URL). */
export function facetSearch(chosen: FacetChoice, params = new URLSearchParams()): URLSearchParams {
  for (const facet of FACETS) for (const v of chosen[facet] ?? []) params.append(facet, v);
  return params;
}

/** One value of a facet as the filter panel shows it: how many lines of the listing have it. */
export interface FacetCount {
  value: string;
  label: string;
  count: number;
}

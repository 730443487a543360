/** The catalog's categories: URL slug, heading (spec section 2) and nav label. */
export const CATEGORIES = [
  { slug: "disposable-vapes", heading: "Vapes", navLabel: "Disposable Vapes" },
  { slug: "kratom", heading: "Kratom", navLabel: "Kratom" },
  { slug: "novelty", heading: "Novelty", navLabel: "Novelty" },
  { slug: "glass", heading: "Glass", navLabel: "Glass" },
  { slug: "delta", heading: "Delta", navLabel: "Delta" },
  { slug: "accessories", heading: "Accessories", navLabel: "Accessories" },
] as const;

export type CategorySlug = (typeof CATEGORIES)[number]["slug"];

export const CATEGORY_SLUGS = CATEGORIES.map((c) => c.slug) as [CategorySlug, ...CategorySlug[]];

export function isCategorySlug(value: string): value is CategorySlug {
  return (CATEGORY_SLUGS as string[]).includes(value);
}

/** The heading for a listing slug: any slug that is not a category lists every product as 'All'. */
export function categoryHeading(slug: string): string {
  return CATEGORIES.find((c) => c.slug === slug)?.heading ?? "All";
}

/** Short label for a category slug (admin tables, badges). */
export function categoryLabel(slug: string): string {
  return CATEGORIES.find((c) => c.slug === slug)?.navLabel ?? slug;
}

/**
 * The category nav of the header: the spec's Home, Disposable Vapes, Kratom, Novelty, Glass,
 * Delta and Support, plus Accessories and the whole catalog (issue 12), so every listing can be
 * reached from the navigation.
 */
export const NAV_CATEGORIES: readonly { slug: string; navLabel: string }[] = [
  ...CATEGORIES,
  { slug: "all", navLabel: "All products" },
];

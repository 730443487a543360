/**
 * The store's information pages, in the footer's order: one list for the URL table (a route
 * each, app/routes.ts), the markdown files that hold them (content/pages/<slug>.md, read by
 * .server/content/pages.ts), the footer's links and the sitemap.
 */
export const INFO_PAGES = [
  { slug: "about", label: "About Us" },
  { slug: "services", label: "Services" },
  { slug: "support", label: "Support" },
  { slug: "faq", label: "FAQ" },
  { slug: "shipping", label: "Shipping Policy" },
  { slug: "return", label: "Return Policy" },
  { slug: "privacy-policy", label: "Privacy Policy" },
  { slug: "terms", label: "Terms & Conditions" },
  { slug: "disclaimer", label: "Disclaimer" },
] as const;

export type InfoPageSlug = (typeof INFO_PAGES)[number]["slug"];

export const INFO_PAGE_SLUGS: readonly InfoPageSlug[] = INFO_PAGES.map((page) => page.slug);

import type { MetaDescriptor } from "react-router";

export interface SeoInput {
  title: string;
  description: string;
  /** Path of this page's canonical URL, e.g. /products/kratom. */
  path: string;
  baseUrl: string;
  storeName: string;
  image?: string;
  noindex?: boolean;
}

/** Title, description, canonical link and Open Graph tags for a page. */
export function seo(input: SeoInput): MetaDescriptor[] {
  const url = `${input.baseUrl}${input.path}`;
  const fullTitle = input.title === input.storeName ? input.title : `${input.title} | ${input.storeName}`;
  const tags: MetaDescriptor[] = [
    { title: fullTitle },
    { name: "description", content: input.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: input.storeName },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: input.description },
    { property: "og:url", content: url },
    { property: "og:type", content: "website" },
    { name: "twitter:card", content: input.image ? "summary_large_image" : "summary" },
  ];
  if (input.image) tags.push({ property: "og:image", content: `${input.baseUrl}${input.image}` });
  if (input.noindex) tags.push({ name: "robots", content: "noindex" });
  return tags;
}

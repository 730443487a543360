import type { ContentPage } from "~/lib/content-blocks";
import type { StoreInfo } from "~/lib/store";
import { parseMarkdown } from "./markdown";

/** The informational pages, kept as markdown files in content/pages and bundled at build time. */
const files = import.meta.glob<string>("../../../content/pages/*.md", { query: "?raw", import: "default", eager: true });

function fill(text: string, store: StoreInfo): string {
  return text
    .replaceAll("{{storeName}}", store.name)
    .replaceAll("{{phone}}", store.phone)
    .replaceAll("{{email}}", store.email)
    .replaceAll("{{address}}", store.address)
    .replaceAll("{{hours}}", store.hours);
}

export function findContentPage(slug: string, store: StoreInfo): ContentPage | null {
  const source = Object.entries(files).find(([file]) => file.endsWith(`/${slug}.md`))?.[1];
  if (source === undefined) return null;
  const { meta, blocks } = parseMarkdown(fill(source, store));
  return { slug, title: meta.title ?? slug, description: meta.description ?? "", blocks };
}

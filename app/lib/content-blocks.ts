/** A small document model for the store's content pages (parsed on the server, rendered by React). */
export type Inline =
  | { kind: "text"; text: string }
  | { kind: "bold"; text: string }
  | { kind: "link"; text: string; href: string };

export type Block =
  | { kind: "h2" | "h3"; text: string }
  | { kind: "p"; inlines: Inline[] }
  | { kind: "ul" | "ol"; items: Inline[][] };

export interface ContentPage {
  slug: string;
  title: string;
  description: string;
  blocks: Block[];
}

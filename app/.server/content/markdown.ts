import type { Block, Inline } from "~/lib/content-blocks";

/**
 * Parses the markdown subset our content files use: front matter (title, description),
 * ## and ### headings, paragraphs, - and 1. lists, **bold** and [links](/internal-path).
 * Links must be site paths; anything else is kept as plain text.
 */
function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  const pattern = /\*\*(.+?)\*\*|\[([^\]]+)\]\(([^)\s]+)\)/g;
  let last = 0;
  for (const m of text.matchAll(pattern)) {
    const at = m.index ?? 0;
    if (at > last) out.push({ kind: "text", text: text.slice(last, at) });
    if (m[1] !== undefined) out.push({ kind: "bold", text: m[1] });
    else if (m[2] !== undefined && m[3] !== undefined) {
      const href = m[3];
      if (href.startsWith("/") && !href.startsWith("//")) out.push({ kind: "link", text: m[2], href });
      else out.push({ kind: "text", text: m[2] });
    }
    last = at + m[0].length;
  }
  if (last < text.length) out.push({ kind: "text", text: text.slice(last) });
  return out;
}

export function parseMarkdown(source: string): { meta: Record<string, string>; blocks: Block[] } {
  const meta: Record<string, string> = {};
  let body = source.replace(/\r\n/g, "\n");
  const front = /^---\n([\s\S]*?)\n---\n/.exec(body);
  if (front?.[1] !== undefined) {
    for (const line of front[1].split("\n")) {
      const i = line.indexOf(":");
      if (i > 0) meta[line.slice(0, i).trim()] = line.slice(i + 1).trim();
    }
    body = body.slice(front[0].length);
  }
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let list: { kind: "ul" | "ol"; items: Inline[][] } | null = null;
  const flush = () => {
    if (paragraph.length) blocks.push({ kind: "p", inlines: parseInline(paragraph.join(" ")) });
    paragraph = [];
    if (list) blocks.push(list);
    list = null;
  };
  for (const raw of body.split("\n")) {
    const line = raw.trim();
    if (!line) {
      flush();
      continue;
    }
    const heading = /^(#{2,3})\s+(.*)$/.exec(line);
    const bullet = /^-\s+(.*)$/.exec(line);
    const numbered = /^\d+\.\s+(.*)$/.exec(line);
    if (heading?.[1] && heading[2] !== undefined) {
      flush();
      blocks.push({ kind: heading[1].length === 2 ? "h2" : "h3", text: heading[2] });
    } else if (bullet?.[1] !== undefined || numbered?.[1] !== undefined) {
      const kind = bullet ? "ul" : "ol";
      const text = (bullet?.[1] ?? numbered?.[1]) as string;
      if (paragraph.length) {
        blocks.push({ kind: "p", inlines: parseInline(paragraph.join(" ")) });
        paragraph = [];
      }
      if (!list || list.kind !== kind) {
        if (list) blocks.push(list);
        list = { kind, items: [] };
      }
      list.items.push(parseInline(text));
    } else {
      if (list) {
        blocks.push(list);
        list = null;
      }
      paragraph.push(line);
    }
  }
  flush();
  return { meta, blocks };
}

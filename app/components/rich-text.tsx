import { Link } from "react-router";
import type { Block, Inline } from "~/lib/content-blocks";

function Inlines({ items }: { items: Inline[] }) {
  return (
    <>
      {items.map((item, i) => {
        const key = `${i}-${item.kind}`;
        if (item.kind === "bold") return <strong key={key}>{item.text}</strong>;
        if (item.kind === "link")
          return (
            <Link key={key} to={item.href} className="font-medium text-brand-700 underline underline-offset-2">
              {item.text}
            </Link>
          );
        return <span key={key}>{item.text}</span>;
      })}
    </>
  );
}

export function RichText({ blocks }: { blocks: Block[] }) {
  return (
    <div className="space-y-4 text-base leading-relaxed text-slate-700">
      {blocks.map((b, i) => {
        const key = `${i}-${b.kind}`;
        switch (b.kind) {
          case "h2":
            return (
              <h2 key={key} className="pt-4 text-xl font-bold text-slate-900">
                {b.text}
              </h2>
            );
          case "h3":
            return (
              <h3 key={key} className="pt-2 text-lg font-semibold text-slate-900">
                {b.text}
              </h3>
            );
          case "p":
            return (
              <p key={key}>
                <Inlines items={b.inlines} />
              </p>
            );
          case "ul":
          case "ol": {
            const List = b.kind;
            return (
              <List key={key} className={`space-y-1 pl-6 ${b.kind === "ul" ? "list-disc" : "list-decimal"}`}>
                {b.items.map((item, j) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: static content, never reordered
                  <li key={j}>
                    <Inlines items={item} />
                  </li>
                ))}
              </List>
            );
          }
          default:
            return null;
        }
      })}
    </div>
  );
}

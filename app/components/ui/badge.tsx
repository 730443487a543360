import type { ReactNode } from "react";

export type BadgeTone = "ok" | "danger" | "warn" | "info" | "neutral";

const tones: Record<BadgeTone, string> = {
  ok: "bg-ok-50 text-ok-700 ring-ok-700/30",
  danger: "bg-danger-50 text-danger-700 ring-danger-600/30",
  warn: "bg-warn-50 text-warn-800 ring-warn-700/30",
  info: "bg-brand-50 text-brand-800 ring-brand-500/30",
  neutral: "bg-slate-100 text-slate-800 ring-slate-400/40",
};

export function Badge({ tone, children }: { tone: BadgeTone; children: ReactNode }) {
  return (
    <span
      className={`inline-flex items-center rounded px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${tones[tone]}`}
    >
      {children}
    </span>
  );
}

export function StockBadge({ inStock }: { inStock: boolean }) {
  return inStock ? <Badge tone="ok">In Stock</Badge> : <Badge tone="danger">Out of Stock</Badge>;
}

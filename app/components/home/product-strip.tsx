import { useEffect, useRef, useState } from "react";
import type { ProductCard as Card } from "~/lib/product-types";
import { ProductCard } from "../product-card";
import { useReducedMotion } from "./use-reduced-motion";

export const STRIP_STEP_PX = 1;
export const STRIP_TICK_MS = 20;

/**
 * A horizontal row of product cards that scrolls itself 1 px every 20 ms and wraps to the start
 * at the end. It stops while hovered, focused or touched, when paused, and for reduced motion;
 * people can always scroll it themselves.
 */
export function ProductStrip({ id, title, products }: { id: string; title: string; products: Card[] }) {
  const scroller = useRef<HTMLDivElement>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const reducedMotion = useReducedMotion();
  const paused = hovered || focused || stopped || reducedMotion;

  useEffect(() => {
    if (paused) return;
    const timer = setInterval(() => {
      const el = scroller.current;
      if (!el) return;
      if (el.scrollLeft + el.clientWidth >= el.scrollWidth - 1) el.scrollLeft = 0;
      else el.scrollLeft += STRIP_STEP_PX;
    }, STRIP_TICK_MS);
    return () => clearInterval(timer);
  }, [paused]);

  if (products.length === 0) return null;

  return (
    <section aria-labelledby={`${id}-title`} className="mt-10">
      <div className="flex items-center justify-between gap-4">
        <h2 id={`${id}-title`} className="text-xl font-bold text-slate-900 sm:text-2xl">
          {title}
        </h2>
        <button
          type="button"
          onClick={() => setStopped((s) => !s)}
          className="min-h-11 rounded-md px-3 text-sm font-semibold text-brand-700 hover:bg-brand-50"
          aria-pressed={stopped}
        >
          {stopped ? "Resume scrolling" : "Pause scrolling"}
        </button>
      </div>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: hover and touch only pause the motion */}
      <div
        ref={scroller}
        data-testid={`${id}-scroller`}
        className="mt-3 flex gap-3 overflow-x-auto pb-2 [scrollbar-width:thin]"
        onMouseEnter={() => setHovered(true)}
        onMouseLeave={() => setHovered(false)}
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
        onTouchStart={() => setHovered(true)}
        onTouchEnd={() => setHovered(false)}
      >
        {products.map((p) => (
          <div key={p.id} className="w-40 shrink-0 sm:w-48 lg:w-52">
            <ProductCard product={p} />
          </div>
        ))}
      </div>
    </section>
  );
}

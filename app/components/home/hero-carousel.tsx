import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { Icon } from "~/components/icon";
import * as MESSAGES from "~/lib/messages";
import { useReducedMotion } from "./use-reduced-motion";

export const HERO_INTERVAL_MS = 5000;

const SLIDES = [
  {
    to: "/products/disposable-vapes",
    title: "Disposable Vapes",
    text: MESSAGES.heroVapesText,
    cta: "Shop disposable vapes",
    className: "from-brand-900 via-brand-700 to-brand-500",
  },
  {
    to: "/products/kratom",
    title: "Kratom",
    text: MESSAGES.heroKratomText,
    cta: "Shop kratom",
    className: "from-emerald-950 via-emerald-800 to-emerald-600",
  },
  {
    to: "/products/novelty",
    title: "Novelty",
    text: MESSAGES.heroAccessoriesText,
    cta: "Shop novelty",
    className: "from-slate-900 via-slate-700 to-slate-500",
  },
] as const;

/**
 * Three slides with previous/next arrows, advancing every 5 s. Paused while hovered or
 * focused, when paused by the button, and when the user prefers reduced motion.
 */
export function HeroCarousel() {
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const reducedMotion = useReducedMotion();
  const paused = hovered || focused || stopped || reducedMotion;
  const rootRef = useRef<HTMLElement>(null);

  useEffect(() => {
    if (paused) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % SLIDES.length), HERO_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [paused]);

  const step = (delta: number) => setIndex((i) => (i + delta + SLIDES.length) % SLIDES.length);

  return (
    <section
      ref={rootRef}
      aria-roledescription="carousel"
      aria-label="Featured categories"
      className="relative overflow-hidden rounded-lg"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!rootRef.current?.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div aria-live={paused ? "polite" : "off"}>
        {SLIDES.map((slide, i) => (
          // biome-ignore lint/a11y/useSemanticElements: the ARIA carousel pattern marks slides as groups
          <div
            key={slide.to}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${SLIDES.length}: ${slide.title}`}
            hidden={i !== index}
            className={`bg-gradient-to-br ${slide.className} px-6 py-10 text-white sm:px-16 sm:py-16`}
          >
            <p className="text-sm font-semibold tracking-wide text-white/90 uppercase">Wholesale</p>
            <h2 className="mt-1 text-3xl font-bold sm:text-4xl">{slide.title}</h2>
            <p className="mt-3 max-w-xl text-base text-white/90 sm:text-lg">{slide.text}</p>
            <Link
              to={slide.to}
              className="mt-6 inline-flex min-h-11 items-center rounded-md bg-white px-5 text-sm font-bold text-slate-900 hover:bg-slate-100"
            >
              {slide.cta}
            </Link>
          </div>
        ))}
      </div>
      <div className="absolute right-3 bottom-3 flex items-center gap-2">
        <button
          type="button"
          onClick={() => setStopped((s) => !s)}
          className="flex size-11 items-center justify-center rounded-full bg-white/90 text-slate-900 shadow hover:bg-white"
        >
          <span className="sr-only">{stopped ? "Play slides" : "Pause slides"}</span>
          <Icon name={stopped ? "play" : "pause"} />
        </button>
        <button
          type="button"
          onClick={() => step(-1)}
          className="flex size-11 items-center justify-center rounded-full bg-white/90 text-slate-900 shadow hover:bg-white"
        >
          <span className="sr-only">Previous slide</span>
          <Icon name="previous" />
        </button>
        <button
          type="button"
          onClick={() => step(1)}
          className="flex size-11 items-center justify-center rounded-full bg-white/90 text-slate-900 shadow hover:bg-white"
        >
          <span className="sr-only">Next slide</span>
          <Icon name="next" />
        </button>
      </div>
    </section>
  );
}

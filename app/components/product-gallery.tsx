import { useCallback, useEffect, useRef, useState } from "react";
import { Icon } from "~/components/icon";
import { type ProductImage as Image, imageSrc, imageSrcSet } from "~/lib/images";
import { ProductImage } from "./product-image";

/**
 * The detail page's image grid. Clicking an image opens a lightbox: left/right arrows (keys or
 * buttons) step through the images and wrap around; Escape or a click closes it.
 */
export function ProductGallery({ images, name }: { images: Image[]; name: string }) {
  const [open, setOpen] = useState<number | null>(null);
  const opener = useRef<HTMLButtonElement | null>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const count = images.length;

  const close = useCallback(() => {
    setOpen(null);
    opener.current?.focus();
  }, []);
  const step = useCallback((delta: number) => setOpen((i) => (i === null ? i : (i + delta + count) % count)), [count]);

  useEffect(() => {
    if (open === null) return;
    closeButton.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") close();
      else if (e.key === "ArrowRight") step(1);
      else if (e.key === "ArrowLeft") step(-1);
    };
    window.addEventListener("keydown", onKey);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    return () => {
      window.removeEventListener("keydown", onKey);
      document.body.style.overflow = overflow;
    };
  }, [open, close, step]);

  if (count === 0) {
    return (
      <div className="overflow-hidden rounded-lg border border-slate-200">
        <ProductImage image={null} alt={name} sizes="(min-width: 768px) 50vw, 100vw" />
      </div>
    );
  }

  const current = open === null ? null : images[open];
  return (
    <div>
      <ul className={`grid gap-2 ${count === 1 ? "grid-cols-1" : "grid-cols-2"}`}>
        {images.map((img, i) => (
          <li key={img.key} className={count === 3 && i === 0 ? "col-span-2" : ""}>
            <button
              type="button"
              className="block w-full cursor-zoom-in overflow-hidden rounded-lg border border-slate-200 bg-white"
              onClick={(e) => {
                opener.current = e.currentTarget;
                setOpen(i);
              }}
            >
              <span className="sr-only">
                Enlarge image {i + 1} of {count}
              </span>
              <ProductImage
                image={img}
                alt={`${name}, view ${i + 1} of ${count}`}
                sizes={
                  count === 1 || (count === 3 && i === 0)
                    ? "(min-width: 768px) 560px, 100vw"
                    : "(min-width: 768px) 280px, 50vw"
                }
                priority={i === 0}
              />
            </button>
          </li>
        ))}
      </ul>
      {current && open !== null ? (
        // biome-ignore lint/a11y/useKeyWithClickEvents: Escape and arrow keys are handled on the window
        <div
          role="dialog"
          aria-modal="true"
          aria-label={`${name}: image ${open + 1} of ${count}`}
          className="fixed inset-0 z-50 flex items-center justify-center bg-slate-950/90 p-4"
          onClick={close}
        >
          <img
            src={imageSrc(current, 1200)}
            srcSet={imageSrcSet(current)}
            sizes="90vw"
            width={current.width}
            height={current.height}
            alt={`${name}, view ${open + 1} of ${count}`}
            className="max-h-[85vh] w-auto max-w-full rounded bg-white object-contain shadow-2xl"
          />
          <button
            ref={closeButton}
            type="button"
            onClick={close}
            className="absolute top-3 right-3 flex size-11 items-center justify-center rounded-full bg-white text-slate-900 shadow"
          >
            <span className="sr-only">Close</span>
            <Icon name="close" />
          </button>
          {count > 1 ? (
            <>
              <button
                type="button"
                onClick={(e) => {
                  e.stopPropagation();
                  step(-1);
                }}
                className="absolute top-1/2 left-3 flex size-12 -translate-y-1/2 items-center justify-center rounded-full bg-white text-slate-900 shadow"
              >
                <span className="sr-only">Previous image</span>
                <Icon name="previous" className="size-6" />
              </button>
              <button
                type="button"
                onClick={(e) => {
                  e.stopPropagation();
                  step(1);
                }}
                className="absolute top-1/2 right-3 flex size-12 -translate-y-1/2 items-center justify-center rounded-full bg-white text-slate-900 shadow"
              >
                <span className="sr-only">Next image</span>
                <Icon name="next" className="size-6" />
              </button>
            </>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

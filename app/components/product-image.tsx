import { type ProductImage as Image, imageSrc, imageSrcSet } from "~/lib/images";

/**
 * A product photo in a square box (no layout shift): responsive WebP variants, lazy unless
 * `priority`. Without an image, a neutral placeholder fills the same box.
 */
export function ProductImage({
  image,
  alt,
  sizes,
  priority = false,
  className = "",
}: {
  image: Image | null;
  alt: string;
  sizes: string;
  priority?: boolean;
  className?: string;
}) {
  if (!image) {
    return (
      <div
        role="img"
        aria-label={`${alt}: no image available`}
        className={`flex aspect-square w-full flex-col items-center justify-center gap-1 bg-slate-100 text-slate-600 ${className}`}
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="size-10"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.5"
        >
          <rect x="3" y="4" width="18" height="16" rx="2" />
          <circle cx="9" cy="10" r="2" />
          <path d="m21 16-5-5-9 9" />
        </svg>
        <span className="text-xs">No image</span>
      </div>
    );
  }
  return (
    <img
      src={imageSrc(image, 400)}
      srcSet={imageSrcSet(image)}
      sizes={sizes}
      width={image.width}
      height={image.height}
      alt={alt}
      loading={priority ? "eager" : "lazy"}
      decoding={priority ? "auto" : "async"}
      fetchPriority={priority ? "high" : undefined}
      className={`aspect-square w-full bg-white object-contain ${className}`}
    />
  );
}

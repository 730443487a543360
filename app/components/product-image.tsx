import { Icon } from "~/components/icon";
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
  // A decorative picture (a suggestion's thumbnail beside the name): its placeholder says nothing.
  if (!image && alt === "") {
    return (
      <div
        aria-hidden="true"
        className={`flex aspect-square w-full items-center justify-center bg-slate-100 text-slate-600 ${className}`}
      >
        <Icon name="image" className="size-5" />
      </div>
    );
  }
  if (!image) {
    return (
      <div
        role="img"
        aria-label={`${alt}: no image available`}
        className={`flex aspect-square w-full flex-col items-center justify-center gap-1 bg-slate-100 text-slate-600 ${className}`}
      >
        <Icon name="image" className="size-10" />
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

/** Widths (px) every product image is stored at, as WebP. */
export const IMAGE_WIDTHS = [200, 400, 800, 1200] as const;

export interface ProductImage {
  key: string;
  width: number;
  height: number;
}

function imageUrl(key: string, width: number): string {
  return `/media/${key.slice(0, 2)}/${key}-${width}.webp`;
}

/** The widths stored for an image: the ones not wider than the original, and always the smallest. */
export function storedWidths(originalWidth: number): number[] {
  const widths = IMAGE_WIDTHS.filter((w) => w <= originalWidth);
  return widths.length > 0 ? widths : [IMAGE_WIDTHS[0]];
}

export function imageSrcSet(image: ProductImage): string {
  return storedWidths(image.width)
    .map((w) => `${imageUrl(image.key, w)} ${Math.min(w, image.width)}w`)
    .join(", ");
}

/** The smallest stored variant at least `target` px wide (for a plain src). */
export function imageSrc(image: ProductImage, target: number): string {
  const widths = storedWidths(image.width);
  const chosen = widths.find((w) => w >= target) ?? widths[widths.length - 1] ?? IMAGE_WIDTHS[0];
  return imageUrl(image.key, chosen);
}

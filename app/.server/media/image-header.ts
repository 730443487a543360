import { loadSharp } from "../runtime/lazy-modules";

/**
 * The size of an image as its header gives it, read before anything decodes it: decoding is what
 * costs (a 389 KB PNG of 10,000 × 10,000 pixels took 11 s and 400 MB to decode), and the header
 * says how much it would cost. Every intake of images (product images, license scans) refuses
 * an image above its pixel limit from this, and decodes only what it kept.
 */
export interface ImageHeader {
  /** sharp's name of the format ("jpeg", "png", "heif"...). */
  format: string;
  /** The size as the image is shown (EXIF orientation applied). */
  width: number;
  height: number;
}

/** The header of an image, or null when there is none to read (damaged, not an image). No pixel is decoded. */
export async function readImageHeader(data: Buffer): Promise<ImageHeader | null> {
  const sharp = await loadSharp();
  try {
    const meta = await sharp(data, { limitInputPixels: false }).metadata();
    const width = meta.autoOrient?.width ?? meta.width ?? 0;
    const height = meta.autoOrient?.height ?? meta.height ?? 0;
    if (!meta.format || !width || !height) return null;
    return { format: meta.format, width, height };
  } catch {
    return null;
  }
}

/** The pixels an image would take once decoded. */
export function pixelsOf(header: ImageHeader): number {
  return header.width * header.height;
}

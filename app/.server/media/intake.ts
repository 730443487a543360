import crypto from "node:crypto";
import { IMAGE_WIDTHS, type ProductImage, storedWidths } from "~/lib/images";
import { DomainError } from "../runtime/domain-error";
import { loadSharp } from "../runtime/lazy-modules";
import { pixelsOf, readImageHeader } from "./image-header";
import { type MediaStore, mediaStore } from "./store";

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const MAX_INPUT_PIXELS = 40_000_000;
const MAX_STORED_WIDTH = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1] as number;

export type ImageFormat = "jpeg" | "png" | "gif" | "webp" | "avif";

/** A problem with one uploaded file, in words the admin can act on. */
export class ImageRejectedError extends DomainError {
  constructor(
    readonly fileName: string,
    /** What is wrong with it, without its name ("the file is empty."). */
    readonly reason: string,
  ) {
    super(`${fileName}: ${reason}`, { field: "images" });
  }
}

function ascii(buf: Buffer, start: number, end: number): string {
  return buf.subarray(start, end).toString("latin1");
}

/** The image type from the file's first bytes; the name and the browser's claim are ignored. */
export function sniffImageFormat(buf: Buffer): ImageFormat | null {
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return "jpeg";
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return "png";
  }
  if (buf.length >= 6 && (ascii(buf, 0, 6) === "GIF87a" || ascii(buf, 0, 6) === "GIF89a")) return "gif";
  if (buf.length >= 12 && ascii(buf, 0, 4) === "RIFF" && ascii(buf, 8, 12) === "WEBP") return "webp";
  if (buf.length >= 16 && ascii(buf, 4, 8) === "ftyp") {
    const boxSize = Math.min(buf.readUInt32BE(0), buf.length, 64);
    for (let at = 8; at + 4 <= boxSize; at += 4) {
      const brand = ascii(buf, at, at + 4);
      if (brand === "avif" || brand === "avis") return "avif";
    }
  }
  return null;
}

const SHARP_FORMAT: Record<ImageFormat, string[]> = {
  jpeg: ["jpeg"],
  png: ["png"],
  gif: ["gif"],
  webp: ["webp"],
  avif: ["heif", "avif"],
};

export interface PreparedImage extends ProductImage {
  variants: { name: string; data: Buffer }[];
}

async function open(buf: Buffer) {
  const sharp = await loadSharp();
  return sharp(buf, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "truncated", sequentialRead: true });
}

/** The key an image is stored under: a hash of the uploaded file's bytes (the same file, the same key). */
export function imageKeyOf(buf: Buffer): string {
  return crypto.createHash("sha256").update(buf).digest("hex").slice(0, 32);
}

/**
 * Checks one upload and re-encodes it: WebP at the storefront's widths, metadata stripped,
 * named by content hash. Nothing is stored yet (see storeImages). Throws ImageRejectedError.
 */
export async function prepareImage(fileName: string, buf: Buffer): Promise<PreparedImage> {
  if (buf.length === 0) throw new ImageRejectedError(fileName, "the file is empty.");
  if (buf.length > MAX_UPLOAD_BYTES) throw new ImageRejectedError(fileName, "the file is larger than 10 MB.");
  const format = sniffImageFormat(buf);
  if (!format) {
    throw new ImageRejectedError(fileName, "not a JPEG, PNG, WebP, GIF or AVIF image.");
  }
  // The header only (no pixel is decoded), so the size is checked before anything decodes it.
  const header = await readImageHeader(buf);
  if (!header) throw new ImageRejectedError(fileName, "the image could not be read (damaged or incomplete).");
  if (!SHARP_FORMAT[format].includes(header.format)) {
    throw new ImageRejectedError(fileName, "the file's contents do not match an image type we accept.");
  }
  const { width: w, height: h } = header;
  if (pixelsOf(header) > MAX_INPUT_PIXELS) {
    throw new ImageRejectedError(fileName, "the image is larger than 40 megapixels.");
  }

  const key = imageKeyOf(buf);
  const width = Math.min(w, MAX_STORED_WIDTH);
  const height = Math.max(1, Math.round((h * width) / w));
  const variants: PreparedImage["variants"] = [];
  try {
    for (const target of storedWidths(width)) {
      const data = await (await open(buf))
        .rotate()
        .resize({ width: target, withoutEnlargement: true })
        .webp({ quality: 80, effort: 4 })
        .toBuffer();
      variants.push({ name: `${key.slice(0, 2)}/${key}-${target}.webp`, data });
    }
  } catch {
    throw new ImageRejectedError(fileName, "the image could not be decoded (damaged or incomplete).");
  }
  return { key, width, height, variants };
}

/**
 * Writes prepared images. Returns the names it newly created, so a caller whose database
 * change then fails can remove exactly those (files shared with other products stay).
 */
export async function storeImages(images: PreparedImage[], store: MediaStore = mediaStore()): Promise<string[]> {
  const created: string[] = [];
  try {
    for (const image of images) {
      for (const v of image.variants) {
        if (await store.exists(v.name)) continue;
        await store.put(v.name, v.data);
        created.push(v.name);
      }
    }
  } catch (error) {
    await removeFiles(created, store);
    throw error;
  }
  return created;
}

export async function removeFiles(names: string[], store: MediaStore = mediaStore()): Promise<void> {
  await Promise.all(names.map((n) => store.remove(n).catch(() => undefined)));
}

/** The file names of an image's variants. */
export function variantNames(image: ProductImage): string[] {
  return storedWidths(image.width).map((w) => `${image.key.slice(0, 2)}/${image.key}-${w}.webp`);
}

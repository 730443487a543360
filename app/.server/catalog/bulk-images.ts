import path from "node:path";
import { Unzip, UnzipInflate } from "fflate";
import type { Kysely } from "kysely";
import * as MESSAGES from "~/lib/messages";
import type { Actor } from "../audit/log";
import type { DB } from "../db/schema";
import { ImageRejectedError, MAX_UPLOAD_BYTES } from "../media/intake";
import { ProductChangedError, type Upload, updateProductWithImages } from "./product-admin";
import { findProduct } from "./products";

/**
 * Images in bulk (issue 17): image files, or ZIP files of them, named after the product's SKU
 * (`NV-BB-LTR-DISP50.jpg`, `NV-BB-LTR-DISP50-2.jpg`). Each image is added after the product's
 * images through the same intake as a single upload (checked, re-encoded, content-addressed).
 * A ZIP is read as a stream with limits on entries and on inflated bytes, so a ZIP bomb stops at
 * the limit; an entry whose name climbs out of its folder or is absolute is refused.
 */
export const MAX_ZIP_ENTRIES = 1000;
export const MAX_INFLATED_BYTES = 300 * 1024 * 1024;

export interface FileResult {
  file: string;
  ok: boolean;
  /** The product it went to, or why it was refused. */
  message: string;
}

class ZipRefused extends Error {}

const ZIP_SLICE = 16 * 1024;

function unsafeName(name: string): boolean {
  return (
    name.startsWith("/") ||
    name.startsWith("\\") ||
    /^[A-Za-z]:/.test(name) ||
    name.split(/[\\/]/).some((part) => part === "..") ||
    name.includes("\0")
  );
}

/** The files inside a ZIP, each within the limits; refused entries are reported, not extracted. */
function unzip(zipName: string, data: Uint8Array, maxInflated: number): { files: Upload[]; refused: FileResult[] } {
  const files: Upload[] = [];
  const refused: FileResult[] = [];
  let entries = 0;
  let inflated = 0;
  // Why the whole ZIP is refused (the inflater may wrap what a callback throws).
  let refusal: string | null = null;
  const refuse = (message: string) => {
    refusal ??= message;
    throw new ZipRefused(message);
  };
  const unzipper = new Unzip((entry) => {
    const name = `${zipName}/${entry.name}`;
    if (++entries > MAX_ZIP_ENTRIES) refuse(MESSAGES.zipTooManyFiles(MAX_ZIP_ENTRIES));
    if (entry.name.endsWith("/")) return; // a folder
    if (unsafeName(entry.name)) {
      refused.push({ file: name, ok: false, message: MESSAGES.zipUnsafeName });
      return;
    }
    if (path.posix.basename(entry.name).startsWith(".") || entry.name.startsWith("__MACOSX/")) return;
    // What the entry claims is checked first (it cannot be trusted to be small, only to be large).
    if ((entry.originalSize ?? 0) > maxInflated) refuse(MESSAGES.zipBomb);
    const chunks: Uint8Array[] = [];
    let size = 0;
    let tooBig = false;
    entry.ondata = (err, chunk, final) => {
      if (err) refuse(MESSAGES.zipUnreadable);
      size += chunk.length;
      inflated += chunk.length;
      // Counted as it inflates: what the entry claims about its size is not trusted.
      if (inflated > maxInflated) refuse(MESSAGES.zipBomb);
      if (size > MAX_UPLOAD_BYTES) tooBig = true;
      else chunks.push(chunk);
      if (final) {
        if (tooBig) refused.push({ file: name, ok: false, message: MESSAGES.bulkImageTooLarge(name) });
        else files.push({ name: path.posix.basename(entry.name), data: Buffer.concat(chunks) });
      }
    };
    entry.start();
  });
  unzipper.register(UnzipInflate);
  const refusedWhole = () => ({
    files: [],
    refused: [{ file: zipName, ok: false, message: refusal ?? MESSAGES.zipUnreadable }],
  });
  try {
    // Fed in small slices, so the inflater hands out bounded chunks (deflate expands at most
    // about 1,000 times): the limit is checked long before a bomb could fill the memory.
    for (let at = 0; at < data.length; at += ZIP_SLICE) {
      unzipper.push(data.subarray(at, at + ZIP_SLICE), at + ZIP_SLICE >= data.length);
      if (refusal) return refusedWhole();
    }
  } catch {
    return refusedWhole();
  }
  // Nothing found in it: not a ZIP we can read (or an empty one).
  if (refusal || entries === 0) return refusedWhole();
  return { files, refused };
}

function isZip(upload: Upload): boolean {
  return upload.data.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
}

/** The SKU a file name stands for: the whole name, or the name less a trailing "-2" (a second image). */
async function productFor(db: Kysely<DB>, fileName: string): Promise<{ id: number; sku: string } | null> {
  const base = path.posix.basename(fileName).replace(/\.[A-Za-z0-9]{2,5}$/, "");
  const candidates = [base, ...(/-\d{1,3}$/.test(base) ? [base.replace(/-\d{1,3}$/, "")] : [])];
  for (const sku of candidates) {
    if (!sku) continue;
    const row = await db.selectFrom("products").select(["id", "sku"]).where("sku", "=", sku).executeTakeFirst();
    if (row) return row;
  }
  return null;
}

/** Attaches every image of the uploads to its product; one result per file, in name order. */
export async function attachImagesBySku(
  db: Kysely<DB>,
  uploads: Upload[],
  actor: Actor,
  maxInflated = MAX_INFLATED_BYTES,
): Promise<FileResult[]> {
  const results: FileResult[] = [];
  const images: Upload[] = [];
  for (const u of uploads) {
    if (isZip(u)) {
      const { files, refused } = unzip(u.name, new Uint8Array(u.data), maxInflated);
      images.push(...files);
      results.push(...refused);
    } else images.push(u);
  }
  // "-2" after the plain name: the numbered images follow the first one in order.
  const order = (name: string): [string, number] => {
    const base = name.replace(/\.[A-Za-z0-9]{2,5}$/, "");
    const n = /-(\d{1,3})$/.exec(base);
    return n ? [base.slice(0, -n[0].length), Number(n[1])] : [base, 0];
  };
  images.sort((a, b) => {
    const [ka, na] = order(a.name);
    const [kb, nb] = order(b.name);
    return ka < kb ? -1 : ka > kb ? 1 : na - nb;
  });
  for (const image of images) {
    const product = await productFor(db, image.name);
    if (!product) {
      results.push({ file: image.name, ok: false, message: MESSAGES.bulkImageNoSku(image.name) });
      continue;
    }
    try {
      const current = await findProduct(db, product.id);
      if (!current) throw new ProductChangedError();
      await updateProductWithImages(
        db,
        product.id,
        {
          sku: current.sku,
          name: current.name,
          description: current.description,
          priceCents: current.priceCents,
          stock: current.stock,
          category: current.category,
        },
        { keepKeys: current.images.map((i) => i.key), uploads: [image] },
        { version: current.version, stockSeen: current.stock },
        actor,
      );
      results.push({ file: image.name, ok: true, message: MESSAGES.bulkImageAttached(product.sku) });
    } catch (error) {
      if (error instanceof ImageRejectedError || error instanceof ProductChangedError)
        results.push({ file: image.name, ok: false, message: error.message });
      else throw error;
    }
  }
  return results;
}

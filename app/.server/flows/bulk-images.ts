import path from "node:path";
import type { Kysely } from "kysely";
import * as MESSAGES from "~/lib/messages";
import type { Actor } from "../audit/log";
import { findProduct } from "../catalog/products";
import type { DB } from "../db/schema";
import { ImageRejectedError, imageKeyOf, MAX_UPLOAD_BYTES } from "../media/intake";
import { inflateEntry, ZipUnreadableError, zipEntries } from "../media/zip";
import { ProductChangedError, type Upload, updateProductWithImages } from "./product-admin";

/**
 * Images in bulk (issue 17): image files, or ZIP files of them, named after the variant's SKU
 * (`NV-BB-LTR-DISP50.jpg`, `NV-BB-LTR-DISP50-2.jpg`) or its line's handle (`cloud-6000.jpg`, issue 38). Each image is added after the product's
 * images through the same intake as a single upload (checked, re-encoded, content-addressed).
 * The ZIP files of one post share one limit on what they may inflate to (MAX_INFLATED_BYTES, for
 * all of them together), and are inflated on the thread pool, entry by entry, with zlib stopping
 * at what is left of the limit (media/zip.ts): a ZIP bomb, or several, stops there and never
 * holds the event loop. An entry whose name climbs out of its folder or is absolute is refused.
 */
export const MAX_ZIP_ENTRIES = 1000;
export const MAX_INFLATED_BYTES = 200 * 1024 * 1024;

/** What became of one file of the post (or of a ZIP's entry): attached to a product, or skipped and why. */
export interface FileResult {
  /** As the admin named it: "NV-1.jpg", or "photos.zip/shots/NV-1.jpg" for a ZIP's entry. */
  file: string;
  ok: boolean;
  /** Attached: the product, and the image's place among its images (1 is the first). */
  product?: { id: number; sku: string; name: string; position: number };
  /** Attached: what was done; skipped: why, in words the admin can act on (without the file's name). */
  message: string;
  /** How many files the entry stands for, when more than one (a ZIP's hidden files, skipped together). */
  files?: number;
}

function unsafeName(name: string): boolean {
  return (
    name.startsWith("/") ||
    name.startsWith("\\") ||
    /^[A-Za-z]:/.test(name) ||
    name.split(/[\\/]/).some((part) => part === "..") ||
    name.includes("\0")
  );
}

/** What the ZIP files of one post may inflate to together, and what is left of it. */
export interface InflateBudget {
  total: number;
  left: number;
}

/**
 * The files inside a ZIP, each within the limits; refused entries are reported, not extracted.
 * A ZIP that cannot be read, holds too many files or would take the post past its inflated-size
 * limit is refused whole.
 */
export async function unzip(
  zipName: string,
  data: Buffer,
  budget: InflateBudget,
): Promise<{ files: Upload[]; refused: FileResult[] }> {
  const refusedWhole = (message: string) => ({ files: [], refused: [{ file: zipName, ok: false, message }] });
  let hidden = 0;
  const bomb = MESSAGES.zipBomb(Math.round(budget.total / (1024 * 1024)));
  const files: Upload[] = [];
  const refused: FileResult[] = [];
  try {
    const { count, entries } = zipEntries(data, MAX_ZIP_ENTRIES);
    if (count > MAX_ZIP_ENTRIES) return refusedWhole(MESSAGES.zipTooManyFiles(MAX_ZIP_ENTRIES));
    // Nothing in it: not a ZIP we can use.
    if (count === 0) return refusedWhole(MESSAGES.zipUnreadable);
    for (const entry of entries) {
      const name = `${zipName}/${entry.name}`;
      if (entry.name.endsWith("/")) continue; // a folder
      if (unsafeName(entry.name)) {
        refused.push({ file: name, ok: false, message: MESSAGES.zipUnsafeName });
        continue;
      }
      if (path.posix.basename(entry.name).startsWith(".") || entry.name.startsWith("__MACOSX/")) {
        hidden++;
        continue;
      }
      // What the entry claims is checked first (it cannot be trusted to be small, only to be large).
      if (entry.claimedSize > budget.left) return refusedWhole(bomb);
      // Inflated up to the image limit or what is left of the post's, whichever is less.
      const cap = Math.min(MAX_UPLOAD_BYTES, budget.left);
      const inflated = await inflateEntry(data, entry, cap);
      if (inflated === "too-large") {
        if (cap < MAX_UPLOAD_BYTES) return refusedWhole(bomb);
        budget.left -= cap;
        refused.push({ file: name, ok: false, message: MESSAGES.bulkImageTooLarge });
        continue;
      }
      budget.left -= inflated.length;
      // Named with its ZIP and folder, so the page says where it came from; matched by its own name.
      files.push({ name, data: inflated });
    }
  } catch (error) {
    if (error instanceof ZipUnreadableError) return refusedWhole(MESSAGES.zipUnreadable);
    throw error;
  }
  if (hidden > 0)
    refused.push({ file: zipName, ok: false, message: MESSAGES.zipHiddenFilesSkipped(hidden), files: hidden });
  return { files, refused };
}

function isZip(upload: Upload): boolean {
  return upload.data.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
}

/**
 * The product a file name stands for: the variant of that SKU (the whole name, or the name less a
 * trailing "-2", a second image), else the line of that handle (issue 38), whose images are its
 * first variant's, the one its listings show. A SKU wins over a handle of the same spelling.
 */
async function productFor(db: Kysely<DB>, fileName: string): Promise<{ id: number; sku: string } | null> {
  const base = path.posix.basename(fileName).replace(/\.[A-Za-z0-9]{2,5}$/, "");
  const candidates = [base, ...(/-\d{1,3}$/.test(base) ? [base.replace(/-\d{1,3}$/, "")] : [])];
  for (const sku of candidates) {
    if (!sku) continue;
    const row = await db.selectFrom("products").select(["id", "sku"]).where("sku", "=", sku).executeTakeFirst();
    if (row) return row;
  }
  for (const handle of candidates) {
    if (!handle) continue;
    const lead = await db
      .selectFrom("products")
      .innerJoin("product_lines", "product_lines.id", "products.line_id")
      .select(["products.id", "products.sku"])
      .where("product_lines.slug", "=", handle)
      .where("products.lead", "=", 1)
      .executeTakeFirst();
    if (lead) return lead;
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
  // One limit for every ZIP of the post: four ZIP bombs stop where one would.
  const budget: InflateBudget = { total: maxInflated, left: maxInflated };
  for (const u of uploads) {
    if (isZip(u)) {
      const { files, refused } = await unzip(u.name, u.data, budget);
      images.push(...files);
      results.push(...refused);
    } else images.push(u);
  }
  // "-2" after the plain name: the numbered images follow the first one in order.
  const order = (name: string): [string, number] => {
    const base = path.posix.basename(name).replace(/\.[A-Za-z0-9]{2,5}$/, "");
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
      results.push({ file: image.name, ok: false, message: MESSAGES.bulkImageNoSku });
      continue;
    }
    try {
      const current = await findProduct(db, product.id);
      if (!current) throw new ProductChangedError();
      // The same file again (an upload repeated): the product has it already; nothing is added.
      const already = current.images.findIndex((i) => i.key === imageKeyOf(image.data));
      if (already >= 0) {
        results.push({
          file: image.name,
          ok: false,
          message: MESSAGES.bulkImageAlreadyThere(current.name, product.sku, already + 1),
        });
        continue;
      }
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
      const position = current.images.length + 1;
      results.push({
        file: image.name,
        ok: true,
        product: { id: product.id, sku: product.sku, name: current.name, position },
        message: MESSAGES.bulkImageAttached(current.name, product.sku, position),
      });
    } catch (error) {
      if (error instanceof ImageRejectedError) results.push({ file: image.name, ok: false, message: error.reason });
      else if (error instanceof ProductChangedError)
        results.push({ file: image.name, ok: false, message: error.message });
      else throw error;
    }
  }
  return results;
}

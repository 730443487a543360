import crypto from "node:crypto";
import * as MESSAGES from "~/lib/messages";
import { DomainError } from "../runtime/domain-error";
import { loadSharp } from "../runtime/lazy-modules";
import { pixelsOf, readImageHeader } from "./image-header";
import { documentStore, type StoredFile } from "./store";

/**
 * Intake of private documents (license files): the type is read from the bytes, never from the
 * name or the browser's word. A PDF must start with the PDF header and end with its end-of-file
 * marker; a JPEG or PNG must decode. Anything else (an HTML or SVG file renamed, a zip, a
 * truncated upload) is refused with a message the form shows next to the field.
 */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;
/**
 * The most pixels a scanned or photographed document may have: a letter page scanned at 600 dpi
 * (34 megapixels), or a phone's photo, fits; the limit is read from the image's header before
 * anything decodes it (media/image-header.ts).
 */
export const MAX_DOCUMENT_PIXELS = 40_000_000;

export type DocumentType = "application/pdf" | "image/jpeg" | "image/png";

const EXTENSION: Record<DocumentType, string> = {
  "application/pdf": "pdf",
  "image/jpeg": "jpg",
  "image/png": "png",
};

export const DOCUMENT_TOO_LARGE = MESSAGES.documentTooLarge;
export const DOCUMENT_WRONG_TYPE = MESSAGES.documentWrongType;
export const DOCUMENT_UNREADABLE = MESSAGES.documentUnreadable;
export const DOCUMENT_MISSING = MESSAGES.chooseDocument;

/** A document refused (not a PDF, JPEG or PNG, unreadable, too large): said beside its file field. */
export class DocumentRejectedError extends DomainError {
  constructor(message: string) {
    super(message, { field: "document" });
  }
}

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function sniff(data: Buffer): DocumentType | null {
  if (data.subarray(0, 5).toString("latin1") === "%PDF-") return "application/pdf";
  if (data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return "image/jpeg";
  if (data.subarray(0, 8).equals(PNG_MAGIC)) return "image/png";
  return null;
}

/**
 * What the bytes are, or DocumentRejectedError saying why they cannot be kept. `fileName` is the
 * name the browser gave, for the messages that name the file.
 */
export async function checkDocument(data: Buffer, fileName = "document"): Promise<DocumentType> {
  if (data.length === 0) throw new DocumentRejectedError(DOCUMENT_MISSING);
  if (data.length > MAX_DOCUMENT_BYTES) throw new DocumentRejectedError(DOCUMENT_TOO_LARGE);
  const type = sniff(data);
  if (!type) throw new DocumentRejectedError(DOCUMENT_WRONG_TYPE);
  if (type === "application/pdf") {
    // The end-of-file marker sits in the last kilobyte of a complete PDF.
    if (!data.subarray(Math.max(0, data.length - 1024)).includes("%%EOF")) {
      throw new DocumentRejectedError(DOCUMENT_UNREADABLE);
    }
    return type;
  }
  // The header first: its size is refused before a pixel is decoded.
  const header = await readImageHeader(data);
  if (!header || header.format !== (type === "image/jpeg" ? "jpeg" : "png")) {
    throw new DocumentRejectedError(DOCUMENT_UNREADABLE);
  }
  if (pixelsOf(header) > MAX_DOCUMENT_PIXELS) {
    throw new DocumentRejectedError(
      MESSAGES.documentTooManyPixels(fileName.slice(0, 100), MAX_DOCUMENT_PIXELS / 1_000_000),
    );
  }
  const sharp = await loadSharp();
  try {
    // Decode the whole image: a file with a valid header and a broken body is refused here.
    await sharp(data, { limitInputPixels: MAX_DOCUMENT_PIXELS, sequentialRead: true }).stats();
  } catch {
    throw new DocumentRejectedError(DOCUMENT_UNREADABLE);
  }
  return type;
}

export interface StoredDocument {
  key: string;
  type: DocumentType;
  size: number;
}

/** Checks and stores a document under a random name; returns its key. */
export async function storeDocument(data: Buffer, fileName?: string): Promise<StoredDocument> {
  const type = await checkDocument(data, fileName);
  const id = crypto.randomBytes(16).toString("hex");
  const key = `${id.slice(0, 2)}/${id}.${EXTENSION[type]}`;
  await documentStore().put(key, data);
  return { key, type, size: data.length };
}

export async function readDocument(key: string): Promise<StoredFile | null> {
  return documentStore().get(key);
}

export async function removeDocument(key: string): Promise<void> {
  await documentStore().remove(key);
}

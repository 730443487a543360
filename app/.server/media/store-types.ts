import type { Readable } from "node:stream";

// The media stores' shape, apart from store.ts (which picks one): s3-store.ts needs it without
// importing the file that imports it.
export interface StoredFile {
  body: Readable;
  size: number | null;
}

/**
 * Where media files live: local disk (default) or S3-compatible object storage (MEDIA_STORE=s3),
 * behind one interface.
 */
export interface MediaStore {
  put(name: string, data: Buffer): Promise<void>;
  exists(name: string): Promise<boolean>;
  remove(name: string): Promise<void>;
  get(name: string): Promise<StoredFile | null>;
}

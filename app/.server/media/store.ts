import crypto from "node:crypto";
import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { env } from "../runtime/env";
import { S3MediaStore } from "./s3-store";
import type { MediaStore, StoredFile } from "./store-types";

export type { MediaStore, StoredFile } from "./store-types";

const SAFE_NAME = /^[a-f0-9]{2}\/[a-f0-9]{32}-\d{2,5}\.webp$/;

export function isMediaName(name: string): boolean {
  return SAFE_NAME.test(name);
}

/** Private documents (license files): never under the public media folder or prefix. */
const DOCUMENT_NAME = /^[a-f0-9]{2}\/[a-f0-9]{32}\.(pdf|jpg|png)$/;

export function isDocumentName(name: string): boolean {
  return DOCUMENT_NAME.test(name);
}

export class LocalMediaStore implements MediaStore {
  constructor(
    private readonly root: string,
    private readonly isSafe: (name: string) => boolean = isMediaName,
  ) {}

  private assertSafe(name: string) {
    if (!this.isSafe(name)) throw new Error(`Refusing file name ${JSON.stringify(name)}`);
  }

  async put(name: string, data: Buffer): Promise<void> {
    this.assertSafe(name);
    const file = path.join(this.root, name);
    await fs.mkdir(path.dirname(file), { recursive: true });
    // Write then rename: a reader never sees half a file, and a crash leaves no partial one.
    const tmp = `${file}.${crypto.randomBytes(6).toString("hex")}.tmp`;
    await fs.writeFile(tmp, data);
    await fs.rename(tmp, file);
  }

  async exists(name: string): Promise<boolean> {
    this.assertSafe(name);
    try {
      await fs.access(path.join(this.root, name));
      return true;
    } catch {
      return false;
    }
  }

  async remove(name: string): Promise<void> {
    this.assertSafe(name);
    await fs.rm(path.join(this.root, name), { force: true });
  }

  async get(name: string): Promise<StoredFile | null> {
    this.assertSafe(name);
    const file = path.join(this.root, name);
    try {
      const stat = await fs.stat(file);
      return { body: createReadStream(file), size: stat.size };
    } catch {
      return null;
    }
  }
}

/** The object store of MEDIA_STORE=s3, under `prefix` (joined to S3_PREFIX). */
function s3Store(prefix: string): MediaStore {
  const e = env();
  const base = (e.S3_PREFIX ?? "").replace(/\/+$/, "");
  return new S3MediaStore({
    bucket: e.S3_BUCKET as string,
    region: e.S3_REGION,
    endpoint: e.S3_ENDPOINT,
    accessKeyId: e.S3_ACCESS_KEY_ID as string,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY as string,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
    prefix: [base, prefix].filter(Boolean).join("/"),
  });
}

let store: MediaStore | undefined;

export function mediaStore(): MediaStore {
  store ??= env().MEDIA_STORE === "s3" ? s3Store("") : new LocalMediaStore(path.join(env().DATA_DIR, "media"));
  return store;
}

let documents: MediaStore | undefined;

/**
 * Where private documents (license files) live: DATA_DIR/documents on disk, which no static
 * route serves, or the `private/` prefix of the object store (MEDIA_STORE=s3). They reach a
 * browser only through a route that checks who is asking.
 */
export function documentStore(): MediaStore {
  documents ??=
    env().MEDIA_STORE === "s3"
      ? s3Store("private")
      : new LocalMediaStore(path.join(env().DATA_DIR, "documents"), isDocumentName);
  return documents;
}

export function setMediaStoreForTests(next: MediaStore | undefined) {
  store = next;
  documents = undefined;
}

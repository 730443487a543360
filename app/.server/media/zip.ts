import { promisify } from "node:util";
import zlib from "node:zlib";

/**
 * Reading uploaded ZIP files without trusting them. The entries are listed from the central
 * directory at the end of the file (names, sizes, where each one's data is), which costs nothing
 * to read; an entry is inflated on Node's thread pool (zlib's asynchronous functions), never on
 * the event loop, and with a cap on what it may inflate to: zlib stops at the cap, whatever the
 * entry claims its size to be. ZIP64, encrypted entries and methods other than stored and deflate
 * are not read (an upload is far below ZIP64's 4 GB).
 */
export interface ZipEntry {
  name: string;
  /** 0: stored, 8: deflate. */
  method: number;
  /** The size the entry claims once inflated: a claim, only trusted when it is large. */
  claimedSize: number;
  /** Where its compressed bytes are in the file, and how many. */
  dataStart: number;
  compressedSize: number;
}

/** The file cannot be read as a ZIP (damaged, truncated, not a ZIP, or a feature not read). */
export class ZipUnreadableError extends Error {}

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
/** The end record is 22 bytes and may be followed by a comment of up to 65,535. */
const END_SEARCH = 22 + 0xffff;

const inflateRaw = promisify(zlib.inflateRaw);

function unreadable(): never {
  throw new ZipUnreadableError("unreadable ZIP");
}

/**
 * The entries of a ZIP file, in the order of its directory, with at most `maxEntries` of them
 * (beyond that the caller is told by the count alone: `count` is the directory's own).
 * Throws ZipUnreadableError.
 */
export function zipEntries(data: Buffer, maxEntries: number): { count: number; entries: ZipEntry[] } {
  let end = -1;
  for (let at = data.length - 22; at >= Math.max(0, data.length - END_SEARCH); at--) {
    if (data.readUInt32LE(at) === END_OF_DIRECTORY) {
      end = at;
      break;
    }
  }
  if (end < 0) unreadable();
  const count = data.readUInt16LE(end + 10);
  const directorySize = data.readUInt32LE(end + 12);
  const directoryStart = data.readUInt32LE(end + 16);
  if (count === 0xffff || directoryStart === 0xffffffff || directoryStart + directorySize > end) unreadable();
  if (count > maxEntries) return { count, entries: [] };
  const entries: ZipEntry[] = [];
  let at = directoryStart;
  for (let i = 0; i < count; i++) {
    if (at + 46 > end || data.readUInt32LE(at) !== DIRECTORY_ENTRY) unreadable();
    const flags = data.readUInt16LE(at + 8);
    const method = data.readUInt16LE(at + 10);
    const compressedSize = data.readUInt32LE(at + 20);
    const claimedSize = data.readUInt32LE(at + 24);
    const nameLength = data.readUInt16LE(at + 28);
    const extraLength = data.readUInt16LE(at + 30);
    const commentLength = data.readUInt16LE(at + 32);
    const localStart = data.readUInt32LE(at + 42);
    if (at + 46 + nameLength > end) unreadable();
    // Bit 0: encrypted. Bit 11: the name is UTF-8 (otherwise code page 437, read here as Latin-1).
    if (flags & 1 || compressedSize === 0xffffffff || claimedSize === 0xffffffff) unreadable();
    const name = data.toString(flags & 0x800 ? "utf8" : "latin1", at + 46, at + 46 + nameLength);
    // The data follows the entry's local header, whose own name and extra field may differ in length.
    if (localStart + 30 > directoryStart || data.readUInt32LE(localStart) !== LOCAL_HEADER) unreadable();
    const dataStart = localStart + 30 + data.readUInt16LE(localStart + 26) + data.readUInt16LE(localStart + 28);
    if (dataStart + compressedSize > directoryStart) unreadable();
    entries.push({ name, method, claimedSize, dataStart, compressedSize });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return { count, entries };
}

/**
 * An entry's bytes, inflated on the thread pool, or "too-large" as soon as they pass `maxBytes`
 * (zlib stops there: nothing beyond is made). Throws ZipUnreadableError.
 */
export async function inflateEntry(data: Buffer, entry: ZipEntry, maxBytes: number): Promise<Buffer | "too-large"> {
  const raw = data.subarray(entry.dataStart, entry.dataStart + entry.compressedSize);
  if (entry.method === 0) return raw.length > maxBytes ? "too-large" : Buffer.from(raw);
  if (entry.method !== 8) unreadable();
  try {
    return await inflateRaw(raw, { maxOutputLength: Math.max(1, maxBytes) });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ERR_BUFFER_TOO_LARGE") return "too-large";
    unreadable();
  }
}

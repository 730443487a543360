import zlib from "node:zlib";
import sharp from "sharp";
import { vi } from "vitest";

/**
 * Decompression bombs for image intake tests: a PNG whose header says `width` × `height` pixels
 * (one bit each, all black) and whose pixel data compresses to almost nothing, so a file of a
 * few kilobytes would decode to hundreds of megabytes. Made with zlib, in milliseconds (sharp
 * would have to hold the pixels to write it). With `damaged`, the pixel data is not deflate at
 * all: only a reader that stops at the header can say anything but "damaged" about it.
 */
export function pngBomb(width: number, height: number, options: { damaged?: boolean } = {}): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const row = Math.ceil(width / 8) + 1; // a filter byte, then the row's bits
  const pixels = options.damaged
    ? Buffer.from("these are not deflated pixels, and no decoder can read them")
    : zlib.deflateSync(Buffer.alloc(row * height), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", pixels),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/**
 * How many times sharp was asked for pixels (a pipeline's output: stats, a buffer, a file, raw
 * pixels) while `run` ran: 0 proves that an image was judged from its header alone.
 */
export async function decodesDuring(run: () => Promise<unknown>): Promise<number> {
  const outputs = ["stats", "toBuffer", "toFile", "raw"] as const;
  const spies = outputs.map((name) => vi.spyOn(sharp.prototype, name));
  try {
    await run();
    return spies.reduce((sum, spy) => sum + spy.mock.calls.length, 0);
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
}

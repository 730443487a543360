import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodesDuring, pngBomb } from "../../../tests/support/image-bombs";
import { ImageRejectedError, prepareImage, sniffImageFormat, storeImages } from "./intake";
import { LocalMediaStore } from "./store";

async function sample(format: "jpeg" | "png" | "webp" | "gif" | "avif", width = 640, height = 480): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 40 } } })
    .toFormat(format)
    .toBuffer();
}

async function rejection(name: string, data: Buffer): Promise<string> {
  const error = await prepareImage(name, data).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ImageRejectedError);
  return (error as Error).message;
}

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "media-test-"));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("image intake", () => {
  it.each(["jpeg", "png", "webp", "gif", "avif"] as const)(
    "accepts %s and re-encodes it to WebP at the storefront widths",
    async (format) => {
      const image = await prepareImage(`photo.${format}`, await sample(format));
      expect(image).toMatchObject({ width: 640, height: 480 });
      expect(image.key).toMatch(/^[a-f0-9]{32}$/);
      expect(image.variants.map((v) => v.name)).toEqual([
        `${image.key.slice(0, 2)}/${image.key}-200.webp`,
        `${image.key.slice(0, 2)}/${image.key}-400.webp`,
      ]);
      for (const v of image.variants) {
        const meta = await sharp(v.data).metadata();
        expect(meta.format).toBe("webp");
        expect(meta.exif).toBeUndefined();
      }
    },
  );

  it("strips metadata such as EXIF location", async () => {
    const withExif = await sharp(await sample("jpeg"))
      .withExif({ IFD0: { Copyright: "secret", Artist: "phone" } })
      .jpeg()
      .toBuffer();
    expect((await sharp(withExif).metadata()).exif).toBeDefined();
    const image = await prepareImage("exif.jpg", withExif);
    for (const v of image.variants) expect((await sharp(v.data).metadata()).exif).toBeUndefined();
  });

  it("caps the stored width at 1200 and keeps the aspect ratio", async () => {
    const image = await prepareImage("big.png", await sample("png", 2400, 1200));
    expect(image).toMatchObject({ width: 1200, height: 600 });
    expect(image.variants).toHaveLength(4);
  });

  it("decides the type from the content, not the name", async () => {
    expect(sniffImageFormat(await sample("png"))).toBe("png");
    expect(sniffImageFormat(Buffer.from("<html><script>alert(1)</script></html>"))).toBeNull();
    // A real PNG named .txt is still a PNG.
    await expect(prepareImage("notes.txt", await sample("png"))).resolves.toBeDefined();
  });

  it("refuses the attack corpus, naming the file", async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>',
    );
    expect(await rejection("logo.svg", svg)).toMatch(/^logo\.svg: /);
    expect(await rejection("page.png", Buffer.from("<!doctype html><html><body>hi</body></html>"))).toMatch(
      /^page\.png: not a JPEG/,
    );
    expect(await rejection("tool.jpg", Buffer.from([0x4d, 0x5a, 0x90, 0x00, ...Buffer.alloc(200)]))).toMatch(
      /^tool\.jpg: /,
    );
    expect(await rejection("empty.png", Buffer.alloc(0))).toBe("empty.png: the file is empty.");
    const jpeg = await sample("jpeg", 1600, 1200);
    expect(await rejection("cut.jpg", jpeg.subarray(0, Math.floor(jpeg.length / 2)))).toMatch(/^cut\.jpg: /);
    expect(await rejection("huge.jpg", Buffer.concat([jpeg, Buffer.alloc(11 * 1024 * 1024)]))).toBe(
      "huge.jpg: the file is larger than 10 MB.",
    );
  });

  it("refuses a small file that would decode to more than 40 megapixels, before decoding it", async () => {
    const bomb = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: { r: 0, g: 0, b: 0 } } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(await rejection("bomb.png", bomb)).toMatch(/40 megapixels/);
  });

  it("judges the size of an image from its header: a 10,000 × 10,000 PNG is refused, naming it, without a pixel decoded", async () => {
    for (const damaged of [false, true]) {
      let message = "";
      expect(
        await decodesDuring(async () => (message = await rejection("NV-1.png", pngBomb(10_000, 10_000, { damaged })))),
      ).toBe(0);
      expect(message).toBe("NV-1.png: the image is larger than 40 megapixels.");
    }
    // Within the limit the pixels are decoded (so the spies do see decoding), and damaged ones refused.
    let message = "";
    expect(
      await decodesDuring(
        async () => (message = await rejection("NV-2.png", pngBomb(8_000, 5_000, { damaged: true }))),
      ),
    ).toBeGreaterThan(0);
    expect(message).toBe("NV-2.png: the image could not be decoded (damaged or incomplete).");
  });

  it("refuses polyglots: image bytes with a script after them, or a script wearing a GIF header", async () => {
    const gifHeaderScript = Buffer.from("GIF89a/*<script>alert(1)</script>*/=1;");
    expect(await rejection("poly.gif", gifHeaderScript)).toMatch(/^poly\.gif: /);
    // A valid PNG with HTML appended decodes as a PNG; it is re-encoded, so the HTML never survives.
    const png = Buffer.concat([await sample("png"), Buffer.from("<html><script>alert(1)</script></html>")]);
    const image = await prepareImage("trailing.png", png);
    for (const v of image.variants) expect(v.data.includes(Buffer.from("<script>"))).toBe(false);
  });

  it("writes only files that are not there yet, and reports what it created", async () => {
    const store = new LocalMediaStore(dir);
    const image = await prepareImage("a.png", await sample("png"));
    const first = await storeImages([image], store);
    expect(first).toHaveLength(2);
    expect(fs.existsSync(path.join(dir, first[0] as string))).toBe(true);
    expect(await storeImages([image], store)).toEqual([]);
  });
});

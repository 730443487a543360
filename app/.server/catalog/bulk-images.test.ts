import { zipSync } from "fflate";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as MESSAGES from "~/lib/messages";
import { TEST_ADMIN } from "../../../tests/support/actors";
import { setupTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { attachImagesBySku } from "./bulk-images";
import { insertProduct } from "./product-writes";
import { findProduct } from "./products";

let t: TestDatabase;
let disp: number;
let gum: number;

function png(rgb: [number, number, number]): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 30, channels: 3, background: { r: rgb[0], g: rgb[1], b: rgb[2] } } })
    .png()
    .toBuffer();
}

beforeAll(async () => {
  t = await setupTestDatabase();
  disp = await insertProduct(
    t.db,
    { sku: "NV-BB-LTR-DISP50", name: "Display", description: "", priceCents: 100, stock: 1, category: "novelty" },
    [],
  );
  gum = await insertProduct(
    t.db,
    { sku: "GUM-2", name: "Gum two", description: "", priceCents: 100, stock: 1, category: "novelty" },
    [],
  );
});

afterAll(async () => {
  await t.cleanup();
});

describe(`images in bulk on ${process.env.DATABASE_URL ? "PostgreSQL" : "SQLite"}`, () => {
  it("attaches loose files and ZIP entries to the products their names start with, in order", async () => {
    const zip = Buffer.from(
      zipSync({
        "photos/NV-BB-LTR-DISP50-2.png": new Uint8Array(await png([0, 0, 255])),
        "photos/GUM-2.png": new Uint8Array(await png([0, 255, 0])),
        "__MACOSX/._GUM-2.png": new Uint8Array([1, 2, 3]),
      }),
    );
    const results = await attachImagesBySku(
      t.db,
      [
        {
          name: "NV-BB-LTR-DISP50.jpg",
          data: await sharp(await png([255, 0, 0]))
            .jpeg()
            .toBuffer(),
        },
        { name: "photos.zip", data: zip },
      ],
      TEST_ADMIN,
    );
    expect(results).toEqual([
      { file: "GUM-2.png", ok: true, message: MESSAGES.bulkImageAttached("GUM-2") },
      { file: "NV-BB-LTR-DISP50.jpg", ok: true, message: MESSAGES.bulkImageAttached("NV-BB-LTR-DISP50") },
      { file: "NV-BB-LTR-DISP50-2.png", ok: true, message: MESSAGES.bulkImageAttached("NV-BB-LTR-DISP50") },
    ]);
    const display = await findProduct(t.db, disp);
    expect(display?.images).toHaveLength(2);
    expect((await findProduct(t.db, gum))?.images).toHaveLength(1);
  });

  it("refuses, file by file, what is not an image, matches no SKU, or climbs out of the ZIP", async () => {
    const zip = Buffer.from(
      zipSync({
        "../../etc/GUM-2.png": new Uint8Array(await png([1, 2, 3])),
        "/abs/GUM-2.png": new Uint8Array(await png([1, 2, 3])),
        "NOPE-1.png": new Uint8Array(await png([1, 2, 3])),
      }),
    );
    const results = await attachImagesBySku(
      t.db,
      [
        { name: "GUM-2.jpg", data: Buffer.from("not an image at all") },
        { name: "evil.zip", data: zip },
      ],
      TEST_ADMIN,
    );
    expect(results).toEqual([
      { file: "evil.zip/../../etc/GUM-2.png", ok: false, message: MESSAGES.zipUnsafeName },
      { file: "evil.zip//abs/GUM-2.png", ok: false, message: MESSAGES.zipUnsafeName },
      { file: "GUM-2.jpg", ok: false, message: "GUM-2.jpg: not a JPEG, PNG, WebP, GIF or AVIF image." },
      { file: "NOPE-1.png", ok: false, message: MESSAGES.bulkImageNoSku("NOPE-1.png") },
    ]);
    expect((await findProduct(t.db, gum))?.images).toHaveLength(1);
  });

  it("stops a ZIP bomb at the inflated-size limit, whatever its entries claim", async () => {
    // 60 MB of zeros compress to well under a megabyte (the limit is lowered for the test).
    const zeros = new Uint8Array(60 * 1024 * 1024);
    const bomb = Buffer.from(zipSync({ "GUM-2.png": zeros }, { level: 9 }));
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    const results = await attachImagesBySku(t.db, [{ name: "bomb.zip", data: bomb }], TEST_ADMIN, 20 * 1024 * 1024);
    expect(results).toEqual([{ file: "bomb.zip", ok: false, message: MESSAGES.zipBomb }]);
    expect(
      await attachImagesBySku(t.db, [{ name: "bad.zip", data: Buffer.from("PK\x03\x04garbage") }], TEST_ADMIN),
    ).toEqual([{ file: "bad.zip", ok: false, message: MESSAGES.zipUnreadable }]);
  });
});

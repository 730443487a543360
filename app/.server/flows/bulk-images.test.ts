import { zipSync } from "fflate";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as MESSAGES from "~/lib/messages";
import { TEST_ADMIN } from "../../../tests/support/actors";
import { setupTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { createLine } from "../catalog/lines";
import { insertProduct } from "../catalog/product-writes";
import { findProduct } from "../catalog/products";
import { attachImagesBySku, MAX_INFLATED_BYTES, unzip } from "./bulk-images";

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
    // Each file says which product it went to and as which image; a ZIP's entries by their path in
    // it; the ZIP's hidden files, skipped, are said too (issue 37).
    expect(results).toEqual([
      { file: "photos.zip", ok: false, message: MESSAGES.zipHiddenFilesSkipped(1), files: 1 },
      {
        file: "photos.zip/photos/GUM-2.png",
        ok: true,
        product: { id: gum, sku: "GUM-2", name: "Gum two", position: 1 },
        message: "Added to Gum two (GUM-2) as image 1.",
      },
      {
        file: "NV-BB-LTR-DISP50.jpg",
        ok: true,
        product: { id: disp, sku: "NV-BB-LTR-DISP50", name: "Display", position: 1 },
        message: "Added to Display (NV-BB-LTR-DISP50) as image 1.",
      },
      {
        file: "photos.zip/photos/NV-BB-LTR-DISP50-2.png",
        ok: true,
        product: { id: disp, sku: "NV-BB-LTR-DISP50", name: "Display", position: 2 },
        message: "Added to Display (NV-BB-LTR-DISP50) as image 2.",
      },
    ]);
    expect(MESSAGES.zipHiddenFilesSkipped(3)).toBe(
      "3 hidden or system files skipped (__MACOSX, names starting with a dot).",
    );
    const display = await findProduct(t.db, disp);
    expect(display?.images).toHaveLength(2);
    expect((await findProduct(t.db, gum))?.images).toHaveLength(1);
    // The same ZIP again: every image is there already, said as such; nothing is added.
    const again = await attachImagesBySku(t.db, [{ name: "photos.zip", data: zip }], TEST_ADMIN);
    expect(again.filter((r) => r.file !== "photos.zip")).toEqual([
      {
        file: "photos.zip/photos/GUM-2.png",
        ok: false,
        message: "Already image 1 of Gum two (GUM-2): not added again.",
      },
      {
        file: "photos.zip/photos/NV-BB-LTR-DISP50-2.png",
        ok: false,
        message: "Already image 2 of Display (NV-BB-LTR-DISP50): not added again.",
      },
    ]);
    expect((await findProduct(t.db, disp))?.images).toHaveLength(2);
  });

  it("attaches a ZIP entry named after a line's handle to the line's first variant, a SKU's to its variant (issue 38)", async () => {
    const lineId = await createLine(t.db, {
      name: "Cloud",
      description: "",
      category: "novelty",
      optionNames: ["Flavor"],
    });
    await t.db.updateTable("product_lines").set({ slug: "cloud-zip" }).where("id", "=", lineId).execute();
    const base = { description: "", priceCents: 100, stock: 1, category: "novelty" };
    const mint = await insertProduct(
      t.db,
      { ...base, sku: "CZ-MINT", name: "Cloud Mint", line: { id: lineId, options: ["Mint"], position: 0 } },
      [],
    );
    const grape = await insertProduct(
      t.db,
      { ...base, sku: "CZ-GRAPE", name: "Cloud Grape", line: { id: lineId, options: ["Grape"], position: 1 } },
      [],
    );
    const zip = Buffer.from(
      zipSync({
        "cloud-zip.png": new Uint8Array(await png([10, 20, 30])),
        "cloud-zip-2.png": new Uint8Array(await png([30, 20, 10])),
        "CZ-GRAPE.png": new Uint8Array(await png([90, 0, 90])),
      }),
    );
    const results = await attachImagesBySku(t.db, [{ name: "line.zip", data: zip }], TEST_ADMIN);
    expect(results.map((r) => [r.file, r.product?.sku, r.product?.position])).toEqual([
      ["line.zip/CZ-GRAPE.png", "CZ-GRAPE", 1],
      ["line.zip/cloud-zip.png", "CZ-MINT", 1],
      ["line.zip/cloud-zip-2.png", "CZ-MINT", 2],
    ]);
    expect((await findProduct(t.db, mint))?.images).toHaveLength(2);
    expect((await findProduct(t.db, grape))?.images).toHaveLength(1);
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
      { file: "GUM-2.jpg", ok: false, message: "not a JPEG, PNG, WebP, GIF or AVIF image." },
      { file: "evil.zip/NOPE-1.png", ok: false, message: "No product has the SKU this file is named after." },
    ]);
    expect((await findProduct(t.db, gum))?.images).toHaveLength(1);
  });

  it("stops a ZIP bomb at the inflated-size limit, whatever its entries claim", async () => {
    // 60 MB of zeros compress to well under a megabyte (the limit is lowered for the test).
    const zeros = new Uint8Array(60 * 1024 * 1024);
    const bomb = Buffer.from(zipSync({ "GUM-2.png": zeros }, { level: 9 }));
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    const results = await attachImagesBySku(t.db, [{ name: "bomb.zip", data: bomb }], TEST_ADMIN, 20 * 1024 * 1024);
    expect(results).toEqual([{ file: "bomb.zip", ok: false, message: MESSAGES.zipBomb(20) }]);
    expect(MESSAGES.zipBomb(200)).toBe(
      "Refused: the ZIP files of this upload unpack to more than 200 MB together (a ZIP bomb?). Send fewer or smaller ZIP files at a time.",
    );
    expect(
      await attachImagesBySku(t.db, [{ name: "bad.zip", data: Buffer.from("PK\x03\x04garbage") }], TEST_ADMIN),
    ).toEqual([{ file: "bad.zip", ok: false, message: MESSAGES.zipUnreadable }]);
  });

  it("counts every ZIP of a post against one limit: several bombs each under it are stopped together", async () => {
    // Four ZIPs of 6 MB of zeros each (a few kilobytes each): 24 MB together, over a 20 MB limit.
    const zips = Array.from({ length: 4 }, (_, i) => ({
      name: `part-${i + 1}.zip`,
      data: Buffer.from(zipSync({ [`NOPE-${i + 1}.png`]: new Uint8Array(6 * 1024 * 1024) }, { level: 9 })),
    }));
    for (const zip of zips) expect(zip.data.length).toBeLessThan(64 * 1024);
    const results = await attachImagesBySku(t.db, zips, TEST_ADMIN, 20 * 1024 * 1024);
    expect(results).toContainEqual({ file: "part-4.zip", ok: false, message: MESSAGES.zipBomb(20) });
    // The first three were read (their entries are no image of ours), the fourth was not.
    expect(results.map((r) => r.file).sort()).toEqual([
      "part-1.zip/NOPE-1.png",
      "part-2.zip/NOPE-2.png",
      "part-3.zip/NOPE-3.png",
      "part-4.zip",
    ]);
  });

  it("stops an entry that claims to be small at what it may inflate to", async () => {
    const zip = Buffer.from(zipSync({ "GUM-2.png": new Uint8Array(60 * 1024 * 1024) }, { level: 9 }));
    // Both headers say 100 bytes (the local one at 22, the directory's at 24).
    zip.writeUInt32LE(100, 22);
    const directory = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    zip.writeUInt32LE(100, directory + 24);
    const budget = { total: 20 * 1024 * 1024, left: 20 * 1024 * 1024 };
    const { files, refused } = await unzip("liar.zip", zip, budget);
    expect(files).toEqual([]);
    expect(refused).toEqual([{ file: "liar.zip/GUM-2.png", ok: false, message: "The file is larger than 10 MB." }]);
    // It cost what an image may be, not the 60 MB it holds.
    expect(budget.left).toBe(10 * 1024 * 1024);
  });

  it("inflates a large ZIP off the event loop: a timer keeps firing while it does", async () => {
    // 120 entries of 1.5 MB (a pattern that compresses well, as scans do not): 180 MB to inflate.
    const entry = new Uint8Array(1.5 * 1024 * 1024).map((_, i) => (i * 7) % 251);
    const entries: Record<string, Uint8Array> = {};
    for (let i = 0; i < 120; i++) entries[`NOPE-${i}.png`] = entry;
    const zip = Buffer.from(zipSync(entries, { level: 6 }));
    let last = performance.now();
    let longest = 0;
    let ticks = 0;
    const timer = setInterval(() => {
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
      ticks++;
    }, 5);
    const started = performance.now();
    const { files } = await unzip("big.zip", zip, { total: MAX_INFLATED_BYTES, left: MAX_INFLATED_BYTES });
    const took = performance.now() - started;
    clearInterval(timer);
    expect(files).toHaveLength(120);
    expect(files.every((f) => f.data.length === entry.length)).toBe(true);
    // The timer fired all along: the loop was never held for a large part of the inflating, as one
    // synchronous inflate would hold it (its longest gap would be nearly all of it). Proportions,
    // not milliseconds: a loaded machine stretches both.
    expect(ticks).toBeGreaterThan(took / 50);
    expect(longest).toBeLessThan(took / 4);
  });
});

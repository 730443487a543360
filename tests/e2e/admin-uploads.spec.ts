import "./support/env";
import sharp from "sharp";
import {
  apiSignedIn,
  imageKeys,
  jpegImage,
  mediaFiles,
  mediaKeyOf,
  ORIGIN,
  pngImage,
  productsNamed,
  tag,
  usedMediaKeys,
} from "./support/admin";
import { createAdminAccount } from "./support/data";
import { expect, logIn, test } from "./support/fixtures";

interface Bad {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

async function corpus(): Promise<Bad[]> {
  const jpeg = await jpegImage(1200, 900, [200, 40, 90]);
  const big = Buffer.alloc(11 * 1024 * 1024, 0x41);
  jpeg.copy(big, 0, 0, 64);
  const huge = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: "#ffffff" } })
    .png({ compressionLevel: 9 })
    .toBuffer();
  return [
    {
      name: "scripted.svg",
      mimeType: "image/svg+xml",
      buffer: Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script></svg>',
      ),
    },
    {
      name: "page.png",
      mimeType: "image/png",
      buffer: Buffer.from("<!doctype html><html><body><script>alert(1)</script></body></html>"),
    },
    { name: "empty.png", mimeType: "image/png", buffer: Buffer.alloc(0) },
    { name: "truncated.jpg", mimeType: "image/jpeg", buffer: jpeg.subarray(0, Math.floor(jpeg.length / 2)) },
    { name: "eleven-mb.jpg", mimeType: "image/jpeg", buffer: big },
    { name: "giant-canvas.png", mimeType: "image/png", buffer: huge },
    {
      name: "polyglot.gif",
      mimeType: "image/gif",
      buffer: Buffer.concat([Buffer.from("GIF89a"), Buffer.from("/*<script>alert(1)</script>*/=1;")]),
    },
  ];
}

function variantNames(key: string): RegExp {
  return new RegExp(`^${key.slice(0, 2)}/${key}`);
}

test.describe("@desktop-only image uploads", () => {
  test("every file of the bad-upload corpus is refused by name; no product and no media file is made", async () => {
    test.setTimeout(180_000);
    // Made first: an idle kept-alive connection may be closed by the server while sharp works.
    const files = await corpus();
    const api = await apiSignedIn(await createAdminAccount());
    const before = new Set(await mediaFiles());

    for (const file of files) {
      const name = `Corpus ${tag()}`;
      const res = await api.post("/admin/products/new", {
        multipart: {
          name,
          price: "9.99",
          quantity: "5",
          category: "glass",
          description: "",
          intent: "save",
          images: file,
        },
        headers: { Origin: ORIGIN },
        maxRedirects: 0,
      });
      expect(res.status(), file.name).toBe(400);
      const html = await res.text();
      expect(html, file.name).toContain("Image upload failed.");
      expect(html, file.name).toContain(file.name);
      expect(await productsNamed(name), file.name).toEqual([]);
    }

    // None of the corpus left a file; anything new in the folder belongs to another test's product.
    const after = await mediaFiles();
    for (const file of files) {
      const key = mediaKeyOf(file.buffer);
      expect(
        after.filter((f) => variantNames(key).test(f)),
        file.name,
      ).toEqual([]);
    }
    expect(after.filter((f) => f.endsWith(".tmp"))).toEqual([]);
    await expect(async () => {
      const used = await usedMediaKeys();
      const stray = (await mediaFiles()).filter((f) => !before.has(f) && !used.has(f.slice(3, 35)));
      expect(stray).toEqual([]);
    }).toPass({ timeout: 20_000 });
    await api.dispose();
  });

  test("an uploaded image is served as immutable WebP for a year, with nosniff", { tag: "@smoke" }, async ({
    request,
  }) => {
    const image = await pngImage(640, 480, [Math.floor(Math.random() * 255), 17, 99]);
    const api = await apiSignedIn(await createAdminAccount());
    const name = `Served ${tag()}`;
    const res = await api.post("/admin/products/new", {
      multipart: {
        name,
        price: "4.00",
        quantity: "3",
        category: "novelty",
        intent: "save",
        images: { name: "served.png", mimeType: "image/png", buffer: image },
      },
      headers: { Origin: ORIGIN },
      maxRedirects: 0,
    });
    expect(res.status()).toBe(302);
    const [product] = await productsNamed(name);
    expect(product).toBeDefined();
    const key = mediaKeyOf(image);
    expect(await imageKeys(product?.id as number)).toEqual([key]);

    const media = await request.get(`/media/${key.slice(0, 2)}/${key}-400.webp`);
    expect(media.status()).toBe(200);
    const headers = media.headers();
    expect(headers["content-type"]).toBe("image/webp");
    expect(headers["cache-control"]).toContain("immutable");
    expect(headers["cache-control"]).toMatch(/max-age=31536000\b/);
    expect(headers["x-content-type-options"]).toBe("nosniff");
    const body = await media.body();
    expect(body.subarray(0, 4).toString("latin1")).toBe("RIFF");
    expect(body.subarray(8, 12).toString("latin1")).toBe("WEBP");
    const meta = await sharp(body).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 400, height: 300 });
    // A width that was never stored is a 404, not a fallback.
    expect((await request.get(`/media/${key.slice(0, 2)}/${key}-1200.webp`)).status()).toBe(404);
    await api.dispose();
  });
});

test("uploading an SVG in the add form shows 'Image upload failed.' with the file name @desktop-only", async ({
  page,
}) => {
  const admin = await createAdminAccount();
  await logIn(page, admin);
  await page.goto("/admin/products/new");
  const name = `Svg ${tag()}`;
  await page.getByRole("textbox", { name: "Name", exact: true }).fill(name);
  await page.getByRole("textbox", { name: "Price (USD)" }).fill("5.00");
  await page.getByRole("textbox", { name: "Quantity in stock" }).fill("2");
  await page.getByRole("combobox", { name: "Category" }).selectOption("glass");
  await page.getByLabel("Images", { exact: true }).setInputFiles({
    name: "logo-with-script.svg",
    mimeType: "image/svg+xml",
    buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
  });
  await page.getByRole("button", { name: "Add product" }).click();
  await expect(page.getByText("Image upload failed.")).toBeVisible();
  await expect(page.getByText(/logo-with-script\.svg: /)).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/products\/new$/);
  expect(await productsNamed(name)).toEqual([]);
});

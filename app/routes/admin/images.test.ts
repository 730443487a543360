import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureAccount } from "~/.server/accounts/admins";
import type { Viewer } from "~/.server/accounts/viewer";
import { insertProduct } from "~/.server/catalog/product-writes";
import { findProduct } from "~/.server/catalog/products";
import * as BACK_OFFICE_MESSAGES from "~/lib/messages/back-office";
import { postTo, replyOf, viewerFor } from "../../../tests/support/route-call";
import { setupTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { action } from "./images";

/**
 * Images in bulk (issue 37): the upload's files read through the form's schema. What is not a
 * file, or an empty one, is no file: the answer says to choose some, above the form.
 */
let t: TestDatabase;
let admin: Viewer;
let productId: number;

async function upload(files: (File | string)[]) {
  const call = postTo("/admin/images", {}, admin);
  for (const f of files) call.form.append("files", f);
  return replyOf(await action({ ...call, params: {} } as never));
}

beforeAll(async () => {
  t = await setupTestDatabase();
  await ensureAccount(t.db, { email: "images@admin.test", name: "Images Admin", role: "admin" });
  const row = await t.db
    .selectFrom("users")
    .select(["id", "name", "email"])
    .where("email", "=", "images@admin.test")
    .executeTakeFirstOrThrow();
  admin = viewerFor(row, "admin");
  productId = await insertProduct(
    t.db,
    { sku: "BULK-IMG-1", name: "Bulk image", description: "", priceCents: 100, stock: 1, category: "novelty" },
    [],
  );
});

afterAll(async () => {
  await t.cleanup();
});

describe("the bulk image upload's post", () => {
  const choose = { status: 400, reply: { ok: false, message: BACK_OFFICE_MESSAGES.bulkImagesChoose, values: {} } };

  it("answers a post with no file, an empty input, or text in the files' place with the form's error", async () => {
    expect(await upload([])).toEqual(choose);
    expect(await upload([new File([], "")])).toEqual(choose);
    expect(await upload([new File([], "BULK-IMG-1.png")])).toEqual(choose);
    const text = await upload(["BULK-IMG-1.png"]);
    expect(text).toEqual({ ...choose, reply: { ...choose.reply, values: { files: "BULK-IMG-1.png" } } });
    expect((await findProduct(t.db, productId))?.images).toEqual([]);
  });

  it("attaches the files posted to the products their names name", async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 0, g: 0, b: 255 } } })
      .png()
      .toBuffer();
    const { status, reply } = await upload([new File([new Uint8Array(png)], "BULK-IMG-1.png", { type: "image/png" })]);
    expect(status).toBe(200);
    expect(reply).toMatchObject({ ok: true, message: BACK_OFFICE_MESSAGES.bulkImagesDone(1, 1, 0) });
    expect((await findProduct(t.db, productId))?.images).toHaveLength(1);
  });
});

import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureAccount } from "~/.server/accounts/admins";
import type { Viewer } from "~/.server/accounts/viewer";
import { findProduct } from "~/.server/catalog/products";
import { listTiers } from "~/.server/pricing/tiers";
import * as MESSAGES from "~/lib/messages";
import * as BACK_OFFICE_MESSAGES from "~/lib/messages/back-office";
import * as VOLUME_MESSAGES from "~/lib/messages/volume-prices";
import { postTo, replyOf, viewerFor } from "../../../tests/support/route-call";
import { setupTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { action as editAction } from "./product-edit";
import { action as newAction } from "./product-new";

/**
 * The product form's posts (issue 37): its fields, its images and its quantity breaks read
 * through the form's schema, every problem beside its field; on the database the run is on.
 */
let t: TestDatabase;
let admin: Viewer;

const product = { intent: "save", name: "Form Chips", price: "20.00", quantity: "100", category: "novelty" };

type Action = (args: never) => Promise<unknown>;

async function post(action: Action, fields: Record<string, string>, files: File[] = [], params = {}) {
  const call = postTo("/admin/products/new", fields, admin);
  for (const f of files) call.form.append("images", f);
  const answer = await action({ ...call, params } as never);
  if (answer instanceof Response) return { status: answer.status, location: answer.headers.get("location") };
  return replyOf(answer);
}

const png = async () =>
  new File(
    [
      new Uint8Array(
        await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 200, g: 0, b: 0 } } })
          .png()
          .toBuffer(),
      ),
    ],
    "chips.png",
    { type: "image/png" },
  );

async function productNamed(name: string) {
  return t.db.selectFrom("products").select(["id", "version", "stock"]).where("name", "=", name).executeTakeFirst();
}

beforeAll(async () => {
  t = await setupTestDatabase();
  await ensureAccount(t.db, { email: "form@admin.test", name: "Form Admin", role: "admin" });
  const row = await t.db
    .selectFrom("users")
    .select(["id", "name", "email"])
    .where("email", "=", "form@admin.test")
    .executeTakeFirstOrThrow();
  admin = viewerFor(row, "admin");
});

afterAll(async () => {
  await t.cleanup();
});

describe("the add product form's post", () => {
  it("says a break with a bad quantity beside the breaks, with what was typed, and adds nothing", async () => {
    const { status, reply } = (await post(newAction, { ...product, tiers: "1, 15" })) as ReturnType<typeof replyOf>;
    expect(status).toBe(400);
    expect(reply.fieldErrors).toEqual({ tiers: VOLUME_MESSAGES.tierQuantityInvalid(1) });
    expect(reply.values).toMatchObject({ tiers: "1, 15", name: "Form Chips" });
    expect(await productNamed("Form Chips")).toBeUndefined();
  });

  it("says every field's problem at once: the product's, its breaks' and its compliance facts'", async () => {
    const { reply } = (await post(newAction, {
      ...product,
      name: "",
      tiers: "5, 18\n3, 15",
      country: "USA",
    })) as ReturnType<typeof replyOf>;
    expect(reply.fieldErrors).toEqual({
      name: MESSAGES.nameRequired,
      country: MESSAGES.countryFormat,
      tiers: VOLUME_MESSAGES.tierUnordered(2),
    });
  });

  it("refuses a file too large, or too many files, beside the images, before reading any", async () => {
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], "huge.png", { type: "image/png" });
    const tooBig = (await post(newAction, product, [big])) as ReturnType<typeof replyOf>;
    expect(tooBig.reply.fieldErrors).toEqual({ images: BACK_OFFICE_MESSAGES.imageTooLarge("huge.png") });
    const many = Array.from({ length: 11 }, (_, i) => new File(["x"], `${i}.png`, { type: "image/png" }));
    const tooMany = (await post(newAction, product, many)) as ReturnType<typeof replyOf>;
    expect(tooMany.reply.fieldErrors).toEqual({ images: BACK_OFFICE_MESSAGES.tooManyImages(10) });
    expect(await productNamed("Form Chips")).toBeUndefined();
  });

  it("adds the product with its image, breaks and facts; a taken SKU is said beside the SKU", async () => {
    const added = await post(newAction, { ...product, sku: "FORM-CHIPS", tiers: "5, 18\n10, 15", brand: "Crunch" }, [
      await png(),
    ]);
    const made = await productNamed("Form Chips");
    expect(added).toEqual({ status: 302, location: `/admin/products?created=${made?.id}` });
    const saved = await findProduct(t.db, made?.id ?? 0);
    expect(saved?.images).toHaveLength(1);
    expect(await listTiers(t.db, made?.id ?? 0)).toEqual([
      { minQuantity: 5, priceCents: 1800 },
      { minQuantity: 10, priceCents: 1500 },
    ]);
    const again = (await post(newAction, { ...product, name: "Other Chips", sku: "FORM-CHIPS" })) as ReturnType<
      typeof replyOf
    >;
    expect(again.status).toBe(409);
    expect(again.reply.fieldErrors).toEqual({ sku: MESSAGES.skuTaken("FORM-CHIPS") });
  });
});

describe("the edit product form's post", () => {
  it("saves the fields, the images kept and the breaks; a stale form is said above it, without what was posted", async () => {
    const made = await productNamed("Form Chips");
    if (!made) throw new Error("no product");
    const params = { productId: String(made.id) };
    const opened = { version: String(made.version), stockSeen: String(made.stock) };
    const image = (await findProduct(t.db, made.id))?.images[0]?.key ?? "";
    const badBreak = (await post(
      editAction,
      { ...product, ...opened, tiers: "5, 18\n1, 15" },
      [],
      params,
    )) as ReturnType<typeof replyOf>;
    expect(badBreak.reply.fieldErrors).toEqual({ tiers: VOLUME_MESSAGES.tierQuantityInvalid(2) });
    const fields = { ...product, ...opened, name: "Form Chips 2", tiers: "", keepImage: image };
    const saved = await post(editAction, fields, [], params);
    expect(saved).toEqual({ status: 302, location: "/admin/products" });
    const now = await findProduct(t.db, made.id);
    expect(now?.name).toBe("Form Chips 2");
    expect(now?.images.map((i) => i.key)).toEqual([image]);
    expect(await listTiers(t.db, made.id)).toEqual([]);
    const stale = (await post(editAction, { ...product, ...opened }, [], params)) as ReturnType<typeof replyOf>;
    expect(stale).toEqual({ status: 409, reply: { ok: false, message: MESSAGES.productChangedSinceOpened } });
  });
});

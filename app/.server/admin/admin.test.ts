import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as MESSAGES from "~/lib/messages";
import { TEST_ADMIN } from "../../../tests/support/actors";
import { customerWithAddress } from "../../../tests/support/customers";
import { setupTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { ensureAccount } from "../accounts/admins";
import { listUsers } from "../admin/directory";
import { insertProduct } from "../catalog/product-writes";
import { findProduct } from "../catalog/products";
import { changeOrderStatus, StatusChangeError } from "../flows/order-life";
import { placeOrder } from "../flows/place-order";
import {
  bulkUpdateProducts,
  createProductWithImages,
  deleteProduct,
  ProductChangedError,
  updateProductWithImages,
} from "../flows/product-admin";
import { runJobsUntilIdle } from "../jobs/run-due";
import { ImageRejectedError } from "../media/intake";
import { getOverviewFigures } from "../reports/overview";
import { listAllOrders } from "./orders";
import { listAdminProducts } from "./products";

let t: TestDatabase;
let buyer: string;
let buyerAddress: string;

const png = (r: number) =>
  sharp({ create: { width: 500, height: 500, channels: 3, background: { r, g: 10, b: 10 } } })
    .png()
    .toBuffer();

function mediaFiles(): string[] {
  const root = path.join(t.dataDir, "media");
  if (!fs.existsSync(root)) return [];
  return fs.readdirSync(root).flatMap((d) => fs.readdirSync(path.join(root, d)));
}

async function product(name: string, priceCents: number, stock: number, category = "novelty") {
  return insertProduct(t.db, { sku: `ADM-${name}`, name, description: "", priceCents, stock, category }, []);
}

async function stockOf(id: number) {
  return (await t.db.selectFrom("products").select("stock").where("id", "=", id).executeTakeFirstOrThrow()).stock;
}

beforeAll(async () => {
  t = await setupTestDatabase();
  ({ id: buyer, addressId: buyerAddress } = await customerWithAddress(t.db, "buyer@admin.test", {
    name: "Bea Buyer",
    username: "bea",
    businessName: "Bea's",
  }));
});

afterAll(async () => {
  await t.cleanup();
});

describe(`admin on ${process.env.DATABASE_URL ? "PostgreSQL" : "SQLite"}`, () => {
  it("filters, sorts and pages products in the database", async () => {
    await product("Zeta Lighter", 300, 0, "novelty");
    await product("Alpha Grinder", 1500, 8, "accessories");
    await product("Beta Grinder", 900, 2, "accessories");
    const grinders = await listAdminProducts(t.db, { q: "GRINDER" });
    expect(grinders.items.map((p) => p.name)).toEqual(["Alpha Grinder", "Beta Grinder"]);
    const byPrice = await listAdminProducts(t.db, { category: "ACCESSORIES", sort: "price-asc" });
    expect(byPrice.items.map((p) => p.priceCents)).toEqual([900, 1500]);
    expect((await listAdminProducts(t.db, { category: "accessories", sort: "price-desc" })).items[0]?.priceCents).toBe(
      1500,
    );
    expect((await listAdminProducts(t.db, { category: "access" })).total).toBe(0);
    expect((await listAdminProducts(t.db, { stock: "out" })).items.map((p) => p.name)).toEqual(["Zeta Lighter"]);
    expect((await listAdminProducts(t.db, { stock: "in" })).items.every((p) => p.stock > 0)).toBe(true);
    const paged = await listAdminProducts(t.db, { pageSize: 2, page: 2 });
    expect(paged).toMatchObject({ total: 3, page: 2 });
    expect(paged.items).toHaveLength(1);
  });

  it("bulk-updates the filled-in fields in one go and counts only what changed", async () => {
    const a = await product("Bulk A", 100, 1);
    const b = await product("Bulk B", 200, 1);
    const c = await product("Bulk C", 500, 1);
    expect(await bulkUpdateProducts(t.db, [a, b, c], { priceCents: 500 }, TEST_ADMIN)).toBe(2);
    expect(await bulkUpdateProducts(t.db, [a, b, c], { stock: 40, category: "glass" }, TEST_ADMIN)).toBe(3);
    const rows = await t.db
      .selectFrom("products")
      .select(["price_cents", "stock", "category"])
      .where("id", "in", [a, b, c])
      .execute();
    expect(rows.every((r) => r.price_cents === 500 && r.stock === 40 && r.category === "glass")).toBe(true);
    expect(await bulkUpdateProducts(t.db, [a], {}, TEST_ADMIN)).toBe(0);
  });

  it("creates a product with images, and saves nothing when one upload is bad", async () => {
    const filesBefore = mediaFiles().length;
    const id = await createProductWithImages(
      t.db,
      { name: "Pictured", description: "d", priceCents: 1000, stock: 5, category: "glass" },
      [
        { name: "one.png", data: await png(10) },
        { name: "two.png", data: await png(20) },
      ],
      TEST_ADMIN,
    );
    expect((await findProduct(t.db, id))?.images).toHaveLength(2);
    expect(mediaFiles().length).toBe(filesBefore + 4);

    const productsBefore = (await listAdminProducts(t.db, {})).total;
    const filesNow = mediaFiles().length;
    await expect(
      createProductWithImages(
        t.db,
        { name: "Broken", description: "", priceCents: 1, stock: 1, category: "glass" },
        [
          { name: "fine.png", data: await png(30) },
          { name: "evil.svg", data: Buffer.from("<svg onload=alert(1)></svg>") },
        ],
        TEST_ADMIN,
      ),
    ).rejects.toBeInstanceOf(ImageRejectedError);
    expect((await listAdminProducts(t.db, {})).total).toBe(productsBefore);
    expect(mediaFiles().length).toBe(filesNow);
  });

  it("edits images: reorders, removes (deleting unused files) and appends", async () => {
    const id = await createProductWithImages(
      t.db,
      { name: "Gallery", description: "", priceCents: 100, stock: 1, category: "glass" },
      [
        { name: "a.png", data: await png(40) },
        { name: "b.png", data: await png(50) },
      ],
      TEST_ADMIN,
    );
    const [first, second] = (await findProduct(t.db, id))?.images ?? [];
    const before = mediaFiles().length;
    const ok = await updateProductWithImages(
      t.db,
      id,
      { name: "Gallery 2", description: "x", priceCents: 250, stock: 9, category: "glass" },
      { keepKeys: [second?.key ?? ""], uploads: [{ name: "c.png", data: await png(60) }] },
      { version: 1, stockSeen: 1 },
      TEST_ADMIN,
    );
    expect(ok).toBe(true);
    const after = await findProduct(t.db, id);
    expect(after).toMatchObject({ name: "Gallery 2", priceCents: 250, stock: 9 });
    expect(after?.images.map((i) => i.key)).toEqual([second?.key, expect.any(String)]);
    expect(after?.images[1]?.key).not.toBe(first?.key);
    expect(mediaFiles().length).toBe(before); // two files of `first` gone, two of the new one added
    expect(mediaFiles().some((f) => f.startsWith(first?.key ?? "-"))).toBe(false);
  });

  it("the product form sets the product's own low-stock threshold, empties it, and leaves it when the post has none", async () => {
    const threshold = async (id: number) =>
      (await t.db.selectFrom("products").select("low_stock_threshold").where("id", "=", id).executeTakeFirstOrThrow())
        .low_stock_threshold;
    const base = { name: "Thresholds", description: "", priceCents: 100, stock: 8, category: "novelty" };
    const id = await createProductWithImages(t.db, { ...base, lowStockThreshold: 12 }, [], TEST_ADMIN);
    expect(await threshold(id)).toBe(12);
    const keep = { keepKeys: [], uploads: [] };
    const version = async () => (await findProduct(t.db, id))?.version ?? 0;
    await updateProductWithImages(
      t.db,
      id,
      { ...base, lowStockThreshold: 3 },
      keep,
      { version: await version(), stockSeen: 8 },
      TEST_ADMIN,
    );
    expect(await threshold(id)).toBe(3);
    const audit = await t.db
      .selectFrom("audit_log")
      .select(["summary"])
      .where("subject_id", "=", String(id))
      .where("action", "=", "product.update")
      .execute();
    expect(audit.map((a) => a.summary)).toEqual([`Edited ${(await findProduct(t.db, id))?.sku}: low-stock threshold`]);
    await updateProductWithImages(t.db, id, base, keep, { version: await version(), stockSeen: 8 }, TEST_ADMIN);
    expect(await threshold(id)).toBe(3);
    await updateProductWithImages(
      t.db,
      id,
      { ...base, lowStockThreshold: null },
      keep,
      { version: await version(), stockSeen: 8 },
      TEST_ADMIN,
    );
    expect(await threshold(id)).toBeNull();
  });

  it("an edit on a form opened before a sale never puts the sold units back", async () => {
    const id = await product("Open Form", 100, 2);
    const opened = await findProduct(t.db, id);
    if (!opened) throw new Error("product missing");
    // The form shows stock 2; meanwhile a customer buys both units.
    await placeOrder(t.db, {
      userId: buyer,
      idempotencyKey: crypto.randomUUID(),
      addressId: buyerAddress,
      lines: [{ id, quantity: 2 }],
    });
    // The admin fixes the description only: the stock field still says 2.
    const edit = { name: "Open Form", description: "Fixed typo", priceCents: 100, stock: 2, category: "novelty" };
    const keep = { keepKeys: [], uploads: [] };
    await updateProductWithImages(t.db, id, edit, keep, { version: opened.version, stockSeen: 2 }, TEST_ADMIN);
    expect(await stockOf(id)).toBe(0);
    expect((await findProduct(t.db, id))?.description).toBe("Fixed typo");

    // A stock correction made on the stale form is refused with the stock as it is now.
    const reopened = await findProduct(t.db, id);
    await placeOrder(t.db, {
      userId: buyer,
      idempotencyKey: crypto.randomUUID(),
      addressId: buyerAddress,
      lines: [{ id, quantity: 1 }],
    }).catch(() => null); // out of stock: refused
    await t.db.updateTable("products").set({ stock: 3 }).where("id", "=", id).execute(); // a delivery booked elsewhere
    const stale = updateProductWithImages(
      t.db,
      id,
      { ...edit, stock: 10 },
      keep,
      {
        version: reopened?.version ?? 0,
        stockSeen: 0,
      },
      TEST_ADMIN,
    );
    await expect(stale).rejects.toBeInstanceOf(ProductChangedError);
    await expect(stale).rejects.toThrow("it is now 3");
    expect(await stockOf(id)).toBe(3);
  });

  it("two admins editing one product: the second save, made on the older version, is refused", async () => {
    const id = await product("Two Admins", 100, 5);
    const v = (await findProduct(t.db, id))?.version ?? 0;
    const base = { name: "Two Admins", description: "", priceCents: 100, stock: 5, category: "novelty" };
    const keep = { keepKeys: [], uploads: [] };
    await updateProductWithImages(
      t.db,
      id,
      { ...base, priceCents: 150 },
      keep,
      { version: v, stockSeen: 5 },
      TEST_ADMIN,
    );
    await expect(
      updateProductWithImages(t.db, id, { ...base, name: "Renamed" }, keep, { version: v, stockSeen: 5 }, TEST_ADMIN),
    ).rejects.toThrow("This product changed since you opened it");
    expect(await findProduct(t.db, id)).toMatchObject({ name: "Two Admins", priceCents: 150, version: v + 1 });
    // Bulk Update counts as a change too.
    await bulkUpdateProducts(t.db, [id], { priceCents: 175 }, TEST_ADMIN);
    await expect(
      updateProductWithImages(t.db, id, base, keep, { version: v + 1, stockSeen: 5 }, TEST_ADMIN),
    ).rejects.toBeInstanceOf(ProductChangedError);
  });

  it("deletes a product while past orders keep their copy of its name and price", async () => {
    const id = await createProductWithImages(
      t.db,
      { name: "Soon Gone", description: "", priceCents: 777, stock: 10, category: "novelty" },
      [{ name: "g.png", data: await png(70) }],
      TEST_ADMIN,
    );
    const key = (await findProduct(t.db, id))?.images[0]?.key ?? "";
    const { order } = await placeOrder(t.db, {
      userId: buyer,
      idempotencyKey: crypto.randomUUID(),
      addressId: buyerAddress,
      lines: [{ id, quantity: 2 }],
    });
    expect(await deleteProduct(t.db, id, TEST_ADMIN)).toBe(true);
    expect(await findProduct(t.db, id)).toBeNull();
    expect(mediaFiles().some((f) => f.startsWith(key))).toBe(false);
    const items = await t.db.selectFrom("order_items").selectAll().where("order_id", "=", order.id).execute();
    expect(items).toEqual([
      expect.objectContaining({ product_id: null, name: "Soon Gone", unit_price_cents: 777, quantity: 2 }),
    ]);
    expect(await deleteProduct(t.db, id, TEST_ADMIN)).toBe(false);
  });

  it("moves stock with order status: cancel returns it, un-cancel takes it again or is refused", async () => {
    const id = await product("Status Item", 100, 5);
    const { order } = await placeOrder(t.db, {
      userId: buyer,
      idempotencyKey: crypto.randomUUID(),
      addressId: buyerAddress,
      lines: [{ id, quantity: 3 }],
    });
    expect(await stockOf(id)).toBe(2);
    await changeOrderStatus(t.db, order.id, { seen: "Processing", next: "In Review" }, TEST_ADMIN);
    expect(await stockOf(id)).toBe(2);
    await changeOrderStatus(t.db, order.id, { seen: "In Review", next: "Cancelled" }, TEST_ADMIN);
    expect(await stockOf(id)).toBe(5);
    await changeOrderStatus(t.db, order.id, { seen: "Cancelled", next: "Cancelled" }, TEST_ADMIN); // no change, no double return
    expect(await stockOf(id)).toBe(5);
    await changeOrderStatus(t.db, order.id, { seen: "Cancelled", next: "Processing" }, TEST_ADMIN);
    expect(await stockOf(id)).toBe(2);
    await changeOrderStatus(t.db, order.id, { seen: "Processing", next: "Cancelled" }, TEST_ADMIN);
    await t.db.updateTable("products").set({ stock: 1 }).where("id", "=", id).execute();
    await expect(
      changeOrderStatus(t.db, order.id, { seen: "Cancelled", next: "Completed" }, TEST_ADMIN),
    ).rejects.toBeInstanceOf(StatusChangeError);
    expect(await stockOf(id)).toBe(1);
    const listed = await listAllOrders(t.db, { status: "Cancelled" });
    expect(listed.items.map((o) => o.id)).toContain(order.id);
    await expect(changeOrderStatus(t.db, order.id, { seen: "Cancelled", next: "Shipped" }, TEST_ADMIN)).rejects.toThrow(
      "Unknown status.",
    );
    await runJobsUntilIdle({ db: t.db });
    const mails = fs
      .readdirSync(path.join(t.dataDir, "outbox"))
      .map((f) => JSON.parse(fs.readFileSync(path.join(t.dataDir, "outbox", f), "utf8")));
    expect(mails.some((m) => m.to === "buyer@admin.test" && m.subject === `Order #${order.id} is now Cancelled`)).toBe(
      true,
    );
  });

  it("two admins cancelling at once return the stock once", async () => {
    const id = await product("Race Cancel", 100, 10);
    const { order } = await placeOrder(t.db, {
      userId: buyer,
      idempotencyKey: crypto.randomUUID(),
      addressId: buyerAddress,
      lines: [{ id, quantity: 4 }],
    });
    await Promise.allSettled([
      changeOrderStatus(t.db, order.id, { seen: "Processing", next: "Cancelled" }, TEST_ADMIN),
      changeOrderStatus(t.db, order.id, { seen: "Processing", next: "Cancelled" }, TEST_ADMIN),
    ]);
    expect(await stockOf(id)).toBe(10);
  });

  it("lists orders newest first with their customer, or 'Unknown User' once the account is gone", async () => {
    const { id: leaver, addressId } = await customerWithAddress(t.db, "leaver@admin.test", {
      name: "Leaver",
      businessName: "Gone Shop",
    });
    const id = await product("Leaver Item", 100, 5);
    const { order } = await placeOrder(t.db, {
      userId: leaver,
      idempotencyKey: crypto.randomUUID(),
      addressId,
      lines: [{ id, quantity: 1 }],
    });
    await t.db.deleteFrom("users").where("id", "=", leaver).execute();
    const all = await listAllOrders(t.db, {});
    const dates = all.items.map((o) => o.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    const found = all.items.find((o) => o.id === order.id);
    expect(found).toMatchObject({ customerName: MESSAGES.unknownUser, customerEmail: null });
    expect(found?.shipping.businessName).toBe("Gone Shop");
    expect(all.items.find((o) => o.customerEmail === "buyer@admin.test")?.customerName).toBe("Bea Buyer");
  });

  it("searches and pages users", async () => {
    const found = await listUsers(t.db, { q: "BEA" });
    expect(found.items.map((u) => u.email)).toEqual(["buyer@admin.test"]);
    expect(found.items[0]).toMatchObject({ username: "bea", role: "customer", emailVerified: true });
    expect((await listUsers(t.db, { q: "%" })).total).toBe(0);
    // `_` and `%` are literal characters of the search (usernames often have an underscore).
    await ensureAccount(t.db, { email: "under@admin.test", name: "Una", role: "customer", username: "una_score" });
    expect((await listUsers(t.db, { q: "una_s" })).items.map((u) => u.email)).toEqual(["under@admin.test"]);
    expect((await listUsers(t.db, { q: "a_s" })).items.map((u) => u.email)).toEqual(["under@admin.test"]);
    expect((await listUsers(t.db, { q: "una_x" })).total).toBe(0);
    const page = await listUsers(t.db, { pageSize: 1, page: 1 });
    expect(page.items).toHaveLength(1);
  });

  it("sums the overview figures", async () => {
    const f = await getOverviewFigures(t.db);
    expect(f.ordersToday).toBeGreaterThan(0);
    expect(f.ordersLast7Days).toBeGreaterThanOrEqual(f.ordersToday);
    expect(f.revenueLast7DaysCents).toBeGreaterThan(0);
    expect(f.productsOutOfStock).toBeGreaterThanOrEqual(1);
    expect(f.productsLowStock).toBeGreaterThanOrEqual(1);
    const waiting =
      (await listAllOrders(t.db, { status: "Processing" })).total +
      (await listAllOrders(t.db, { status: "In Review" })).total;
    expect(f.ordersWaiting).toBe(waiting);
  });
});

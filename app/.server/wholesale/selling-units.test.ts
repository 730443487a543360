import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as MESSAGES from "~/lib/messages";
import * as SELLING_MESSAGES from "~/lib/messages/selling";
import { TEST_ADMIN } from "../../../tests/support/actors";
import { customerWithAddress } from "../../../tests/support/customers";
import { setupTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { insertProduct } from "../catalog/product-writes";
import { findProduct } from "../catalog/products";
import { shapeCard, shapeDetail } from "../catalog/shape";
import { checkCartLines } from "../flows/cart-check";
import { OrderRefusedError, placeOrder } from "../flows/place-order";
import { createProductWithImages, updateProductWithImages } from "../flows/product-admin";
import { readProductForm } from "../flows/product-form";
import { readQuantity } from "./selling-units";

let t: TestDatabase;
let buyer: string;
let address: string;

const db = () => t.db;
const key = () => crypto.randomUUID();

function form(fields: Record<string, string>): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
}

const baseFields = { name: "Blue Razz 10-pack", price: "12.90", quantity: "100", category: "novelty" };

async function cased(name: string, stock: number, unit = { casePack: 10, minQuantity: 20, maxQuantity: 60 }) {
  return insertProduct(
    db(),
    {
      sku: `SKU-${name.replace(/\W/g, "")}`,
      name,
      description: "",
      priceCents: 129,
      stock,
      category: "novelty",
      ...unit,
    },
    [],
  );
}

async function stockOf(id: number): Promise<number> {
  return (await db().selectFrom("products").select("stock").where("id", "=", id).executeTakeFirstOrThrow()).stock;
}

async function orderCount(): Promise<number> {
  return (await db().selectFrom("orders").select("id").execute()).length;
}

beforeAll(async () => {
  t = await setupTestDatabase();
  ({ id: buyer, addressId: address } = await customerWithAddress(t.db, "buyer@shop.test"));
});

afterAll(async () => {
  await t.cleanup();
});

describe(`selling units on ${process.env.DATABASE_URL ? "PostgreSQL" : "SQLite"}`, () => {
  it("the product form stores a case pack, minimum and maximum, and refuses ones that do not fit", async () => {
    const read = await readProductForm(form({ ...baseFields, casePack: "10", minQuantity: "20", maxQuantity: "60" }));
    if (!read.ok) throw new Error(JSON.stringify(read.errors));
    const id = await createProductWithImages(db(), read.changes, [], TEST_ADMIN);
    expect(await findProduct(db(), id)).toMatchObject({ casePack: 10, minQuantity: 20, maxQuantity: 60 });

    const bad = async (fields: Record<string, string>) => {
      const r = await readProductForm(form({ ...baseFields, ...fields }));
      return r.ok ? null : r.errors;
    };
    expect(await bad({ casePack: "0" })).toEqual({ casePack: MESSAGES.casePackInvalid });
    expect(await bad({ casePack: "2.5" })).toEqual({ casePack: MESSAGES.casePackInvalid });
    expect(await bad({ casePack: "-4" })).toEqual({ casePack: MESSAGES.casePackInvalid });
    expect(await bad({ casePack: "99999999" })).toEqual({ casePack: MESSAGES.casePackInvalid });
    expect(await bad({ minQuantity: "abc" })).toEqual({ minQuantity: MESSAGES.minimumInvalid });
    expect(await bad({ maxQuantity: "0" })).toEqual({ maxQuantity: MESSAGES.maximumInvalid });
    expect(await bad({ casePack: "10", minQuantity: "15" })).toEqual({ minQuantity: MESSAGES.minimumNotPackMultiple });
    expect(await bad({ casePack: "10", maxQuantity: "25" })).toEqual({ maxQuantity: MESSAGES.maximumNotPackMultiple });
    expect(await bad({ casePack: "10", minQuantity: "30", maxQuantity: "20" })).toEqual({
      maxQuantity: MESSAGES.maximumBelowMinimum,
    });

    // Empty fields: single units, one case, no limit.
    const plain = await readProductForm(form({ ...baseFields, casePack: "6", minQuantity: "", maxQuantity: "" }));
    expect(plain.ok && plain.changes).toMatchObject({ casePack: 6, minQuantity: 6, maxQuantity: null });

    // An edit changes them and the audit log names them.
    const product = await findProduct(db(), id);
    if (!product) throw new Error("no product");
    const edit = await readProductForm(
      form({ ...baseFields, casePack: "12", minQuantity: "12", maxQuantity: "", version: "1", stockSeen: "100" }),
    );
    if (!edit.ok || !edit.opened) throw new Error("edit refused");
    await updateProductWithImages(db(), id, edit.changes, { keepKeys: [], uploads: [] }, edit.opened, TEST_ADMIN);
    expect(await findProduct(db(), id)).toMatchObject({ casePack: 12, minQuantity: 12, maxQuantity: null });
    const audit = await db()
      .selectFrom("audit_log")
      .select("summary")
      .where("action", "=", "product.update")
      .where("subject_id", "=", String(id))
      .executeTakeFirstOrThrow();
    expect(audit.summary).toContain("case pack, minimum order, maximum per order");
  });

  it("the database itself refuses a case pack below 1", async () => {
    await expect(cased("Broken Pack", 10, { casePack: 0, minQuantity: 1, maxQuantity: 60 })).rejects.toThrow();
  });

  it("buyers see the SKU and selling unit, visitors do not", async () => {
    const id = await cased("Shown Pack", 100);
    const p = await findProduct(db(), id);
    if (!p) throw new Error("no product");
    expect(shapeCard(p, true)).toMatchObject({ sku: "SKU-ShownPack", casePack: 10, minQuantity: 20, maxQuantity: 60 });
    expect(shapeDetail(p, true)).toMatchObject({ sku: "SKU-ShownPack", casePack: 10 });
    for (const shaped of [shapeCard(p, false), shapeDetail(p, false)]) {
      expect(Object.keys(shaped)).not.toContain("sku");
      expect(Object.keys(shaped)).not.toContain("casePack");
    }
  });

  it("the cart check fits a quantity to whole cases within the limits, and calls too few cases out of stock", async () => {
    const id = await cased("Checked Pack", 45);
    const few = await cased("Few Left Pack", 15);
    const [fine, odd, below, above, low] = await checkCartLines(db(), [
      { id, quantity: 30 },
      { id, quantity: 33 },
      { id, quantity: 10 },
      { id, quantity: 70 },
      { id: few, quantity: 20 },
    ]);
    expect(fine).toMatchObject({ status: "ok", quantity: 30, product: { casePack: 10, minQuantity: 20 } });
    expect(odd).toMatchObject({ status: "adjusted", requested: 33, quantity: 30 });
    expect(below).toMatchObject({ status: "adjusted", quantity: 20 });
    expect(above).toMatchObject({ status: "adjusted", quantity: 40 });
    expect(low).toMatchObject({ status: "out-of-stock", quantity: 0 });
  });

  it("placing an order refuses any quantity the selling unit does not allow, and writes nothing", async () => {
    const id = await cased("Ordered Pack", 100);
    const place = (quantity: number) =>
      placeOrder(db(), { userId: buyer, idempotencyKey: key(), addressId: address, lines: [{ id, quantity }] });
    const before = await orderCount();
    const name = "Ordered Pack";
    for (const [quantity, message] of [
      [25, SELLING_MESSAGES.quantityNotPackMultiple(name, 10)],
      [10, SELLING_MESSAGES.quantityBelowMinimum(name, 20)],
      [70, SELLING_MESSAGES.quantityAboveMaximum(name, 60)],
    ] as const) {
      const error = await place(quantity).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(OrderRefusedError);
      expect((error as Error).message).toBe(message);
    }
    expect(await orderCount()).toBe(before);
    expect(await stockOf(id)).toBe(100);

    const { order } = await place(40);
    expect(order.items).toEqual([expect.objectContaining({ quantity: 40, unitPriceCents: 129 })]);
    expect(await stockOf(id)).toBe(60);
  });

  it("reads a posted quantity: absent is the smallest, anything not a plain number is refused", () => {
    const unit = { casePack: 10, minQuantity: 20, maxQuantity: null };
    expect(readQuantity(null, unit)).toBe(20);
    expect(readQuantity(" ", unit)).toBe(20);
    expect(readQuantity("30", unit)).toBe(30);
    expect(readQuantity("2.5", unit)).toBe(2.5);
    expect(readQuantity("-10", unit)).toBe(-10);
    expect(readQuantity("1e3", unit)).toBeNaN();
    expect(readQuantity("ten", unit)).toBeNaN();
  });
});

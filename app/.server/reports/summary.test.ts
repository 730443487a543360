import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORDER_STATUSES } from "~/lib/orders";
import { TEST_ADMIN } from "../../../tests/support/actors";
import { customerWithAddress } from "../../../tests/support/customers";
import { linesSeen } from "../../../tests/support/orders";
import { setupTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { applyUserAction } from "../accounts/user-admin";
import { insertProduct } from "../catalog/product-writes";
import { editableLines, editOrder } from "../flows/order-edit";
import { changeOrderStatus } from "../flows/order-life";
import { placeOrder } from "../flows/place-order";
import { bulkUpdateProducts, deleteProduct } from "../flows/product-admin";
import { LINE_DIMS, ORDER_DIMS, readSalesSummary, rebuildSalesSummary, recountSales } from "./summary";

/**
 * The sales summary (decision 0041) after a random run of what changes an order's sales: placing,
 * editing lines (quantity, removal, addition), every status change (cancel, restore, complete,
 * back to review, a decline's In Review to Cancelled), a product deleted, products moved to another
 * category and given another brand, a customer deleted. After it, every dimension of the summary
 * equals a recount from the orders and their lines, on the database the suite runs on.
 */

let t: TestDatabase;
let seed = 7;
function random(): number {
  seed |= 0;
  seed = (seed + 0x6d2b79f5) | 0;
  let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
  return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
}
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));

const CATEGORIES = ["vapes", "kratom", "novelty", "accessories"];
const products: { id: number; sku: string }[] = [];
const buyers: { id: string; addressId: string }[] = [];

beforeAll(async () => {
  t = await setupTestDatabase();
  const now = new Date().toISOString();
  for (let i = 0; i < 8; i++) {
    const sku = `SUM-${i}`;
    const id = await insertProduct(
      t.db,
      {
        sku,
        name: `Summary ${i}`,
        description: "",
        priceCents: 100 * (i + 1),
        stock: 10_000,
        category: pick(CATEGORIES),
      },
      [],
    );
    if (i % 3 !== 0) {
      await t.db
        .insertInto("product_compliance")
        .values({ product_id: id, product_class: i % 2 ? "vape" : "kratom", brand: `Brand ${i % 4}`, updated_at: now })
        .execute();
    }
    products.push({ id, sku });
  }
  for (const name of ["ann", "bob", "cy"]) {
    buyers.push(await customerWithAddress(t.db, `${name}@summary.test`, { businessName: `${name} shop` }));
  }
});

afterAll(async () => {
  await t.cleanup();
});

async function orderIds(): Promise<{ id: number; status: string }[]> {
  return t.db.selectFrom("orders").select(["id", "status"]).orderBy("id").execute();
}

async function step(i: number): Promise<void> {
  const orders = await orderIds();
  const roll = orders.length < 4 ? 0 : random();
  if (i === 20) {
    // A product sold on several orders is deleted: its lines lose their product id (set null).
    await deleteProduct(t.db, (products.shift() as { id: number }).id, TEST_ADMIN);
  } else if (i === 28) {
    // The catalog reorganized: past lines keep the category and brand they were sold in.
    await bulkUpdateProducts(
      t.db,
      products.slice(0, 3).map((p) => p.id),
      { category: "novelty" },
      TEST_ADMIN,
    );
    await t.db.updateTable("product_compliance").set({ brand: "Renamed" }).execute();
  } else if (i === 34) {
    // A customer deleted: their orders stay, with no customer.
    await applyUserAction(t.db, (buyers.pop() as { id: string }).id, "delete", TEST_ADMIN);
  } else if (roll < 0.35) {
    const buyer = pick(buyers);
    const lines = Array.from({ length: int(1, 3) }, () => ({ id: pick(products).id, quantity: int(1, 6) }));
    await placeOrder(t.db, {
      userId: buyer.id,
      idempotencyKey: crypto.randomUUID(),
      addressId: buyer.addressId,
      lines,
    });
  } else if (roll < 0.7) {
    const editable = orders.filter((o) => o.status === "Processing" || o.status === "In Review");
    if (editable.length === 0) return;
    const orderId = pick(editable).id;
    const lines = await editableLines(t.db, orderId);
    const line = pick(lines);
    const what = random();
    if (what < 0.4) {
      await editOrder(
        t.db,
        orderId,
        { kind: "quantity", lineId: line.id, quantity: int(1, 9), seen: line.quantity },
        TEST_ADMIN,
      );
    } else if (what < 0.6 && lines.length > 1) {
      await editOrder(t.db, orderId, { kind: "remove", lineId: line.id, seen: line.quantity }, TEST_ADMIN);
    } else {
      const seen = await linesSeen(t.db, orderId);
      await editOrder(t.db, orderId, { kind: "add", sku: pick(products).sku, quantity: int(1, 4), seen }, TEST_ADMIN);
    }
  } else {
    const order = pick(orders);
    const next = pick(ORDER_STATUSES.filter((s) => s !== order.status));
    await changeOrderStatus(t.db, order.id, { seen: order.status, next }, TEST_ADMIN);
  }
}

describe(`the sales summary on ${process.env.DATABASE_URL ? "PostgreSQL" : "SQLite"}`, () => {
  it("equals a recount from the orders after a random run of placing, editing, cancelling, restoring, deleting", async () => {
    for (let i = 0; i < 60; i++) await step(i);
    const kept = await readSalesSummary(t.db);
    const recount = await recountSales(t.db);
    for (const dim of [...ORDER_DIMS, ...LINE_DIMS]) {
      expect(
        kept.filter((r) => r.dim === dim),
        dim,
      ).toEqual(recount.filter((r) => r.dim === dim));
    }
    expect(kept).toEqual(recount);
    // The run reached what it means to: cancelled orders, a deleted product's lines, a deleted customer's orders.
    expect((await orderIds()).some((o) => o.status === "Cancelled")).toBe(true);
    const orphans = await t.db.selectFrom("order_items").select("id").where("product_id", "is", null).execute();
    expect(orphans.length).toBeGreaterThan(0);
    expect(kept.some((r) => r.dim === "business" && r.key === "")).toBe(true);
    expect(kept.some((r) => r.dim === "category" && r.key === "novelty")).toBe(true);
    // A rebuild gives the same rows.
    await rebuildSalesSummary(t.db);
    expect(await readSalesSummary(t.db)).toEqual(recount);
  });
  it("stays equal to the recount when orders are placed, edited and cancelled at the same moment, none refused", async () => {
    // Orders of one hour are written through that hour's rows: writers must queue, never deadlock.
    const placed = await Promise.all(
      Array.from({ length: 6 }, (_, k) => {
        const buyer = buyers[k % buyers.length] as { id: string; addressId: string };
        return placeOrder(t.db, {
          userId: buyer.id,
          idempotencyKey: crypto.randomUUID(),
          addressId: buyer.addressId,
          lines: [
            { id: (products[k % products.length] as { id: number }).id, quantity: 2 },
            { id: (products[(k + 1) % products.length] as { id: number }).id, quantity: 1 },
          ],
        });
      }),
    );
    const ids = placed.map((p) => p.order.id);
    const work = ids.flatMap((orderId, k): Promise<unknown>[] => {
      const buyer = buyers[k % buyers.length] as { id: string; addressId: string };
      const more = placeOrder(t.db, {
        userId: buyer.id,
        idempotencyKey: crypto.randomUUID(),
        addressId: buyer.addressId,
        lines: [{ id: (products[(k + 2) % products.length] as { id: number }).id, quantity: 3 }],
      });
      if (k % 2 === 0)
        return [more, changeOrderStatus(t.db, orderId, { seen: "Processing", next: "Cancelled" }, TEST_ADMIN)];
      return [
        more,
        (async () => {
          const seen = await linesSeen(t.db, orderId);
          const sku = (products[(k + 3) % products.length] as { sku: string }).sku;
          await editOrder(t.db, orderId, { kind: "add", sku, quantity: 2, seen }, TEST_ADMIN);
        })(),
      ];
    });
    const results = await Promise.allSettled(work);
    expect(
      results.filter((r) => r.status === "rejected").map((r) => String((r as PromiseRejectedResult).reason)),
    ).toEqual([]);
    expect(await readSalesSummary(t.db)).toEqual(await recountSales(t.db));
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertProduct } from "../../app/.server/catalog/product-writes";
import { changeOrderStatus } from "../../app/.server/flows/order-life";
import { OrderRefusedError, placeOrder } from "../../app/.server/flows/place-order";
import {
  bulkUpdateProducts,
  ProductChangedError,
  updateProductWithImages,
} from "../../app/.server/flows/product-admin";
import { TEST_ADMIN } from "../support/actors";
import { customerWithAddress } from "../support/customers";
import { setupTestDatabase, type TestDatabase } from "../support/test-database";

/**
 * Orders racing each other and an admin editing stock and cancelling orders at the same time.
 * Stock is never negative, and the units sold plus the units left always add up.
 * SOAK=1 runs more rounds.
 */
const ROUNDS = process.env.SOAK ? 30 : 3;

let t: TestDatabase;
const users: { id: string; address: string }[] = [];

beforeAll(async () => {
  t = await setupTestDatabase();
  for (let i = 0; i < 4; i++) {
    const email = `racer${i}@race.test`;
    const { id, addressId } = await customerWithAddress(t.db, email, { name: `Racer ${i}`, businessName: "Race Shop" });
    users.push({ id, address: addressId });
  }
});

afterAll(async () => {
  await t.cleanup();
});

async function stock(id: number) {
  return (await t.db.selectFrom("products").select("stock").where("id", "=", id).executeTakeFirstOrThrow()).stock;
}

describe(`stock races on ${process.env.DATABASE_URL ? "PostgreSQL" : "SQLite"}`, () => {
  it("orders racing an admin who edits stock never drive it below zero", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const id = await insertProduct(
        t.db,
        {
          sku: `RACE-${round}-${Date.now()}`,
          name: `Race ${round}`,
          description: "",
          priceCents: 100,
          stock: 5,
          category: "novelty",
        },
        [],
      );
      const orders = Array.from({ length: 30 }, (_, i) => {
        const u = users[i % users.length] as { id: string; address: string };
        return placeOrder(t.db, {
          userId: u.id,
          idempotencyKey: crypto.randomUUID(),
          addressId: u.address,
          lines: [{ id, quantity: 1 + (i % 2) }],
        });
      });
      const edits = [
        bulkUpdateProducts(t.db, [id], { stock: 3 }, TEST_ADMIN),
        updateProductWithImages(
          t.db,
          id,
          { name: `Race ${round}`, description: "", priceCents: 100, stock: 7, category: "novelty" },
          { keepKeys: [], uploads: [] },
          { version: 1, stockSeen: 5 },
          TEST_ADMIN,
        ),
        bulkUpdateProducts(t.db, [id], { stock: 0 }, TEST_ADMIN),
        bulkUpdateProducts(t.db, [id], { stock: 4 }, TEST_ADMIN),
      ];
      const results = await Promise.allSettled([...orders, ...edits]);
      for (const r of results) {
        if (r.status === "rejected") {
          expect(r.reason instanceof OrderRefusedError || r.reason instanceof ProductChangedError).toBe(true);
        }
      }
      expect(await stock(id)).toBeGreaterThanOrEqual(0);
    }
  });

  it("cancelling and reopening orders while others buy keeps sold + left equal to what there was", async () => {
    const id = await insertProduct(
      t.db,
      {
        sku: `RACE-C-${Date.now()}`,
        name: "Race Cancel",
        description: "",
        priceCents: 100,
        stock: 40,
        category: "novelty",
      },
      [],
    );
    const first = await Promise.all(
      users.map((u) =>
        placeOrder(t.db, {
          userId: u.id,
          idempotencyKey: crypto.randomUUID(),
          addressId: u.address,
          lines: [{ id, quantity: 3 }],
        }),
      ),
    );
    for (let round = 0; round < ROUNDS; round++) {
      // Each admin page shows the order as it is at the start of the round.
      const seen = await Promise.all(
        first.map(async (o) => {
          const row = await t.db.selectFrom("orders").select("status").where("id", "=", o.order.id).executeTakeFirst();
          return row?.status ?? "Processing";
        }),
      );
      await Promise.allSettled([
        ...first.map((o, i) =>
          changeOrderStatus(
            t.db,
            o.order.id,
            { seen: seen[i] ?? "Processing", next: round % 2 ? "Processing" : "Cancelled" },
            TEST_ADMIN,
          ),
        ),
        ...users.map((u) =>
          placeOrder(t.db, {
            userId: u.id,
            idempotencyKey: crypto.randomUUID(),
            addressId: u.address,
            lines: [{ id, quantity: 2 }],
          }),
        ),
      ]);
      const sold = await t.db
        .selectFrom("order_items")
        .innerJoin("orders", "orders.id", "order_items.order_id")
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("order_items.quantity"), eb.lit(0)).as("n"))
        .where("order_items.product_id", "=", id)
        .where("orders.status", "!=", "Cancelled")
        .executeTakeFirstOrThrow();
      const left = await stock(id);
      expect(left).toBeGreaterThanOrEqual(0);
      expect(left + Number(sold.n)).toBe(40);
    }
  });
});

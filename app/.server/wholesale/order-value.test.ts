import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as MESSAGES from "~/lib/messages";
import * as CART_MESSAGES from "~/lib/messages/cart";
import { customerWithAddress } from "../../../tests/support/customers";
import { setupTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { insertProduct } from "../catalog/product-writes";
import { OrderRefusedError, placeOrder } from "../flows/place-order";
import { resetEnvForTests } from "../runtime/env";
import { storeInfo } from "../runtime/store-info";
import { orderValueProblem, orderValueSettings } from "./order-value";

let t: TestDatabase;
let buyer: string;
let address: string;
let soda: number;

beforeAll(async () => {
  process.env.MIN_ORDER_CENTS = "30000";
  process.env.FREE_SHIPPING_CENTS = "50000";
  t = await setupTestDatabase();
  ({ id: buyer, addressId: address } = await customerWithAddress(t.db, "min@shop.test", { businessName: "Min Store" }));
  soda = await insertProduct(
    t.db,
    { sku: "MIN-1", name: "Soda", description: "", priceCents: 9000, stock: 50, category: "novelty" },
    [],
  );
});

afterAll(async () => {
  delete process.env.MIN_ORDER_CENTS;
  delete process.env.FREE_SHIPPING_CENTS;
  resetEnvForTests();
  await t.cleanup();
});

describe("the free-shipping banner", () => {
  it("says the store's own amount: the spec's words at the default, nothing when shipping is never free", () => {
    expect(storeInfo().freeShippingCents).toBe(50000);
    expect(MESSAGES.freeShipping(storeInfo().freeShippingCents)).toBe("Free Shipping on all orders $500+");
    process.env.FREE_SHIPPING_CENTS = "25050";
    resetEnvForTests();
    try {
      expect(MESSAGES.freeShipping(storeInfo().freeShippingCents)).toBe("Free Shipping on all orders $250.50+");
      expect(CART_MESSAGES.cartShippingNote(storeInfo().freeShippingCents)).toBe(
        "Free shipping on orders $250.50+. No tax or fees are added online.",
      );
    } finally {
      process.env.FREE_SHIPPING_CENTS = "50000";
      resetEnvForTests();
    }
    expect(CART_MESSAGES.cartShippingNote(0)).toBe("No tax or fees are added online.");
  });
});

describe(`minimum order value on ${process.env.DATABASE_URL ? "PostgreSQL" : "SQLite"}`, () => {
  it("is a setting the cart reads, with the message of what is missing", () => {
    expect(orderValueSettings()).toEqual({ minOrderCents: 30000, freeShippingCents: 50000 });
    expect(orderValueProblem(18000)).toBe(CART_MESSAGES.belowMinimumOrder(30000, 12000));
    expect(CART_MESSAGES.belowMinimumOrder(30000, 12000)).toBe(
      "The minimum order is $300.00: add $120.00 more to check out.",
    );
    expect(CART_MESSAGES.moreForFreeShipping(12000)).toBe("$120.00 more for free shipping");
    expect(orderValueProblem(30000)).toBeNull();
  });

  it("placing an order below it is refused and writes nothing; at it, the order is placed", async () => {
    const place = (quantity: number) =>
      placeOrder(t.db, {
        userId: buyer,
        idempotencyKey: crypto.randomUUID(),
        addressId: address,
        lines: [{ id: soda, quantity }],
      });
    const error = await place(2).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OrderRefusedError);
    expect((error as Error).message).toBe(CART_MESSAGES.belowMinimumOrder(30000, 12000));
    expect(await t.db.selectFrom("orders").select("id").execute()).toEqual([]);
    const stock = await t.db.selectFrom("products").select("stock").where("id", "=", soda).executeTakeFirstOrThrow();
    expect(stock.stock).toBe(50);
    const { order } = await place(4);
    expect(order.money.totalCents).toBe(36000);
  });
});

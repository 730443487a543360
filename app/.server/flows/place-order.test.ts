import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as MESSAGES from "~/lib/messages";
import * as FORM_MESSAGES from "~/lib/messages/forms";
import { placeOrderSchema } from "~/lib/schemas/checkout";
import { TEST_ADMIN } from "../../../tests/support/actors";
import { customerWithAddress } from "../../../tests/support/customers";
import { setupTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { insertProduct } from "../catalog/product-writes";
import { runJobsUntilIdle } from "../jobs/run-due";
import { inStockFirst, listBestSellerIds, listBestSellers } from "../orders/best-sellers";
import { findOrderForUser, listOrdersForUser } from "../orders/queries";
import { changeOrderStatus } from "./order-life";
import { OrderRefusedError, placeOrder } from "./place-order";

let t: TestDatabase;
let alice: string;
let bob: string;
let aliceAddress: string;
let bobAddress: string;

async function customer(email: string): Promise<[string, string]> {
  const { id, addressId } = await customerWithAddress(t.db, email, { businessName: `${email} store` });
  return [id, addressId];
}

async function product(name: string, priceCents: number, stock: number): Promise<number> {
  return insertProduct(t.db, { sku: `SKU-${name}`, name, description: "", priceCents, stock, category: "novelty" }, []);
}

async function stockOf(id: number): Promise<number> {
  const row = await t.db.selectFrom("products").select("stock").where("id", "=", id).executeTakeFirstOrThrow();
  return row.stock;
}

async function countOrders(): Promise<number> {
  return (await t.db.selectFrom("orders").select("id").execute()).length;
}

const key = () => crypto.randomUUID();

beforeAll(async () => {
  t = await setupTestDatabase();
  [alice, aliceAddress] = await customer("alice@shop.test");
  [bob, bobAddress] = await customer("bob@shop.test");
});

afterAll(async () => {
  await t.cleanup();
});

describe(`placing orders on ${process.env.DATABASE_URL ? "PostgreSQL" : "SQLite"}`, () => {
  it("prices lines from the database, takes the stock and keeps copies of names, prices and address", async () => {
    const soda = await product("Soda Case", 1250, 40);
    const gum = await product("Gum Box", 399, 10);
    const { order, created } = await placeOrder(t.db, {
      userId: alice,
      idempotencyKey: key(),
      addressId: aliceAddress,
      lines: [
        { id: soda, quantity: 3 },
        { id: gum, quantity: 2 },
        { id: soda, quantity: 1 },
      ],
    });
    expect(created).toBe(true);
    expect(order.status).toBe("Processing");
    expect(order.money.totalCents).toBe(4 * 1250 + 2 * 399);
    expect(order.items.map((i) => [i.name, i.unitPriceCents, i.quantity])).toEqual([
      ["Soda Case", 1250, 4],
      ["Gum Box", 399, 2],
    ]);
    expect(order.shipping.businessName).toBe("alice@shop.test store");
    expect(await stockOf(soda)).toBe(36);
    expect(await stockOf(gum)).toBe(8);
    // Later price and name changes do not touch the order.
    await t.db.updateTable("products").set({ price_cents: 9999, name: "Renamed" }).where("id", "=", soda).execute();
    const again = await findOrderForUser(t.db, alice, order.id);
    expect(again?.items[0]).toMatchObject({ name: "Soda Case", unitPriceCents: 1250 });
    expect(order.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it("stores totals beyond 32 bits: 100 units at $300,000", async () => {
    const press = await product("Industrial Press", 30_000_000, 100);
    const { order } = await placeOrder(t.db, {
      userId: alice,
      idempotencyKey: key(),
      addressId: aliceAddress,
      lines: [{ id: press, quantity: 100 }],
    });
    expect(order.money.totalCents).toBe(3_000_000_000);
    expect((await findOrderForUser(t.db, alice, order.id))?.money.totalCents).toBe(3_000_000_000);
  });

  it("sells exactly the stock when 50 orders race for 10 units", async () => {
    const last = await product("Last Ten", 500, 10);
    const before = await countOrders();
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        placeOrder(t.db, {
          userId: i % 2 ? alice : bob,
          idempotencyKey: key(),
          addressId: i % 2 ? aliceAddress : bobAddress,
          lines: [{ id: last, quantity: 1 }],
        }),
      ),
    );
    const ok = results.filter((r) => r.status === "fulfilled");
    const refused = results.filter((r) => r.status === "rejected");
    expect(ok).toHaveLength(10);
    expect(refused).toHaveLength(40);
    for (const r of refused) expect((r as PromiseRejectedResult).reason).toBeInstanceOf(OrderRefusedError);
    expect(await stockOf(last)).toBe(0);
    expect((await countOrders()) - before).toBe(10);
  });

  it("refuses the whole order when one line no longer fits, naming the product and what is left", async () => {
    const plenty = await product("Plenty", 100, 100);
    const scarce = await product("Scarce Item", 100, 3);
    const before = await countOrders();
    const attempt = placeOrder(t.db, {
      userId: alice,
      idempotencyKey: key(),
      addressId: aliceAddress,
      lines: [
        { id: plenty, quantity: 5 },
        { id: scarce, quantity: 4 },
      ],
    });
    await expect(attempt).rejects.toThrow("Only 3 left of Scarce Item. Please lower the quantity.");
    expect(await stockOf(plenty)).toBe(100);
    expect(await stockOf(scarce)).toBe(3);
    expect(await countOrders()).toBe(before);
    const missing = placeOrder(t.db, {
      userId: alice,
      idempotencyKey: key(),
      addressId: aliceAddress,
      lines: [{ id: 987_654, quantity: 1 }],
    });
    await expect(missing).rejects.toThrow(/no longer available/);
  });

  it("gives one order for the same idempotency key, even submitted at once", async () => {
    const item = await product("Once Only", 700, 50);
    const k = key();
    const input = { userId: alice, idempotencyKey: k, addressId: aliceAddress, lines: [{ id: item, quantity: 2 }] };
    const results = await Promise.all([placeOrder(t.db, input), placeOrder(t.db, input), placeOrder(t.db, input)]);
    expect(new Set(results.map((r) => r.order.id)).size).toBe(1);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    const retry = await placeOrder(t.db, input);
    expect(retry).toMatchObject({ created: false, order: { id: results[0]?.order.id } });
    expect(await stockOf(item)).toBe(48);
  });

  it("keeps each customer's orders to that customer", async () => {
    const item = await product("Private", 100, 10);
    const { order } = await placeOrder(t.db, {
      userId: alice,
      idempotencyKey: key(),
      addressId: aliceAddress,
      lines: [{ id: item, quantity: 1 }],
    });
    expect(await findOrderForUser(t.db, bob, order.id)).toBeNull();
    expect((await listOrdersForUser(t.db, bob)).map((o) => o.id)).not.toContain(order.id);
    // Bob cannot ship to Alice's address either.
    await expect(
      placeOrder(t.db, {
        userId: bob,
        idempotencyKey: key(),
        addressId: aliceAddress,
        lines: [{ id: item, quantity: 1 }],
      }),
    ).rejects.toThrow(MESSAGES.failedToLoadAddress);
    expect(await stockOf(item)).toBe(9);
  });

  it("ranks best sellers by units ordered, leaving out cancelled orders, and fills up with in-stock products", async () => {
    const hot = await product("Hot Seller", 100, 1000);
    const warm = await product("Warm Seller", 100, 1000);
    const place = (id: number, quantity: number) =>
      placeOrder(t.db, { userId: alice, idempotencyKey: key(), addressId: aliceAddress, lines: [{ id, quantity }] });
    await place(warm, 300);
    const big = await place(hot, 500);
    let ranking = await listBestSellerIds(t.db, 2);
    expect(ranking).toEqual([hot, warm]);
    await changeOrderStatus(t.db, big.order.id, { seen: "Processing", next: "Cancelled" }, TEST_ADMIN);
    ranking = await listBestSellerIds(t.db, 2);
    expect(ranking[0]).toBe(warm);
    expect(ranking).not.toContain(hot);
    await changeOrderStatus(t.db, big.order.id, { seen: "Cancelled", next: "Processing" }, TEST_ADMIN);
    expect((await listBestSellerIds(t.db, 1))[0]).toBe(hot);
    const row = await listBestSellers(t.db, 7, []);
    expect(row).toHaveLength(7);
    expect(row[0]?.id).toBe(hot);
    // A best seller that is also in the New Products row is not shown twice.
    const withoutNew = await listBestSellers(t.db, 7, [hot]);
    expect(withoutNew).toHaveLength(7);
    expect(withoutNew.map((p) => p.id)).not.toContain(hot);
    expect(withoutNew[0]?.id).toBe(warm);
  });

  it("shows in-stock products first in Best Sellers, even when the top seller has sold out", async () => {
    const gone = await product("Sold Out Seller", 100, 900);
    await placeOrder(t.db, {
      userId: alice,
      idempotencyKey: key(),
      addressId: aliceAddress,
      lines: [{ id: gone, quantity: 900 }],
    });
    expect(await stockOf(gone)).toBe(0);
    expect((await listBestSellerIds(t.db, 1))[0]).toBe(gone);
    const row = await listBestSellers(t.db, 7, []);
    expect(row.map((p) => p.id)).toContain(gone);
    const firstSoldOut = row.findIndex((p) => p.stock <= 0);
    expect(row.slice(firstSoldOut).every((p) => p.stock <= 0)).toBe(true);
    expect(row[0]?.stock).toBeGreaterThan(0);
  });

  it("orders a row in stock first and keeps the order within each group", () => {
    const row = [
      { id: 1, stock: 0 },
      { id: 2, stock: 5 },
      { id: 3, stock: 0 },
      { id: 4, stock: 1 },
    ];
    expect(inStockFirst(row).map((p) => p.id)).toEqual([2, 4, 1, 3]);
  });

  it("lists a customer's orders newest first", async () => {
    const list = await listOrdersForUser(t.db, alice);
    const dates = list.map((o) => o.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it("queues the mails to the customer and the store with the order, and delivers them after the answer", async () => {
    const item = await product("Mailed", 100, 10);
    const mailJobs = () => t.db.selectFrom("jobs").select("state").where("name", "=", "mail").execute();
    const before = (await mailJobs()).length;
    await expect(
      placeOrder(t.db, {
        userId: bob,
        idempotencyKey: key(),
        addressId: bobAddress,
        lines: [{ id: item, quantity: 11 }],
      }),
    ).rejects.toBeInstanceOf(OrderRefusedError);
    expect(await mailJobs()).toHaveLength(before);

    const { order } = await placeOrder(t.db, {
      userId: bob,
      idempotencyKey: key(),
      addressId: bobAddress,
      lines: [{ id: item, quantity: 1 }],
    });
    const dir = path.join(t.dataDir, "outbox");
    const read = () =>
      fs.existsSync(dir) ? fs.readdirSync(dir).map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), "utf8"))) : [];
    expect(read().filter((m) => m.subject.includes(`#${order.id} `))).toHaveLength(0);
    expect((await mailJobs()).slice(before).map((j) => j.state)).toEqual(["pending", "pending"]);
    await runJobsUntilIdle({ db: t.db });
    const mails = read();
    expect(mails.some((m) => m.to === "bob@shop.test" && m.subject === `Order #${order.id} confirmed`)).toBe(true);
    expect(mails.some((m) => m.subject.startsWith(`New order #${order.id}`))).toBe(true);
  });
});

describe(`purchase order number and notes on ${process.env.DATABASE_URL ? "PostgreSQL" : "SQLite"}`, () => {
  it("keeps the customer's PO number and notes with the order and puts them in both mails", async () => {
    const tape = await product("Packing Tape", 450, 30);
    const notes = "Deliver to the back door.\nCall before 9 am.";
    const { order } = await placeOrder(t.db, {
      userId: alice,
      idempotencyKey: key(),
      addressId: aliceAddress,
      lines: [{ id: tape, quantity: 2 }],
      poNumber: "PO-2026-0117",
      notes,
    });
    expect(order.poNumber).toBe("PO-2026-0117");
    expect(order.notes).toBe(notes);
    const again = await findOrderForUser(t.db, alice, order.id);
    expect(again?.poNumber).toBe("PO-2026-0117");
    expect(again?.notes).toBe(notes);
    await runJobsUntilIdle({ db: t.db });
    const dir = path.join(t.dataDir, "outbox");
    const mails = fs.readdirSync(dir).map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), "utf8")));
    const toCustomer = mails.find((m) => m.subject === `Order #${order.id} confirmed`);
    const toStore = mails.find((m) => m.subject.startsWith(`New order #${order.id}`));
    for (const mail of [toCustomer, toStore]) {
      expect(mail?.text).toContain("PO number: PO-2026-0117");
      expect(mail?.text).toContain(notes);
    }
  });

  it("an order without them has neither, and its mails do not mention them", async () => {
    const tape = await product("Bubble Wrap", 300, 30);
    const { order } = await placeOrder(t.db, {
      userId: bob,
      idempotencyKey: key(),
      addressId: bobAddress,
      lines: [{ id: tape, quantity: 1 }],
    });
    expect(order.poNumber).toBeNull();
    expect(order.notes).toBeNull();
    await runJobsUntilIdle({ db: t.db });
    const dir = path.join(t.dataDir, "outbox");
    const mails = fs.readdirSync(dir).map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), "utf8")));
    const toCustomer = mails.find((m) => m.subject === `Order #${order.id} confirmed`);
    expect(toCustomer?.text).not.toContain("PO number");
    expect(toCustomer?.text).not.toContain("Order notes");
  });

  it("the database refuses a PO number or notes longer than the form allows, whatever code writes them", async () => {
    const tape = await product("Twine", 200, 30);
    const place = (poNumber: string | null, notes: string | null) =>
      placeOrder(t.db, {
        userId: alice,
        idempotencyKey: key(),
        addressId: aliceAddress,
        lines: [{ id: tape, quantity: 1 }],
        poNumber,
        notes,
      });
    await expect(place("P".repeat(41), null)).rejects.toThrow();
    await expect(place(null, "n".repeat(501))).rejects.toThrow();
    expect(await stockOf(tape)).toBe(30);
  });
});

describe("the order form's PO number and notes", () => {
  const valid = {
    idempotencyKey: crypto.randomUUID(),
    addressId: "a1",
    lines: JSON.stringify([{ id: 1, quantity: 1 }]),
  };
  const messages = (input: object) =>
    placeOrderSchema.safeParse({ ...valid, ...input }).error?.issues.map((i) => i.message) ?? [];

  it("both are optional: missing or blank is none, the rest is trimmed", () => {
    expect(placeOrderSchema.parse(valid)).toMatchObject({ poNumber: null, notes: null });
    expect(placeOrderSchema.parse({ ...valid, poNumber: "   ", notes: " \n " })).toMatchObject({
      poNumber: null,
      notes: null,
    });
    expect(placeOrderSchema.parse({ ...valid, poNumber: " PO 55 ", notes: " Back door.\nRing twice. " })).toMatchObject(
      {
        poNumber: "PO 55",
        notes: "Back door.\nRing twice.",
      },
    );
  });

  it("a PO number has at most 40 characters on one line; notes at most 500", () => {
    expect(placeOrderSchema.safeParse({ ...valid, poNumber: "P".repeat(40), notes: "n".repeat(500) }).success).toBe(
      true,
    );
    expect(messages({ poNumber: "P".repeat(41) })).toEqual([FORM_MESSAGES.fieldTooLong("PO number", 40)]);
    expect(messages({ poNumber: "PO 1\nPO 2" })).toEqual([FORM_MESSAGES.fieldOneLine("PO number")]);
    expect(messages({ notes: "n".repeat(501) })).toEqual([FORM_MESSAGES.fieldTooLong("Order notes", 500)]);
  });
});

describe("the order form's lines", () => {
  const valid = { idempotencyKey: crypto.randomUUID(), addressId: "a1" };
  it.each([
    ["zero", [{ id: 1, quantity: 0 }]],
    ["negative", [{ id: 1, quantity: -2 }]],
    ["fractional", [{ id: 1, quantity: 1.5 }]],
    ["huge", [{ id: 1, quantity: 10_001 }]],
    ["non-numeric", [{ id: 1, quantity: "3" }]],
    ["empty", []],
    ["bad id", [{ id: "1; drop table products", quantity: 1 }]],
  ])("refuses a %s quantity or line", (_label, lines) => {
    expect(placeOrderSchema.safeParse({ ...valid, lines: JSON.stringify(lines) }).success).toBe(false);
  });

  it("refuses what is not JSON and drops any price, total or name the browser adds", () => {
    expect(placeOrderSchema.safeParse({ ...valid, lines: "not json" }).success).toBe(false);
    const parsed = placeOrderSchema.parse({
      ...valid,
      total: 1,
      lines: JSON.stringify([{ id: 7, quantity: 2, priceCents: 1, name: "Free stuff" }]),
    });
    expect(parsed.lines).toEqual([{ id: 7, quantity: 2 }]);
    expect(parsed).not.toHaveProperty("total");
  });

  it("needs a shipping address", () => {
    const result = placeOrderSchema.safeParse({ idempotencyKey: crypto.randomUUID(), addressId: "", lines: "[]" });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toContain(MESSAGES.selectShippingAddress);
  });
});

import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as MESSAGES from "~/lib/messages";
import * as BACK_OFFICE_MESSAGES from "~/lib/messages/back-office";
import * as SELLING_MESSAGES from "~/lib/messages/selling";
import { MAX_ORDER_LINES, parseSeenLines, seenLinesOf } from "~/lib/orders";
import { priceGroupSchema } from "~/lib/schemas/price-groups";
import { TEST_ADMIN } from "../../../tests/support/actors";
import { customerWithAddress } from "../../../tests/support/customers";
import { linesSeen } from "../../../tests/support/orders";
import { setupTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { insertProduct } from "../catalog/product-writes";
import { runJobsUntilIdle } from "../jobs/run-due";
import { assignCustomer, createPriceGroup, unassignCustomer } from "../pricing/groups";
import { editableLines, editOrder, OrderEditError, orderHistory } from "./order-edit";
import { changeOrderStatus, StatusChangeError } from "./order-life";
import { OrderRefusedError, placeOrder } from "./place-order";

let t: TestDatabase;
const buyers: { id: string; address: string }[] = [];
let n = 0;

async function product(priceCents: number, stock: number) {
  const sku = `ED-${++n}`;
  const id = await insertProduct(
    t.db,
    { sku, name: `Edit ${n}`, description: "", priceCents, stock, category: "novelty" },
    [],
  );
  return { id, sku };
}

async function stockOf(id: number) {
  return (await t.db.selectFrom("products").select("stock").where("id", "=", id).executeTakeFirstOrThrow()).stock;
}

async function order(lines: { id: number; quantity: number }[], buyer = 0) {
  const b = buyers[buyer] as { id: string; address: string };
  const { order } = await placeOrder(t.db, {
    userId: b.id,
    idempotencyKey: crypto.randomUUID(),
    addressId: b.address,
    lines,
  });
  return order.id;
}

async function orderRow(id: number) {
  return t.db
    .selectFrom("orders")
    .select(["total_cents", "item_count", "status"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
}

beforeAll(async () => {
  t = await setupTestDatabase();
  for (const email of ["ed@shop.test", "flo@shop.test"]) {
    const { id, addressId } = await customerWithAddress(t.db, email, { businessName: "Edit Shop" });
    buyers.push({ id, address: addressId });
  }
});

afterAll(async () => {
  await t.cleanup();
});

describe(`editing orders on ${process.env.DATABASE_URL ? "PostgreSQL" : "SQLite"}`, () => {
  it("changes a quantity, adds and removes lines: stock moves, the total follows the order's prices, history and mail", async () => {
    const soda = await product(1250, 20);
    const gum = await product(399, 10);
    const id = await order([{ id: soda.id, quantity: 2 }]);
    // The catalog price changes after the order: the order keeps its own.
    await t.db.updateTable("products").set({ price_cents: 9999 }).where("id", "=", soda.id).execute();
    const [line] = await editableLines(t.db, id);
    const changed = await editOrder(
      t.db,
      id,
      { kind: "quantity", lineId: line?.id ?? 0, quantity: 5, seen: 2 },
      TEST_ADMIN,
    );
    expect(changed.totalCents).toBe(5 * 1250);
    expect(await stockOf(soda.id)).toBe(15);

    await editOrder(t.db, id, { kind: "add", sku: gum.sku, quantity: 3, seen: await linesSeen(t.db, id) }, TEST_ADMIN);
    expect(await stockOf(gum.id)).toBe(7);
    expect(await orderRow(id)).toMatchObject({ total_cents: 5 * 1250 + 3 * 399, item_count: 8 });
    // Adding a product already on the order adds to its line, at the order's price.
    await editOrder(t.db, id, { kind: "add", sku: soda.sku, quantity: 1, seen: await linesSeen(t.db, id) }, TEST_ADMIN);
    const lines = await editableLines(t.db, id);
    expect(lines.map((l) => [l.sku, l.quantity, l.unitPriceCents])).toEqual([
      [soda.sku, 6, 1250],
      [gum.sku, 3, 399],
    ]);

    await editOrder(t.db, id, { kind: "remove", lineId: lines[1]?.id ?? 0, seen: 3 }, TEST_ADMIN);
    expect(await stockOf(gum.id)).toBe(10);
    expect(await orderRow(id)).toMatchObject({ total_cents: 6 * 1250, item_count: 6 });

    const history = await orderHistory(t.db, id);
    expect(history.map((h) => h.summary)).toEqual([
      `Order #${id}: Edit ${soda.sku.slice(3)} (${soda.sku}) quantity 2 to 5; total $25.00 to $62.50`,
      `Order #${id}: added 3 × Edit ${gum.sku.slice(3)} (${gum.sku}) at $3.99; total $62.50 to $74.47`,
      `Order #${id}: Edit ${soda.sku.slice(3)} (${soda.sku}) quantity 5 to 6; total $74.47 to $86.97`,
      `Order #${id}: removed 3 × Edit ${gum.sku.slice(3)} (${gum.sku}); total $86.97 to $75.00`,
    ]);

    await runJobsUntilIdle({ db: t.db });
    const dir = path.join(t.dataDir, "outbox");
    const mails = fs.readdirSync(dir).map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), "utf8")));
    const edits = mails.filter((m) => m.subject === `Order #${id} was changed`);
    expect(edits).toHaveLength(4);
    expect(edits.map((m) => m.text).join("\n")).toContain("New total: $75.00");

    // Cancelling (the status change) returns what the order now holds.
    await changeOrderStatus(t.db, id, { seen: "Processing", next: "Cancelled" }, TEST_ADMIN);
    expect(await stockOf(soda.id)).toBe(20);
    await expect(
      editOrder(t.db, id, { kind: "add", sku: gum.sku, quantity: 1, seen: await linesSeen(t.db, id) }, TEST_ADMIN),
    ).rejects.toThrow(BACK_OFFICE_MESSAGES.orderNotEditable("Cancelled"));
  });

  it("a product added to a price-group customer's order costs what that customer pays at checkout", async () => {
    const group = await createPriceGroup(
      t.db,
      priceGroupSchema.parse({ name: "Edit volume", kind: "percent", percentOff: "20" }),
      TEST_ADMIN,
    );
    await assignCustomer(t.db, group, "flo@shop.test", TEST_ADMIN);
    const cups = await product(1000, 20);
    const lids = await product(500, 20);
    const id = await order([{ id: cups.id, quantity: 1 }], 1);
    await editOrder(t.db, id, { kind: "add", sku: lids.sku, quantity: 2, seen: await linesSeen(t.db, id) }, TEST_ADMIN);
    const lines = await editableLines(t.db, id);
    expect(lines.map((l) => [l.sku, l.unitPriceCents])).toEqual([
      [cups.sku, 800],
      [lids.sku, 400],
    ]);
    expect(await orderRow(id)).toMatchObject({ total_cents: 800 + 2 * 400 });
    await unassignCustomer(t.db, buyers[1]?.id ?? "", TEST_ADMIN);
  });

  it("refuses what it cannot do, with the reason, and changes nothing", async () => {
    const p = await product(500, 3);
    const id = await order([{ id: p.id, quantity: 2 }]);
    const [line] = await editableLines(t.db, id);
    const lineId = line?.id ?? 0;
    await expect(editOrder(t.db, id, { kind: "quantity", lineId, quantity: 4, seen: 2 }, TEST_ADMIN)).rejects.toThrow(
      MESSAGES.orderEditNoStock(`Edit ${p.sku.slice(3)}`, 1),
    );
    await expect(editOrder(t.db, id, { kind: "remove", lineId, seen: 2 }, TEST_ADMIN)).rejects.toThrow(
      MESSAGES.orderEditLastLine,
    );
    await expect(editOrder(t.db, id, { kind: "quantity", lineId, quantity: 1, seen: 5 }, TEST_ADMIN)).rejects.toThrow(
      MESSAGES.orderEditChanged,
    );
    await expect(
      editOrder(t.db, id, { kind: "add", sku: "NOPE", quantity: 1, seen: await linesSeen(t.db, id) }, TEST_ADMIN),
    ).rejects.toThrow(MESSAGES.orderEditUnknownSku("NOPE"));
    expect(await stockOf(p.id)).toBe(1);
    expect(await orderRow(id)).toMatchObject({ total_cents: 1000, item_count: 2 });
    expect(await orderHistory(t.db, id)).toEqual([]);
  });

  it("adds no line beyond the order's limit, and says the limit it keeps", async () => {
    const kept = await product(100, 5);
    const id = await order([{ id: kept.id, quantity: 1 }]);
    // Lines of products deleted since (no product id), up to the limit.
    const filler = Array.from({ length: MAX_ORDER_LINES - 1 }, (_, i) => ({
      order_id: id,
      product_id: null,
      position: i + 2,
      name: `Gone ${i}`,
      sku: `GONE-${i}`,
      unit_price_cents: 100,
      quantity: 1,
    }));
    for (let i = 0; i < filler.length; i += 100) {
      await t.db
        .insertInto("order_items")
        .values(filler.slice(i, i + 100))
        .execute();
    }
    const extra = await product(100, 5);
    const seen = await linesSeen(t.db, id);
    await expect(editOrder(t.db, id, { kind: "add", sku: extra.sku, quantity: 1, seen }, TEST_ADMIN)).rejects.toThrow(
      MESSAGES.orderEditTooManyLines,
    );
    expect(MESSAGES.orderEditTooManyLines).toContain(` ${MAX_ORDER_LINES} lines`);
    expect(await stockOf(extra.id)).toBe(5);
    expect(await editableLines(t.db, id)).toHaveLength(MAX_ORDER_LINES);
  });

  it("a changed or added quantity keeps to the product's selling unit, as in the cart; removing a line always works", async () => {
    const cases = await product(200, 100);
    await t.db
      .updateTable("products")
      .set({ case_pack: 6, min_quantity: 12, max_quantity: 24 })
      .where("id", "=", cases.id)
      .execute();
    const name = `Edit ${cases.sku.slice(3)}`;
    const single = await product(100, 50);
    const id = await order([
      { id: cases.id, quantity: 12 },
      { id: single.id, quantity: 1 },
    ]);
    const line = (await editableLines(t.db, id)).find((l) => l.productId === cases.id);
    const lineId = line?.id ?? 0;
    const change = (quantity: number) =>
      editOrder(t.db, id, { kind: "quantity", lineId, quantity, seen: 12 }, TEST_ADMIN);
    await expect(change(13)).rejects.toThrow(SELLING_MESSAGES.quantityNotPackMultiple(name, 6));
    await expect(change(6)).rejects.toThrow(SELLING_MESSAGES.quantityBelowMinimum(name, 12));
    await expect(change(30)).rejects.toThrow(SELLING_MESSAGES.quantityAboveMaximum(name, 24));
    const add = async (sku: string, quantity: number) =>
      editOrder(t.db, id, { kind: "add", sku, quantity, seen: await linesSeen(t.db, id) }, TEST_ADMIN);
    // Adding to the line: the line as it would be (12 + 5, 12 + 18) is what the rule reads.
    await expect(add(cases.sku, 5)).rejects.toThrow(SELLING_MESSAGES.quantityNotPackMultiple(name, 6));
    await expect(add(cases.sku, 18)).rejects.toThrow(SELLING_MESSAGES.quantityAboveMaximum(name, 24));
    // Nothing moved.
    expect(await stockOf(cases.id)).toBe(88);
    expect(await orderRow(id)).toMatchObject({ total_cents: 12 * 200 + 100, item_count: 13 });
    expect(await orderHistory(t.db, id)).toEqual([]);

    expect((await change(18)).totalCents).toBe(18 * 200 + 100);
    expect((await add(cases.sku, 6)).totalCents).toBe(24 * 200 + 100);
    expect(await stockOf(cases.id)).toBe(76);
    // A product added anew: a whole number of cases, at least the minimum.
    const other = await product(300, 100);
    await t.db.updateTable("products").set({ case_pack: 4, min_quantity: 8 }).where("id", "=", other.id).execute();
    const otherName = `Edit ${other.sku.slice(3)}`;
    await expect(add(other.sku, 6)).rejects.toThrow(SELLING_MESSAGES.quantityNotPackMultiple(otherName, 4));
    await expect(add(other.sku, 4)).rejects.toThrow(SELLING_MESSAGES.quantityBelowMinimum(otherName, 8));
    expect((await add(other.sku, 8)).totalCents).toBe(24 * 200 + 100 + 8 * 300);
    // Removing a line is always allowed, whatever its quantity.
    await editOrder(t.db, id, { kind: "remove", lineId, seen: 24 }, TEST_ADMIN);
    expect(await stockOf(cases.id)).toBe(100);
  });

  it("a line whose product was deleted since the order has no selling unit to keep to", async () => {
    const cases = await product(200, 100);
    await t.db.updateTable("products").set({ case_pack: 6, min_quantity: 12 }).where("id", "=", cases.id).execute();
    const single = await product(100, 50);
    const id = await order([
      { id: cases.id, quantity: 18 },
      { id: single.id, quantity: 1 },
    ]);
    await t.db.deleteFrom("products").where("id", "=", cases.id).execute();
    const line = (await editableLines(t.db, id)).find((l) => l.sku === cases.sku);
    const edited = await editOrder(
      t.db,
      id,
      { kind: "quantity", lineId: line?.id ?? 0, quantity: 5, seen: 18 },
      TEST_ADMIN,
    );
    expect(edited.totalCents).toBe(5 * 200 + 100);
  });

  it("an edit racing a checkout for the last units: one of them gets them, never both", async () => {
    for (let round = 0; round < 5; round++) {
      const p = await product(100, 5);
      const id = await order([{ id: p.id, quantity: 1 }]);
      const [line] = await editableLines(t.db, id);
      const [edit, checkout] = await Promise.allSettled([
        editOrder(t.db, id, { kind: "quantity", lineId: line?.id ?? 0, quantity: 5, seen: 1 }, TEST_ADMIN),
        order([{ id: p.id, quantity: 4 }], 1),
      ]);
      const wins = [edit, checkout].filter((r) => r.status === "fulfilled").length;
      expect(wins).toBe(1);
      if (edit.status === "rejected") expect(edit.reason).toBeInstanceOf(OrderEditError);
      if (checkout.status === "rejected") expect(checkout.reason).toBeInstanceOf(OrderRefusedError);
      expect(await stockOf(p.id)).toBe(0);
      const sold = await t.db
        .selectFrom("order_items")
        .select((eb) => eb.fn.sum<number>("quantity").as("q"))
        .where("product_id", "=", p.id)
        .executeTakeFirstOrThrow();
      expect(Number(sold.q)).toBe(5);
    }
  });

  it("two admins editing one order at once: both changes kept, or the second told the line changed", async () => {
    const a = await product(100, 50);
    const b = await product(200, 50);
    const id = await order([{ id: a.id, quantity: 2 }]);
    const [line] = await editableLines(t.db, id);
    const lineId = line?.id ?? 0;
    const admin2 = { id: null, name: "Second Admin" };
    // Different changes, both from the same page: both are applied.
    const seenBefore = await linesSeen(t.db, id);
    await Promise.all([
      editOrder(t.db, id, { kind: "quantity", lineId, quantity: 4, seen: 2 }, TEST_ADMIN),
      editOrder(t.db, id, { kind: "add", sku: b.sku, quantity: 3, seen: seenBefore }, admin2),
    ]);
    expect((await editableLines(t.db, id)).map((l) => [l.sku, l.quantity])).toEqual([
      [a.sku, 4],
      [b.sku, 3],
    ]);
    expect(await orderRow(id)).toMatchObject({ total_cents: 4 * 100 + 3 * 200, item_count: 7 });
    expect(await stockOf(a.id)).toBe(46);
    expect(await stockOf(b.id)).toBe(47);
    // The same line, both from what they saw: one is applied, the other refused (not lost silently).
    const results = await Promise.allSettled([
      editOrder(t.db, id, { kind: "quantity", lineId, quantity: 10, seen: 4 }, TEST_ADMIN),
      editOrder(t.db, id, { kind: "quantity", lineId, quantity: 1, seen: 4 }, admin2),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason.message).toBe(MESSAGES.orderEditChanged);
    const now = (await editableLines(t.db, id))[0]?.quantity ?? 0;
    expect([10, 1]).toContain(now);
    expect(await stockOf(a.id)).toBe(50 - now);
    // And an admin cancelling while another edits: stock adds up either way.
    const lines = await editableLines(t.db, id);
    await Promise.allSettled([
      changeOrderStatus(t.db, id, { seen: "Processing", next: "Cancelled" }, TEST_ADMIN),
      editOrder(t.db, id, { kind: "quantity", lineId: lines[1]?.id ?? 0, quantity: 5, seen: 3 }, admin2),
    ]);
    expect((await orderRow(id)).status).toBe("Cancelled");
    expect(await stockOf(a.id)).toBe(50);
    expect(await stockOf(b.id)).toBe(50);
  });

  describe("an admin write from a page opened before someone else's change is refused (issue 26)", () => {
    const admin2 = { id: null, name: "Second Admin <second@test.invalid>" };

    /** Mail jobs queued so far: a refused change queues none. */
    async function mailsQueued() {
      const row = await t.db
        .selectFrom("jobs")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("name", "=", "mail")
        .executeTakeFirstOrThrow();
      return Number(row.n);
    }

    it("a status chosen on a page that showed Processing, after another admin cancelled: refused, nothing moves", async () => {
      const p = await product(700, 10);
      const id = await order([{ id: p.id, quantity: 4 }]);
      // Both admins open the order while it is Processing; the first cancels it.
      const seen = (await orderRow(id)).status;
      await changeOrderStatus(t.db, id, { seen, next: "Cancelled" }, TEST_ADMIN);
      expect(await stockOf(p.id)).toBe(10);
      const mails = await mailsQueued();
      const history = await orderHistory(t.db, id);
      // The second, from the page still showing Processing, chooses Completed.
      for (const next of ["Completed", "In Review", "Processing", "Cancelled"]) {
        const refused = await changeOrderStatus(t.db, id, { seen, next }, admin2).catch((e: unknown) => e);
        expect(refused).toBeInstanceOf(StatusChangeError);
        expect((refused as Error).message).toBe(MESSAGES.orderStatusChangedSinceOpened(id, "Cancelled"));
      }
      // Still Cancelled: the stock was not taken again, the customer was not mailed, no history.
      expect((await orderRow(id)).status).toBe("Cancelled");
      expect(await stockOf(p.id)).toBe(10);
      expect(await mailsQueued()).toBe(mails);
      expect(await orderHistory(t.db, id)).toEqual(history);
      // From a page showing it as it is, the change goes through.
      expect(await changeOrderStatus(t.db, id, { seen: "Cancelled", next: "Completed" }, admin2)).toBe("Completed");
      expect(await stockOf(p.id)).toBe(6);
    });

    it("two admins choosing from the same page at once: one change is made, the other refused", async () => {
      const p = await product(700, 10);
      const id = await order([{ id: p.id, quantity: 4 }]);
      const results = await Promise.allSettled([
        changeOrderStatus(t.db, id, { seen: "Processing", next: "Cancelled" }, TEST_ADMIN),
        changeOrderStatus(t.db, id, { seen: "Processing", next: "Completed" }, admin2),
      ]);
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
      const now = (await orderRow(id)).status;
      expect(refused.reason.message).toBe(MESSAGES.orderStatusChangedSinceOpened(id, now));
      expect(await stockOf(p.id)).toBe(now === "Cancelled" ? 10 : 6);
    });

    it("adding a product another admin added since the page was opened: refused, not doubled", async () => {
      const a = await product(100, 50);
      const b = await product(200, 50);
      const id = await order([{ id: a.id, quantity: 2 }]);
      const page = await linesSeen(t.db, id);
      // The first admin adds 3 of B; the second, from the page without B, adds 3 of B too.
      await editOrder(t.db, id, { kind: "add", sku: b.sku, quantity: 3, seen: page }, TEST_ADMIN);
      const mails = await mailsQueued();
      await expect(editOrder(t.db, id, { kind: "add", sku: b.sku, quantity: 3, seen: page }, admin2)).rejects.toThrow(
        MESSAGES.orderEditProductChanged(`Edit ${b.sku.slice(3)}`),
      );
      // And adding to A, whose line another admin changed since the page was opened.
      const [lineA] = await editableLines(t.db, id);
      await editOrder(t.db, id, { kind: "quantity", lineId: lineA?.id ?? 0, quantity: 5, seen: 2 }, TEST_ADMIN);
      await expect(editOrder(t.db, id, { kind: "add", sku: a.sku, quantity: 1, seen: page }, admin2)).rejects.toThrow(
        MESSAGES.orderEditProductChanged(`Edit ${a.sku.slice(3)}`),
      );
      expect((await editableLines(t.db, id)).map((l) => [l.sku, l.quantity])).toEqual([
        [a.sku, 5],
        [b.sku, 3],
      ]);
      expect(await stockOf(a.id)).toBe(45);
      expect(await stockOf(b.id)).toBe(47);
      expect(await mailsQueued()).toBe(mails + 1);
      // A product nobody touched is added from the same old page.
      const c = await product(300, 50);
      await editOrder(t.db, id, { kind: "add", sku: c.sku, quantity: 1, seen: page }, admin2);
      expect(await stockOf(c.id)).toBe(49);
    });

    it("reads the page's copy of the lines, and refuses a copy it cannot read", () => {
      const seen = parseSeenLines(
        seenLinesOf([
          { productId: 12, quantity: 3 },
          { productId: null, quantity: 9 },
          { productId: 15, quantity: 1 },
          { productId: 12, quantity: 7 },
        ]),
      );
      expect(seen && [...seen.entries()]).toEqual([
        [12, 3],
        [15, 1],
      ]);
      expect(parseSeenLines("")).toEqual(new Map());
      for (const bad of ["12", "12:", "a:1", "12:3,", "12:3;15:1", "12:-1", "1:123456"])
        expect(parseSeenLines(bad)).toBeNull();
    });
  });
});

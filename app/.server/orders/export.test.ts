import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as MESSAGES from "~/lib/messages";
import type { OrderStatus } from "~/lib/orders";
import { customerWithAddress } from "../../../tests/support/customers";
import { setupTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { insertProduct } from "../catalog/product-writes";
import { placeOrder } from "../flows/place-order";
import { exportOrdersCsv, ORDER_EXPORT_HEADER, storeDayStart } from "./export";

let t: TestDatabase;
const ids: number[] = [];

async function csv(filter: { from?: string; to?: string; status?: OrderStatus }): Promise<string[][]> {
  let out = "";
  for await (const chunk of exportOrdersCsv(t.db, {
    from: filter.from ?? null,
    to: filter.to ?? null,
    status: filter.status ?? null,
  }))
    out += chunk;
  return parse(out) as string[][];
}

beforeAll(async () => {
  t = await setupTestDatabase();
  const { id: eve, addressId } = await customerWithAddress(t.db, "eve@shop.test", {
    name: "Eve",
    businessName: "=cmd|' /C calc'!A0",
  });
  const soda = await insertProduct(
    t.db,
    { sku: "SODA-24", name: "Soda Case", description: "", priceCents: 1250, stock: 100, category: "novelty" },
    [],
  );
  const gum = await insertProduct(
    t.db,
    { sku: "GUM-BOX", name: "Gum Box", description: "", priceCents: 399, stock: 100, category: "novelty" },
    [],
  );
  // Three orders: late evening of Nov 2 in Dallas (already Nov 3 in UTC), Nov 3, Nov 4.
  const placedAt = ["2026-11-03T04:30:00.000Z", "2026-11-03T18:00:00.000Z", "2026-11-04T15:00:00.000Z"];
  for (const at of placedAt) {
    const { order } = await placeOrder(t.db, {
      userId: eve,
      idempotencyKey: crypto.randomUUID(),
      addressId,
      lines: [
        { id: soda, quantity: 2 },
        { id: gum, quantity: 1 },
      ],
      // The first order carries a PO number and notes, the notes written as a formula.
      poNumber: ids.length === 0 ? "PO-551" : null,
      notes: ids.length === 0 ? '=HYPERLINK("http://evil.test")' : null,
    });
    await t.db.updateTable("orders").set({ created_at: at }).where("id", "=", order.id).execute();
    ids.push(order.id);
  }
  await t.db
    .updateTable("orders")
    .set({ status: "Completed" })
    .where("id", "=", ids[2] as number)
    .execute();
});

afterAll(async () => {
  await t.cleanup();
});

describe(`orders CSV on ${process.env.DATABASE_URL ? "PostgreSQL" : "SQLite"}`, () => {
  it("a day starts at midnight in Dallas, in summer and in winter", () => {
    expect(storeDayStart("2026-11-23")).toBe("2026-11-23T06:00:00.000Z");
    expect(storeDayStart("2026-07-01")).toBe("2026-07-01T05:00:00.000Z");
    // The day clocks go back: midnight is still daylight time.
    expect(storeDayStart("2026-11-01")).toBe("2026-11-01T05:00:00.000Z");
  });

  it("exports one row per line with the order's columns, formulas neutralized", async () => {
    const rows = await csv({});
    expect(rows[0]).toEqual(ORDER_EXPORT_HEADER);
    expect(rows).toHaveLength(1 + 6);
    const first = rows[1] as string[];
    expect(first.slice(0, 6)).toEqual([
      String(ids[0]),
      "2026-11-03T04:30:00.000Z",
      "Processing",
      "Eve",
      "eve@shop.test",
      "'=cmd|' /C calc'!A0",
    ]);
    expect(first.slice(11)).toEqual([
      "28.99",
      "0.00",
      "0.00",
      "0.00",
      "28.99",
      "PO-551",
      `'=HYPERLINK("http://evil.test")`,
      "SODA-24",
      "Soda Case",
      "2",
      "12.50",
      "25.00",
    ]);
    expect((rows[2] as string[]).slice(18)).toEqual(["GUM-BOX", "Gum Box", "1", "3.99", "3.99"]);
    expect((rows[3] as string[]).slice(16, 18)).toEqual(["", ""]);
  });

  it("filters by days in the store's time zone and by status", async () => {
    const orderIds = (rows: string[][]) => [...new Set(rows.slice(1).map((r) => Number(r[0])))];
    expect(orderIds(await csv({ from: "2026-11-02", to: "2026-11-02" }))).toEqual([ids[0]]);
    expect(orderIds(await csv({ from: "2026-11-03", to: "2026-11-03" }))).toEqual([ids[1]]);
    expect(orderIds(await csv({ from: "2026-11-03" }))).toEqual([ids[1], ids[2]]);
    expect(orderIds(await csv({ to: "2026-11-03" }))).toEqual([ids[0], ids[1]]);
    expect(orderIds(await csv({ status: "Completed" }))).toEqual([ids[2]]);
    expect(orderIds(await csv({ from: "2026-12-01" }))).toEqual([]);
  });

  it("a deleted customer's orders read 'Unknown User'", async () => {
    await t.db
      .updateTable("orders")
      .set({ user_id: null })
      .where("id", "=", ids[0] as number)
      .execute();
    const rows = await csv({ to: "2026-11-02" });
    expect(rows[1]?.[3]).toBe(MESSAGES.unknownUser);
    expect(rows[1]?.[4]).toBe("");
  });
});

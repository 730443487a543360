import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_ADMIN } from "../../../tests/support/actors";
import { setupTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { runJobsUntilIdle } from "../jobs/run-due";
import { env } from "../runtime/env";
import {
  countStockLevels,
  DEFAULT_LOW_STOCK_THRESHOLD,
  listLowStock,
  sendLowStockDigest,
  setProductThreshold,
  setStoreThreshold,
  storeThreshold,
} from "./low-stock";
import { insertProduct } from "./product-writes";

let t: TestDatabase;

async function product(sku: string, stock: number) {
  return insertProduct(
    t.db,
    { sku, name: `Item ${sku}`, description: "", priceCents: 100, stock, category: "novelty" },
    [],
  );
}

function outbox(): { to: string; subject: string; text: string }[] {
  const dir = path.join(t.dataDir, "outbox");
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir).map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), "utf8")));
}

beforeAll(async () => {
  t = await setupTestDatabase();
});

afterAll(async () => {
  await t.cleanup();
});

describe(`low stock on ${process.env.DATABASE_URL ? "PostgreSQL" : "SQLite"}`, () => {
  it("lists products at or under their own threshold or the store-wide one, out of stock first", async () => {
    expect(await sendLowStockDigest(t.db)).toBe(false);
    await product("PLENTY", 50);
    const five = await product("FIVE", 5);
    await product("OUT", 0);
    const twenty = await product("TWENTY", 20);
    expect(await storeThreshold(t.db)).toBe(DEFAULT_LOW_STOCK_THRESHOLD);
    expect((await listLowStock(t.db)).items.map((i) => i.sku)).toEqual(["OUT", "FIVE"]);
    // The dashboard counts as the report does: out of stock apart, low among those in stock.
    expect(await countStockLevels(t.db)).toEqual({ out: 1, low: 1 });

    await setProductThreshold(t.db, twenty, 25, TEST_ADMIN);
    await setProductThreshold(t.db, five, 2, TEST_ADMIN);
    const report = await listLowStock(t.db);
    expect(report.items.map((i) => [i.sku, i.threshold, i.ownThreshold])).toEqual([
      ["OUT", 5, null],
      ["TWENTY", 25, 25],
    ]);
    expect(await countStockLevels(t.db)).toEqual({ out: 1, low: 1 });
    await setStoreThreshold(t.db, 60, TEST_ADMIN);
    expect((await listLowStock(t.db)).items.map((i) => i.sku)).toEqual(["OUT", "TWENTY", "PLENTY"]);
    expect(await countStockLevels(t.db)).toEqual({ out: 1, low: 2 });
    await setProductThreshold(t.db, five, null, TEST_ADMIN);
    expect((await listLowStock(t.db)).total).toBe(4);
    const audit = await t.db.selectFrom("audit_log").select("summary").orderBy("id").execute();
    expect(audit.map((a) => a.summary)).toEqual([
      "Low-stock threshold of TWENTY: store-wide to 25",
      "Low-stock threshold of FIVE: store-wide to 2",
      "Store-wide low-stock threshold 5 to 60",
      "Low-stock threshold of FIVE: 2 to store-wide",
    ]);
  });

  it("mails the daily digest to the store inbox when anything is low or out", async () => {
    expect(await sendLowStockDigest(t.db)).toBe(true);
    await runJobsUntilIdle({ db: t.db });
    const digest = outbox().find((m) => m.subject.startsWith("Low stock:"));
    expect(digest?.to).toBe(env().STORE_INBOX);
    expect(digest?.subject).toBe("Low stock: 4 products at or under the threshold");
    expect(digest?.text).toContain("OUT · OUT · Item OUT (threshold 60, $1.00)");
    expect(digest?.text).toContain("5 left · FIVE · Item FIVE");
    expect(digest?.text).toContain(`${env().BASE_URL}/admin/stock`);
  });
});

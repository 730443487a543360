import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as REPORT_MESSAGES from "~/lib/messages/reports";
import { orderMoney } from "~/lib/order-money";
import { setupTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { ensureAccount } from "../accounts/admins";
import { findUserByEmail } from "../accounts/users";
import { insertProduct } from "../catalog/product-writes";
import { moneyColumns } from "../orders/money";
import { loadDashboard } from "./dashboard";
import { salesBy, salesByPeriod } from "./sales";
import { loadReport, reportCsv, reportFileName } from "./view";

/**
 * Reports against a set of orders whose figures were worked out by hand (issue 32), on the
 * database the suite runs on (SQLite, or PostgreSQL with DATABASE_URL). The store's days are
 * Dallas days: November 2026 is on CST (UTC-6) from Nov 1 at 2:00, October on CDT (UTC-5).
 *
 * In range 2026-11-01..2026-11-30 (lines: product × units @ price):
 *   #1 Alpha, TX, Nov 2 09:00 CST, Completed:   Mint ×2 @10.00, Grinder ×1 @25.00   = 45.00
 *   #2 Bravo, OK, Nov 2 23:30 CST, Processing:  Mint ×3 @9.00                       = 27.00
 *   #3 Cee,   TX, Nov 10, Completed:            Caps ×4 @12.50, Grinder ×2 @25.00   = 100.00
 *   #6 Alpha, TX, Nov 30 23:59 CST, In Review:  Caps ×1 @12.50                      = 12.50
 *   #7 Cee,   KS, Nov 20, Completed:            a deleted product ×1 @7.00          = 7.00
 * Left out: #4 (Alpha, OK, Nov 10, Cancelled: Mint ×10) and #5 (Bravo, Oct 31 18:00 CDT).
 * So: 5 orders, 14 units, $191.50.
 */

let t: TestDatabase;
const RANGE = { from: "2026-11-01", to: "2026-11-30" };
let mint: number;
let grinder: number;
let caps: number;
const users: Record<"alpha" | "bravo" | "cee", string> = { alpha: "", bravo: "", cee: "" };
let orderNo = 0;

async function customer(email: string, name: string): Promise<string> {
  await ensureAccount(t.db, { email, name, role: "customer" });
  const id = (await findUserByEmail(t.db, email))?.id;
  if (!id) throw new Error(`no user ${email}`);
  return id;
}

async function order(
  userId: string,
  state: string,
  createdAt: string,
  status: string,
  lines: { productId: number | null; name: string; quantity: number; priceCents: number }[],
): Promise<void> {
  orderNo++;
  const { id } = await t.db
    .insertInto("orders")
    .values({
      user_id: userId,
      idempotency_key: `report-test-${orderNo}`,
      status,
      ...moneyColumns(orderMoney({ goodsCents: lines.reduce((s, l) => s + l.quantity * l.priceCents, 0) })),
      item_count: lines.reduce((s, l) => s + l.quantity, 0),
      ship_business_name: "Shop",
      ship_street: "1 Main St",
      ship_city: "Town",
      ship_state: state,
      ship_zip: "00000",
      ship_phone: "",
      created_at: createdAt,
      updated_at: createdAt,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto("order_items")
    .values(
      lines.map((l, position) => ({
        order_id: id,
        product_id: l.productId,
        position,
        name: l.name,
        sku: `SKU-${l.name}`,
        unit_price_cents: l.priceCents,
        quantity: l.quantity,
      })),
    )
    .execute();
}

beforeAll(async () => {
  t = await setupTestDatabase();
  const now = new Date().toISOString();
  const product = (name: string, category: string) =>
    insertProduct(t.db, { sku: `RPT-${name}`, name, description: "", priceCents: 1000, stock: 100, category }, []);
  mint = await product("Mint Pods", "disposable-vapes");
  grinder = await product("Grinder", "accessories");
  caps = await product("Kratom Caps", "kratom");
  const gone = await product("Old Thing", "novelty");
  const facts = (productId: number, productClass: string, brand: string) =>
    t.db
      .insertInto("product_compliance")
      .values({ product_id: productId, product_class: productClass, brand, updated_at: now } as never)
      .execute();
  await facts(mint, "nicotine-vape", "Acme");
  // A brand a spreadsheet would run as a formula: the CSV must write it as text.
  await facts(caps, "kratom", '=HYPERLINK("http://evil.test","x")');
  users.alpha = await customer("alpha@reports.test", "Ann Alpha");
  users.bravo = await customer("bravo@reports.test", "Bob Bravo");
  users.cee = await customer("cee@reports.test", "Cee Buyer");
  const business = (userId: string, legalName: string, dba: string | null, signedUp: string) =>
    t.db
      .insertInto("businesses")
      .values({
        user_id: userId,
        legal_name: legalName,
        dba,
        business_type: "retailer",
        tax_permit: null,
        rejection_reason: null,
        reviewed_by: null,
        reviewed_at: null,
        created_at: signedUp,
        updated_at: signedUp,
      })
      .execute();
  await business(users.alpha, "Alpha LLC", null, "2026-11-15T12:00:00.000Z");
  await business(users.bravo, "Bravo Holdings Inc", "Bravo Mart", "2026-10-15T12:00:00.000Z");
  const mintLine = (quantity: number, priceCents: number) => ({
    productId: mint,
    name: "Mint Pods",
    quantity,
    priceCents,
  });
  const grinderLine = (quantity: number) => ({ productId: grinder, name: "Grinder", quantity, priceCents: 2500 });
  const capsLine = (quantity: number) => ({ productId: caps, name: "Kratom Caps", quantity, priceCents: 1250 });
  await order(users.alpha, "TX", "2026-11-02T15:00:00.000Z", "Completed", [mintLine(2, 1000), grinderLine(1)]);
  await order(users.bravo, "OK", "2026-11-03T05:30:00.000Z", "Processing", [mintLine(3, 900)]);
  await order(users.cee, "TX", "2026-11-10T12:00:00.000Z", "Completed", [capsLine(4), grinderLine(2)]);
  await order(users.alpha, "OK", "2026-11-10T20:00:00.000Z", "Cancelled", [mintLine(10, 1000)]);
  await order(users.bravo, "TX", "2026-10-31T23:00:00.000Z", "Completed", [mintLine(1, 1000)]);
  await order(users.alpha, "TX", "2026-12-01T05:59:00.000Z", "In Review", [capsLine(1)]);
  await order(users.cee, "KS", "2026-11-20T18:00:00.000Z", "Completed", [
    { productId: gone, name: "Old Thing", quantity: 1, priceCents: 700 },
  ]);
  // The product is deleted since: its line keeps its name, its product id is gone.
  await t.db.updateTable("order_items").set({ product_id: null }).where("product_id", "=", gone).execute();
  await t.db.deleteFrom("products").where("id", "=", gone).execute();
});

afterAll(async () => {
  await t.cleanup();
});

const strip = (rows: { label: string; orders: number; units: number; salesCents: number }[]) =>
  rows.map((r) => [r.label, r.orders, r.units, r.salesCents]);

describe(`reports on ${process.env.DATABASE_URL ? "PostgreSQL" : "SQLite"}`, () => {
  it("sums sales by store day, every day of the range present, cancelled orders and other days left out", async () => {
    const days = await salesByPeriod(t.db, RANGE, "day");
    expect(days).toHaveLength(30);
    expect(days[0]?.key).toBe("2026-11-01");
    expect(days.filter((d) => d.salesCents > 0).map((d) => [d.key, d.orders, d.units, d.salesCents])).toEqual([
      ["2026-11-02", 2, 6, 7200],
      ["2026-11-10", 1, 6, 10000],
      ["2026-11-20", 1, 1, 700],
      ["2026-11-30", 1, 1, 1250],
    ]);
    const months = await salesByPeriod(t.db, { from: "2026-10-01", to: "2026-12-31" }, "month");
    expect(months.map((m) => [m.key, m.orders, m.units, m.salesCents])).toEqual([
      ["2026-10", 1, 1, 1000],
      ["2026-11", 5, 14, 19150],
      ["2026-12", 0, 0, 0],
    ]);
  });

  it("sums sales by product, best first, a deleted product under its line's name", async () => {
    const page = await salesBy(t.db, "product", RANGE);
    expect(strip(page.rows)).toEqual([
      ["Grinder", 2, 3, 7500],
      ["Kratom Caps", 2, 5, 6250],
      ["Mint Pods", 2, 5, 4700],
      ["Old Thing", 1, 1, 700],
    ]);
    expect(page.rows[0]?.key).toBe(String(grinder));
    expect(page.rows[3]?.key).toBeNull();
    expect(page.total).toBe(4);
    expect(page.sums).toEqual({ orders: 5, units: 14, salesCents: 19150 });
  });

  it("pages a report, the totals of the whole report on every page", async () => {
    const second = await salesBy(t.db, "product", RANGE, { page: 2, pageSize: 3 });
    expect(strip(second.rows)).toEqual([["Old Thing", 1, 1, 700]]);
    expect(second.total).toBe(4);
    expect(second.sums).toEqual({ orders: 5, units: 14, salesCents: 19150 });
    const past = await salesBy(t.db, "product", RANGE, { page: 9, pageSize: 3 });
    expect(past.rows).toEqual([]);
    expect(past.total).toBe(4);
  });

  it("sums a long range by product from the years' rows less the days left out, as the days would", async () => {
    // Most of 2026: the year's rows less January to February and November 16 on. Old Thing sold
    // only on November 20: it sums to no order and is not listed.
    const most = await salesBy(t.db, "product", { from: "2026-03-01", to: "2026-11-15" });
    expect(strip(most.rows)).toEqual([
      ["Grinder", 2, 3, 7500],
      ["Mint Pods", 3, 6, 5700],
      ["Kratom Caps", 1, 4, 5000],
    ]);
    expect(most.total).toBe(3);
    expect(most.sums).toEqual({ orders: 4, units: 13, salesCents: 18200 });
    // Across two years: the days of December 2025, then 2026's rows less its December.
    const across = await salesBy(t.db, "product", { from: "2025-12-15", to: "2026-11-30" });
    expect(strip(across.rows)).toEqual([
      ["Grinder", 2, 3, 7500],
      ["Kratom Caps", 2, 5, 6250],
      ["Mint Pods", 3, 6, 5700],
      ["Old Thing", 1, 1, 700],
    ]);
    expect(across.total).toBe(4);
    expect(across.sums).toEqual({ orders: 6, units: 15, salesCents: 20150 });
  });

  it("sums sales by category, product class and brand as the products were when sold, named as the store names them", async () => {
    // The deleted product's line keeps the category it was sold in (decision 0041).
    const categories = await salesBy(t.db, "category", RANGE);
    expect(strip(categories.rows)).toEqual([
      ["Accessories", 2, 3, 7500],
      ["Kratom", 2, 5, 6250],
      ["Disposable Vapes", 2, 5, 4700],
      ["Novelty", 1, 1, 700],
    ]);
    expect(categories.rows.map((r) => r.key)).toEqual(["accessories", "kratom", "disposable-vapes", "novelty"]);
    expect(strip((await salesBy(t.db, "class", RANGE)).rows)).toEqual([
      [REPORT_MESSAGES.reportUnknown("class"), 3, 4, 8200],
      ["Kratom", 2, 5, 6250],
      ["Nicotine vape", 2, 5, 4700],
    ]);
    expect(strip((await salesBy(t.db, "brand", RANGE)).rows)).toEqual([
      [REPORT_MESSAGES.reportUnknown("brand"), 3, 4, 8200],
      ['=HYPERLINK("http://evil.test","x")', 2, 5, 6250],
      ["Acme", 2, 5, 4700],
    ]);

    // A product moved to another category and given another class and brand since: its past
    // sales stay where they were sold, and the page says so.
    const before = await Promise.all((["category", "class", "brand"] as const).map((by) => salesBy(t.db, by, RANGE)));
    await t.db.updateTable("products").set({ category: "novelty" }).where("id", "=", mint).execute();
    await t.db
      .updateTable("product_compliance")
      .set({ product_class: "kratom", brand: "Zeta" })
      .where("product_id", "=", mint)
      .execute();
    try {
      const after = await Promise.all((["category", "class", "brand"] as const).map((by) => salesBy(t.db, by, RANGE)));
      expect(after.map((r) => strip(r.rows))).toEqual(before.map((r) => strip(r.rows)));
    } finally {
      await t.db.updateTable("products").set({ category: "disposable-vapes" }).where("id", "=", mint).execute();
      await t.db
        .updateTable("product_compliance")
        .set({ product_class: "nicotine-vape", brand: "Acme" })
        .where("product_id", "=", mint)
        .execute();
    }
    expect(REPORT_MESSAGES.reportAttributesAsSold).toBe(
      "Category, class and brand are each order line's as sold: a product moved or changed later leaves its past sales where they were.",
    );
  });

  it("sums sales by business (shown as everywhere: trade name (legal name), else the one it has, else the account's name) and destination state", async () => {
    const businesses = await salesBy(t.db, "business", RANGE);
    expect(strip(businesses.rows)).toEqual([
      ["Cee Buyer", 2, 7, 10700],
      ["Alpha LLC", 2, 4, 5750],
      ["Bravo Mart (Bravo Holdings Inc)", 1, 3, 2700],
    ]);
    expect(businesses.rows.map((r) => r.key)).toEqual([users.cee, users.alpha, users.bravo]);
    expect(businesses.rows.map((r) => r.email)).toEqual([
      "cee@reports.test",
      "alpha@reports.test",
      "bravo@reports.test",
    ]);
    expect(strip((await salesBy(t.db, "state", RANGE)).rows)).toEqual([
      ["TX", 3, 10, 15750],
      ["OK", 1, 3, 2700],
      ["KS", 1, 1, 700],
    ]);
  });

  it("writes the table's rows and columns as CSV, a formula written as text", async () => {
    const view = await loadReport(t.db, new URLSearchParams({ by: "brand", from: RANGE.from, to: RANGE.to }));
    const rows = parse(reportCsv(view)) as string[][];
    expect(rows).toEqual([
      ["Brand", "Orders", "Units", "Sales (USD)"],
      [REPORT_MESSAGES.reportUnknown("brand"), "3", "4", "82.00"],
      ['\'=HYPERLINK("http://evil.test","x")', "2", "5", "62.50"],
      ["Acme", "2", "5", "47.00"],
    ]);
    expect(reportFileName(view)).toBe("sales-by-brand-2026-11-01-to-2026-11-30.csv");
    for (const cell of rows.flat()) expect(cell).not.toMatch(/^[=+\-@]/);
    // Categories and classes in the file as on the page: the store's words, not its codes.
    const csvOf = async (by: string) =>
      parse(
        reportCsv(await loadReport(t.db, new URLSearchParams({ by, from: RANGE.from, to: RANGE.to }))),
      ) as string[][];
    expect((await csvOf("category")).map((r) => r[0])).toEqual([
      "Category",
      "Accessories",
      "Kratom",
      "Disposable Vapes",
      "Novelty",
    ]);
    expect((await csvOf("class")).map((r) => r[0])).toEqual([
      "Product class",
      REPORT_MESSAGES.reportUnknown("class"),
      "Kratom",
      "Nicotine vape",
    ]);
  });

  it("answers a range, report or page that is not one with a message and the default", async () => {
    const today = "2026-11-30";
    const ask = (params: Record<string, string>) => loadReport(t.db, new URLSearchParams(params), today);
    const reversed = await ask({ by: "state", from: "2026-11-30", to: "2026-11-01" });
    expect(reversed.rangeProblem).toBe(REPORT_MESSAGES.reportRangeReversed);
    expect(reversed.range).toEqual({ from: "2026-11-01", to: "2026-11-30" });
    expect(reversed.rows.map((r) => r.label)).toEqual(["TX", "OK", "KS"]);
    expect((await ask({ from: "2026-02-31", to: "2026-03-01" })).rangeProblem).toBe(
      REPORT_MESSAGES.reportRangeNotADate,
    );
    expect((await ask({ from: "2026-11-01" })).rangeProblem).toBe(REPORT_MESSAGES.reportRangeIncomplete);
    expect((await ask({ from: "2020-01-01", to: "2026-11-30" })).rangeProblem).toBe(REPORT_MESSAGES.reportRangeTooLong);
    expect((await ask({ from: "'; drop table orders; --", to: "x" })).rangeProblem).toBe(
      REPORT_MESSAGES.reportRangeNotADate,
    );
    const badKind = await ask({ by: "sales_rep" });
    expect(badKind.kind).toBe("period");
    expect(badKind.problems).toEqual([REPORT_MESSAGES.reportBadKind]);
    const badPage = await ask({ by: "product", page: "-1" });
    expect(badPage.page).toBe(1);
    expect(badPage.problems).toEqual([REPORT_MESSAGES.reportBadPage]);
    const pastLast = await ask({ by: "product", page: "40" });
    expect(pastLast.page).toBe(1);
    expect(pastLast.rows).toHaveLength(4);
    expect(pastLast.problems).toEqual([REPORT_MESSAGES.reportBadPage]);
    const fine = await ask({ by: "product", from: "2026-11-01", to: "2026-11-30" });
    expect([fine.rangeProblem, fine.problems]).toEqual([null, []]);
  });

  it("gives the overview's figures for the last 30 days and 12 months beside the periods before", async () => {
    const d = await loadDashboard(t.db, "2026-11-30");
    expect(d.last30.currentRange).toEqual(RANGE);
    expect(d.last30.previousRange).toEqual({ from: "2026-10-02", to: "2026-10-31" });
    expect(d.last30.current).toHaveLength(30);
    expect(d.last30.previous).toHaveLength(30);
    expect(d.last30.totals).toEqual({ current: 19150, previous: 1000 });
    expect(d.last12Months.currentRange).toEqual({ from: "2025-12-01", to: "2026-11-30" });
    expect(d.last12Months.previousRange).toEqual({ from: "2024-12-01", to: "2025-11-30" });
    expect(d.last12Months.current.map((m) => m.key)).toEqual([
      "2025-12",
      ...Array.from({ length: 11 }, (_, i) => `2026-${String(i + 1).padStart(2, "0")}`),
    ]);
    expect(d.last12Months.totals).toEqual({ current: 20150, previous: 0 });
    // Orders by status counts every order of the 30 days, the cancelled one too.
    expect(Object.fromEntries(d.ordersByStatus.map((s) => [s.status, s.orders]))).toEqual({
      Completed: 3,
      Processing: 1,
      "In Review": 1,
      Cancelled: 1,
    });
    expect(d.averageOrder).toEqual({ currentCents: 3830, previousCents: 1000, orders: 5 });
    expect(d.topProducts.map((r) => r.label)).toEqual(["Grinder", "Kratom Caps", "Mint Pods", "Old Thing"]);
    expect(d.topBusinesses.map((r) => r.label)).toEqual(["Cee Buyer", "Alpha LLC", "Bravo Mart (Bravo Holdings Inc)"]);
    expect(d.byState.map((r) => [r.label, r.salesCents])).toEqual([
      ["TX", 15750],
      ["OK", 2700],
      ["KS", 700],
    ]);
    expect(d.byClass.map((r) => r.salesCents)).toEqual([8200, 6250, 4700]);
    expect(d.newBusinesses).toEqual({ current: 1, previous: 1 });
    expect(d.expiringLicenses).toEqual([]);
  });

  it("lists the approved licenses that expire from today to 30 days on, soonest first", async () => {
    const license = (id: string, userId: string, status: string, expiresOn: string) =>
      t.db
        .insertInto("licenses")
        .values({
          id,
          user_id: userId,
          address_id: null,
          address_bound: 0,
          type: "other",
          number: `N-${id}`,
          issuing_state: "TX",
          expires_on: expiresOn,
          document_key: `doc-${id}`,
          document_type: "application/pdf",
          document_size: 10,
          status,
          rejection_reason: null,
          replaces_id: null,
          reviewed_by: null,
          reviewed_at: null,
          created_at: "2026-11-01T00:00:00.000Z",
          updated_at: "2026-11-01T00:00:00.000Z",
        } as never)
        .execute();
    await license("lic-a", users.alpha, "approved", "2026-12-30");
    await license("lic-b", users.bravo, "approved", "2026-12-10");
    await license("lic-c", users.cee, "approved", "2026-12-31");
    await license("lic-d", users.alpha, "pending", "2026-12-05");
    await license("lic-e", users.bravo, "approved", "2026-11-29");
    const d = await loadDashboard(t.db, "2026-11-30");
    expect(d.expiringLicenses.map((l) => [l.business, l.number, l.expiresOn])).toEqual([
      ["Bravo Mart (Bravo Holdings Inc)", "N-lic-b", "2026-12-10"],
      ["Alpha LLC", "N-lic-a", "2026-12-30"],
    ]);
  });
});

import http from "node:http";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureAccount } from "~/.server/accounts/admins";
import { insertProduct } from "~/.server/catalog/product-writes";
import { placeOrder } from "~/.server/flows/place-order";
import { storeToday } from "~/lib/business";
import { FIRST_DAY, lastDayOfNextYear } from "~/lib/calendar-days";
import * as REPORT_MESSAGES from "~/lib/messages/reports";
import { REPORT_KINDS } from "~/lib/reports";
import { customerWithAddress } from "../support/customers";
import { cookiesOf, hasBuild, postLogin, type RunningServer, startServer } from "../support/server-process";
import { setupTestDatabase, type TestDatabase } from "../support/test-database";

/**
 * The sales reports on the built server (issue 32): only admins get them, a report's CSV is its
 * own answer with every cell a spreadsheet would run written as text, and a range, report or page
 * that is not one gets the default and a message (never a 500).
 */
describe.skipIf(!hasBuild)("sales reports on the built server", () => {
  let database: TestDatabase;
  let server: RunningServer;
  let admin: string;
  let customer: string;
  const FORMULAS = ["=1+2", "+SUM(A1)", "-2+3", "@A1"];

  beforeAll(async () => {
    database = await setupTestDatabase();
    const db = database.db;
    await ensureAccount(db, {
      email: "reports@admin.test",
      name: "Reports Admin",
      role: "admin",
      password: "reports-pass-1234",
    });
    const buyer = await customerWithAddress(db, "reports@shop.test", {
      name: "Report Buyer",
      password: "buyer-pass-1234",
    });
    const lines: { id: number; quantity: number }[] = [];
    for (const [i, name] of FORMULAS.entries()) {
      const id = await insertProduct(
        db,
        { sku: `RPT-F${i}`, name, description: "", priceCents: 1000 * (i + 1), stock: 50, category: "novelty" },
        [],
      );
      lines.push({ id, quantity: 1 });
    }
    await placeOrder(db, { userId: buyer.id, idempotencyKey: crypto.randomUUID(), addressId: buyer.addressId, lines });
    server = await startServer({ DATA_DIR: database.dataDir, DATABASE_URL: database.url ?? "", LOG_LEVEL: "warn" });
    admin = cookiesOf(await postLogin(server.origin, { email: "reports@admin.test", password: "reports-pass-1234" }));
    customer = cookiesOf(await postLogin(server.origin, { email: "reports@shop.test", password: "buyer-pass-1234" }));
    expect(admin).toMatch(/session_token=/);
    expect(customer).toMatch(/session_token=/);
  }, 300_000);

  afterAll(async () => {
    await server?.stop();
    await database?.cleanup();
  });

  const get = (path: string, cookie = admin) =>
    fetch(`${server.origin}${path}`, { headers: { cookie }, redirect: "manual" });

  it("writes a product named like a formula as text in the report's CSV", async () => {
    const res = await get("/admin/reports/export.csv?by=product");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="sales-by-product-.*\.csv"$/);
    const rows = parse(await res.text()) as string[][];
    expect(rows[0]).toEqual(["Product", "Orders", "Units", "Sales (USD)"]);
    expect(rows.slice(1).map((r) => r[0])).toEqual(FORMULAS.map((f) => `'${f}`).reverse());
    expect(rows.slice(1).map((r) => r[3])).toEqual(["40.00", "30.00", "20.00", "10.00"]);
  });

  it("is for admins only: a customer and a visitor are sent away from the page and the file", async () => {
    for (const path of ["/admin/reports", "/admin/reports?by=product", "/admin/reports/export.csv"]) {
      expect((await get(path, customer)).status, path).toBe(302);
      expect((await get(path, "")).status, path).toBe(302);
      expect((await get(path)).status, path).toBe(200);
    }
  });

  it("answers a range, report or page that is not one with the default and a message, never a 500", async () => {
    const reversed = await get("/admin/reports?by=state&from=2026-11-30&to=2026-11-01");
    expect(reversed.status).toBe(200);
    expect(await reversed.text()).toContain(REPORT_MESSAGES.reportRangeReversed);
    const queries = [
      "from=2026-02-30&to=2026-03-01",
      "from=&to=2026-03-01",
      "from=2000-01-01&to=2026-01-01",
      "from=%00&to=%FF",
      "from[]=1&to[]=2",
      "by=rep&page=1e99",
      "by=product&page=-3",
      "by=product&page=99999999999",
      `from=${"9".repeat(500)}&to=x`,
    ];
    for (const query of queries) {
      const page = await get(`/admin/reports?${query}`);
      expect([200, 400], query).toContain(page.status);
      const file = await get(`/admin/reports/export.csv?${query}`);
      expect([200, 400], query).toContain(file.status);
      if (file.status === 200) expect(file.headers.get("content-disposition"), query).toContain(`-to-${storeToday()}`);
    }
  });

  it("answers the calendar's ends (years 9999, 0001, 0000) with the message and the last 30 days: page, .data and CSV, every report", async () => {
    const outOfBounds = REPORT_MESSAGES.reportRangeOutOfBounds(FIRST_DAY, lastDayOfNextYear());
    for (const by of REPORT_KINDS) {
      for (const [from, to] of [
        ["9999-12-01", "9999-12-31"],
        ["0001-01-01", "0001-01-31"],
        ["0000-01-01", "0000-01-31"],
      ]) {
        const query = `by=${by}&from=${from}&to=${to}`;
        const page = await get(`/admin/reports?${query}`);
        expect(page.status, query).toBe(200);
        const html = await page.text();
        expect(html, query).toContain(outOfBounds);
        expect(html, query).toContain(`value="${storeToday()}"`);
        const data = await get(`/admin/reports.data?${query}`);
        expect(data.status, query).toBe(200);
        expect(await data.text(), query).toContain(outOfBounds);
        const file = await get(`/admin/reports/export.csv?${query}`);
        expect(file.status, query).toBe(200);
        expect(file.headers.get("content-disposition"), query).toContain(`-to-${storeToday()}`);
      }
    }
  });

  it("every answer carries each security header once", async () => {
    for (const path of ["/admin/reports", "/admin/reports/export.csv?by=state"]) {
      const rawHeaders = await new Promise<string[]>((resolve, reject) => {
        http
          .get(`${server.origin}${path}`, { headers: { cookie: admin } }, (res) => {
            res.resume();
            res.on("end", () => resolve(res.rawHeaders));
          })
          .on("error", reject);
      });
      const names = rawHeaders.filter((_, i) => i % 2 === 0).map((n) => n.toLowerCase());
      for (const name of ["x-content-type-options", "x-frame-options", "referrer-policy", "cache-control"])
        expect(names.filter((n) => n === name).length, `${path} ${name}`).toBe(1);
    }
  });
});

import "./support/env";
import type { Download } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { storeToday } from "../../app/lib/business";
import * as REPORT_MESSAGES from "../../app/lib/messages/reports";
import { freshProduct, placeOrderFor, tag } from "./support/admin";
import { expectNoSeriousViolations } from "./support/axe";
import { createAdminAccount, createCustomer } from "./support/data";
import { expect, logIn, money, test } from "./support/fixtures";

/**
 * Reports and the overview (issue 32): an admin reads a chart's value, downloads the table
 * behind it, and gets the default range with a message for a range that is not one. Other
 * journeys place orders on the same database at the same time, so the product of each test is
 * its own (and sells for far more than theirs, to head the best-first report).
 */

async function csvRows(file: Download): Promise<string[][]> {
  const body = Buffer.concat(await (await file.createReadStream()).toArray());
  return parse(body) as string[][];
}

test.describe("back office: reports @desktop-only", () => {
  test("the admin reads a product's sales from the chart and downloads the table as CSV", async ({ page }) => {
    const name = `Reported ${tag()}`;
    const product = await freshProduct({ name, priceCents: 95_000, stock: 20 });
    await placeOrderFor(await createCustomer(), [{ id: product, quantity: 3 }]);
    await logIn(page, await createAdminAccount());

    await page.goto("/admin/reports");
    await page.getByRole("link", { name: "Product", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Sales by product" })).toBeVisible();
    await expect(page.getByText(REPORT_MESSAGES.reportCancelledExcluded, { exact: false })).toBeVisible();

    // The chart's mark: its value is its name (read on focus and on hover), and it is drawn.
    const mark = page.getByRole("link", { name: `${name}: ${money(285_000)} (1 order)` });
    await mark.focus();
    await expect(mark).toBeFocused();
    await expect(mark.locator("text", { hasText: money(285_000) })).toBeVisible();
    // The table beside it says the same.
    const row = page.getByRole("row", { name: new RegExp(name) });
    await expect(row.getByRole("cell")).toHaveText(["1", "3", money(285_000)]);

    const downloadTable = async () => {
      const download = page.waitForEvent("download");
      await page.getByRole("link", { name: /Download CSV/ }).click();
      return download;
    };
    const file = await downloadTable();
    const today = storeToday();
    expect(file.suggestedFilename()).toMatch(/^sales-by-product-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(file.suggestedFilename()).toContain(`-to-${today}.csv`);
    let rows = await csvRows(file);
    expect(rows[0]).toEqual(["Product", "Orders", "Units", "Sales (USD)"]);
    expect(rows).toContainEqual([name, "1", "3", "2850.00"]);
    // Exactly the table: as many rows, in the same order. Other journeys place orders today too,
    // so when one lands between the page and its download, the page is read again, as a person
    // would reload it, and downloaded again (three times at most).
    let labels = await page.locator("tbody th[scope=row]").allTextContents();
    for (
      let round = 0;
      round < 2 &&
      rows
        .slice(1)
        .map((r) => r[0])
        .join("\n") !== labels.join("\n");
      round++
    ) {
      await page.reload();
      labels = await page.locator("tbody th[scope=row]").allTextContents();
      rows = await csvRows(await downloadTable());
    }
    expect(rows.slice(1).map((r) => r[0])).toEqual(labels);
  });

  test("the day's column shows its value on focus", async ({ page }) => {
    const name = `Daily ${tag()}`;
    const product = await freshProduct({ name, priceCents: 40_000, stock: 20 });
    await placeOrderFor(await createCustomer(), [{ id: product, quantity: 2 }]);
    await logIn(page, await createAdminAccount());
    await page.goto("/admin/reports?by=period");
    const today = storeToday();
    const column = page.getByRole("link", { name: new RegExp(`^${today}: \\$`) });
    const value = column.locator("text", { hasText: new RegExp(`^${today}: \\$`) });
    await expect(value).toHaveCSS("opacity", "0");
    await column.focus();
    await expect(value).toHaveCSS("opacity", "1");
    const shown = Number((await value.textContent())?.match(/\$([\d,]+\.\d\d)/)?.[1]?.replace(/,/g, ""));
    expect(shown).toBeGreaterThanOrEqual(800);
  });

  test("a range that is not one shows the message beside the field and the last 30 days", async ({ page }) => {
    await logIn(page, await createAdminAccount());
    const answer = await page.goto("/admin/reports?by=state&from=2026-11-30&to=2026-01-01");
    expect(answer?.status()).toBe(200);
    await expect(page.getByText(REPORT_MESSAGES.reportRangeReversed)).toBeVisible();
    await expect(page.getByLabel("From", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("To", { exact: true })).toHaveValue(storeToday());
    await page.goto("/admin/reports?by=nothing&page=abc");
    await expect(page.getByText(REPORT_MESSAGES.reportBadKind)).toBeVisible();
    await expect(page.getByRole("heading", { name: "Sales by period" })).toBeVisible();
    // A typed range is taken, and the file follows it.
    await page.getByLabel("From", { exact: true }).fill("2026-01-01");
    await page.getByLabel("To", { exact: true }).fill("2026-01-31");
    await page.getByRole("button", { name: "Show" }).click();
    await expect(page).toHaveURL(/from=2026-01-01&to=2026-01-31/);
    const csv = await page.request.get("/admin/reports/export.csv?by=period&from=2026-01-01&to=2026-01-31");
    expect(csv.status()).toBe(200);
    const rows = parse(await csv.body()) as string[][];
    expect(rows).toHaveLength(32);
    expect(rows[1]?.[0]).toBe("2026-01-01");
  });

  test("the overview shows sales over time and the best sellers, each linking to the list behind it", async ({
    page,
  }) => {
    const name = `Overview ${tag()}`;
    const product = await freshProduct({ name, priceCents: 99_000, stock: 20 });
    await placeOrderFor(await createCustomer(), [{ id: product, quantity: 5 }]);
    await logIn(page, await createAdminAccount());
    await page.goto("/admin");
    await expect(page.getByRole("heading", { name: "Sales, last 30 days" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Sales, last 12 months" })).toBeVisible();
    const top = page.getByRole("region", { name: "Top 10 products, last 30 days" });
    const mark = top.getByRole("link", { name: `${name}: ${money(495_000)} (1 order)` });
    await expect(mark).toHaveAttribute("href", `/admin/products/${product}`);
    await page
      .getByRole("region", { name: "Orders by status, last 30 days" })
      .getByRole("link", { name: /^In Review/ })
      .click();
    await expect(page).toHaveURL(/\/admin\/orders\?status=In(\+|%20)Review/);
  });

  test("@desktop-only axe finds no serious or critical issue on the overview and the reports", async ({ page }) => {
    await logIn(page, await createAdminAccount());
    for (const path of ["/admin", "/admin/reports", "/admin/reports?by=product", "/admin/reports?from=x&to=y"]) {
      await page.goto(path);
      await expectNoSeriousViolations(page, path);
    }
  });

  test("@desktop-only no public page loads the charts' code; the reports page does", async ({ page }) => {
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    for (const path of ["/", "/products/all", "/search?q=kratom", "/login"]) {
      await page.goto(path);
      await expect(page.locator("footer")).toBeVisible();
    }
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((s) => /\/charts-[\w-]+\.js$/.test(s))).toEqual([]);
    await logIn(page, await createAdminAccount());
    await page.goto("/admin/reports");
    await expect(page.getByRole("heading", { name: "Sales by period" })).toBeVisible();
    expect(scripts.filter((s) => /\/charts-[\w-]+\.js$/.test(s))).toHaveLength(1);
  });
});

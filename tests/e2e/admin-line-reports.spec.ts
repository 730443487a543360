import "./support/env";
import { parse } from "csv-parse/sync";
import { createLine } from "../../app/.server/catalog/lines";
import { insertProduct } from "../../app/.server/catalog/product-writes";
import { getDb } from "../../app/.server/db/instance";
import * as REPORT_MESSAGES from "../../app/lib/messages/reports";
import { placeOrderFor, tag } from "./support/admin";
import { expectNoSeriousViolations } from "./support/axe";
import { createAdminAccount, createCustomer } from "./support/data";
import { expect, logIn, money, test } from "./support/fixtures";

/**
 * Reports by product line and by variant (issue 38): an admin opens the report by line and reads a
 * line's total (its variants together), downloads it, and finds each variant by its line and
 * values in the report by variant. Other journeys place orders at the same time: the line of each
 * test is its own and sells for far more than theirs, to be on the best-first first page.
 */

async function soldLine(): Promise<{ id: number; name: string }> {
  const name = `Linewise ${tag()}`;
  const db = getDb();
  const id = await createLine(db, {
    name,
    description: "A line for the reports' journeys.",
    category: "novelty",
    optionNames: ["Flavor", "Nicotine"],
  });
  const variant = (options: string[], position: number) =>
    insertProduct(
      db,
      {
        sku: `LRE-${tag()}`,
        name: `${name} ${options.join(" ")}`,
        description: "",
        priceCents: 90_000,
        stock: 20,
        category: "novelty",
        line: { id, options, position },
      },
      [],
    );
  const blue = await variant(["Blue Razz", "5%"], 0);
  const mint = await variant(["Mint", "5%"], 1);
  await placeOrderFor(await createCustomer(), [
    { id: blue, quantity: 2 },
    { id: mint, quantity: 1 },
  ]);
  return { id, name };
}

test.describe("back office: reports by line and by variant @desktop-only", () => {
  test("the admin opens the report by line, sees a line's total and downloads it; variants show their values", async ({
    page,
  }) => {
    const line = await soldLine();
    await logIn(page, await createAdminAccount());

    await page.goto("/admin/reports");
    await page.getByRole("link", { name: "Line", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Sales by product line" })).toBeVisible();
    await expect(page.getByText(REPORT_MESSAGES.reportLineAsSold, { exact: false })).toBeVisible();
    // Both variants together: one order, three units, $2,700.00.
    const row = page.getByRole("row", { name: new RegExp(line.name) });
    await expect(row.getByRole("cell")).toHaveText(["1", "3", money(270_000)]);
    await expect(row.getByRole("link", { name: line.name })).toHaveAttribute("href", `/admin/lines/${line.id}`);
    await expect(page.getByRole("link", { name: `${line.name}: ${money(270_000)} (1 order)` })).toBeVisible();

    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: /Download CSV/ }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^sales-by-line-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
    const rows = parse(Buffer.concat(await (await file.createReadStream()).toArray())) as string[][];
    expect(rows[0]).toEqual(["Product line", "Orders", "Units", "Sales (USD)"]);
    expect(rows).toContainEqual([line.name, "1", "3", "2700.00"]);

    await page.getByRole("link", { name: "Variant", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Sales by variant" })).toBeVisible();
    await expect(
      page.getByRole("row", { name: new RegExp(`${line.name} — Blue Razz / 5%`) }).getByRole("cell"),
    ).toHaveText(["1", "2", money(180_000)]);
    await expect(page.getByRole("row", { name: new RegExp(`${line.name} — Mint / 5%`) }).getByRole("cell")).toHaveText([
      "1",
      "1",
      money(90_000),
    ]);
  });

  test("axe finds no serious or critical issue on the reports by line and by variant", async ({ page }) => {
    await soldLine();
    await logIn(page, await createAdminAccount());
    for (const path of ["/admin/reports?by=line", "/admin/reports?by=variant"]) {
      await page.goto(path);
      await expect(page.getByRole("table")).toBeVisible();
      await expectNoSeriousViolations(page, path);
    }
  });
});

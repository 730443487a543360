import "./support/env";
import { getDb } from "../../app/.server/db/instance";
import * as MESSAGES from "../../app/lib/messages";
import * as BACK_OFFICE_MESSAGES from "../../app/lib/messages/back-office";
import * as CART_MESSAGES from "../../app/lib/messages/cart";
import * as SELLING_MESSAGES from "../../app/lib/messages/selling";
import * as VOLUME_MESSAGES from "../../app/lib/messages/volume-prices";
import { freshProduct, productRow, tag } from "./support/admin";
import { createAdminAccount, createCustomer } from "./support/data";
import { expect, logIn, money, test } from "./support/fixtures";

test.describe("price groups and volume prices", () => {
  test("the admin creates a group and puts a customer in it; the customer sees the group's prices and volume breaks @desktop-only", async ({
    browser,
    page,
  }) => {
    const name = `Group Soda ${tag()}`;
    const id = await freshProduct({ name, priceCents: 12900, stock: 500 });
    const sku = (await productRow(id))?.sku ?? "";
    const customer = await createCustomer();
    const group = `Volume ${tag()}`;

    // The admin: volume prices on the product, then a group of 10 % off with the customer in it.
    await logIn(page, await createAdminAccount());
    await page.goto(`/admin/products/${id}`);
    await page.getByLabel("Volume prices").fill("5, 130.00");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText(VOLUME_MESSAGES.tierNotLower(1))).toBeVisible();
    await page.getByLabel("Volume prices").fill("5, 119.00");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page).toHaveURL(/\/admin\/products$/);

    await page.goto("/admin/price-groups");
    await page.getByLabel("Group name").fill(group);
    await page.getByLabel("Percent off").fill("150");
    await page.getByRole("button", { name: "Create group" }).click();
    await expect(page.getByText(MESSAGES.percentOffInvalid)).toBeVisible();
    await page.getByLabel("Percent off").fill("10");
    await page.getByRole("button", { name: "Create group" }).click();
    await expect(page.getByText(BACK_OFFICE_MESSAGES.groupCreated(group))).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: group })).toBeVisible();
    await page.getByLabel("Add a customer (email or username)").fill("nobody@example.invalid");
    await page.getByRole("button", { name: "Add customer" }).click();
    await expect(page.getByText(MESSAGES.customerNotFound)).toBeVisible();
    await page.getByLabel("Add a customer (email or username)").fill(customer.email);
    await page.getByRole("button", { name: "Add customer" }).click();
    await expect(page.getByText(BACK_OFFICE_MESSAGES.customerAssigned(customer.email, group))).toBeVisible();

    // The customer, in a browser of their own.
    const context = await browser.newContext({ viewport: page.viewportSize() ?? { width: 390, height: 844 } });
    const shopper = await context.newPage();
    await shopper.addInitScript(() => window.localStorage.setItem("ageVerified", "true"));
    await logIn(shopper, customer);
    await shopper.goto(`/products/details/${id}`);
    const main = shopper.getByRole("main");
    await expect(main.getByText(money(11610), { exact: true }).first()).toBeVisible();
    await expect(main.getByText(money(12900), { exact: true })).toHaveCount(0);
    const table = shopper.getByRole("table", { name: VOLUME_MESSAGES.volumePrices });
    await expect(
      table.getByRole("row", { name: `${VOLUME_MESSAGES.tierFrom(1, 4)} ${SELLING_MESSAGES.eachPrice(money(11610))}` }),
    ).toBeVisible();
    await expect(
      table.getByRole("row", {
        name: `${VOLUME_MESSAGES.tierFrom(5, null)} ${SELLING_MESSAGES.eachPrice(money(10710))}`,
      }),
    ).toBeVisible();
    await expect(shopper.getByText(`${SELLING_MESSAGES.skuLabel(sku)}`)).toBeVisible();

    // Five in the cart: the volume price for the group, in the cart total.
    await shopper.getByLabel("Quantity").fill("5");
    await shopper.getByRole("button", { name: "Add to Cart" }).click();
    await expect(shopper.getByText(CART_MESSAGES.addedToCart(name))).toBeVisible();
    await shopper.goto("/cart");
    await expect(shopper.getByTestId("cart-total")).toHaveText(money(5 * 10710));
    await context.close();

    const audit = await getDb()
      .selectFrom("audit_log")
      .select("action")
      .where("subject_type", "=", "price-group")
      .execute();
    expect(audit.map((a) => a.action)).toContain("price-group.create");
  });
  test("a product sold by the case shows its volume prices in whole cases, with the case and unit price", async ({
    page,
  }) => {
    const name = `Case Breaks ${tag()}`;
    const id = await freshProduct({ name, priceCents: 500, stock: 500 });
    await getDb().updateTable("products").set({ case_pack: 6, min_quantity: 6 }).where("id", "=", id).execute();
    await getDb()
      .insertInto("price_tiers")
      .values([
        { product_id: id, min_quantity: 18, price_cents: 450 },
        { product_id: id, min_quantity: 60, price_cents: 400 },
      ])
      .execute();
    await logIn(page, await createCustomer());
    await page.goto(`/products/details/${id}`);
    const table = page.getByRole("table", { name: VOLUME_MESSAGES.volumePrices });
    const rows = [
      ["1–2 cases", "$30.00 a case ($5.00 each)"],
      ["3–9 cases", "$27.00 a case ($4.50 each)"],
      ["10+ cases", "$24.00 a case ($4.00 each)"],
    ];
    await expect(table.locator("tbody").getByRole("row")).toHaveText(rows.map(([from, price]) => `${from}${price}`));
    expect(rows.map(([from]) => from)).toEqual([
      VOLUME_MESSAGES.tierFrom(6, 17, 6),
      VOLUME_MESSAGES.tierFrom(18, 59, 6),
      VOLUME_MESSAGES.tierFrom(60, null, 6),
    ]);
    expect(rows[1]?.[1]).toBe(VOLUME_MESSAGES.casePrice(money(2700), money(450)));
  });
});

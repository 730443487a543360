import "./support/env";
import { createAddress } from "../../app/.server/accounts/addresses";
import { getDb } from "../../app/.server/db/instance";
import { deliveryOptionFor } from "../../app/.server/delivery/zones";
import { deliveryDayLabel } from "../../app/lib/delivery";
import * as DELIVERY_MESSAGES from "../../app/lib/messages/delivery";
import { freshProduct, tag } from "./support/admin";
import { expectNoSeriousViolations } from "./support/axe";
import { createAdminAccount, createCustomer } from "./support/data";
import { expect, logIn, money, test } from "./support/fixtures";

/**
 * Local delivery (issue 40) with the demo's zones: Fort Worth and the Mid-Cities on Tuesday and
 * Friday, $25 under $500 of goods, $150 minimum, orders closing at 4 pm the day before.
 */
test.describe("local delivery", () => {
  test("a Fort Worth buyer picks a route day; the fee is in the total and the day on the order", async ({ page }) => {
    const customer = await createCustomer({ withAddress: false });
    await createAddress(getDb(), customer.id, {
      businessName: `Cowtown Mart ${tag()}`,
      street: "300 Throckmorton St",
      city: "Fort Worth",
      state: "TX",
      zip: "76102",
      phone: "(817) 555-0100",
      isDefault: true,
    });
    const name = `Route Lighters ${tag()}`;
    const id = await freshProduct({ name, priceCents: 100_00, stock: 20 });
    const option = await deliveryOptionFor(getDb(), "76102");
    if (!option || option.days.length < 2) throw new Error("The demo store has no Fort Worth route");
    const [first, second] = option.days as [string, string];

    await logIn(page, customer);
    await page.goto(`/products/details/${id}`);
    await page.getByLabel("Quantity", { exact: true }).fill("2");
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page.getByText(`${name} added to cart!`)).toBeVisible();
    await page.goto("/checkout");

    const days = page.getByRole("group", { name: DELIVERY_MESSAGES.deliveryDayHeading });
    await expect(days.getByRole("radio", { name: deliveryDayLabel(first) })).toBeChecked();
    await expect(page.getByText(DELIVERY_MESSAGES.deliveryFreeFrom("$500.00"), { exact: false })).toBeVisible();
    // $200.00 of goods and the $25.00 fee: one total, as the order will owe it.
    await expect(page.getByTestId("checkout-total")).toHaveText(money(225_00));
    await days.getByRole("radio", { name: deliveryDayLabel(second) }).check();
    await expectNoSeriousViolations(page, "checkout with delivery days");
    await page.getByRole("button", { name: "Place Order" }).click();

    await expect(page).toHaveURL(/\/order-confirmation\?order=\d+/);
    await expect(page.getByText(deliveryDayLabel(second))).toBeVisible();
    await expect(page.getByText(money(225_00)).first()).toBeVisible();
    const orderId = Number(new URL(page.url()).searchParams.get("order"));
    const row = await getDb()
      .selectFrom("orders")
      .select(["delivery_date", "delivery_cents", "total_cents"])
      .where("id", "=", orderId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ delivery_date: second, delivery_cents: 25_00, total_cents: 225_00 });
  });

  test("an order under the zone's minimum is refused with what is missing", async ({ page }) => {
    const customer = await createCustomer({ withAddress: false });
    await createAddress(getDb(), customer.id, {
      businessName: `Arlington Stop ${tag()}`,
      street: "100 Center St",
      city: "Arlington",
      state: "TX",
      zip: "76010",
      phone: "(817) 555-0101",
      isDefault: true,
    });
    const name = `Small Order ${tag()}`;
    const id = await freshProduct({ name, priceCents: 50_00, stock: 20 });
    await logIn(page, customer);
    await page.goto(`/products/details/${id}`);
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page.getByText(`${name} added to cart!`)).toBeVisible();
    await page.goto("/checkout");
    await expect(page.getByTestId("checkout-total")).toHaveText(money(75_00));
    await page.getByRole("button", { name: "Place Order" }).click();
    await expect(
      page.getByRole("alert").filter({ hasText: DELIVERY_MESSAGES.deliveryMinimum("$150.00", "$100.00") }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/checkout$/);
  });

  test("the admin keeps delivery zones, and is told what is wrong beside the field @desktop-only", async ({ page }) => {
    const admin = await createAdminAccount();
    await logIn(page, admin);
    await page.goto("/admin/delivery-zones");
    await expect(
      page.getByRole("table", { name: "Delivery zones" }).getByText("Fort Worth and Mid-Cities"),
    ).toBeVisible();
    const zone = `Denton ${tag()}`;
    const zip = `7${String(Math.floor(Math.random() * 10_000)).padStart(4, "0")}`;
    await page.getByLabel("Zone name").fill(zone);
    await page.getByLabel("ZIP codes").fill(`7620, ${zip}`);
    await page.getByRole("button", { name: "Add zone" }).click();
    await expect(page.getByText(DELIVERY_MESSAGES.zipsInvalid("7620"))).toBeVisible();
    await page.getByLabel("ZIP codes").fill(`75201, ${zip}`);
    await page.getByRole("button", { name: "Add zone" }).click();
    await expect(page.getByText(DELIVERY_MESSAGES.zipTaken("75201", "Dallas"))).toBeVisible();
    await page.getByLabel("ZIP codes").fill(zip);
    await page.getByRole("button", { name: "Add zone" }).click();
    await expect(page.getByText(DELIVERY_MESSAGES.zoneCreated(zone))).toBeVisible();
    await expect(page.getByRole("table", { name: "Delivery zones" }).getByRole("link", { name: zone })).toBeVisible();
    await expectNoSeriousViolations(page, "delivery zones");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      page.viewportSize()?.width ?? 1280,
    );
  });
});

import "./support/env";
import { tag } from "./support/admin";
import type { TestAccount } from "./support/data";
import { expect, money, test } from "./support/fixtures";
import { logInTo, type OtherServer, startOtherServer } from "./support/other-server";

/**
 * A store that requires a minimum order (MIN_ORDER_CENTS, issue 16). The shared e2e server runs
 * without one, so this spec starts a server of its own with a $300 minimum and makes its customer
 * and product in that server's database.
 */
const MINIMUM_CENTS = 30_000;

test.describe("a store with a $300 minimum order", () => {
  let store: OtherServer;
  let customer: TestAccount;
  let caseId: number;
  const caseName = `Case of Lighters ${tag()}`;

  test.beforeAll(async () => {
    store = await startOtherServer({ MIN_ORDER_CENTS: String(MINIMUM_CENTS) });
    const made = await store.setUp({
      customers: [{}],
      products: [{ name: caseName, priceCents: 10_000, stock: 50 }],
    });
    [customer] = made.customers as [TestAccount];
    [caseId] = made.products as [number];
  });

  test.afterAll(async () => {
    await store?.stop();
  });

  test("$100 in the cart says what is missing and cannot proceed, nor be ordered from the checkout page; $300 checks out", async ({
    page,
  }) => {
    await logInTo(page, store, customer);
    await page.goto(`${store.origin}/products/details/${caseId}`);
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page.getByText(`${caseName} added to cart!`)).toBeVisible();

    await page.goto(`${store.origin}/cart`);
    const missing = page.getByText("The minimum order is $300.00: add $200.00 more to check out.");
    await expect(missing).toBeVisible();
    const proceed = page.getByRole("link", { name: "Proceed to Checkout" });
    await expect(proceed).toBeDisabled();

    // A person who opens the checkout page anyway is refused, with the same sentence.
    await page.goto(`${store.origin}/checkout`);
    await expect(page.getByRole("region", { name: "Items" }).getByText(`1 × ${caseName}`)).toBeVisible();
    await page.getByRole("button", { name: "Place Order" }).click();
    await expect(
      page.getByRole("alert").filter({ hasText: "The minimum order is $300.00: add $200.00 more to check out." }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/checkout$/);

    // Two more cases reach the minimum: the hint goes, and the order goes through.
    await page.goto(`${store.origin}/cart`);
    const increase = page.getByRole("button", { name: `Increase quantity of ${caseName}` });
    await increase.click();
    await expect(page.getByText("The minimum order is $300.00: add $100.00 more to check out.")).toBeVisible();
    await expect(proceed).toBeDisabled();
    await increase.click();
    await expect(page.getByLabel(`Quantity of ${caseName}`, { exact: true })).toHaveText("3");
    await expect(page.getByText(/^The minimum order is/)).toBeHidden();
    await expect(proceed).toBeEnabled();
    await proceed.click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByRole("region", { name: "Items" }).getByText(`3 × ${caseName}`)).toBeVisible();
    await page.getByRole("button", { name: "Place Order" }).click();
    await expect(page).toHaveURL(/\/order-confirmation\?order=\d+/);
    await expect(page.getByText(money(MINIMUM_CENTS)).first()).toBeVisible();
  });
});

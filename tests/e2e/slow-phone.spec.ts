import type { Page } from "@playwright/test";
import * as MESSAGES from "../../app/lib/messages";
import * as ACCOUNT_MESSAGES from "../../app/lib/messages/account";
import * as CART_MESSAGES from "../../app/lib/messages/cart";
import { newRegistration } from "./support/account";
import { freshProduct, tag } from "./support/admin";
import { createCustomer } from "./support/data";
import { expect, logIn, test } from "./support/fixtures";

/**
 * The journeys customers do most, on a slow phone (project "slow-phone": 390 px, 4x CPU, slow
 * 4G), each typing or tapping the moment what it needs is painted, long before the page's
 * JavaScript has run. Nothing typed may be lost and nothing tapped may be dropped.
 */

/** Navigations return as soon as the server answers: the test acts when the page shows. */
const FIRST_PAINT = { waitUntil: "commit" } as const;

/** Puts `lines` in the browser cart before any page of the store loads. */
async function cartHolds(
  page: Page,
  lines: { id: number; name: string; priceCents: number; quantity: number; stock: number }[],
) {
  await page.addInitScript(
    (value) => {
      if (!window.localStorage.getItem("cart")) window.localStorage.setItem("cart", value);
    },
    JSON.stringify(lines.map((l) => ({ ...l, image: null }))),
  );
}

test("log in", async ({ page }) => {
  const customer = await createCustomer();
  await page.goto("/login", FIRST_PAINT);
  await page.getByLabel("Email or username").fill(customer.email);
  await page.getByLabel("Password").fill(customer.password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page.getByText(MESSAGES.loginSuccess)).toBeVisible();
});

test("register", async ({ page }) => {
  const r = newRegistration();
  await page.goto("/register", FIRST_PAINT);
  await page.getByRole("textbox", { name: "Name", exact: true }).fill(r.name);
  await page.getByRole("textbox", { name: "Username", exact: true }).fill(r.username);
  await page.getByRole("textbox", { name: "Email", exact: true }).fill(r.email);
  await page.getByLabel("Password").fill(r.password);
  await page.getByRole("textbox", { name: "Legal business name" }).fill(r.legalName);
  await page.getByRole("combobox", { name: "Business type" }).selectOption({ label: "Convenience store" });
  await page.getByRole("textbox", { name: "Street address" }).fill(r.address);
  await page.getByRole("textbox", { name: "City" }).fill(r.city);
  await page.getByRole("combobox", { name: "State" }).selectOption(r.state);
  await page.getByRole("textbox", { name: "ZIP code" }).fill(r.zip);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText(MESSAGES.registered)).toBeVisible();
});

test("search", async ({ page }) => {
  await page.goto("/", FIRST_PAINT);
  const box = page.getByRole("combobox", { name: "Search products" });
  await box.click();
  await box.pressSequentially("kratom");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/search\?q=kratom/);
  await expect(page.getByRole("main").getByRole("article").first()).toBeVisible();
});

test("add to cart", async ({ page }) => {
  const name = `Slow Add ${tag()}`;
  const id = await freshProduct({ name, priceCents: 1500, stock: 5 });
  await logIn(page, await createCustomer());
  await page.goto(`/products/details/${id}`, FIRST_PAINT);
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText(CART_MESSAGES.addedToCart(name))).toBeVisible();
  await expect(page.getByRole("link", { name: /^Cart: \$15\.00, 1 item$/ })).toBeVisible();
});

test("check out", async ({ page }) => {
  const name = `Slow Order ${tag()}`;
  const id = await freshProduct({ name, priceCents: 2500, stock: 5 });
  await logIn(page, await createCustomer());
  await cartHolds(page, [{ id, name, priceCents: 2500, quantity: 2, stock: 5 }]);
  await page.goto("/checkout", FIRST_PAINT);
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page).toHaveURL(/\/order-confirmation\?order=\d+/);
  await expect(page.getByRole("main")).toContainText(name);
});

test("contact", async ({ page }) => {
  await page.goto("/contact", FIRST_PAINT);
  await page.getByRole("textbox", { name: "Name" }).fill("Slow Phone Owner");
  await page.getByRole("textbox", { name: "Email" }).fill(`slow-${tag()}@corner.test`);
  await page.getByRole("textbox", { name: "Message" }).fill("Do you deliver to Plano?");
  await page.getByRole("checkbox", { name: "I'm not a robot" }).check();
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText(/Thank you! Your message has been sent/)).toBeVisible();
});

test("save an address", async ({ page }) => {
  await logIn(page, await createCustomer({ withAddress: false }));
  await page.goto("/shipping-address", FIRST_PAINT);
  const form = page.getByRole("region", { name: "Add an address" });
  const business = `Slow Store ${tag()}`;
  await form.getByRole("textbox", { name: "Business name" }).fill(business);
  await form.getByRole("textbox", { name: "Street address" }).fill("12 Oak Ln");
  await form.getByRole("textbox", { name: "City" }).fill("Plano");
  await form.getByRole("combobox", { name: "State" }).selectOption("TX");
  await form.getByRole("textbox", { name: "ZIP code" }).fill("75023");
  await form.getByRole("button", { name: "Save address" }).click();
  await expect(page.getByText(MESSAGES.addressSaved)).toBeVisible();
  await expect(page.getByRole("main").getByText(business).first()).toBeVisible();
});

test("remove an address", async ({ page }) => {
  const customer = await createCustomer();
  await logIn(page, customer);
  await page.goto("/shipping-address", FIRST_PAINT);
  const card = page.getByRole("listitem").filter({ hasText: "Default" });
  // A tap before the scripts run asks first, like one after.
  await card.getByText("Remove", { exact: true }).click();
  await expect(card.getByText(ACCOUNT_MESSAGES.confirmRemoveAddress)).toBeVisible();
  await card.getByRole("button", { name: /^Yes, remove/ }).click();
  await expect(page.getByText(ACCOUNT_MESSAGES.noSavedAddresses)).toBeVisible();
});

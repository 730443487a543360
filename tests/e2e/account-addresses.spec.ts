import type { Page } from "@playwright/test";
import * as MESSAGES from "../../app/lib/messages";
import * as ACCOUNT_MESSAGES from "../../app/lib/messages/account";
import { APP_ORIGIN, addressesNamed } from "./support/account";
import { confirmStep } from "./support/confirm";
import { createCustomer, uniqueSuffix } from "./support/data";
import { expect, logIn, test, waitForHydration } from "./support/fixtures";

interface AddressFields {
  businessName: string;
  street: string;
  city: string;
  state: string;
  zip: string;
  phone: string;
}

async function fillAddress(page: Page, formTitle: string, a: AddressFields) {
  const form = page.getByRole("region", { name: formTitle });
  await form.getByRole("textbox", { name: "Business name" }).fill(a.businessName);
  await form.getByRole("textbox", { name: "Street address" }).fill(a.street);
  await form.getByRole("textbox", { name: "City" }).fill(a.city);
  await form.getByRole("combobox", { name: "State" }).selectOption(a.state);
  await form.getByRole("textbox", { name: "ZIP code" }).fill(a.zip);
  await form.getByRole("textbox", { name: "Phone" }).fill(a.phone);
  return form;
}

test("a customer adds, checks, makes default, edits and removes shipping addresses", async ({ page }) => {
  const customer = await createCustomer(); // starts with one default address, "Corner Store <suffix>"
  const original = customer.username.replace("buyer_", "Corner Store ");
  const added: AddressFields = {
    businessName: `Elm Street Market ${uniqueSuffix()}`,
    street: "310 Elm St",
    city: "Fort Worth",
    state: "TX",
    zip: "7610",
    phone: "(817) 555-0110",
  };
  await logIn(page, customer);
  await page.goto("/shipping-address");
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1, name: "Shipping Addresses" })).toBeVisible();
  const cards = main.getByRole("listitem").filter({ has: page.getByRole("button", { name: /^Edit / }) });
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText(original);
  await expect(cards.first().getByText("Default", { exact: true })).toBeVisible();

  // A bad ZIP is refused.
  let form = await fillAddress(page, "Add an address", added);
  await form.getByRole("button", { name: "Save address" }).click();
  await expect(form.getByRole("alert").first()).toHaveText("Error: ZIP code must be 5 digits or ZIP+4 (12345-6789).");
  await expect(form.getByRole("textbox", { name: "ZIP code" })).toHaveAttribute("aria-invalid", "true");
  await expect(cards).toHaveCount(1);
  expect(await addressesNamed(added.businessName)).toHaveLength(0);

  // ZIP+4 as 9 digits is accepted and shown as 12345-6789.
  await form.getByRole("textbox", { name: "ZIP code" }).fill("761021234");
  await form.getByRole("button", { name: "Save address" }).click();
  await expect(form.getByRole("status")).toHaveText(MESSAGES.addressSaved);
  await expect(cards).toHaveCount(2);
  const newCard = cards.filter({ hasText: added.businessName });
  await expect(newCard).toContainText("310 Elm St");
  await expect(newCard).toContainText("Fort Worth, TX 76102-1234");
  await expect(newCard).toContainText("(817) 555-0110");
  await expect(newCard.getByText("Default", { exact: true })).toHaveCount(0);
  const originalCard = cards.filter({ hasText: original });

  // Make the new one the default: it moves first, the badge moves with it.
  await newCard.getByRole("button", { name: "Make default" }).click();
  await expect(newCard.getByText("Default", { exact: true })).toBeVisible();
  await expect(originalCard.getByText("Default", { exact: true })).toHaveCount(0);
  await expect(cards.first()).toContainText(added.businessName);
  await expect(newCard.getByRole("button", { name: "Make default" })).toHaveCount(0);
  await expect(originalCard.getByRole("button", { name: "Make default" })).toBeVisible();

  // Edit it.
  await page.getByRole("button", { name: `Edit ${added.businessName}` }).click();
  form = page.getByRole("region", { name: `Edit ${added.businessName}` });
  await expect(form.getByRole("textbox", { name: "Street address" })).toHaveValue("310 Elm St");
  await expect(form.getByRole("textbox", { name: "ZIP code" })).toHaveValue("76102-1234");
  await form.getByRole("textbox", { name: "Street address" }).fill("400 Main St");
  await form.getByRole("textbox", { name: "ZIP code" }).fill("76102");
  await form.getByRole("button", { name: "Save address" }).click();
  await expect(form.getByRole("status")).toHaveText(MESSAGES.addressSaved);
  await expect(newCard).toContainText("400 Main St");
  await expect(newCard).toContainText("Fort Worth, TX 76102");
  await expect(cards).toHaveCount(2);

  await page.reload();
  await waitForHydration(page);
  await expect(cards).toHaveCount(2);
  await expect(newCard).toContainText("400 Main St");
  await expect(newCard.getByText("Default", { exact: true })).toBeVisible();

  // Remove asks first, on the page itself; only "Yes, remove" removes.
  await originalCard.getByText("Remove", { exact: true }).click();
  await expect(originalCard.getByText("Remove this address?")).toBeVisible();
  await expect(cards).toHaveCount(2);
  await page.getByRole("button", { name: `Yes, remove ${original}` }).click();
  await expect(cards).toHaveCount(1);
  await expect(originalCard).toHaveCount(0);
  await page.reload();
  await waitForHydration(page);
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText(added.businessName);
  expect(await addressesNamed(original)).toHaveLength(0);
});

test("the dashboard shows the default shipping address", async ({ page }) => {
  const customer = await createCustomer();
  await logIn(page, customer);
  await page.goto("/dashboard");
  const section = page.getByRole("region", { name: "Default shipping address" });
  await expect(section).toContainText(customer.username.replace("buyer_", "Corner Store "));
  await expect(section).toContainText("Dallas, TX 75201");
  await section.getByRole("link", { name: "Manage addresses" }).click();
  await expect(page).toHaveURL(/\/shipping-address$/);
});

/** With JavaScript off no script runs, the age gate's neither: each page's gate is taken away. */
async function passGate(page: Page) {
  await page.locator("#age-gate").evaluate((gate) => gate.remove());
}

test.describe("removing an address without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("Remove asks on the page, and only Yes removes", async ({ page }) => {
    const customer = await createCustomer();
    const original = customer.username.replace("buyer_", "Corner Store ");
    await logIn(page, customer);
    await page.goto("/shipping-address");
    await passGate(page);
    await page.getByText("Remove", { exact: true }).click();
    await expect(page.getByText(ACCOUNT_MESSAGES.confirmRemoveAddress)).toBeVisible();
    expect(await addressesNamed(original)).toHaveLength(1);
    await page.getByRole("button", { name: `Yes, remove ${original}` }).click();
    await expect(page.getByText(MESSAGES.addressRemoved)).toBeVisible();
    expect(await addressesNamed(original)).toHaveLength(0);
  });

  test("a delete posted without the answer gets the question on the page; Cancel keeps, Confirm removes", async ({
    page,
  }) => {
    const customer = await createCustomer();
    const original = customer.username.replace("buyer_", "Corner Store ");
    await logIn(page, customer);
    await page.goto("/shipping-address");
    await passGate(page);
    // A page without the answer in its form (an older page, a form copied elsewhere).
    await page.locator('input[name="confirmed"]').evaluate((input) => input.remove());
    await page.getByText("Remove", { exact: true }).click();
    await page.getByRole("button", { name: `Yes, remove ${original}` }).click();
    const step = confirmStep(page, ACCOUNT_MESSAGES.confirmRemoveAddress);
    await expect(step).toBeVisible();
    await expect(step).toContainText(original);
    expect(await addressesNamed(original)).toHaveLength(1);
    await passGate(page);
    await step.getByRole("link", { name: "Cancel", exact: true }).click();
    await expect(step).toBeHidden();
    expect(await addressesNamed(original)).toHaveLength(1);

    await passGate(page);
    await page.locator('input[name="confirmed"]').evaluate((input) => input.remove());
    await page.getByText("Remove", { exact: true }).click();
    await page.getByRole("button", { name: `Yes, remove ${original}` }).click();
    await expect(step).toBeVisible();
    await passGate(page);
    await step.getByRole("button", { name: "Confirm", exact: true }).click();
    await expect(page.getByText(MESSAGES.addressRemoved)).toBeVisible();
    expect(await addressesNamed(original)).toHaveLength(0);
  });
});

test("a script posting a delete without the answer gets the question, and nothing is removed", async ({ page }) => {
  const customer = await createCustomer();
  const original = customer.username.replace("buyer_", "Corner Store ");
  await logIn(page, customer);
  const [address] = await addressesNamed(original);
  if (!address) throw new Error("the customer's address is missing");
  const headers = { Origin: APP_ORIGIN };
  const blind = await page.request.post("/shipping-address", { form: { intent: "delete", id: address.id }, headers });
  expect(blind.status()).toBe(200);
  expect(await blind.text()).toContain(ACCOUNT_MESSAGES.confirmRemoveAddress);
  expect(await addressesNamed(original)).toHaveLength(1);
  const confirmed = await page.request.post("/shipping-address", {
    form: { intent: "delete", id: address.id, confirmed: "yes" },
    headers,
  });
  expect(confirmed.status()).toBe(200);
  expect(await addressesNamed(original)).toHaveLength(0);
});

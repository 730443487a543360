import "./support/env";
import type { Locator, Page } from "@playwright/test";
import * as MESSAGES from "../../app/lib/messages";
import * as BACK_OFFICE_MESSAGES from "../../app/lib/messages/back-office";
import { APP_ORIGIN, findUser, submitLogin } from "./support/account";
import { freshProduct, logInOn, otherPerson, placeOrderFor, setProfile, tag } from "./support/admin";
import { answerQuestion, confirmStep } from "./support/confirm";
import { createAdminAccount, createCustomer, type TestAccount, uniqueSuffix } from "./support/data";
import { expect, holdScripts, logIn, test } from "./support/fixtures";

async function searchUsers(page: Page, q: string) {
  await page.getByRole("searchbox", { name: "Search name, email or username" }).fill(q);
  await page.getByRole("main").getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(q).replace(/%20/g, "(\\+|%20)")}`));
}

test("@desktop-only the Users table lists every profile field and searches by name, email and username", async ({
  page,
}) => {
  const admin = await createAdminAccount();
  const customer = await createCustomer();
  const other = await createCustomer();
  const street = `${Math.floor(Math.random() * 9000) + 1000} Commerce St`;
  await setProfile(customer.id, {
    phone: "(214) 555-0188",
    address: street,
    city: "Irving",
    state: "TX",
    zip: "75061",
  });

  await logIn(page, admin);
  await page.goto("/admin/users");
  await expect(page.getByRole("heading", { name: /^Registered users/ })).toBeVisible();
  const table = page.getByRole("table", { name: "Registered users" });
  const headers = table.getByRole("columnheader");
  await expect(headers).toHaveText([
    "Name",
    "Email",
    "Username",
    "Phone",
    "Address",
    "City",
    "State",
    "Zip",
    "Business",
    "Licenses",
    "Verified",
    "Role",
    "Signed up",
    "Actions",
  ]);

  for (const q of [customer.username, customer.email.toUpperCase(), customer.name]) {
    await searchUsers(page, q);
    const rows = table.getByRole("row").filter({ has: page.getByRole("cell") });
    await expect(rows).toHaveCount(1);
    const cells = rows.first().getByRole("cell");
    await expect(cells).toHaveText([
      customer.name,
      customer.email,
      customer.username,
      "(214) 555-0188",
      street,
      "Irving",
      "TX",
      "75061",
      // No business profile or license yet (made directly, not through registration).
      "—",
      "None",
      "Verified",
      "Customer",
      /\w/,
      /^Disable .*Make admin .*Delete /,
    ]);
    await expect(table.getByRole("cell", { name: other.email })).toHaveCount(0);
  }

  // A search that matches nobody, and the admin shown with its role.
  await searchUsers(page, `nobody-${uniqueSuffix()}`);
  await expect(page.getByText("No users found.")).toBeVisible();
  await searchUsers(page, admin.email);
  await expect(
    table
      .getByRole("row")
      .filter({ has: page.getByRole("cell") })
      .getByRole("cell"),
  ).toContainText([admin.name, admin.email, "Admin"]);
});

/** The admin's button of `action` ("Make admin", "Delete"...) on the row of `account`. */
function actionButton(page: Page, action: string, account: TestAccount): Locator {
  return page.getByRole("button", { name: `${action} ${account.email}`, exact: true });
}

/** Taps an action, answers its question yes wherever it is asked, and waits for what was done. */
async function confirmAction(page: Page, button: Locator, question: string, done: string): Promise<void> {
  await answerQuestion(page, button, question, true);
  await expect(page.getByText(done)).toBeVisible();
}

/** Whether /admin lets `page`'s account in (others are sent to the home page). */
async function opensBackOffice(page: Page): Promise<boolean> {
  await page.goto("/admin");
  return new URL(page.url()).pathname.startsWith("/admin");
}

test("@desktop-only an admin makes a customer admin, and takes it away: the back office opens to them only in between", async ({
  page,
  browser,
}) => {
  const admin = await createAdminAccount();
  const customer = await createCustomer();
  const other = await otherPerson(browser);
  const theirs = await other.newPage();
  await logInOn(theirs, customer);
  expect(await opensBackOffice(theirs)).toBe(false);

  // Before the page's JavaScript runs, Make admin posts the plain form: the server changes
  // nothing and asks, and Confirm makes them an admin.
  const release = await holdScripts(page);
  await logIn(page, admin);
  await page.goto(`/admin/users?q=${encodeURIComponent(customer.email)}`, { waitUntil: "commit" });
  await actionButton(page, "Make admin", customer).click();
  const step = confirmStep(page, BACK_OFFICE_MESSAGES.confirmMakeAdmin);
  await expect(step).toBeVisible();
  await expect(step).toContainText(BACK_OFFICE_MESSAGES.confirmUserAccount(customer.name, customer.email));
  expect((await findUser(customer.email))?.role).toBe("customer");
  expect(await opensBackOffice(theirs)).toBe(false);
  await step.getByRole("button", { name: "Confirm", exact: true }).click();
  await expect(page.getByText(MESSAGES.userRole(customer.name, "admin"))).toBeVisible();
  expect(await opensBackOffice(theirs)).toBe(true);
  await expect(theirs.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
  await release();

  await page.goto(`/admin/users?q=${encodeURIComponent(customer.email)}`);
  await confirmAction(
    page,
    actionButton(page, "Remove admin", customer),
    BACK_OFFICE_MESSAGES.confirmRemoveAdmin,
    MESSAGES.userRole(customer.name, "customer"),
  );
  expect(await opensBackOffice(theirs)).toBe(false);
  await expect(theirs).toHaveURL(/\/$/);
  await other.close();
});

test("@desktop-only an admin deletes a customer: a post without confirmation changes nothing; after it they cannot log in and their order shows 'Unknown User'", async ({
  page,
  browser,
}) => {
  const admin = await createAdminAccount();
  const customer = await createCustomer();
  const product = await freshProduct({ name: `Kept order ${tag()}`, priceCents: 500, stock: 5 });
  const orderId = await placeOrderFor(customer, [{ id: product, quantity: 1 }]);

  await logIn(page, admin);
  // A script posting the delete without the confirmation gets the question, and nothing is deleted.
  const unconfirmed = await page.request.post("/admin/users", {
    form: { intent: "delete", userId: customer.id },
    headers: { Origin: APP_ORIGIN },
  });
  expect(unconfirmed.status()).toBe(200);
  expect(await unconfirmed.text()).toContain("Delete this customer?");
  expect(await findUser(customer.email)).toBeDefined();

  await page.goto(`/admin/users?q=${encodeURIComponent(customer.email)}`);
  await confirmAction(
    page,
    actionButton(page, "Delete", customer),
    BACK_OFFICE_MESSAGES.confirmDeleteUser,
    MESSAGES.userDeleted,
  );
  expect(await findUser(customer.email)).toBeUndefined();

  const other = await otherPerson(browser);
  const theirs = await other.newPage();
  await theirs.goto("/login");
  await submitLogin(theirs, customer.email, customer.password);
  await expect(theirs.getByRole("alert").filter({ hasText: MESSAGES.invalidCredentials })).toBeVisible();
  await other.close();

  await page.goto("/admin/orders");
  const card = page.getByRole("article", { name: `Order #${orderId}`, exact: true });
  await expect(card).toContainText(MESSAGES.unknownUser);
  await expect(card).not.toContainText(customer.name);
  await expect(card).not.toContainText(customer.email);

  // The audit log keeps the deletion, and says how a deleted customer reads in it.
  await page.goto("/admin/audit");
  await expect(page.getByText(BACK_OFFICE_MESSAGES.auditIntro)).toBeVisible();
  await expect(page.getByRole("main")).not.toContainText(customer.email);
});

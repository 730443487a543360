import * as MESSAGES from "../../app/lib/messages";
import * as ACCOUNT_MESSAGES from "../../app/lib/messages/account";
import { findUser, headerMenu, submitLogin } from "./support/account";
import { createCustomer } from "./support/data";
import { expect, logIn, test, waitForHydration } from "./support/fixtures";

const CARDS = [
  { title: "My Orders", href: "/orders" },
  { title: "Account Settings", href: "/account/settings", heading: "Account Settings" },
  { title: "Shipping Addresses", href: "/shipping-address", heading: "Shipping Addresses" },
  { title: "Security", href: "/account/security", heading: "Security Settings" },
] as const;

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

test("account home greets the customer by email and links to the four account areas", async ({ page }) => {
  const customer = await createCustomer();
  await logIn(page, customer);
  await page.goto("/");
  const links = await headerMenu(page);
  await links.getByRole("link", { name: "My Account" }).click();
  await expect(page).toHaveURL(/\/account$/);

  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1, name: "My Account" })).toBeVisible();
  await expect(main.getByText(`Hello, ${customer.email}`)).toBeVisible();

  // The four cards (the account nav beside them has shorter links of the same names).
  const cards = main.getByRole("list").filter({ has: page.getByRole("link", { name: /^My Orders .+/ }) });
  await expect(cards.getByRole("listitem")).toHaveCount(4);
  for (const [i, card] of CARDS.entries()) {
    const link = cards.getByRole("listitem").nth(i).getByRole("link");
    await expect(link).toHaveAccessibleName(new RegExp(`^${escapeRegExp(card.title)}\\b`));
    await expect(link).toHaveAttribute("href", card.href);
  }

  for (const card of CARDS) {
    if (!("heading" in card)) continue;
    await page.goto("/account");
    await cards.getByRole("link", { name: new RegExp(`^${escapeRegExp(card.title)}\\b`) }).click();
    await expect(page).toHaveURL(new RegExp(`${escapeRegExp(card.href)}$`));
    await expect(main.getByRole("heading", { level: 1, name: card.heading })).toBeVisible();
  }
});

test("a visitor on account home gets Login and Register, and Login comes back to account home", async ({ page }) => {
  await page.goto("/account");
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1, name: "My Account" })).toBeVisible();
  await expect(main.getByText("Hello,")).toHaveCount(0);
  await expect(main.getByRole("link", { name: "Register", exact: true })).toHaveAttribute("href", "/register");
  await main.getByRole("link", { name: "Login", exact: true }).click();
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Faccount$/);

  const customer = await createCustomer();
  await submitLogin(page, customer.email, customer.password);
  await expect(page.getByText(MESSAGES.loginSuccess)).toBeVisible();
  await expect(page).toHaveURL(/\/account$/);
  await expect(main.getByText(`Hello, ${customer.email}`)).toBeVisible();
});

test("Account Settings saves the phone number, which stays after a reload", async ({ page }) => {
  const customer = await createCustomer();
  await logIn(page, customer);
  await page.goto("/account/settings");
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1, name: "Account Settings" })).toBeVisible();
  await expect(main.getByRole("textbox", { name: "Email" })).toHaveValue(customer.email);
  await expect(main.getByRole("textbox", { name: "Name" })).toHaveValue(customer.name);

  const phone = main.getByRole("textbox", { name: "Phone number" });
  await expect(phone).toHaveValue("");
  await phone.fill("(972) 555-0142");
  await main.getByRole("button", { name: "Save changes" }).click();
  await expect(main.getByRole("status").filter({ hasText: ACCOUNT_MESSAGES.accountUpdated })).toBeVisible();
  expect((await findUser(customer.email))?.phone).toBe("(972) 555-0142");

  await page.reload();
  await expect(phone).toHaveValue("(972) 555-0142");
  await expect(main.getByText(ACCOUNT_MESSAGES.accountUpdated)).toHaveCount(0);

  // Something that is not a phone number is refused with 'Error: ...' and not stored.
  await phone.fill("call me maybe");
  await main.getByRole("button", { name: "Save changes" }).click();
  await expect(main.getByRole("alert")).toHaveText(/^Error: /);
  await page.reload();
  await expect(phone).toHaveValue("(972) 555-0142");
  expect((await findUser(customer.email))?.phone).toBe("(972) 555-0142");
});

test("Account Settings that cannot load the phone number says so, and loads it once the connection is back", async ({
  page,
}) => {
  const customer = await createCustomer();
  await logIn(page, customer);
  await page.goto("/account");
  await waitForHydration(page);
  // The connection drops for the request that carries the phone number, as the customer opens
  // Account Settings from account home (the page's own data comes in a request of its own).
  const phoneRequest = (url: URL) =>
    url.pathname === "/account/settings.data" && url.searchParams.get("_routes") === "routes/account/settings";
  await page.route(phoneRequest, (route) => route.abort("internetdisconnected"));
  const main = page.getByRole("main");
  await main
    .getByRole("link", { name: /^Account Settings\b/ })
    .first()
    .click();
  await expect(main.getByText(ACCOUNT_MESSAGES.phoneLoadFailed, { exact: true })).toBeVisible();
  await expect(main.getByRole("textbox", { name: "Phone number" })).toHaveCount(0);

  await page.unroute(phoneRequest);
  await page.reload();
  await expect(main.getByRole("textbox", { name: "Phone number" })).toBeVisible();
  await expect(main.getByText(ACCOUNT_MESSAGES.phoneLoadFailed)).toHaveCount(0);
});

test("My Orders of a customer who has ordered nothing says 'No orders found.'", async ({ page }) => {
  const customer = await createCustomer();
  await logIn(page, customer);
  await page.goto("/orders");
  const main = page.getByRole("main");
  await expect(main.getByText(MESSAGES.noOrdersFound, { exact: true })).toBeVisible();
  await expect(main.getByRole("article")).toHaveCount(0);
});

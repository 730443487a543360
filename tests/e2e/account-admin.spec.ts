import * as MESSAGES from "../../app/lib/messages";
import {
  expectSignedIn,
  findUser,
  runAdminCreate,
  setEmailVerified,
  siteNav,
  submitLogin,
  usersWithEmail,
} from "./support/account";
import { createCustomer, uniqueSuffix } from "./support/data";
import { expect, logIn, logInWithForm, test } from "./support/fixtures";
import { mailsTo } from "./support/mail";

test("an admin made with the CLI logs in without a verified email and gets the Admin Dashboard link", async ({
  page,
}) => {
  test.slow(); // runs the CLI
  const email = `cli-admin-${uniqueSuffix()}@shop.test`;
  const password = `pw-${uniqueSuffix()}-cli-admin`;
  const output = runAdminCreate(["--email", email, "--password", password]);
  expect(output).toContain(`Admin created: ${email}`);
  expect(output).not.toContain("Generated password");
  expect(await findUser(email)).toMatchObject({ role: "admin" });

  // Admins may log in with an unverified email (customers may not); no mail was ever sent.
  await setEmailVerified(email, false);
  await logInWithForm(page, { email, password });
  expect(await mailsTo(email)).toHaveLength(0);
  await expectSignedIn(page);
  const nav = await siteNav(page);
  await expect(nav.getByRole("link", { name: "Home", exact: true })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Admin Dashboard" })).toHaveAttribute("href", "/admin");
});

test("a customer and a visitor do not get the Admin Dashboard link", async ({ page }) => {
  await page.goto("/");
  let nav = await siteNav(page);
  await expect(nav.getByRole("link", { name: "Home", exact: true })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Admin Dashboard" })).toHaveCount(0);

  const customer = await createCustomer();
  await logIn(page, customer);
  await page.goto("/");
  await expectSignedIn(page);
  nav = await siteNav(page);
  await expect(nav.getByRole("link", { name: "Home", exact: true })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Admin Dashboard" })).toHaveCount(0);
});

test("the CLI without --password prints a generated password that works @desktop-only", async ({ page }) => {
  test.slow(); // runs the CLI
  const email = `cli-gen-${uniqueSuffix()}@shop.test`;
  const output = runAdminCreate(["--email", email, "--name", "Generated Admin"]);
  expect(output).toContain(`Admin created: ${email}`);
  const password = output.match(/Generated password \(shown once\): (\S+)/)?.[1];
  expect(password).toBeDefined();
  expect(password?.length).toBeGreaterThanOrEqual(16);

  await page.goto("/login");
  await submitLogin(page, email, password ?? "");
  await expect(page.getByText(MESSAGES.loginSuccess)).toBeVisible();
  const nav = await siteNav(page);
  await expect(nav.getByRole("link", { name: "Admin Dashboard" })).toBeVisible();
});

test("the CLI makes an existing customer an admin, and refuses bad input @desktop-only", async ({ page }) => {
  test.slow(); // runs the CLI three times
  const customer = await createCustomer({ verified: false });
  const output = runAdminCreate(["--email", customer.email]);
  expect(output).toContain(`${customer.email} already had an account: it is now an admin.`);
  expect(output).not.toContain("Generated password");
  expect(await usersWithEmail(customer.email)).toHaveLength(1);
  expect(await findUser(customer.email)).toMatchObject({ role: "admin", emailVerified: true });

  await logInWithForm(page, customer, customer.username);
  const nav = await siteNav(page);
  await expect(nav.getByRole("link", { name: "Admin Dashboard" })).toBeVisible();

  const badEmail = `not-an-email-${uniqueSuffix()}`;
  expect(() => runAdminCreate(["--email", badEmail])).toThrow(/Usage: npm run admin:create/);
  expect(() => runAdminCreate(["--email", `short-${uniqueSuffix()}@shop.test`, "--password", "short"])).toThrow(
    /--password must be 8 to 128 characters/,
  );
});

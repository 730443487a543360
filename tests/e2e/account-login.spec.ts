import * as MESSAGES from "../../app/lib/messages";
import {
  APP_ORIGIN,
  addressesNamed,
  expectSignedIn,
  expectSignedOut,
  sessionCookie,
  sessionCount,
  submitLogin,
} from "./support/account";
import { createCustomer, uniqueSuffix } from "./support/data";
import { expect, logIn, test } from "./support/fixtures";
import { linkIn, mailsTo, waitForMail } from "./support/mail";

const VERIFICATION_RESENT = "If that account still needs verifying, a new verification email is on its way.";
const verifyMails = async (email: string) => (await mailsTo(email)).filter((m) => /Verify/.test(m.subject));

test("an unverified customer is refused, stays signed out, and can get the verification mail again", async ({
  page,
  context,
}) => {
  const customer = await createCustomer({ verified: false });
  await page.goto("/login");
  await submitLogin(page, customer.email, customer.password);
  await expect(page.getByRole("alert").filter({ hasText: MESSAGES.verifyBeforeLogin })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect(await sessionCookie(context)).toBeUndefined();
  expect(await sessionCount(customer.id)).toBe(0);

  // The resend form offers the address typed at login.
  const yourEmail = page.getByRole("textbox", { name: "Your email" });
  await expect(yourEmail).toHaveValue(customer.email);
  expect(await verifyMails(customer.email)).toHaveLength(0);
  await page.getByRole("button", { name: "Send verification email again" }).click();
  await expect(page.getByText(VERIFICATION_RESENT)).toBeVisible();
  const first = await waitForMail(customer.email, /Verify/);

  // Still a visitor: the account entry screen offers Login and Register.
  await page.goto("/account");
  const main = page.getByRole("main");
  await expect(main.getByRole("link", { name: "Login", exact: true })).toBeVisible();
  await expect(main.getByRole("link", { name: "Register", exact: true })).toBeVisible();
  await expect(main.getByText(`Hello, ${customer.email}`)).toHaveCount(0);
  await expectSignedOut(page);

  // Again: a second verification mail arrives.
  await page.goto("/login");
  await submitLogin(page, customer.email, customer.password);
  await expect(page.getByText(MESSAGES.verifyBeforeLogin)).toBeVisible();
  await page.getByRole("button", { name: "Send verification email again" }).click();
  await expect(page.getByText(VERIFICATION_RESENT)).toBeVisible();
  await expect.poll(async () => (await verifyMails(customer.email)).length).toBe(2);

  // The resent mail's link works.
  await page.goto(linkIn(first, "/verify-email"));
  await expect(page).toHaveURL(/\/login\?verified=1$/);
  await submitLogin(page, customer.email, customer.password);
  await expect(page.getByText(MESSAGES.loginSuccess)).toBeVisible();
  await expectSignedIn(page);
});

test("wrong password, unknown username or email, and empty fields are refused on the Log In screen", async ({
  page,
  context,
}) => {
  const customer = await createCustomer();
  await page.goto("/login");
  const identifier = page.getByLabel("Email or username");

  await submitLogin(page, `nobody_${uniqueSuffix()}`, customer.password);
  await expect(page.getByText(MESSAGES.usernameNotFound)).toBeVisible();
  await expect(identifier).toHaveAttribute("aria-invalid", "true");

  await submitLogin(page, customer.username, "not-the-password");
  await expect(page.getByText(MESSAGES.invalidCredentials)).toBeVisible();
  await expect(page.getByText(MESSAGES.usernameNotFound)).toHaveCount(0);

  await submitLogin(page, customer.email, "not-the-password");
  await expect(page.getByText(MESSAGES.invalidCredentials)).toBeVisible();

  // An unknown email gets the same answer as a wrong password (no account enumeration by email).
  await submitLogin(page, `nobody-${uniqueSuffix()}@shop.test`, customer.password);
  await expect(page.getByText(MESSAGES.invalidCredentials)).toBeVisible();
  expect(await sessionCookie(context)).toBeUndefined();
  expect(await sessionCount(customer.id)).toBe(0);

  await page.goto("/login");
  await submitLogin(page, "", "");
  await expect(page.getByText("Please enter your email or username.")).toBeVisible();
  await expect(page.getByText("Please enter your password.")).toBeVisible();
  await expect(identifier).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Password")).toHaveAttribute("aria-invalid", "true");
  await expect(page).toHaveURL(/\/login$/);
  await expectSignedOut(page);
});

test("after logging in from a protected page the customer is back on it, and /login is gone from history", async ({
  page,
  baseURL,
}) => {
  const customer = await createCustomer();
  await page.goto("/");
  await page.goto("/account/settings");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Faccount%2Fsettings$/);
  await submitLogin(page, customer.username, customer.password);
  await expect(page).toHaveURL(/\/account\/settings$/);
  await expect(page.getByRole("heading", { level: 1, name: "Account Settings" })).toBeVisible();
  await expect(page.getByText(MESSAGES.loginSuccess)).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL(`${baseURL}/`);
  await expect(page.getByRole("heading", { level: 1, name: "Log In" })).toHaveCount(0);
});

test("a return address that leaves the site is ignored: the customer lands on the home page", async ({
  page,
  context,
  baseURL,
}) => {
  const customer = await createCustomer();
  for (const target of ["https://evil.example/", "//evil.example", "/\\evil.example", "javascript:alert(1)"]) {
    await page.goto(`/login?redirectTo=${encodeURIComponent(target)}`);
    await expect(page.getByRole("heading", { level: 1, name: "Log In" })).toBeVisible();
    await submitLogin(page, customer.email, customer.password);
    await expect(page.getByText(MESSAGES.loginSuccess)).toBeVisible();
    await expect(page).toHaveURL(`${baseURL}/`);
    await context.clearCookies();
  }
});

test("every login-required route sends a visitor to Log In with the return address", async ({ request }) => {
  for (const path of ["/account/settings", "/account/security", "/shipping-address", "/dashboard"]) {
    const res = await request.get(path, { maxRedirects: 0 });
    expect(res.status(), path).toBe(302);
    expect(res.headers().location, path).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
  }
  const withQuery = await request.get("/shipping-address?from=checkout", { maxRedirects: 0 });
  expect(withQuery.status()).toBe(302);
  expect(withQuery.headers().location).toBe(
    `/login?redirectTo=${encodeURIComponent("/shipping-address?from=checkout")}`,
  );

  // A visitor's form posts (from our own origin) are sent to Log In too, and change nothing.
  const phone = await request.post("/account/settings", {
    form: { phone: "(214) 555-0000" },
    headers: { Origin: APP_ORIGIN },
    maxRedirects: 0,
  });
  expect(phone.status()).toBe(302);
  expect(phone.headers().location).toBe("/login?redirectTo=%2Faccount%2Fsettings");

  const businessName = `Visitor Store ${uniqueSuffix()}`;
  const address = await request.post("/shipping-address", {
    form: {
      intent: "save",
      businessName,
      street: "1 Main St",
      city: "Dallas",
      state: "TX",
      zip: "75201",
      phone: "",
    },
    headers: { Origin: APP_ORIGIN },
    maxRedirects: 0,
  });
  expect(address.status()).toBe(302);
  expect(address.headers().location).toBe("/login?redirectTo=%2Fshipping-address");
  expect(await addressesNamed(businessName)).toHaveLength(0);
});

test("a signed-in customer is sent on from Log In and Register", async ({ page }) => {
  const customer = await createCustomer();
  await logIn(page, customer);
  await page.goto("/login?redirectTo=%2Fdashboard");
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await page.goto("/register");
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole("main").getByText(`Hello, ${customer.email}`)).toBeVisible();
});

test("the Log In screen links to Register and Forgot password", async ({ page }) => {
  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL(/\/forgot$/);
  await expect(page.getByRole("heading", { level: 1, name: "Forgot Password" })).toBeVisible();
  await page.getByRole("link", { name: "Back to log in" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole("link", { name: "Create an account" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Create an Account" })).toBeVisible();
});

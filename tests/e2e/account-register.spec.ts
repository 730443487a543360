import * as MESSAGES from "../../app/lib/messages";
import {
  expectSignedIn,
  expectSignedOut,
  findUser,
  logOutFromHeader,
  newRegistration,
  sessionCookie,
  submitLogin,
  submitRegistration,
  usernameTaken,
  usersWithEmail,
} from "./support/account";
import { pageHeading } from "./support/catalog";
import { allProductPrices, createCustomer } from "./support/data";
import { expect, money, test } from "./support/fixtures";
import { linkIn, mailsTo, waitForMail } from "./support/mail";

const EMAIL_VERIFIED = "Your email is verified. You can log in now.";
const VERIFICATION_RESENT = "If that account still needs verifying, a new verification email is on its way.";

test("a new customer registers, verifies the email, logs in by username and by email, and logs out", {
  tag: "@smoke",
}, async ({ page, context }) => {
  test.slow(); // the whole journey: two mails, three log-ins
  const r = newRegistration({ phone: "(214) 555-0123", dob: "1985-04-12", gender: "Female" });
  await page.goto("/login");
  await page.getByRole("link", { name: "Create an account" }).click();
  await expect(page).toHaveURL(/\/register$/);
  await submitRegistration(page, r);
  await expect(page.getByText(MESSAGES.registered)).toBeVisible();

  // Registered, but not signed in.
  expect(await sessionCookie(context)).toBeUndefined();
  await expectSignedOut(page);
  const stored = await findUser(r.email);
  expect(stored).toMatchObject({
    username: r.username.toLowerCase(),
    role: "customer",
    emailVerified: false,
    phone: r.phone,
    dob: r.dob,
    gender: r.gender,
    address: r.address,
    city: r.city,
    state: r.state,
    zip: r.zip,
  });

  const mail = await waitForMail(r.email, /Verify/);

  // Before verifying, logging in is refused; the verification mail can be sent again.
  await page.goto("/login");
  await submitLogin(page, r.username, r.password);
  await expect(page.getByText(MESSAGES.verifyBeforeLogin)).toBeVisible();
  await page.getByRole("textbox", { name: "Your email" }).fill(r.email);
  await page.getByRole("button", { name: "Send verification email again" }).click();
  await expect(page.getByText(VERIFICATION_RESENT)).toBeVisible();
  await expect.poll(async () => (await mailsTo(r.email)).filter((m) => /Verify/.test(m.subject)).length).toBe(2);
  expect(await sessionCookie(context)).toBeUndefined();

  // The link in the mail confirms the address and lands on Log In.
  await page.goto(linkIn(mail, "/verify-email"));
  await expect(page).toHaveURL(/\/login\?verified=1$/);
  await expect(page.getByText(EMAIL_VERIFIED)).toBeVisible();
  expect((await findUser(r.email))?.emailVerified).toBe(true);

  await submitLogin(page, r.username, r.password);
  await expect(page.getByText(MESSAGES.loginSuccess)).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expectSignedIn(page);

  // Signed in, prices show on a product page.
  const [product] = await allProductPrices();
  if (!product) throw new Error("The demo catalog has no products");
  await page.goto(`/products/details/${product.id}`);
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1, name: await pageHeading(product.id) })).toBeVisible();
  const price = main.getByText(money(product.priceCents), { exact: true }).first();
  await expect(price).toBeVisible();
  expect(await price.textContent()).toMatch(/^\$\d{1,3}(,\d{3})*\.\d{2}$/);
  await expect(main.getByRole("link", { name: MESSAGES.loginToViewPricing })).toHaveCount(0);

  // Logout from the header: a visitor again, prices hidden.
  await logOutFromHeader(page);
  expect(await sessionCookie(context)).toBeUndefined();
  await page.goto(`/products/details/${product.id}`);
  await expect(main.getByRole("link", { name: MESSAGES.loginToViewPricing }).first()).toBeVisible();
  await expect(main.getByText(money(product.priceCents), { exact: true })).toHaveCount(0);

  // Logging in by email works too.
  await page.goto("/login");
  await submitLogin(page, r.email, r.password);
  await expect(page.getByText(MESSAGES.loginSuccess)).toBeVisible();
  await expectSignedIn(page);
});

test("a taken username (in any case) is refused; a taken email gets the new-account answer and no second account", async ({
  page,
}) => {
  const existing = await createCustomer();

  const sameUsername = newRegistration({ username: existing.username.toUpperCase() });
  await page.goto("/register");
  await submitRegistration(page, sameUsername);
  await expect(page.getByText(MESSAGES.usernameInUse)).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Username", exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText(MESSAGES.registered)).toHaveCount(0);
  expect(await usersWithEmail(sameUsername.email)).toHaveLength(0);

  const sameEmail = newRegistration({ email: existing.email.toUpperCase() });
  await page.goto("/register");
  await submitRegistration(page, sameEmail);
  await expect(page.getByText(MESSAGES.registered)).toBeVisible();
  const accounts = await usersWithEmail(existing.email);
  expect(accounts).toHaveLength(1);
  expect(accounts[0]?.id).toBe(existing.id);
  expect(await usernameTaken(sameEmail.username)).toBe(false);
  // Mail leaves after the answer: once the owner's notice has arrived, no verification mail came with it.
  await waitForMail(existing.email, /You already have an account/);
  expect((await mailsTo(existing.email)).filter((m) => /Verify/.test(m.subject))).toHaveLength(0);

  // The owner's password is unchanged; the one typed in the second form does not open the account.
  await page.goto("/login");
  await submitLogin(page, existing.email, sameEmail.password);
  await expect(page.getByText(MESSAGES.invalidCredentials)).toBeVisible();
  await submitLogin(page, existing.email, existing.password);
  await expect(page.getByText(MESSAGES.loginSuccess)).toBeVisible();
});

test("the Register form names each missing or invalid field and creates nothing", async ({ page }) => {
  await page.goto("/register");
  await page.getByRole("button", { name: "Create Account" }).click();
  for (const message of [
    "Name is required.",
    "Legal business name is required.",
    "Choose the type of business.",
    "Street address is required.",
    "City is required.",
    "Please choose a US state.",
    "ZIP code must be 5 digits or ZIP+4 (12345-6789).",
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await expect(page.getByRole("textbox", { name: "Email", exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Password")).toHaveAttribute("aria-invalid", "true");

  const r = newRegistration({ zip: "7520", password: "short" });
  await page.goto("/register");
  await submitRegistration(page, r);
  await expect(page.getByText("ZIP code must be 5 digits or ZIP+4 (12345-6789).")).toBeVisible();
  await expect(page.getByText("Password must be at least 8 characters.")).toBeVisible();
  await expect(page.getByText(MESSAGES.registered)).toHaveCount(0);
  expect(await usersWithEmail(r.email)).toHaveLength(0);
});

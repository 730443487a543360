import * as MESSAGES from "../../app/lib/messages";
import {
  APP_ORIGIN,
  expectSignedIn,
  newRegistration,
  registrationForm,
  SESSION_COOKIE,
  sessionCookie,
  sessionCount,
  submitLogin,
  usersWithEmail,
} from "./support/account";
import { createCustomer } from "./support/data";
import { expect, logIn, logInWithForm, test } from "./support/fixtures";
import { mailsTo, waitForMail } from "./support/mail";

const EVIL = "https://evil.example";

test("cross-site form posts to Log In and Register are refused with 403 and change nothing @desktop-only", async ({
  request,
}) => {
  const customer = await createCustomer();
  const credentials = { intent: "login", identifier: customer.email, password: customer.password, redirectTo: "" };

  const login = await request.post("/login", { form: credentials, headers: { Origin: EVIL }, maxRedirects: 0 });
  expect(login.status()).toBe(403);
  expect(login.headers()["set-cookie"] ?? "").not.toContain(SESSION_COOKIE);
  expect(await sessionCount(customer.id)).toBe(0);

  // A browser that sends only Sec-Fetch-Site is judged by it too.
  const fetchSite = await request.post("/login", {
    form: credentials,
    headers: { "Sec-Fetch-Site": "cross-site" },
    maxRedirects: 0,
  });
  expect(fetchSite.status()).toBe(403);
  expect(await sessionCount(customer.id)).toBe(0);

  const r = newRegistration();
  const register = await request.post("/register", {
    form: registrationForm(r),
    headers: { Origin: EVIL },
    maxRedirects: 0,
  });
  expect(register.status()).toBe(403);
  expect(await usersWithEmail(r.email)).toHaveLength(0);
  expect(await mailsTo(r.email)).toHaveLength(0);

  // The same posts from our own origin do go through (so it was the origin check that refused them).
  const ownLogin = await request.post("/login", {
    form: credentials,
    headers: { Origin: APP_ORIGIN },
    maxRedirects: 0,
  });
  expect(ownLogin.status()).toBe(302);
  expect(ownLogin.headers()["set-cookie"]).toContain(SESSION_COOKIE);
  expect(await sessionCount(customer.id)).toBe(1);
  const ownRegister = await request.post("/register", { form: registrationForm(r), headers: { Origin: APP_ORIGIN } });
  expect(ownRegister.status()).toBe(200);
  expect(await usersWithEmail(r.email)).toHaveLength(1);
  await waitForMail(r.email, /Verify/);
});

test("Register ignores role and verified flags added to the form @desktop-only", async ({ request, page }) => {
  const r = newRegistration();
  const res = await request.post("/register", {
    form: {
      ...registrationForm(r),
      role: "admin",
      emailVerified: "true",
      email_verified: "1",
      isAdmin: "true",
    },
    headers: { Origin: APP_ORIGIN },
  });
  expect(res.status()).toBe(200);
  expect(await res.text()).toContain(MESSAGES.registered);

  const stored = await usersWithEmail(r.email);
  expect(stored).toHaveLength(1);
  expect(stored[0]).toMatchObject({ role: "customer", emailVerified: false, username: r.username.toLowerCase() });

  await page.goto("/login");
  await submitLogin(page, r.email, r.password);
  await expect(page.getByText(MESSAGES.verifyBeforeLogin)).toBeVisible();
});

test("the session cookie is HttpOnly and SameSite=Lax, out of reach of page scripts @desktop-only", async ({
  page,
  context,
}) => {
  const customer = await createCustomer();
  expect(await sessionCookie(context)).toBeUndefined();
  await logInWithForm(page, customer);
  const cookie = await sessionCookie(context);
  expect(cookie).toBeDefined();
  expect(cookie?.httpOnly).toBe(true);
  expect(cookie?.sameSite).toBe("Lax");
  expect(cookie?.path).toBe("/");
  expect(await page.evaluate(() => document.cookie)).not.toContain(SESSION_COOKIE);
});

test("logging out takes a POST from our own pages: a link or a cross-site post keeps the session @desktop-only", async ({
  page,
  context,
}) => {
  const customer = await createCustomer();
  await logIn(page, customer);

  await page.goto("/logout");
  await expect(page).toHaveURL(/\/$/);
  await expectSignedIn(page);

  const crossSite = await context.request.post("/logout", { headers: { Origin: EVIL }, maxRedirects: 0 });
  expect(crossSite.status()).toBe(403);
  await page.goto("/account/settings");
  await expect(page).toHaveURL(/\/account\/settings$/);
  expect(await sessionCount(customer.id)).toBe(1);
});

import * as MESSAGES from "../../app/lib/messages";
import * as ACCOUNT_MESSAGES from "../../app/lib/messages/account";
import { logOutFromHeader, signedInDevice, submitLogin } from "./support/account";
import { createCustomer, uniqueSuffix } from "./support/data";
import { expect, logIn, test } from "./support/fixtures";
import { linkIn, mailsTo, waitForMail } from "./support/mail";

test("changing the password checks both fields and the current password, and signs out other devices", async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow(); // two browser contexts, four log-ins
  const customer = await createCustomer();
  const newPassword = `new-${uniqueSuffix()}-password`;

  // A second device, signed in as the same customer.
  const { context: other, page: otherPage } = await signedInDevice(browser, baseURL, customer);
  await otherPage.goto("/account/settings");
  await expect(otherPage).toHaveURL(/\/account\/settings$/);

  await logIn(page, customer);
  await page.goto("/account/security");
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1, name: "Security Settings" })).toBeVisible();
  const current = main.getByLabel("Current password");
  const next = main.getByLabel("New password");
  const update = main.getByRole("button", { name: "Update password" });
  const message = main.getByRole("alert");

  await update.click();
  await expect(main.getByText(MESSAGES.bothPasswordsRequired)).toBeVisible();

  await current.fill(customer.password);
  await update.click();
  await expect(main.getByText(MESSAGES.bothPasswordsRequired)).toBeVisible();

  await current.fill("not-my-password");
  await next.fill(newPassword);
  await update.click();
  await expect(message).toHaveText(/^Error: /);
  await expect(main.getByText(ACCOUNT_MESSAGES.passwordUpdated)).toHaveCount(0);

  // A wrong current password changed nothing: the other device is still signed in.
  await otherPage.goto("/account/settings");
  await expect(otherPage).toHaveURL(/\/account\/settings$/);

  await current.fill(customer.password);
  await next.fill(newPassword);
  await update.click();
  await expect(main.getByRole("status").filter({ hasText: ACCOUNT_MESSAGES.passwordUpdated })).toBeVisible();
  await expect(current).toHaveValue("");
  await expect(next).toHaveValue("");

  // This device stays signed in; the other one is signed out.
  await page.goto("/account/settings");
  await expect(page).toHaveURL(/\/account\/settings$/);
  await otherPage.goto("/account/settings");
  await expect(otherPage).toHaveURL(/\/login\?redirectTo=%2Faccount%2Fsettings$/);
  await other.close();

  await logOutFromHeader(page);
  await page.goto("/login");
  await submitLogin(page, customer.email, customer.password);
  await expect(page.getByText(MESSAGES.invalidCredentials)).toBeVisible();
  await submitLogin(page, customer.email, newPassword);
  await expect(page.getByText(MESSAGES.loginSuccess)).toBeVisible();
});

test("Security sends a password reset email once, then disables the button", async ({ page }) => {
  const customer = await createCustomer();
  await logIn(page, customer);
  await page.goto("/account/security");
  const main = page.getByRole("main");
  await expect(main.getByText(`We will email a reset link to ${customer.email}.`)).toBeVisible();
  const send = main.getByRole("button", { name: "Send password reset email" });
  await expect(send).toBeEnabled();
  expect(await mailsTo(customer.email)).toHaveLength(0);

  await send.click();
  await expect(main.getByRole("status").filter({ hasText: ACCOUNT_MESSAGES.resetMailSent })).toBeVisible();
  await expect(send).toBeDisabled();
  const mail = await waitForMail(customer.email, /Reset/);
  expect(linkIn(mail, "/reset-password")).toContain("token=");
});

test("Forgot password answers the same for any email, and the mailed link sets a new password once", async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow(); // two browser contexts, mail round trip, three log-ins
  const customer = await createCustomer();
  const unknown = `nobody-${uniqueSuffix()}@shop.test`;
  const newPassword = `reset-${uniqueSuffix()}-password`;

  // A device that is signed in while the password is reset.
  const { context: other, page: otherPage } = await signedInDevice(browser, baseURL, customer);

  const answers: string[] = [];
  for (const email of [unknown, customer.email]) {
    await page.goto("/forgot");
    await page.getByRole("textbox", { name: "Email" }).fill(email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    const answer = page.getByRole("main").getByRole("status");
    await expect(answer).toHaveText(MESSAGES.RESET_REQUESTED);
    answers.push((await page.getByRole("main").textContent()) ?? "");
  }
  expect(answers[0]).toBe(answers[1]);
  const mail = await waitForMail(customer.email, /Reset/);
  expect(await mailsTo(unknown)).toHaveLength(0);

  const link = linkIn(mail, "/reset-password");
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: "Choose a new password" })).toBeVisible();
  const password = page.getByLabel("New password");
  const confirm = page.getByLabel("Confirm password");
  await password.fill("short");
  await confirm.fill("short");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByText("Password must be at least 8 characters.")).toBeVisible();

  await password.fill(newPassword);
  await confirm.fill(`${newPassword}!`);
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByText("The passwords do not match.")).toBeVisible();
  await confirm.fill(newPassword);
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page).toHaveURL(/\/login\?reset=1$/);
  await expect(page.getByText("Your password has been changed. Log in with the new one.")).toBeVisible();

  // Every session of the account ended with the reset.
  await otherPage.goto("/account/settings");
  await expect(otherPage).toHaveURL(/\/login\?redirectTo=%2Faccount%2Fsettings$/);
  await other.close();

  await submitLogin(page, customer.email, customer.password);
  await expect(page.getByText(MESSAGES.invalidCredentials)).toBeVisible();
  await submitLogin(page, customer.username, newPassword);
  await expect(page.getByText(MESSAGES.loginSuccess)).toBeVisible();

  // The link works only once, and says so before anything is typed.
  await page.context().clearCookies();
  await page.goto(link);
  await expect(page.getByText(MESSAGES.RESET_LINK_INVALID)).toBeVisible();
  await expect(page.getByLabel("New password")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Ask for a new reset link" })).toHaveAttribute("href", "/forgot");
});

import "./support/env";
import { expect as baseExpect } from "@playwright/test";
import * as MESSAGES from "../../app/lib/messages";
import * as ACCOUNT_MESSAGES from "../../app/lib/messages/account";
import { freshProduct, otherPerson, tag } from "./support/admin";
import { createAdminAccount, createCustomer } from "./support/data";
import { expect, logIn, signInContext, test } from "./support/fixtures";
import { linkIn, mailsTo, type ReceivedMail } from "./support/mail";

/**
 * The back-in-stock job runs on its schedule (once a minute, startup.ts) in the test server, as
 * in production: the mail arrives within a minute or so of the restock, as a customer would see it.
 */
async function waitForScheduledMail(to: string, subject: string): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await baseExpect
    .poll(
      async () => {
        found = (await mailsTo(to)).find((m) => m.subject === subject);
        return !!found;
      },
      { timeout: 100_000, intervals: [1000], message: `mail to ${to}: ${subject}` },
    )
    .toBe(true);
  return found as ReceivedMail;
}

test.describe("back-in-stock alerts", () => {
  test("a customer taps Notify me on an out-of-stock product; the admin restocks it; one mail arrives", async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    const name = `Alert Vape ${tag()}`;
    const id = await freshProduct({ name, priceCents: 1500, stock: 0 });
    const customer = await createCustomer();
    await logIn(page, customer);
    await page.goto(`/products/details/${id}`);
    await expect(page.getByText(MESSAGES.outOfStock)).toBeVisible();
    await page.getByRole("button", { name: "Notify me" }).click();
    await expect(page.getByRole("status").filter({ hasText: ACCOUNT_MESSAGES.alertSubscribed(name) })).toBeVisible();
    // Still told after a reload: the server keeps the alert.
    await page.reload();
    await expect(page.getByRole("status").filter({ hasText: ACCOUNT_MESSAGES.alertSubscribed(name) })).toBeVisible();
    await expect(page.getByRole("button", { name: "Cancel alert" })).toBeVisible();
    await page.goto("/account/alerts");
    const row = page.getByRole("list", { name: "Stock alerts" }).getByRole("listitem").filter({ hasText: name });
    await expect(row.getByText("Waiting for stock")).toBeVisible();

    // The admin restocks it in the back office.
    const adminContext = await otherPerson(browser);
    await signInContext(adminContext, await createAdminAccount());
    const admin = await adminContext.newPage();
    await admin.goto(`/admin/products/${id}`);
    await admin.getByLabel("Quantity in stock").fill("25");
    await admin.getByRole("button", { name: "Save changes" }).click();
    await expect(admin.getByText(`${name} saved.`)).toBeVisible();
    await adminContext.close();

    const mail = await waitForScheduledMail(customer.email, ACCOUNT_MESSAGES.backInStockMailSubject(name));
    expect(mail.text).toContain(ACCOUNT_MESSAGES.backInStockMailBody(name));
    await page.goto(linkIn(mail, `/products/details/${id}`));
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(page.getByRole("button", { name: "Add to Cart" })).toBeEnabled();
    await expect(page.getByRole("button", { name: "Notify me" })).toHaveCount(0);
    await page.goto("/account/alerts");
    await expect(row.getByText(/^Emailed /)).toBeVisible();
    // One mail, however often the job ran since.
    expect((await mailsTo(customer.email)).filter((m) => m.subject === mail.subject)).toHaveLength(1);
  });

  test("the alert can be canceled on the product page and in the account; a visitor is offered to log in", async ({
    page,
  }) => {
    const name = `Alert Glass ${tag()}`;
    const id = await freshProduct({ name, priceCents: 2200, stock: 0 });
    await page.goto(`/products/details/${id}`);
    const login = page.getByRole("link", { name: ACCOUNT_MESSAGES.loginToBeNotified });
    await expect(login).toHaveAttribute("href", `/login?redirectTo=${encodeURIComponent(`/products/details/${id}`)}`);
    await expect(page.getByRole("button", { name: "Notify me" })).toHaveCount(0);

    await logIn(page, await createCustomer());
    await page.reload();
    await page.getByRole("button", { name: "Notify me" }).click();
    await page.getByRole("button", { name: "Cancel alert" }).click();
    await expect(page.getByText(ACCOUNT_MESSAGES.alertCanceled(name))).toBeVisible();
    await expect(page.getByRole("button", { name: "Notify me" })).toBeVisible();

    await page.getByRole("button", { name: "Notify me" }).click();
    await expect(page.getByRole("button", { name: "Cancel alert" })).toBeVisible();
    await page.goto("/account/alerts");
    await page.getByRole("button", { name: `Cancel ${name}` }).click();
    await expect(page.getByText(ACCOUNT_MESSAGES.noAlertsYet)).toBeVisible();
    await page.goto(`/products/details/${id}`);
    await expect(page.getByRole("button", { name: "Notify me" })).toBeVisible();
  });
});

import "./support/env";
import { getDb } from "../../app/.server/db/instance";
import { freshProduct, tag } from "./support/admin";
import { createAdminAccount, createCustomer, type TestAccount } from "./support/data";
import { expect, logIn, money, test } from "./support/fixtures";
import { waitForMail } from "./support/mail";

/**
 * Paid on account (issue 30), as people use it: the admin gives a business Net 30 and a credit
 * limit; its owner sees them at checkout and places an order over the limit, which goes on credit
 * hold; the admin records a check and releases the order; the owner's statement shows the credit.
 */
async function owner(): Promise<TestAccount & { business: string }> {
  const account = await createCustomer();
  const business = `Credit Mart ${tag()}`;
  const { saveBusiness } = await import("../../app/.server/business/profile");
  await saveBusiness(
    getDb(),
    account.id,
    { legalName: business, dba: null, businessType: "convenience-store", taxPermit: null },
    { id: account.id, name: account.email },
  );
  return { ...account, business };
}

test.describe("receivables @desktop-only", () => {
  test("an order over the credit limit goes on hold; the admin records a payment and releases it", async ({
    page,
    browser,
  }) => {
    const shop = await owner();
    const product = `Credit Glass ${tag()}`;
    const productId = await freshProduct({ name: product, priceCents: 2_500, stock: 20 });

    // The admin sets the business's terms and credit limit on its receivables page.
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await admin.addInitScript(() => window.localStorage.setItem("ageVerified", "true"));
    await logIn(admin, await createAdminAccount());
    await admin.goto("/admin/receivables");
    await admin.getByLabel("A business's account").selectOption({ label: shop.business });
    await admin.getByRole("button", { name: "Open" }).click();
    await expect(admin.getByRole("heading", { name: shop.business })).toBeVisible();
    await admin.getByLabel("Terms").selectOption({ label: "Net 30" });
    await admin.getByLabel("Credit limit (dollars)").fill("50");
    await admin.getByRole("button", { name: "Save terms" }).click();
    await expect(admin.getByText(`Terms and credit of ${shop.business} saved.`)).toBeVisible();

    // The owner sees the terms and the credit left at checkout, and orders $75.
    await logIn(page, shop);
    await page.goto(`/products/details/${productId}`);
    await page.getByLabel("Quantity").fill("3");
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page.getByText(`${product} added to cart!`)).toBeVisible();
    // The cart says it first (issue 30: "the cart and checkout show the terms").
    await page.goto("/cart");
    const cartTerms = page.getByRole("region", { name: "Payment terms" });
    await expect(cartTerms.getByText("Net 30")).toBeVisible();
    await expect(cartTerms.getByText(/more than your available credit/)).toBeVisible();
    await page.goto("/checkout");
    const terms = page.getByRole("region", { name: "Payment terms" });
    await expect(terms.getByText("Net 30")).toBeVisible();
    await expect(terms.getByText(money(5_000))).toBeVisible();
    await expect(terms.getByText(/more than your available credit/)).toBeVisible();
    await page.getByRole("button", { name: "Place Order" }).click();
    await expect(page).toHaveURL(/\/order-confirmation\?order=\d+/);
    const orderId = Number(new URL(page.url()).searchParams.get("order"));
    await expect(page.getByText("On credit hold: the store reviews this order before it ships.")).toBeVisible();
    await expect(page.getByText("In Review")).toBeVisible();

    // The admin sees it on hold, records a $25 check and releases it.
    await admin.reload();
    const held = admin.getByRole("listitem").filter({ hasText: `Order #${orderId}` });
    await expect(held.getByText("On credit hold: the store reviews this order before it ships.")).toBeVisible();
    const payment = admin.getByRole("form", { name: "Record a payment" });
    await payment.getByLabel("Amount (dollars)").fill("25.00");
    await payment.getByLabel("Method").selectOption({ label: "Check" });
    await payment.getByLabel("Reference (check number)").fill("1234");
    await payment.getByRole("button", { name: "Record payment" }).click();
    await expect(admin.getByText("Payment of $25.00 recorded.")).toBeVisible();
    await held.getByRole("button", { name: `Release order #${orderId}` }).click();
    await expect(admin.getByText(`Order #${orderId} released.`)).toBeVisible();
    await expect(admin.getByText("No orders on hold.")).toBeVisible();

    // The owner's order ships; their statement shows the check as credit.
    await page.goto(`/orders/${orderId}`);
    await expect(page.locator("dl").getByText("Processing")).toBeVisible();
    await page.goto("/account/statement");
    await expect(page.getByTestId("statement-balance")).toHaveText(`-${money(2_500)}`);
    await expect(page.getByRole("cell", { name: /^Payment \d+ \(check 1234\)$/ })).toBeVisible();
    await adminContext.close();
  });

  test("an order on Net 30 delivered is invoiced, paid in two parts, and the statement shows zero", async ({
    page,
    browser,
  }) => {
    const shop = await owner();
    const product = `Net Glass ${tag()}`;
    const productId = await freshProduct({ name: product, priceCents: 2_500, stock: 20 });

    await logIn(page, shop);
    await page.goto(`/products/details/${productId}`);
    await page.getByLabel("Quantity").fill("2");
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page.getByText(`${product} added to cart!`)).toBeVisible();
    await page.goto("/checkout");
    await expect(page.getByRole("region", { name: "Payment terms" }).getByText("Net 30")).toBeVisible();
    await page.getByRole("button", { name: "Place Order" }).click();
    await expect(page).toHaveURL(/\/order-confirmation\?order=\d+/);
    const orderId = Number(new URL(page.url()).searchParams.get("order"));

    // The admin marks it delivered: the invoice is issued.
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await admin.addInitScript(() => window.localStorage.setItem("ageVerified", "true"));
    await logIn(admin, await createAdminAccount());
    await admin.goto("/admin/orders");
    await admin.getByRole("combobox", { name: `Status of order #${orderId}`, exact: true }).selectOption("Completed");
    await expect(admin.getByText(`Order #${orderId} is now Completed.`)).toBeVisible();

    await page.goto("/account/statement");
    await expect(page.getByTestId("statement-balance")).toHaveText(money(5_000));
    const invoiceLink = page.getByRole("link", { name: /^Invoice \d+$/ });
    await expect(invoiceLink).toBeVisible();
    const invoiceName = (await invoiceLink.textContent()) ?? "";

    // Two checks, each applied to the open invoice (each answer reloads the page's data, and with it
    // the form's one-time key: the second is a new payment, a double click of one is not).
    await admin.goto(`/admin/receivables/${shop.id}`);
    for (const [amount, reference] of [
      ["20", "501"],
      ["30", "502"],
    ] as const) {
      const payment = admin.getByRole("form", { name: "Record a payment" });
      await payment.getByLabel("Amount (dollars)").fill(amount);
      await payment.getByLabel("Method").selectOption({ label: "Check" });
      await payment.getByLabel("Reference (check number)").fill(reference);
      await payment.getByRole("button", { name: "Record payment" }).click();
      await expect(admin.getByText(`Payment of ${money(Number(amount) * 100)} recorded.`)).toBeVisible();
    }
    await expect(admin.getByRole("cell", { name: new RegExp(`^${invoiceName}`) })).toBeVisible();

    await page.reload();
    await expect(page.getByTestId("statement-balance")).toHaveText(money(0));
    await expect(page.getByText("Nothing is owed.")).toBeVisible();
    // The owner got the invoice and a receipt for each check, over SMTP.
    const number = invoiceName.replace(/^Invoice /, "");
    await waitForMail(shop.email, new RegExp(`Invoice ${number}`));
    await waitForMail(shop.email, /^Payment of \$20\.00 received$/);
    await waitForMail(shop.email, /^Payment of \$30\.00 received$/);
    await adminContext.close();
  });

  test("bad amounts are refused next to the field and record nothing", async ({ page }) => {
    const shop = await owner();
    await logIn(page, await createAdminAccount());
    await page.goto(`/admin/receivables/${shop.id}`);
    const payment = page.getByRole("form", { name: "Record a payment" });
    await payment.getByLabel("Method").selectOption({ label: "ACH" });
    for (const [typed, message] of [
      ["12.345", "Enter the amount as dollars and cents, like 1,234.56."],
      ["1,00", "Enter the amount as dollars and cents, like 1,234.56."],
      ["-5", "Enter the amount as dollars and cents, like 1,234.56."],
      ["0", "The amount must be more than zero."],
      ["99999999999", "Enter the amount as dollars and cents, like 1,234.56."],
    ] as const) {
      await payment.getByLabel("Amount (dollars)").fill(typed);
      await payment.getByRole("button", { name: "Record payment" }).click();
      await expect(payment.getByText(message)).toBeVisible();
    }
    const rows = await getDb().selectFrom("payments").select("id").where("business_id", "=", shop.id).execute();
    expect(rows).toEqual([]);
  });
});

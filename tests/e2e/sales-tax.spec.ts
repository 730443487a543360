import "./support/env";
import type { Page } from "@playwright/test";
import * as CERTIFICATES from "../../app/lib/messages/certificates";
import * as EXCISE_MESSAGES from "../../app/lib/messages/excise";
import * as TAX_MESSAGES from "../../app/lib/messages/sales-tax";
import { tag } from "./support/admin";
import { expectNoSeriousViolations } from "./support/axe";
import type { TestAccount } from "./support/data";
import { expect, money, test } from "./support/fixtures";
import { logInTo, type OtherServer, startOtherServer } from "./support/other-server";

/**
 * Sales tax and resale certificates (issue 41), on a server of the spec's own (collecting sales
 * tax changes every Texas total; the shared server's other specs do not expect it): the admin
 * turns Texas on with Dallas's rates; a business signs a certificate, the admin verifies it, an
 * order is exempt; the certificate is revoked and the next order is taxed at 8.25% to the cent on
 * the cart, the checkout, the invoice and the statement; the month's report lists both.
 */
test.describe("sales tax and resale certificates @desktop-only", () => {
  let store: OtherServer;
  let owner: TestAccount;
  let admin: TestAccount;
  let productId: number;
  const product = `Display of Lighters ${tag()}`;
  // $100.05 × 6.25% = $6.25 (6.253); × 1% = $1.00 twice: $8.25.
  const PRICE = 100_05;
  const TAX = 8_25;

  test.beforeAll(async () => {
    store = await startOtherServer({});
    const made = await store.setUp({
      customers: [{}],
      admins: 1,
      products: [{ name: product, priceCents: PRICE, stock: 50 }],
    });
    [owner] = made.customers as [TestAccount];
    [admin] = made.admins as [TestAccount];
    [productId] = made.products as [number];
  });

  test.afterAll(async () => {
    await store?.stop();
  });

  async function saveRate(page: Page, fields: { kind: string; name: string; rate: string; zips: string }) {
    const form = page.getByRole("region", { name: "Rates" });
    await form.getByRole("combobox", { name: "State", exact: true }).selectOption("TX");
    await form.getByLabel("Kind").selectOption(fields.kind);
    await form.getByRole("textbox", { name: "Name", exact: true }).fill(fields.name);
    await form.getByLabel("Rate (%)").fill(fields.rate);
    await form.getByLabel("First day").fill("2020-01-01");
    await form.getByLabel("ZIP codes (local rates)").fill(fields.zips);
    await form.getByRole("button", { name: "Add rate" }).click();
    await expect(page.getByText(TAX_MESSAGES.jurisdictionSaved(fields.name))).toBeVisible();
  }

  async function orderOne(page: Page, expectTaxCents: number): Promise<number> {
    await page.goto(`${store.origin}/products/details/${productId}`);
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page.getByText(`${product} added to cart!`)).toBeVisible();
    await page.goto(`${store.origin}/cart`);
    await expect(page.getByTestId("cart-total")).toHaveText(money(PRICE + expectTaxCents));
    const charges = page.getByRole("region", { name: EXCISE_MESSAGES.exciseHeading });
    if (expectTaxCents > 0) await expect(charges.getByText(money(expectTaxCents))).toBeVisible();
    else await expect(page.getByText("Sales tax")).toBeHidden();
    await page.goto(`${store.origin}/checkout`);
    await expect(page.getByTestId("checkout-total")).toHaveText(money(PRICE + expectTaxCents));
    await page.getByRole("button", { name: "Place Order" }).click();
    await expect(page).toHaveURL(/\/order-confirmation\?order=\d+/);
    await expect(page.getByText(money(PRICE + expectTaxCents)).first()).toBeVisible();
    return Number(new URL(page.url()).searchParams.get("order"));
  }

  test("a business signs a certificate, an order is exempt; once it is revoked the next is taxed at Dallas's 8.25%, and the month's report lists both", async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    const adminContext = await browser.newContext();
    const back = await adminContext.newPage();
    await back.addInitScript(() => window.localStorage.setItem("ageVerified", "true"));
    await logInTo(back, store, admin);

    // The admin starts collecting in Texas, sourced at the store's place of business, with its rates.
    await back.goto(`${store.origin}/admin/sales-tax`);
    await expect(back.getByText(TAX_MESSAGES.noStates)).toBeVisible();
    const states = back.getByRole("region", { name: "Where the store collects sales tax" });
    await states.getByRole("combobox", { name: "State", exact: true }).selectOption("TX");
    await states.getByLabel("Local tax sourced at").selectOption("origin");
    await states.getByRole("button", { name: "Save state" }).click();
    // Origin sourcing needs the place of business: said at the field.
    await expect(back.getByText(TAX_MESSAGES.originZipRequired)).toBeVisible();
    await states.getByLabel("Place of business ZIP code").fill("75207");
    await states.getByRole("button", { name: "Save state" }).click();
    await expect(back.getByText(TAX_MESSAGES.stateSaved("TX"))).toBeVisible();
    // A rate above 20% is refused at its field.
    const rates = back.getByRole("region", { name: "Rates" });
    await rates.getByLabel("Kind").selectOption("state");
    await rates.getByRole("textbox", { name: "Name", exact: true }).fill("Texas");
    await rates.getByLabel("Rate (%)").fill("62.5");
    await rates.getByLabel("First day").fill("2020-01-01");
    await rates.getByRole("button", { name: "Add rate" }).click();
    await expect(rates.getByText(TAX_MESSAGES.rateInvalid)).toBeVisible();
    await saveRate(back, { kind: "state", name: "Texas", rate: "6.25", zips: "" });
    await saveRate(back, { kind: "city", name: "City of Dallas", rate: "1", zips: "75207, 75201" });
    await saveRate(back, { kind: "transit", name: "Dallas MTA", rate: "1", zips: "75207, 75201" });
    await expectNoSeriousViolations(back, "sales tax settings (desktop)");

    // The business signs a resale certificate covering what it buys.
    await page.addInitScript(() => window.localStorage.setItem("ageVerified", "true"));
    await logInTo(page, store, owner);
    await page.goto(`${store.origin}/account/business/certificates/new`);
    const form = page.getByRole("form", { name: /Form 01-339/ });
    await form.getByRole("textbox", { name: "Name of purchaser, firm or agency" }).fill(`Corner Store ${tag()}`);
    await form.getByRole("textbox", { name: "Texas sales and use tax permit number" }).fill("32098765432");
    await form.getByRole("textbox", { name: "Description of your business" }).fill("Convenience store");
    await form
      .getByRole("textbox", { name: "Description of items to be purchased for resale" })
      .fill("Lighters and novelties for resale");
    await form.getByRole("checkbox", { name: "Other" }).check();
    await form.getByRole("textbox", { name: "Signer's title" }).fill("Owner");
    await form.getByRole("radio", { name: "Type my name" }).check();
    await form.getByRole("textbox", { name: "Type your full name as your signature" }).fill(owner.name);
    await form.getByRole("button", { name: "Sign certificate" }).click();
    await expect(page.getByText(CERTIFICATES.certificateSigned)).toBeVisible();

    // The admin verifies it after checking the permit in the Comptroller's search.
    await back.goto(`${store.origin}/admin/certificates?business=${owner.id}`);
    const verify = back.getByRole("form", { name: /^Verify / }).first();
    await verify.getByRole("checkbox", { name: "I checked this permit in the Comptroller's permit search" }).check();
    await verify.getByRole("button", { name: /^Verify/ }).click();
    await expect(back.getByText(CERTIFICATES.certificateVerified)).toBeVisible();

    // Bought for resale: no sales tax on the cart, the checkout or the order.
    const exempt = await orderOne(page, 0);

    // The certificate lapses (revoked: the permit was closed); the next order is taxed.
    await back.goto(`${store.origin}/admin/certificates?business=${owner.id}`);
    const revoke = back.getByRole("form", { name: /^Revoke / }).first();
    await revoke.getByRole("textbox").first().fill("Permit closed");
    await revoke.getByRole("button", { name: /^Revoke/ }).click();
    await expect(back.getByText(CERTIFICATES.certificateRevoked)).toBeVisible();
    const taxed = await orderOne(page, TAX);

    // Delivered: the invoice and the statement carry the tax, to the cent.
    await back.goto(`${store.origin}/admin/orders`);
    for (const id of [exempt, taxed]) {
      await back.getByRole("combobox", { name: `Status of order #${id}`, exact: true }).selectOption("Completed");
      await expect(back.getByText(`Order #${id} is now Completed.`)).toBeVisible();
    }
    await page.goto(`${store.origin}/orders/${taxed}`);
    await expect(page.getByText("Sales tax")).toBeVisible();
    await expect(page.getByText(money(TAX), { exact: true }).first()).toBeVisible();
    await page.goto(`${store.origin}/account/statement`);
    await expect(page.getByTestId("statement-balance")).toHaveText(money(PRICE + PRICE + TAX));

    // The month's report: the exempt sale with its certificate, the taxed one by jurisdiction.
    await back.goto(`${store.origin}/admin/sales-tax/report`);
    const byJurisdiction = back.getByRole("table", { name: /^Sales tax by jurisdiction/ });
    const texas = byJurisdiction.getByRole("row").filter({ hasText: "Texas" });
    await expect(texas).toContainText(money(PRICE)); // taxable and exempt: $100.05 each
    await expect(texas).toContainText(money(6_25));
    await expect(byJurisdiction.getByRole("row").filter({ hasText: "Dallas MTA" })).toContainText(money(1_00));
    const exemptSales = back.getByRole("table", { name: /^Exempt sales/ });
    await expect(exemptSales.getByRole("row").filter({ hasText: `#${exempt}` })).toContainText("32098765432");
    await expect(exemptSales.getByRole("row").filter({ hasText: `#${taxed}` })).toHaveCount(0);
    await expectNoSeriousViolations(back, "sales tax report (desktop)");
    const csv = await back.request.get(
      `${store.origin}/admin/sales-tax/report.csv?month=${new Date().toISOString().slice(0, 7)}`,
    );
    expect(csv.status()).toBe(200);
    await back.setViewportSize({ width: 390, height: 844 });
    await expectNoSeriousViolations(back, "sales tax report at 390 px");
    await back.goto(`${store.origin}/admin/sales-tax`);
    await expectNoSeriousViolations(back, "sales tax settings at 390 px");

    // Taxability rules (decision 0075): a fee's rule is added; one saying the opposite is refused.
    await back.setViewportSize({ width: 1280, height: 900 });
    await back.goto(`${store.origin}/admin/sales-tax/rules`);
    const addRule = async (name: string, verdict: string) => {
      const ruleForm = back.getByRole("form", { name: "Taxability rule" });
      await ruleForm.getByRole("textbox", { name: "Name", exact: true }).fill(name);
      await ruleForm.getByRole("textbox", { name: "State (two-letter code)" }).fill("OK");
      await ruleForm.getByRole("combobox", { name: "About" }).selectOption("delivery");
      await ruleForm.getByRole("combobox", { name: "Sales tax" }).selectOption(verdict);
      await ruleForm.getByRole("button", { name: "Add taxability rule" }).click();
    };
    await addRule("Oklahoma delivery taxable", "taxable");
    await expect(back.getByText(TAX_MESSAGES.taxabilityRuleAdded)).toBeVisible();
    await expect(back.getByRole("listitem", { name: "Oklahoma delivery taxable" })).toBeVisible();
    await addRule("Oklahoma delivery exempt", "exempt");
    await expect(back.getByText(TAX_MESSAGES.taxabilityRuleContradicts("Oklahoma delivery taxable"))).toBeVisible();
    await expectNoSeriousViolations(back, "sales tax taxability rules (desktop)");
    await adminContext.close();
  });
});

import "./support/env";
import { extractText, getDocumentProxy } from "unpdf";
import { createAddress } from "../../app/.server/accounts/addresses";
import { saveProductCompliance } from "../../app/.server/compliance/facts";
import { getDb } from "../../app/.server/db/instance";
import { changeOrderStatus } from "../../app/.server/flows/order-life";
import { storeToday } from "../../app/lib/business";
import * as BACK_OFFICE_MESSAGES from "../../app/lib/messages/back-office";
import * as EXCISE_MESSAGES from "../../app/lib/messages/excise";
import { freshProduct, logInOn, placeOrderFor, tag } from "./support/admin";
import { createAdminAccount, createCustomer } from "./support/data";
import { expect, logIn, test } from "./support/fixtures";

/**
 * Excise taxes where customers and admins meet them (issue 31), with the demo's example rules:
 * Louisiana taxes nicotine vapes $0.15 per ml, collected by the store.
 */
const LA_WORDING = "Louisiana vapor products tax ($0.15 per ml)";

async function pdfText(body: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(body)), { mergePages: true });
  return text.replace(/\s+/g, " ");
}

/** A nicotine vape listed in Louisiana's directory: 20 ml per unit, closed system. */
async function louisianaVape(name: string, priceCents: number): Promise<number> {
  const id = await freshProduct({ name, priceCents, stock: 50, category: "disposable-vapes" });
  await saveProductCompliance(
    getDb(),
    id,
    {
      brand: "Bayou Test",
      productClass: "nicotine-vape",
      flavorClass: "tobacco",
      nicotineMgMl: 50,
      country: "US",
      upc: null,
      thcMg: null,
      sevenOhPercent: null,
      directoryStates: ["LA"],
      mlPerUnit: 20,
      cartridgesPerUnit: 1,
      vapeSystem: "closed",
      containsNicotine: true,
    },
    { id: null, name: "Test" },
  );
  return id;
}

async function customerIn(address: { city: string; state: string; zip: string }) {
  const customer = await createCustomer({ withAddress: false });
  await createAddress(getDb(), customer.id, {
    businessName: `Vape Shop ${tag()}`,
    street: "400 Main St",
    ...address,
    phone: "(504) 555-0100",
    isDefault: true,
  });
  return customer;
}

const louisianaCustomer = () => customerIn({ city: "New Orleans", state: "LA", zip: "70130" });

test.describe("excise taxes", () => {
  test("a Louisiana customer's cart shows the per-ml excise in the total, and the invoice carries it", async ({
    page,
  }) => {
    const name = `Bayou Disposable ${tag()}`;
    const id = await louisianaVape(name, 5000);
    const customer = await louisianaCustomer();
    await logIn(page, customer);

    await page.goto(`/products/details/${id}`);
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page.getByText(/added to cart!/).last()).toBeVisible();

    // One unit of 20 ml at $0.15 per ml: $3.00, in the total.
    await page.goto("/cart");
    const excise = page.getByRole("region", { name: EXCISE_MESSAGES.exciseHeading });
    await expect(excise.getByText(LA_WORDING)).toBeVisible();
    await expect(excise.getByText("$3.00")).toBeVisible();
    await expect(page.getByTestId("cart-total")).toHaveText("$53.00");

    await page.goto("/checkout");
    await expect(page.getByRole("region", { name: EXCISE_MESSAGES.exciseHeading }).getByText(LA_WORDING)).toBeVisible();
    await expect(page.getByTestId("checkout-total")).toHaveText("$53.00");
    await page.getByRole("button", { name: "Place Order" }).click();
    await expect(page).toHaveURL(/\/order-confirmation\?order=\d+/);
    const orderId = Number(new URL(page.url()).searchParams.get("order"));
    // The confirmation shows the tax stored with the order and the total with it.
    await expect(page.getByText(LA_WORDING)).toBeVisible();
    await expect(page.getByTestId("order-total")).toHaveText("$53.00");

    // My Orders and the order's page owe the same one total (issue 36).
    await page.goto("/orders");
    await expect(page.getByRole("link", { name: new RegExp(`Order #${orderId} .*\\$53\\.00`) })).toBeVisible();
    await page.goto(`/orders/${orderId}`);
    await expect(page.getByTestId("order-total")).toHaveText("$53.00");

    // Completed, it is invoiced for $53.00: the invoice, the statement and its balance say so.
    await changeOrderStatus(getDb(), orderId, { seen: "Processing", next: "Completed" }, { id: null, name: "Test" });
    const invoice = await page.request.get(`/orders/${orderId}/invoice.pdf`);
    expect(invoice.status()).toBe(200);
    const text = await pdfText(await invoice.body());
    expect(text).toContain("Subtotal: $50.00");
    expect(text).toContain(`${LA_WORDING}: $3.00`);
    expect(text).toContain("Order total: $53.00");
    expect(text).toContain("Balance due: $53.00");
    await page.goto("/account/statement");
    await expect(page.getByRole("table").getByText("$53.00").first()).toBeVisible();
  });

  test("the admin's tax rules refuse bad input and overlaps next to the field, and the month's excise report counts the order @desktop-only", async ({
    page,
  }) => {
    const id = await louisianaVape(`Report Disposable ${tag()}`, 2000);
    const customer = await louisianaCustomer();
    const orderId = await placeOrderFor(customer, [{ id, quantity: 4 }]);
    expect(orderId).toBeGreaterThan(0);
    await logInOn(page, await createAdminAccount());

    await page.goto("/admin/taxes");
    await expect(page.getByRole("listitem", { name: "Example: Louisiana vapor products tax" })).toBeVisible();
    const form = page.getByRole("form", { name: "Tax rule" });
    await form.getByLabel("Name", { exact: true }).fill(`Bad rule ${tag()}`);
    await form.getByLabel("State (two-letter code)").fill("XX");
    await form.getByLabel("Method").selectOption("percent");
    await form.getByLabel("Rate", { exact: true }).fill("150");
    await form.getByLabel("Invoice wording").fill("Test tax");
    await form.getByRole("button", { name: "Add tax rule" }).click();
    await expect(form.getByText(EXCISE_MESSAGES.taxStateUnknown)).toBeVisible();
    await expect(form.getByText(EXCISE_MESSAGES.taxScopeEmpty)).toBeVisible();
    await expect(form.getByText(EXCISE_MESSAGES.taxRatePercentTooHigh)).toBeVisible();

    // A second Louisiana tax on every product overlaps the example rule.
    await form.getByLabel("State (two-letter code)").fill("LA");
    await form.getByLabel("All products").check();
    await form.getByLabel("Rate", { exact: true }).fill("5");
    await form.getByRole("button", { name: "Add tax rule" }).click();
    await expect(
      form.getByText(EXCISE_MESSAGES.taxRuleContradicts("Example: Louisiana vapor products tax")),
    ).toBeVisible();

    // 4 units × 20 ml × $0.15 = $12.00 on this product's row.
    await page.goto("/admin/reports/excise");
    const louisiana = page.getByRole("region", { name: "Louisiana excise" });
    const row = louisiana.getByRole("row").filter({ hasText: "Report Disposable" }).last();
    await expect(row).toContainText("$12.00");
    await expect(louisiana.getByRole("link", { name: "Download CSV for Louisiana" })).toBeVisible();
  });

  test("the admin files last month's PACT report for a state: downloads its file and marks it filed @desktop-only", async ({
    page,
  }, testInfo) => {
    // One state per project, so the phone and desktop runs each file their own.
    const [state, name, address] =
      testInfo.project.name === "phone"
        ? ["ID", "Idaho", { city: "Boise", state: "ID", zip: "83702" }]
        : ["MT", "Montana", { city: "Helena", state: "MT", zip: "59601" }];
    const id = await louisianaVape(`Filing Disposable ${tag()}`, 1500);
    const orderId = await placeOrderFor(await customerIn(address), [{ id, quantity: 3 }]);
    const today = storeToday();
    const [y, m] = today.split("-").map(Number) as [number, number];
    const lastMonth = m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, "0")}`;
    await getDb()
      .updateTable("orders")
      .set({ created_at: `${lastMonth}-15T18:00:00.000Z` })
      .where("id", "=", orderId)
      .execute();
    await logInOn(page, await createAdminAccount());

    await page.goto("/admin/reports/pact/filings");
    const filing = page.getByRole("listitem", { name: `${name} ${lastMonth}` });
    await expect(filing).toContainText(/Due|Overdue/);
    const file = await page.request.get(
      (await filing.getByRole("link", { name: `Download file for ${name} ${lastMonth}` }).getAttribute("href")) ?? "",
    );
    expect(file.status()).toBe(200);
    expect(await file.text()).toContain(`Vape Shop`);
    await filing.getByLabel("Note (optional)").fill("Filed on the state portal");
    await filing.getByRole("button", { name: `Mark filed ${name} ${lastMonth}` }).click();
    await expect(page.getByText(EXCISE_MESSAGES.pactFiled(state, lastMonth))).toBeVisible();
    await expect(filing).toContainText("Filed");
    await expect(filing).toContainText("Filed on the state portal");
    await expect(filing.getByRole("button", { name: /Mark filed/ })).toBeHidden();
  });

  test("the admin records a completed order's carrier and tracking number; the customer sees them @desktop-only", async ({
    page,
    browser,
  }) => {
    const id = await louisianaVape(`Shipped Disposable ${tag()}`, 1500);
    const customer = await louisianaCustomer();
    const orderId = await placeOrderFor(customer, [{ id, quantity: 1 }]);
    await changeOrderStatus(getDb(), orderId, { seen: "Processing", next: "Completed" }, { id: null, name: "Test" });
    await logInOn(page, await createAdminAccount());

    await page.goto(`/admin/orders/${orderId}`);
    const shipment = page.getByRole("region", { name: "Shipment" });
    await shipment.getByLabel("Carrier").fill("UPS");
    await shipment.getByLabel("Tracking number").fill("1Z 999");
    await shipment.getByRole("button", { name: "Save shipment" }).click();
    await expect(shipment.getByText(EXCISE_MESSAGES.trackingFormat)).toBeVisible();
    await shipment.getByLabel("Tracking number").fill("1Z999AA10123456784");
    await shipment.getByRole("button", { name: "Save shipment" }).click();
    await expect(page.getByText(EXCISE_MESSAGES.shipmentSaved)).toBeVisible();

    const buyerPage = await (await browser.newContext()).newPage();
    await logIn(buyerPage, customer);
    await buyerPage.goto(`/orders/${orderId}`);
    const seen = buyerPage.getByRole("region", { name: "Shipment" });
    await expect(seen).toContainText("UPS");
    await expect(seen).toContainText("1Z999AA10123456784");
  });

  test("the admin sets a product's excise facts; a negative ml is refused next to the field @desktop-only", async ({
    page,
  }) => {
    const id = await freshProduct({
      name: `Facts Disposable ${tag()}`,
      priceCents: 1500,
      stock: 10,
      category: "disposable-vapes",
    });
    await logInOn(page, await createAdminAccount());
    await page.goto(`/admin/products/${id}`);
    const form = page.getByRole("form", { name: "Compliance" });
    await form.getByLabel("E-liquid per unit (ml)").fill("-5");
    await form.getByLabel("Cartridges or pods per unit").fill("abc");
    await form.getByRole("button", { name: "Save compliance" }).click();
    const again = page.getByRole("form", { name: "Compliance" });
    await expect(again.getByText(EXCISE_MESSAGES.mlPerUnitFormat)).toBeVisible();
    await expect(again.getByText(EXCISE_MESSAGES.cartridgesPerUnitFormat)).toBeVisible();

    await again.getByLabel("E-liquid per unit (ml)").fill("12.5");
    await again.getByLabel("Cartridges or pods per unit").fill("10");
    await again.getByLabel("Vape system").selectOption("closed");
    await again.getByLabel("Contains nicotine").selectOption("yes");
    await again.getByRole("button", { name: "Save compliance" }).click();
    await expect(page.getByText(BACK_OFFICE_MESSAGES.complianceSaved)).toBeVisible();
    await page.reload();
    const saved = page.getByRole("form", { name: "Compliance" });
    await expect(saved.getByLabel("E-liquid per unit (ml)")).toHaveValue("12.5");
    await expect(saved.getByLabel("Vape system")).toHaveValue("closed");
    await expect(saved.getByLabel("Contains nicotine")).toHaveValue("yes");
  });
});

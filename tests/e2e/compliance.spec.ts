import "./support/env";
import { createAddress } from "../../app/.server/accounts/addresses";
import { addLicense, reviewLicense } from "../../app/.server/business/licenses";
import { saveProductCompliance } from "../../app/.server/compliance/facts";
import { createRule, setRuleEnabled } from "../../app/.server/compliance/rules";
import { getDb } from "../../app/.server/db/instance";
import * as MESSAGES from "../../app/lib/messages";
import * as BACK_OFFICE_MESSAGES from "../../app/lib/messages/back-office";
import * as SELLING_MESSAGES from "../../app/lib/messages/selling";
import { ruleSchema } from "../../app/lib/schemas/compliance";
import { freshProduct, productRow, tag } from "./support/admin";
import { createAdminAccount, createCustomer, findProductByName } from "./support/data";
import { expect, logIn, test } from "./support/fixtures";

/**
 * Compliance rules where customers meet them (issue 15), with the demo's example rules: an Indiana
 * address is refused kratom with the reason, a Texas customer without a hemp registration is asked
 * for it, and the admin's "test a sale" box answers with the rule that decided.
 */
/** A demo kratom product sold alone (a line of one: its page has one Add to Cart, its card its name). */
const KRATOM = "Monsoon Botanicals Strain Sampler Capsules – 10 ct x 12 (display)";

async function addToCart(page: import("@playwright/test").Page, id: number) {
  await page.goto(`/products/details/${id}`);
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText(/added to cart!/).last()).toBeVisible();
}

test.describe("compliance rules", () => {
  test("an Indiana address is refused kratom with the reason; choosing the Texas address lets the order through", {
    tag: "@smoke",
  }, async ({ page }) => {
    const customer = await createCustomer({ withAddress: false });
    await createAddress(getDb(), customer.id, {
      businessName: `Hoosier Mart ${tag()}`,
      street: "200 Market St",
      city: "Indianapolis",
      state: "IN",
      zip: "46204",
      phone: "(317) 555-0100",
      isDefault: true,
    });
    await createAddress(getDb(), customer.id, {
      businessName: "Dallas Branch",
      street: "1500 Main St",
      city: "Dallas",
      state: "TX",
      zip: "75201",
      phone: "(214) 555-0100",
      isDefault: false,
    });
    const kratom = await findProductByName(KRATOM);
    if (!kratom) throw new Error("The demo catalog has no kratom sampler");
    await logIn(page, customer);

    // Before they try: the product page and the listing say it cannot ship to their address.
    await page.goto(`/products/details/${kratom.id}`);
    await expect(page.getByRole("note").getByText("Not available for your Indiana address: state ban")).toBeVisible();
    await page.goto("/products/kratom");
    await expect(
      page
        .getByRole("article")
        .filter({ hasText: KRATOM })
        .getByText("Not available for your Indiana address: state ban"),
    ).toBeVisible();

    // Add to Cart still works: another address can be chosen at checkout.
    await addToCart(page, kratom.id);
    await page.goto("/checkout");
    const items = page.getByRole("region", { name: "Items" });
    await expect(items.getByText("Kratom cannot be shipped to Indiana (state ban).")).toBeVisible();
    await expect(items.getByRole("button", { name: `Remove ${KRATOM}` })).toBeVisible();
    await expect(page.getByRole("button", { name: "Place Order" })).toBeDisabled();

    await page.getByRole("radio", { name: /Dallas Branch/ }).check();
    await expect(items.getByText("Kratom cannot be shipped to Indiana (state ban).")).toBeHidden();
    await page.getByRole("button", { name: "Place Order" }).click();
    await expect(page).toHaveURL(/\/order-confirmation\?order=\d+/);

    // Back to Indiana: the line is refused again, and Remove takes it out of the cart.
    await addToCart(page, kratom.id);
    await page.goto("/checkout");
    await expect(items.getByText("Kratom cannot be shipped to Indiana (state ban).")).toBeVisible();
    await items.getByRole("button", { name: `Remove ${KRATOM}` }).click();
    await expect(page.getByText("Your cart is empty.")).toBeVisible();
  });

  test("the home page's New Products card says a product cannot ship to the customer's state; a customer in another state sees no note", async ({
    page,
  }) => {
    const name = `Home Strip Sampler ${tag()}`;
    const id = await freshProduct({ name, priceCents: 1800, stock: 20, category: "novelty" });
    // New Products shows the newest products: dated in the future, this one stays among them
    // while the other worker adds products, until the test puts its date back.
    const db = getDb();
    const { created_at: createdAt } = await db
      .selectFrom("products")
      .select("created_at")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    await db.updateTable("products").set({ created_at: "2999-01-01T00:00:00.000Z" }).where("id", "=", id).execute();
    // A rule of its own, covering this product only.
    const rule = await createRule(
      db,
      ruleSchema.parse({
        name: `Home strip rule ${tag()}`,
        productIds: String(id),
        states: "WY",
        effectiveFrom: "2025-01-01",
        effect: "block",
        reason: "This sampler cannot be shipped to {state}.",
        label: "sampler ban",
      }),
      { id: null, name: "Test" },
    );
    try {
      const inWyoming = await createCustomer({ withAddress: false });
      await createAddress(db, inWyoming.id, {
        businessName: `Cowboy Stop ${tag()}`,
        street: "100 Capitol Ave",
        city: "Cheyenne",
        state: "WY",
        zip: "82001",
        phone: "(307) 555-0100",
        isDefault: true,
      });
      const inTexas = await createCustomer();
      const card = page
        .getByRole("region", { name: "New Products" })
        .getByRole("article")
        .filter({ has: page.getByRole("heading", { name }) });

      await logIn(page, inWyoming);
      await page.goto("/");
      await expect(card.getByText("Not available for your Wyoming address: sampler ban")).toBeVisible();

      await page.context().clearCookies();
      await logIn(page, inTexas);
      await page.goto("/");
      await expect(card.getByRole("heading", { name })).toBeVisible();
      await expect(card.getByText(/^Not available for your/)).toHaveCount(0);
    } finally {
      await setRuleEnabled(db, rule.id, false, { id: null, name: "Test" });
      await db.updateTable("products").set({ created_at: createdAt }).where("id", "=", id).execute();
    }
  });

  test("a Texas customer without a hemp registration is asked for it, with the way to upload it", async ({ page }) => {
    const name = `CBD Tincture ${tag()}`;
    const id = await freshProduct({ name, priceCents: 2500, stock: 20, category: "delta" });
    await saveProductCompliance(
      getDb(),
      id,
      {
        brand: "Calm Creek",
        productClass: "cannabinoid",
        flavorClass: null,
        nicotineMgMl: null,
        country: "US",
        upc: "036000291452",
        thcMg: 0,
        sevenOhPercent: null,
      },
      { id: null, name: "Test" },
    );
    const customer = await createCustomer();
    await logIn(page, customer);
    await page.goto(`/products/details/${id}`);
    const note = page.getByRole("note");
    await expect(note.getByText("Not available for your Texas address: hemp registration required")).toBeVisible();
    await expect(
      note.getByText(SELLING_MESSAGES.licenseRequired("Texas DSHS hemp retail registration"), { exact: false }),
    ).toBeVisible();
    // What a buyer cares about: the brand and UPC.
    await expect(page.getByRole("definition").filter({ hasText: "Calm Creek" })).toBeVisible();
    await expect(page.getByRole("definition").filter({ hasText: "036000291452" })).toBeVisible();

    await addToCart(page, id);
    await page.goto("/cart");
    await expect(page.getByText("Texas requires a DSHS retail hemp registration to buy hemp products.")).toBeVisible();
    await page.getByRole("link", { name: MESSAGES.uploadLicenseLink }).click();
    await expect(page).toHaveURL(/\/account\/business$/);
    await expect(page.getByRole("heading", { level: 1, name: "Business Profile" })).toBeVisible();
  });

  test("the admin tests a sale, and a bad rule is refused with a clear message @desktop-only", async ({ page }) => {
    const admin = await createAdminAccount();
    const cbd = `Tested CBD ${tag()}`;
    const cbdId = await freshProduct({ name: cbd, priceCents: 2500, stock: 20, category: "delta" });
    const cbdSku = (await productRow(cbdId))?.sku as string;
    await saveProductCompliance(
      getDb(),
      cbdId,
      {
        brand: "Calm Creek",
        productClass: "cannabinoid",
        flavorClass: null,
        nicotineMgMl: null,
        country: "US",
        upc: null,
        thcMg: 0,
        sevenOhPercent: null,
      },
      { id: null, name: "Test" },
    );
    const licensed = await createCustomer();
    const license = await addLicense(
      getDb(),
      licensed.id,
      {
        type: "tx-dshs-hemp",
        number: `H-${tag()}`,
        issuingState: "TX",
        expiresOn: null,
        addressId: null,
        replacesId: null,
      },
      Buffer.from("%PDF-1.4\n%%EOF\n"),
      { id: licensed.id, name: licensed.email },
    );
    await reviewLicense(getDb(), license.id, { approve: true }, { id: null, name: "Test" });
    const unlicensed = await createCustomer();
    await logIn(page, admin);
    await page.goto("/admin/compliance");
    await expect(page.getByText(BACK_OFFICE_MESSAGES.exampleRulesNotice)).toBeVisible();

    const box = page.getByRole("form", { name: "Test a sale" });
    // The product is picked by search: a few letters of its name, then the suggestion.
    const picker = box.getByRole("combobox", { name: "Product" });
    await picker.fill("Strain Sampler Capsules");
    await box.getByRole("option", { name: KRATOM }).click();
    await expect(picker).toHaveValue(KRATOM);
    await box.getByLabel("State").fill("IN");
    await box.getByLabel("ZIP").fill("46204");
    await box.getByRole("button", { name: "Test" }).click();
    const result = page.getByRole("status", { name: "Sale test result" });
    await expect(result.getByText("Blocked", { exact: true })).toBeVisible();
    await expect(result.getByText("Kratom cannot be shipped to Indiana (state ban).")).toBeVisible();
    await expect(result.getByText("Example: kratom state bans (decided)")).toBeVisible();

    await box.getByLabel("State").fill("TX");
    await box.getByLabel("ZIP").fill("75201");
    await box.getByRole("button", { name: "Test" }).click();
    await expect(result.getByText("Allowed", { exact: true })).toBeVisible();
    await expect(result.getByText(BACK_OFFICE_MESSAGES.noRulesApply)).toBeVisible();

    // The date: the day before the Indiana kratom ban took effect, no rule decides.
    await box.getByLabel("State").fill("IN");
    await box.getByLabel("ZIP").fill("46204");
    await box.getByLabel("Date").fill("2024-12-31");
    await box.getByRole("button", { name: "Test" }).click();
    await expect(result.getByText(`${KRATOM} to Indiana 46204 on 2024-12-31`)).toBeVisible();
    await expect(result.getByText("Allowed", { exact: true })).toBeVisible();
    await expect(result.getByText(BACK_OFFICE_MESSAGES.noRulesApply)).toBeVisible();

    // The customer: one holding an approved Texas hemp registration may buy hemp; one without is asked for it.
    // By its SKU this time, chosen with the keyboard.
    await picker.fill(cbdSku.toLowerCase());
    await expect(box.getByRole("option", { name: cbd })).toBeVisible();
    await picker.press("ArrowDown");
    await picker.press("Enter");
    await expect(picker).toHaveValue(cbd);
    await box.getByLabel("State").fill("TX");
    await box.getByLabel("ZIP").fill("75201");
    await box.getByLabel("Date").fill("2026-03-02");
    await box.getByLabel("Customer email (optional)").fill(licensed.email);
    await box.getByRole("button", { name: "Test" }).click();
    await expect(result.getByText(`${cbd} to Texas 75201 on 2026-03-02`)).toBeVisible();
    await expect(result.getByText("Allowed", { exact: true })).toBeVisible();
    await expect(result.getByText("Example: Texas hemp registration")).toBeVisible();
    await box.getByLabel("Customer email (optional)").fill(unlicensed.email);
    await box.getByRole("button", { name: "Test" }).click();
    await expect(
      result.getByText(SELLING_MESSAGES.licenseRequired("Texas DSHS hemp retail registration"), { exact: false }),
    ).toBeVisible();
    await expect(result.getByText("Example: Texas hemp registration (decided)")).toBeVisible();

    // A rule that ends before it starts, in an unknown state: refused, nothing stored.
    const name = `Glass rule ${tag()}`;
    const form = page.getByRole("form", { name: "Rule" });
    await form.getByRole("textbox", { name: "Name" }).fill(name);
    await form.getByRole("checkbox", { name: "Glass" }).first().check();
    await form.getByLabel(/^States/).fill("AK, XX");
    await form.getByLabel("Effective from").fill("2026-06-01");
    await form.getByLabel(/^Until/).fill("2026-05-01");
    await form.getByLabel("Reason the buyer reads").fill("Glass cannot be shipped to {state}.");
    await form.getByLabel("Short label for listings").fill("local ban");
    await form.getByRole("button", { name: "Add rule" }).click();
    await expect(page.getByText(MESSAGES.ruleStateUnknown)).toBeVisible();
    await expect(page.getByText(MESSAGES.ruleEndBeforeStart)).toBeVisible();
    await expect(page.getByRole("listitem", { name })).toHaveCount(0);

    await page
      .getByRole("form", { name: "Rule" })
      .getByLabel(/^States/)
      .fill("AK");
    await page
      .getByRole("form", { name: "Rule" })
      .getByLabel(/^Until/)
      .fill("");
    await page.getByRole("form", { name: "Rule" }).getByRole("button", { name: "Add rule" }).click();
    await expect(page.getByText(BACK_OFFICE_MESSAGES.ruleSaved)).toBeVisible();
    const card = page.getByRole("listitem", { name });
    await expect(card.getByText("Glass cannot be shipped to {state}.")).toBeVisible();
    await card.getByRole("button", { name: `Disable ${name}` }).click();
    await expect(page.getByText(BACK_OFFICE_MESSAGES.ruleDisabled)).toBeVisible();
    await expect(page.getByRole("listitem", { name }).getByText("Disabled")).toBeVisible();
  });

  test("the admin sets a product's compliance facts and lab report; the product page shows brand, UPC and the report @desktop-only", async ({
    page,
  }) => {
    const admin = await createAdminAccount();
    const name = `Facts product ${tag()}`;
    const id = await freshProduct({ name, priceCents: 1500, stock: 10, category: "glass" });
    await logIn(page, admin);
    await page.goto(`/admin/products/${id}`);
    const form = page.getByRole("form", { name: "Compliance" });
    await form.getByLabel("Brand").fill("Prairie Glassworks");
    await form.getByLabel("Product class").selectOption({ label: "Glass" });
    await form.getByLabel("UPC").fill("036000291453");
    await form.getByRole("button", { name: "Save compliance" }).click();
    await expect(page.getByRole("form", { name: "Compliance" }).getByText(MESSAGES.upcFormat)).toBeVisible();

    const again = page.getByRole("form", { name: "Compliance" });
    await again.getByLabel("UPC").fill("036000291452");
    await again.getByLabel(/^Lab report/).setInputFiles({
      name: "coa.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("%PDF-1.4\n1 0 obj\n<< >>\nendobj\n%%EOF\n"),
    });
    await again.getByRole("button", { name: "Save compliance" }).click();
    await expect(page.getByText(BACK_OFFICE_MESSAGES.complianceSaved)).toBeVisible();

    await page.goto(`/products/details/${id}`);
    await expect(page.getByRole("definition").filter({ hasText: "Prairie Glassworks" })).toBeVisible();
    await expect(page.getByRole("definition").filter({ hasText: "036000291452" })).toBeVisible();
    const link = page.getByRole("link", { name: MESSAGES.labReportLink });
    const report = await page.request.get((await link.getAttribute("href")) ?? "");
    expect(report.status()).toBe(200);
    expect(report.headers()["content-type"]).toBe("application/pdf");

    await page.goto("/admin/reports/pact");
    await expect(page.getByRole("heading", { name: "PACT report" })).toBeVisible();
  });

  test("the admin sets the compliance facts when adding a product; a bad one is refused with the rest kept @desktop-only", async ({
    page,
  }) => {
    const admin = await createAdminAccount();
    await logIn(page, admin);
    await page.goto("/admin/products/new");
    const compliance = page.getByRole("group", { name: "Compliance" });
    await expect(compliance.getByText(BACK_OFFICE_MESSAGES.newProductComplianceIntro)).toBeVisible();
    const name = `New kratom ${tag()}`;
    await page.getByRole("textbox", { name: "Name", exact: true }).fill(name);
    await page.getByRole("textbox", { name: "Price (USD)" }).fill("12.00");
    await page.getByRole("textbox", { name: "Quantity in stock" }).fill("5");
    await page.getByRole("combobox", { name: "Category" }).selectOption("kratom");
    await compliance.getByLabel("Brand").fill("Lone Star Leaf");
    await compliance.getByLabel("Product class").selectOption({ label: "Kratom" });
    await compliance.getByLabel("UPC").fill("036000291453");
    await page.getByRole("button", { name: "Add product" }).click();
    await expect(page.getByRole("group", { name: "Compliance" }).getByLabel("UPC")).toHaveAccessibleDescription(
      MESSAGES.upcFormat,
    );
    await expect(page.getByRole("textbox", { name: "Name", exact: true })).toHaveValue(name);
    await expect(page.getByRole("group", { name: "Compliance" }).getByLabel("Brand")).toHaveValue("Lone Star Leaf");

    await page.getByRole("group", { name: "Compliance" }).getByLabel("UPC").fill("036000291452");
    await page.getByRole("button", { name: "Add product" }).click();
    await expect(page.getByText(`${name} added.`)).toBeVisible();
    const id = new URL(page.url()).searchParams.get("created");
    await page.goto(`/products/details/${id}`);
    await expect(page.getByRole("definition").filter({ hasText: "Lone Star Leaf" })).toBeVisible();
    await expect(page.getByRole("definition").filter({ hasText: "036000291452" })).toBeVisible();
  });

  test("the admin adds a state directory rule: a Kentucky buyer sees the reason until the admin lists the vape there @desktop-only", async ({
    page,
    browser,
  }) => {
    const name = `Cloud Mist Zero ${tag()}`;
    const id = await freshProduct({ name, priceCents: 1800, stock: 20, category: "disposable-vapes" });
    await saveProductCompliance(
      getDb(),
      id,
      {
        brand: "Cloud Mist",
        productClass: "non-nicotine-vape",
        flavorClass: "tobacco",
        nicotineMgMl: 0,
        country: "US",
        upc: null,
        thcMg: null,
        sevenOhPercent: null,
      },
      { id: null, name: "Test" },
    );
    const customer = await createCustomer({ withAddress: false });
    await createAddress(getDb(), customer.id, {
      businessName: `Bluegrass Vapor ${tag()}`,
      street: "400 W Main St",
      city: "Louisville",
      state: "KY",
      zip: "40202",
      phone: "(502) 555-0100",
      isDefault: true,
    });

    // The admin adds a rule: in Kentucky, this vape only when the state directory lists it.
    const admin = await createAdminAccount();
    await logIn(page, admin);
    await page.goto("/admin/compliance");
    const ruleName = `Kentucky directory ${tag()}`;
    const form = page.getByRole("form", { name: "Rule" });
    await form.getByRole("textbox", { name: "Name" }).fill(ruleName);
    await form.getByLabel("Product ids", { exact: true }).fill(String(id));
    await form.getByLabel(/^States/).fill("KY");
    await form
      .getByRole("combobox", { name: "Effect", exact: true })
      .selectOption({ label: MESSAGES.requireDirectoryListing });
    await form.getByLabel("Reason the buyer reads").fill("{state} allows only vapes listed in its state directory.");
    await form.getByLabel("Short label for listings").fill("not in state directory");
    await form.getByRole("button", { name: "Add rule" }).click();
    await expect(page.getByText(BACK_OFFICE_MESSAGES.ruleSaved)).toBeVisible();
    await expect(
      page.getByRole("listitem", { name: ruleName }).getByText(MESSAGES.requireDirectoryListing),
    ).toBeVisible();

    // The buyer, in a browser of their own, with a Kentucky address.
    const context = await browser.newContext({ viewport: page.viewportSize() ?? { width: 1280, height: 800 } });
    const shopper = await context.newPage();
    await shopper.addInitScript(() => window.localStorage.setItem("ageVerified", "true"));
    await logIn(shopper, customer);
    await shopper.goto(`/products/details/${id}`);
    await expect(
      shopper.getByRole("note").getByText("Not available for your Kentucky address: not in state directory"),
    ).toBeVisible();
    await addToCart(shopper, id);
    await shopper.goto("/checkout");
    const items = shopper.getByRole("region", { name: "Items" });
    const reason = items.getByText("Kentucky allows only vapes listed in its state directory.");
    await expect(reason).toBeVisible();
    await expect(shopper.getByRole("button", { name: "Place Order" })).toBeDisabled();

    // The admin records that Kentucky's directory lists it (a bad state code first).
    await page.goto(`/admin/products/${id}`);
    const facts = page.getByRole("form", { name: "Compliance" });
    await facts.getByLabel("Listed in the vape directory of (states)").fill("KY, Kentucky");
    await facts.getByRole("button", { name: "Save compliance" }).click();
    await expect(
      page.getByRole("form", { name: "Compliance" }).getByText(MESSAGES.directoryStateUnknown),
    ).toBeVisible();
    await page
      .getByRole("form", { name: "Compliance" })
      .getByLabel("Listed in the vape directory of (states)")
      .fill("ky");
    await page.getByRole("form", { name: "Compliance" }).getByRole("button", { name: "Save compliance" }).click();
    await expect(page.getByText(BACK_OFFICE_MESSAGES.complianceSaved)).toBeVisible();

    // Now the buyer can order it to Kentucky.
    await shopper.goto("/checkout");
    await expect(shopper.getByRole("region", { name: "Items" }).getByText(name)).toBeVisible();
    await expect(reason).toBeHidden();
    await shopper.getByRole("button", { name: "Place Order" }).click();
    await expect(shopper).toHaveURL(/\/order-confirmation\?order=\d+/);
    await context.close();
  });

  test("a default address where a line is banned does not stop the cart: the customer goes on to checkout and sends it to an address where it is allowed", async ({
    page,
  }) => {
    const customer = await createCustomer({ withAddress: false });
    const indiana = `Hoosier Corner ${tag()}`;
    const dallas = `Dallas Depot ${tag()}`;
    for (const [businessName, state, zip, isDefault] of [
      [indiana, "IN", "46204", true],
      [dallas, "TX", "75201", false],
    ] as const) {
      await createAddress(getDb(), customer.id, {
        businessName,
        street: "200 Market St",
        city: "Town",
        state,
        zip,
        phone: "",
        isDefault,
      });
    }
    const kratom = await findProductByName(KRATOM);
    if (!kratom) throw new Error("The demo catalog has no kratom sampler");
    await logIn(page, customer);
    await addToCart(page, kratom.id);

    // The cart warns about the default address, and lets them go on.
    await page.goto("/cart");
    await expect(
      page.getByText(MESSAGES.notForDefaultAddress("Kratom cannot be shipped to Indiana (state ban).")),
    ).toBeVisible();
    const proceed = page.getByRole("link", { name: "Proceed to Checkout" });
    await expect(proceed).not.toHaveAttribute("aria-disabled", "true");
    await proceed.click();
    await expect(page).toHaveURL(/\/checkout$/);

    // Checkout decides for the address chosen: the Indiana one is refused, Dallas takes the order.
    const items = page.getByRole("region", { name: "Items" });
    await expect(items.getByText("Kratom cannot be shipped to Indiana (state ban).")).toBeVisible();
    await expect(page.getByRole("button", { name: "Place Order" })).toBeDisabled();
    await page.getByRole("radio", { name: new RegExp(dallas) }).check();
    await expect(items.getByText("Kratom cannot be shipped to Indiana (state ban).")).toBeHidden();
    await page.getByRole("button", { name: "Place Order" }).click();
    await expect(page).toHaveURL(/\/order-confirmation\?order=\d+/);
    const order = await getDb()
      .selectFrom("orders")
      .select(["ship_state", "ship_business_name"])
      .where("user_id", "=", customer.id)
      .executeTakeFirstOrThrow();
    expect(order).toEqual({ ship_state: "TX", ship_business_name: dallas });
  });

  test("with no address that may receive a line, the cart still stops it", async ({ page }) => {
    const customer = await createCustomer({ withAddress: false });
    await createAddress(getDb(), customer.id, {
      businessName: `Hoosier Only ${tag()}`,
      street: "200 Market St",
      city: "Indianapolis",
      state: "IN",
      zip: "46204",
      phone: "",
      isDefault: true,
    });
    const kratom = await findProductByName(KRATOM);
    if (!kratom) throw new Error("The demo catalog has no kratom sampler");
    await logIn(page, customer);
    await addToCart(page, kratom.id);
    await page.goto("/cart");
    await expect(page.getByText("Kratom cannot be shipped to Indiana (state ban).", { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Proceed to Checkout" })).toHaveAttribute("aria-disabled", "true");
  });

  test("a Texas address with an Alabama ZIP is refused next to the ZIP; one saved before ZIPs were checked gets Alabama's kratom ban at checkout", async ({
    page,
  }) => {
    const customer = await createCustomer({ withAddress: false });
    // Saved before the address book checked ZIPs against states: written as it was.
    const now = new Date().toISOString();
    await getDb()
      .insertInto("addresses")
      .values({
        id: crypto.randomUUID(),
        user_id: customer.id,
        business_name: `Magic City Mart ${tag()}`,
        street: "1 20th St N",
        city: "Birmingham",
        state: "TX",
        zip: "35203",
        phone: "",
        is_default: 1,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await logIn(page, customer);
    await page.goto("/shipping-address");
    const form = page.getByRole("region", { name: "Add an address" });
    await form.getByRole("textbox", { name: "Business name" }).fill("Second Mart");
    await form.getByRole("textbox", { name: "Street address" }).fill("2 20th St N");
    await form.getByRole("textbox", { name: "City" }).fill("Birmingham");
    await form.getByRole("combobox", { name: "State" }).selectOption("TX");
    await form.getByRole("textbox", { name: "ZIP code" }).fill("35203");
    await form.getByRole("button", { name: "Save address" }).click();
    const zip = form.getByRole("textbox", { name: "ZIP code" });
    await expect(zip).toHaveAttribute("aria-invalid", "true");
    await expect(zip).toHaveAccessibleDescription(
      "ZIP code 35203 is in Alabama, not Texas. Check the ZIP code and the state.",
    );
    await expect(page.getByRole("main").getByText("Second Mart")).toHaveCount(0);

    const kratom = await findProductByName(KRATOM);
    if (!kratom) throw new Error("The demo catalog has no kratom sampler");
    await addToCart(page, kratom.id);
    await page.goto("/checkout");
    const items = page.getByRole("region", { name: "Items" });
    await expect(items.getByText("Kratom cannot be shipped to Alabama (state ban).")).toBeVisible();
    await expect(page.getByRole("button", { name: "Place Order" })).toBeDisabled();
  });
});

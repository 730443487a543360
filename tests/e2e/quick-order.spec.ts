import "./support/env";
import type { Page } from "@playwright/test";
import { createRule } from "../../app/.server/compliance/rules";
import { getDb } from "../../app/.server/db/instance";
import { assignCustomer, createPriceGroup } from "../../app/.server/pricing/groups";
import * as QUICK_ORDER_MESSAGES from "../../app/lib/messages/quick-order";
import * as SELLING_MESSAGES from "../../app/lib/messages/selling";
import { ruleSchema } from "../../app/lib/schemas/compliance";
import { priceGroupSchema } from "../../app/lib/schemas/price-groups";
import { TEST_ADMIN } from "../support/actors";
import { freshProduct, productRow, tag } from "./support/admin";
import { expectNoSeriousViolations } from "./support/axe";
import { createCustomer, type TestAccount } from "./support/data";
import { expect, holdScripts, logIn, money, test } from "./support/fixtures";
import { waitForMail } from "./support/mail";

/**
 * Quick order (issue 16): lines typed with suggestions, pasted from a spreadsheet or uploaded as
 * a CSV file, checked by the server, and the good ones added to the cart at the customer's prices.
 */

interface Made {
  id: number;
  sku: string;
  name: string;
}

async function product(
  name: string,
  priceCents: number,
  stock: number,
  unit?: { casePack: number; minQuantity: number; maxQuantity?: number },
): Promise<Made> {
  const id = await freshProduct({ name, priceCents, stock });
  if (unit) {
    await getDb()
      .updateTable("products")
      .set({ case_pack: unit.casePack, min_quantity: unit.minQuantity, max_quantity: unit.maxQuantity ?? null })
      .where("id", "=", id)
      .execute();
  }
  return { id, sku: (await productRow(id))?.sku ?? "", name };
}

/** A customer of a new group that takes `percent` off every list price. */
async function groupCustomer(percent: string): Promise<TestAccount> {
  const customer = await createCustomer();
  const group = await createPriceGroup(
    getDb(),
    priceGroupSchema.parse({ name: `Quick ${tag()}`, kind: "percent", percentOff: percent }),
    TEST_ADMIN,
  );
  await assignCustomer(getDb(), group, customer.email, TEST_ADMIN);
  return customer;
}

/** The header's way in: the category bar on a wide screen, the menu on a phone. */
async function openQuickOrder(page: Page) {
  await page.goto("/");
  if ((page.viewportSize()?.width ?? 1280) < 768) {
    await page.getByRole("button", { name: "Menu" }).click();
    await page.getByRole("navigation", { name: "Menu" }).getByRole("link", { name: "Quick order" }).click();
  } else {
    await page.getByRole("navigation", { name: "Categories" }).getByRole("link", { name: "Quick order" }).click();
  }
  await expect(page).toHaveURL(/\/quick-order$/);
  await expect(page.getByRole("heading", { level: 1, name: "Quick order" })).toBeVisible();
}

function checked(page: Page) {
  return page.getByRole("list", { name: "Checked lines" }).getByRole("listitem");
}

function lineOf(page: Page, text: string) {
  return checked(page).filter({ hasText: text });
}

/** The checked line entered at `where` ("Line 3", "Row 2"), not "Line 13". */
function at(page: Page, where: string) {
  return checked(page).filter({ hasText: new RegExp(`^${where}(?!\\d)`) });
}

/**
 * Pastes `text` over what the paste field holds, through the clipboard as a person does (typing
 * thousands of lines with fill() is far slower in Chromium than a paste), and checks the lines.
 */
async function paste(page: Page, text: string) {
  const field = page.getByLabel("Paste from a spreadsheet");
  await page.evaluate((value) => navigator.clipboard.writeText(value), text);
  await field.focus();
  await field.press("ControlOrMeta+A");
  await field.press("ControlOrMeta+V");
  await page.getByRole("button", { name: "Check lines" }).click();
}

test.describe("quick order", () => {
  test.use({ permissions: ["clipboard-read", "clipboard-write"] });

  test("a customer of a discount group orders two cases through quick order and sees the group price in the confirmation mail", {
    tag: "@smoke",
  }, async ({ page }) => {
    const made = await product(`Quick Soda ${tag()}`, 2000, 200, { casePack: 12, minQuantity: 12 });
    const customer = await groupCustomer("15");
    await logIn(page, customer);
    await openQuickOrder(page);

    // Typed with the keyboard: a few characters of the SKU, Down, Enter takes the suggestion and
    // fills the smallest quantity (one case); two cases are typed over it, Enter checks.
    const code = page.getByRole("combobox", { name: "SKU or UPC, line 1" });
    await code.click();
    await code.pressSequentially(made.sku.slice(0, 8).toLowerCase());
    const option = page.getByRole("option", { name: new RegExp(made.name) });
    await expect(option).toBeVisible();
    await expect(option).toContainText(money(1700));
    await code.press("ArrowDown");
    await expect(option).toHaveAttribute("aria-selected", "true");
    await code.press("Enter");
    await expect(code).toHaveValue(made.sku);
    const quantity = page.getByRole("textbox", { name: "Quantity, line 1" });
    await expect(quantity).toHaveValue("12");
    await expect(quantity).toBeFocused();
    await quantity.fill("24");
    await quantity.press("Enter");

    await expect(page.getByText(QUICK_ORDER_MESSAGES.quickOrderSummary(1, 0, 0))).toBeVisible();
    const line = lineOf(page, made.name);
    await expect(line).toContainText("Ready");
    await expect(line).toContainText(`24 × ${money(1700)}`);
    await expect(line).toContainText(money(24 * 1700));
    await expect(line).not.toContainText(money(2000));
    await expect(page.getByTestId("quick-order-total")).toHaveText(money(24 * 1700));
    await page.getByRole("button", { name: "Add all to cart" }).click();
    await expect(page.getByText(QUICK_ORDER_MESSAGES.quickOrderAdded(1, 0))).toBeVisible();
    await expect(page.getByRole("button", { name: "Added to cart" })).toBeDisabled();

    await page.getByRole("link", { name: "Go to cart" }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByTestId("cart-total")).toHaveText(money(24 * 1700));
    await page.getByRole("link", { name: "Proceed to Checkout" }).click();
    await expect(page.getByTestId("checkout-total")).toHaveText(money(24 * 1700));
    await page.getByRole("button", { name: "Place Order" }).click();
    await expect(page).toHaveURL(/\/order-confirmation\?order=\d+/);
    const orderId = new URL(page.url()).searchParams.get("order");
    await expect(page.getByText(money(24 * 1700)).first()).toBeVisible();

    const mail = await waitForMail(customer.email, new RegExp(`Order #${orderId} confirmed`));
    expect(mail.text).toContain(`24 × ${made.name} (${made.sku}) @ ${money(1700)} = ${money(24 * 1700)}`);
    expect(mail.text).toContain(`Total: ${money(24 * 1700)}`);
    expect(mail.text).not.toContain(money(2000));
  });

  test("a line shows the product's name under its SKU, which a phone cuts off, as soon as it is picked or typed in full", async ({
    page,
  }) => {
    const made = await product(`Vaporlux Long Name Watermelon Ice Display ${tag()}`, 1500, 50);
    const sku = `DV-LONGSKU-${tag().toUpperCase()}-WMI-10PK`;
    await getDb().updateTable("products").set({ sku }).where("id", "=", made.id).execute();
    const other = await product(`Second Long Name Mango Peach Display ${tag()}`, 1500, 50);
    // The name as the line says it (the open suggestions say it too, in an option).
    const nameOf = (name: string) => page.getByRole("paragraph").filter({ hasText: name });
    await logIn(page, await createCustomer());
    await page.goto("/quick-order");

    // Picked from the suggestions: the field holds the SKU, the product's name is said under it.
    const code = page.getByRole("combobox", { name: "SKU or UPC, line 1" });
    await code.click();
    await code.pressSequentially(sku.slice(0, 14).toLowerCase());
    await page.getByRole("option", { name: new RegExp(made.name) }).click();
    await expect(code).toHaveValue(sku);
    await expect(nameOf(made.name)).toBeVisible();
    await expect(code).toHaveAccessibleDescription(made.name);
    if ((page.viewportSize()?.width ?? 1280) <= 390) {
      // What a phone shows of the SKU is its start only: the name is what tells the lines apart.
      expect(await code.evaluate((el: HTMLInputElement) => el.scrollWidth > el.clientWidth)).toBe(true);
    }
    // Changed by hand, the SKU no longer names that product: the name goes.
    await code.click();
    await code.press("End");
    await code.press("Backspace");
    await expect(nameOf(made.name)).toHaveCount(0);
    await expect(code).not.toHaveAccessibleDescription(made.name);
    // Its suggestions opened again over the next line: closed as a person would.
    await code.press("Escape");

    // Typed in full without picking: the name comes with the suggestion that matches it.
    const second = page.getByRole("combobox", { name: "SKU or UPC, line 2" });
    await second.click();
    await second.pressSequentially(other.sku.toLowerCase());
    await expect(nameOf(other.name)).toBeVisible();
    await expect(second).toHaveAccessibleDescription(other.name);
    await second.press("Escape");
    await expectNoSeriousViolations(page, "quick order with named lines");
  });

  test("bad lines say why; a suggested quantity goes in only once accepted; nothing else is added", async ({
    page,
  }) => {
    const t = tag();
    const good = await product(`Quick Good ${t}`, 500, 100);
    const odd = await product(`Quick Odd ${t}`, 1000, 100, { casePack: 10, minQuantity: 20, maxQuantity: 40 });
    const below = await product(`Quick Below ${t}`, 1000, 100, { casePack: 10, minQuantity: 20, maxQuantity: 40 });
    const above = await product(`Quick Above ${t}`, 1000, 100, { casePack: 10, minQuantity: 20, maxQuantity: 40 });
    const few = await product(`Quick Few ${t}`, 700, 5);
    const empty = await product(`Quick Empty ${t}`, 700, 0);
    const blocked = await product(`Quick Blocked ${t}`, 900, 50);
    const reason = `Quick Blocked ${t} cannot be shipped to Texas (test rule).`;
    await createRule(
      getDb(),
      ruleSchema.parse({
        name: `Quick order test ${t}`,
        productIds: String(blocked.id),
        states: "TX",
        effectiveFrom: "2025-01-01",
        effect: "block",
        reason,
        label: "test rule",
      }),
      TEST_ADMIN,
    );
    await logIn(page, await createCustomer());
    await page.goto("/quick-order");
    await paste(
      page,
      [
        "SKU\tQty",
        `${good.sku}\t3`,
        `${odd.sku}\t25`,
        `${below.sku}\t10`,
        `${above.sku}\t50`,
        `${few.sku}\t8`,
        `${empty.sku}\t1`,
        `${blocked.sku}\t2`,
        `NOPE-${t}\t3`,
        `${good.sku}\t-4`,
        `${good.sku}\t2.5`,
        `${good.sku}\t99999999999`,
        '=HYPERLINK("http://evil.example","X")\t5',
      ].join("\n"),
    );

    await expect(page.getByText(QUICK_ORDER_MESSAGES.quickOrderSummary(1, 4, 7))).toBeVisible();
    await expect(checked(page)).toHaveCount(12);
    await expect(at(page, "Line 2")).toContainText("Ready");
    for (const [where, text] of [
      ["Line 3", SELLING_MESSAGES.quantityNotPackMultiple(odd.name, 10)],
      ["Line 4", SELLING_MESSAGES.quantityBelowMinimum(below.name, 20)],
      ["Line 5", SELLING_MESSAGES.quantityAboveMaximum(above.name, 40)],
      ["Line 6", SELLING_MESSAGES.quantityAboveStock(few.name, 5)],
      ["Line 7", SELLING_MESSAGES.quantityAboveStock(empty.name, 0)],
      ["Line 8", reason],
      ["Line 9", QUICK_ORDER_MESSAGES.quickOrderUnknownCode(`NOPE-${t}`)],
      ["Line 10", QUICK_ORDER_MESSAGES.quickOrderQuantityNegative],
      ["Line 11", QUICK_ORDER_MESSAGES.quickOrderQuantityFractional("2.5")],
      ["Line 12", SELLING_MESSAGES.quantityTooLarge(10_000)],
      ["Line 13", QUICK_ORDER_MESSAGES.quickOrderFormula],
    ] as const) {
      await expect(at(page, where), where).toContainText(text);
    }
    // Suggestions, each for the customer to accept.
    const roundUp = page.getByRole("checkbox", { name: new RegExp(QUICK_ORDER_MESSAGES.quickOrderRoundedUp(3, 30)) });
    await expect(roundUp).not.toBeChecked();
    await expect(
      page.getByRole("checkbox", { name: new RegExp(QUICK_ORDER_MESSAGES.quickOrderRaisedToMinimum(20)) }),
    ).toBeVisible();
    await expect(
      page.getByRole("checkbox", { name: new RegExp(QUICK_ORDER_MESSAGES.quickOrderLoweredToMaximum(40)) }),
    ).toBeVisible();
    await expect(
      page.getByRole("checkbox", { name: new RegExp(QUICK_ORDER_MESSAGES.quickOrderLoweredToStock(5)) }),
    ).toBeVisible();
    await expect(page.getByTestId("quick-order-total")).toHaveText(money(3 * 500));
    await roundUp.check();
    await expect(page.getByTestId("quick-order-total")).toHaveText(money(3 * 500 + 30 * 1000));

    await page.getByRole("checkbox", { name: "Show only lines that need attention" }).check();
    await expect(checked(page)).toHaveCount(11);

    await page.getByRole("button", { name: "Add all to cart" }).click();
    await expect(page.getByText(QUICK_ORDER_MESSAGES.quickOrderAdded(2, 10))).toBeVisible();
    await page.getByRole("link", { name: "Go to cart" }).click();
    const items = page.getByRole("list", { name: "Cart items" }).getByRole("listitem");
    await expect(items).toHaveCount(2);
    await expect(page.getByRole("status", { name: `Quantity of ${good.name}` })).toHaveText("3");
    await expect(page.getByRole("status", { name: `Quantity of ${odd.name}` })).toHaveText("30");
    await expect(page.getByTestId("cart-total")).toHaveText(money(3 * 500 + 30 * 1000));
  });

  test("a paste of hundreds of lines is checked at once; ten thousand lines are refused with the limit @desktop-only", async ({
    page,
  }) => {
    // Hundreds of lines checked, drawn and added, then a paste of ten thousand: more than the
    // default minute on a busy two-core machine.
    test.slow();
    const t = tag();
    const made = [
      await product(`Quick Many A ${t}`, 300, 100),
      await product(`Quick Many B ${t}`, 400, 100),
      await product(`Quick Many C ${t}`, 500, 100),
    ];
    const unknown = Array.from({ length: 517 }, (_, i) => `MISSING-${t}-${i}\t${(i % 9) + 1}`);
    await logIn(page, await createCustomer());
    await page.goto("/quick-order");
    await paste(page, [...made.map((p) => `${p.sku}\t2`), ...unknown].join("\n"));

    await expect(page.getByText(QUICK_ORDER_MESSAGES.quickOrderSummary(3, 0, 517))).toBeVisible();
    await expect(checked(page)).toHaveCount(520);
    await expect(lineOf(page, `MISSING-${t}-516`)).toContainText(
      QUICK_ORDER_MESSAGES.quickOrderUnknownCode(`MISSING-${t}-516`),
    );
    await expect(page.getByTestId("quick-order-total")).toHaveText(money(2 * (300 + 400 + 500)));
    await page.getByRole("button", { name: "Add all to cart" }).click();
    await expect(page.getByText(QUICK_ORDER_MESSAGES.quickOrderAdded(3, 517))).toBeVisible();

    const tooMany = Array.from({ length: 10_000 }, (_, i) => `SKU-${i}\t1`).join("\n");
    await paste(page, tooMany);
    await expect(page.getByText(QUICK_ORDER_MESSAGES.quickOrderTooManyLines(10_000, 1000))).toBeVisible();
    await expect(page.getByRole("heading", { name: "Checked lines" })).toHaveCount(0);
  });

  test("a CSV file: BOM, header, a formula cell; wrong columns and UTF-16 files @desktop-only", async ({ page }) => {
    const t = tag();
    const a = await product(`Quick File A ${t}`, 250, 100);
    const b = await product(`Quick File B ${t}`, 1000, 100, { casePack: 6, minQuantity: 6 });
    await logIn(page, await createCustomer());
    await page.goto("/quick-order");
    const file = page.getByLabel("Upload a CSV file");
    const check = page.getByRole("button", { name: "Check lines" });

    await file.setInputFiles({
      name: "wrong.csv",
      mimeType: "text/csv",
      buffer: Buffer.from("name,price\nSoda,12.50\n"),
    });
    await check.click();
    await expect(page.getByText(QUICK_ORDER_MESSAGES.quickOrderFileColumns("name, price"))).toBeVisible();

    await file.setInputFiles({
      name: "order.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(
        `\ufeffSKU,Quantity\r\n${a.sku},4\r\n"=HYPERLINK(""http://evil.example"",""${a.sku}"")",2\r\n${b.sku},12\r\n`,
      ),
    });
    await check.click();
    await expect(page.getByText(QUICK_ORDER_MESSAGES.quickOrderSummary(2, 0, 1))).toBeVisible();
    await expect(at(page, "Row 2")).toContainText(a.name);
    await expect(at(page, "Row 3")).toContainText(QUICK_ORDER_MESSAGES.quickOrderFormula);
    await expect(page.getByRole("link", { name: /evil|HYPERLINK/ })).toHaveCount(0);
    await expect(at(page, "Row 4")).toContainText(`12 × ${money(1000)}`);

    // Excel's "Unicode text": UTF-16 with a byte order mark, tab separated.
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(`SKU\tQty\r\n${b.sku}\t18\r\n`, "utf16le")]);
    await file.setInputFiles({ name: "order.txt", mimeType: "text/plain", buffer: utf16 });
    await check.click();
    await expect(page.getByText(QUICK_ORDER_MESSAGES.quickOrderSummary(1, 0, 0))).toBeVisible();
    await expect(at(page, "Row 2")).toContainText(`18 × ${money(1000)}`);
  });

  test("lines typed before the page's JavaScript has run are checked by the server; Add all to cart comes with the script", async ({
    page,
  }) => {
    const made = await product(`Quick Early ${tag()}`, 800, 50);
    await logIn(page, await createCustomer());
    const release = await holdScripts(page);
    await page.goto("/quick-order", { waitUntil: "commit" });
    await page.getByRole("combobox", { name: "SKU or UPC, line 1" }).fill(made.sku);
    await page.getByRole("textbox", { name: "Quantity, line 1" }).fill("3");
    await page.getByRole("button", { name: "Check lines" }).click();
    await expect(lineOf(page, made.name)).toContainText("Ready");
    await expect(lineOf(page, made.name)).toContainText(`3 × ${money(800)}`);
    await expect(page.getByRole("combobox", { name: "SKU or UPC, line 1" })).toHaveValue(made.sku);
    await release();
    await page.getByRole("button", { name: "Add all to cart" }).click();
    await expect(page.getByText(QUICK_ORDER_MESSAGES.quickOrderAdded(1, 0))).toBeVisible();
    await expect(page.getByRole("banner").getByRole("link", { name: /^Cart: \$[\d,.]+, 3 items$/ })).toBeVisible();
  });

  test("a visitor is sent to log in, and sees no Quick order link", async ({ page }) => {
    await page.goto("/quick-order");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fquick-order$/);
    await expect(page.getByRole("link", { name: "Quick order" })).toHaveCount(0);
  });
});

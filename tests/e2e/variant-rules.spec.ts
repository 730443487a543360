import { createAddress } from "../../app/.server/accounts/addresses";
import { createLine } from "../../app/.server/catalog/lines";
import { insertProduct } from "../../app/.server/catalog/product-writes";
import { saveProductCompliance } from "../../app/.server/compliance/facts";
import { getDb } from "../../app/.server/db/instance";
import * as MESSAGES from "../../app/lib/messages";
import * as BACK_OFFICE_MESSAGES from "../../app/lib/messages/back-office";
import * as CART_MESSAGES from "../../app/lib/messages/cart";
import * as LINE_MESSAGES from "../../app/lib/messages/lines";
import { tag } from "./support/admin";
import { expectNoSeriousViolations } from "./support/axe";
import { createAdminAccount, createCustomer } from "./support/data";
import { expect, logIn, test } from "./support/fixtures";

/**
 * Rules that target variants (issue 38): the admin writes a flavor ban that spares tobacco and
 * menthol for Massachusetts; a buyer there sees, in the line's grid, why the other flavors may not
 * ship, and orders tobacco.
 */
const FLAVORS = ["Tobacco", "Menthol", "Mango", "Blue Razz"];

/** A line of flavors of a brand of its own (the rule names the brand: other tests' lines are spared). */
async function flavorLine(brand: string) {
  const db = getDb();
  const name = `Flavor Bar ${tag()}`;
  const line = await createLine(db, { name, description: "", category: "disposable-vapes", optionNames: ["Flavor"] });
  let position = 0;
  for (const flavor of FLAVORS) {
    const id = await insertProduct(
      db,
      {
        sku: `FB-${tag()}`,
        name: `${name} ${flavor}`,
        description: "",
        priceCents: 9_00,
        stock: 40,
        category: "disposable-vapes",
        line: { id: line, options: [flavor], position: position++ },
      },
      [],
    );
    await saveProductCompliance(
      db,
      id,
      {
        brand,
        productClass: "nicotine-vape",
        flavorClass: null,
        nicotineMgMl: 50,
        country: null,
        upc: null,
        thcMg: null,
        sevenOhPercent: null,
      },
      { id: null, name: "Test" },
    );
  }
  const row = await db.selectFrom("product_lines").select("slug").where("id", "=", line).executeTakeFirstOrThrow();
  return { name, slug: row.slug };
}

test.describe("rules by variant", () => {
  test("the admin bans flavors but tobacco and menthol in a state; a buyer there sees why in the grid and orders tobacco", async ({
    page,
    browser,
  }) => {
    const brand = `Brand ${tag()}`;
    const { name, slug } = await flavorLine(brand);
    const customer = await createCustomer({ withAddress: false });
    await createAddress(getDb(), customer.id, {
      businessName: `Bay State Vapes ${tag()}`,
      street: "1 Beacon St",
      city: "Boston",
      state: "MA",
      zip: "02108",
      phone: "(617) 555-0100",
      isDefault: true,
    });

    const admin = await createAdminAccount();
    await logIn(page, admin);
    await page.goto("/admin/compliance");
    const ruleName = `Massachusetts flavor ban ${tag()}`;
    const form = page.getByRole("form", { name: "Rule" });
    await form.getByRole("textbox", { name: "Name" }).fill(ruleName);
    await form.getByLabel(/^States/).fill("MA");
    await form.getByLabel("Brands (comma separated)").fill(brand);
    const option = form.getByRole("group", { name: "A line's option" });
    await option.getByLabel("Option (for example Flavor)").fill("Flavor");
    await option.getByLabel("Which variants").selectOption({ label: "Those with none of these values" });
    await form.getByLabel("Reason the buyer reads").fill("Flavored vapes cannot be shipped to {state}.");
    await form.getByLabel("Short label for listings").fill("flavor ban");
    // The values forgotten: said beside them, the rest kept.
    await form.getByRole("button", { name: "Add rule" }).click();
    const values = page.getByRole("form", { name: "Rule" }).getByLabel("Values (comma separated)");
    await expect(values).toHaveAccessibleDescription(MESSAGES.ruleOptionValuesRequired);
    await expect(page.getByRole("form", { name: "Rule" }).getByLabel("Option (for example Flavor)")).toHaveValue(
      "Flavor",
    );
    await expectNoSeriousViolations(page, "the rule form with a refusal");
    await values.fill("Tobacco, Menthol");
    await page.getByRole("form", { name: "Rule" }).getByRole("button", { name: "Add rule" }).click();
    await expect(page.getByText(BACK_OFFICE_MESSAGES.ruleSaved)).toBeVisible();
    await expect(
      page.getByRole("listitem", { name: ruleName }).getByText(`brand ${brand}; Flavor is not Tobacco, Menthol`),
    ).toBeVisible();

    // The buyer, in a browser of their own, with a Massachusetts address.
    const context = await browser.newContext({ viewport: page.viewportSize() ?? { width: 1280, height: 800 } });
    const shopper = await context.newPage();
    await shopper.addInitScript(() => window.localStorage.setItem("ageVerified", "true"));
    await logIn(shopper, customer);
    await shopper.goto(`/lines/${slug}`);
    const grid = shopper.getByRole("table", { name: new RegExp(name) });
    const why = MESSAGES.notAvailableFor("Massachusetts", "flavor ban");
    for (const flavor of ["Mango", "Blue Razz"]) {
      await expect(grid.getByRole("row", { name: new RegExp(flavor) }).getByText(why)).toBeVisible();
      await expect(grid.getByRole("spinbutton", { name: LINE_MESSAGES.quantityOf(`${name} ${flavor}`) })).toHaveCount(
        0,
      );
    }
    await expect(grid.getByRole("row", { name: /Tobacco/ }).getByText(why)).toHaveCount(0);
    await expect(grid.getByRole("spinbutton", { name: LINE_MESSAGES.quantityOf(`${name} Menthol`) })).toBeVisible();
    await grid.getByRole("spinbutton", { name: LINE_MESSAGES.quantityOf(`${name} Tobacco`) }).fill("3");
    await shopper.getByRole("button", { name: LINE_MESSAGES.gridAddToCart }).click();
    await expect(shopper.getByText(CART_MESSAGES.addedToCart(`${name} Tobacco`))).toBeVisible();
    await shopper.goto("/checkout");
    await expect(shopper.getByRole("region", { name: "Items" }).getByText(`${name} Tobacco`)).toBeVisible();
    await shopper.getByRole("button", { name: "Place Order" }).click();
    await expect(shopper).toHaveURL(/\/order-confirmation\?order=\d+/);
    await context.close();
  });
});

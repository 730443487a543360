import type { Locator, Page } from "@playwright/test";
import { findProductCompliance, saveProductCompliance } from "../../app/.server/compliance/facts";
import { getDb } from "../../app/.server/db/instance";
import { gtinCheckDigit } from "../../app/lib/gtin";
import * as MESSAGES from "../../app/lib/messages";
import * as LINE_EDITOR_MESSAGES from "../../app/lib/messages/line-editor";
import * as LINE_MESSAGES from "../../app/lib/messages/lines";
import { freshProduct, productRow, tag } from "./support/admin";
import { expectNoSeriousViolations } from "./support/axe";
import { answerQuestion } from "./support/confirm";
import { createAdminAccount } from "./support/data";
import { expect, logIn, test } from "./support/fixtures";

/**
 * The back office's product line editor (issue 38): an admin makes a line of flavors and
 * strengths in one table, the store shows its grid, a rename reaches every variant's name, an
 * existing product moves into the line, a variant is removed once the admin says yes. On a phone
 * and a desktop, axe clean, every field of the table named by its variant and column.
 */
const VARIANTS = [
  ["Blue Razz", "5%"],
  ["Blue Razz", "3%"],
  ["Mango Ice", "5%"],
  ["Mint", "5%"],
] as const;

function variantsTable(page: Page): Locator {
  return page.getByRole("table", { name: /^Variants of / });
}

/** A field of the table, by its column and its variant ("SKU of new variant 2"). */
function field(page: Page, column: string, variant: string): Locator {
  return variantsTable(page).getByRole("textbox", { name: LINE_EDITOR_MESSAGES.fieldOf(column, variant), exact: true });
}

/** The toast of a save (the last one: an earlier save's may still show). */
async function toast(page: Page, message: string): Promise<void> {
  await expect(page.getByText(message, { exact: true }).last()).toBeVisible();
}

async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `test-results/${name}-${test.info().project.name}.png`, fullPage: true });
}

test.describe("the product line editor @desktop-only", () => {
  test("an admin makes a line of four variants, renames it, moves a product in and removes a variant", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const t = tag();
    const name = `Editor Cloud ${t}`;
    await logIn(page, await createAdminAccount());
    await page.goto("/admin/products");
    await page.getByRole("link", { name: LINE_EDITOR_MESSAGES.newLineTitle }).click();
    await expect(page.getByRole("heading", { name: LINE_EDITOR_MESSAGES.newLineTitle })).toBeVisible();
    await page.getByRole("textbox", { name: "Name", exact: true }).fill(name);
    await page.getByRole("textbox", { name: "Brand" }).fill(`Editor Co ${t}`);
    await page.getByRole("combobox", { name: "Category" }).selectOption("disposable-vapes");
    await page.getByRole("textbox", { name: "Puffs" }).fill("6000");
    await page.getByRole("textbox", { name: LINE_EDITOR_MESSAGES.optionNameLabel(1) }).fill("Flavor");
    await page.getByRole("textbox", { name: LINE_EDITOR_MESSAGES.optionNameLabel(2) }).fill("Nicotine");
    // One row is there; three more, the last two from the keyboard (the new row's first field takes the focus).
    const addVariant = page.getByRole("button", { name: LINE_EDITOR_MESSAGES.addVariant });
    await addVariant.click();
    await expect(field(page, "Flavor", LINE_EDITOR_MESSAGES.newVariant(2))).toBeFocused();
    for (const n of [3, 4]) {
      await addVariant.focus();
      await page.keyboard.press("Enter");
      await expect(field(page, "Flavor", LINE_EDITOR_MESSAGES.newVariant(n))).toBeFocused();
    }
    for (const [i, [flavor, strength]] of VARIANTS.entries()) {
      const row = LINE_EDITOR_MESSAGES.newVariant(i + 1);
      await field(page, "Flavor", row).fill(flavor);
      await field(page, "Nicotine", row).fill(strength);
      await field(page, LINE_EDITOR_MESSAGES.columnSku, row).fill(`ED-${t}-${i + 1}`);
      await field(page, LINE_EDITOR_MESSAGES.columnPrice, row).fill("10.00");
      await field(page, LINE_EDITOR_MESSAGES.columnStock, row).fill(String(20 + i));
    }
    // A UPC of its own, first typed with a wrong check digit.
    const body = `0${String(Date.now()).slice(-6)}${String(Math.floor(Math.random() * 10_000)).padStart(4, "0")}`;
    const good = `${body}${gtinCheckDigit(body)}`;
    const typo = `${body}${(gtinCheckDigit(body) + 1) % 10}`;
    await field(page, LINE_EDITOR_MESSAGES.columnUpc, LINE_EDITOR_MESSAGES.newVariant(1)).fill(typo);
    await page.getByRole("textbox", { name: LINE_EDITOR_MESSAGES.tiersLabel }).fill("10, 8.00");
    await page.getByRole("button", { name: LINE_EDITOR_MESSAGES.createLine }).click();
    // A UPC whose check digit is wrong is said beside its field; nothing is made yet.
    const upc = field(page, LINE_EDITOR_MESSAGES.columnUpc, LINE_EDITOR_MESSAGES.newVariant(1));
    await expect(upc).toHaveAttribute("aria-invalid", "true");
    await expect(upc).toHaveAccessibleDescription(MESSAGES.upcFormat);
    await expectNoSeriousViolations(page, "a new line with a problem");
    await shoot(page, "line-editor-new");
    await upc.fill(good);
    await page.getByRole("button", { name: LINE_EDITOR_MESSAGES.createLine }).click();
    await toast(page, LINE_EDITOR_MESSAGES.lineCreated(name));
    await expect(page).toHaveURL(/\/admin\/lines\/\d+$/);
    const table = variantsTable(page);
    for (const [flavor, strength] of VARIANTS)
      await expect(table.getByRole("link", { name: `${name} ${flavor} ${strength}`, exact: true })).toBeVisible();
    // Read again, without the toast (axe would read it half faded in).
    await page.reload();
    await expectNoSeriousViolations(page, "a line's editor");
    await shoot(page, "line-editor");

    // The store shows the line as a grid: flavors by strength.
    await page.getByRole("link", { name: "View in store" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
    const grid = page.getByRole("table", { name: new RegExp(LINE_MESSAGES.gridHeading(["Flavor", "Nicotine"])) });
    await expect(grid.getByRole("columnheader", { name: "3%" })).toBeVisible();
    await expect(grid.getByRole("rowheader", { name: "Mango Ice" })).toBeVisible();
    await page.goBack();

    // A new name reaches every variant's.
    const renamed = `${name} Max`;
    await page.getByRole("textbox", { name: "Name", exact: true }).fill(renamed);
    await page.getByRole("button", { name: LINE_EDITOR_MESSAGES.saveLine }).click();
    await toast(page, LINE_EDITOR_MESSAGES.lineSaved(renamed));
    await expect(table.getByRole("link", { name: `${renamed} Blue Razz 3%`, exact: true })).toBeVisible();

    // "These are one line": an existing product joins it.
    const soloName = `${renamed} Grape`;
    const solo = await freshProduct({ name: soloName, priceCents: 11_00, stock: 6 });
    const soloSku = (await productRow(solo))?.sku as string;
    await page.getByRole("textbox", { name: LINE_EDITOR_MESSAGES.existingLabel }).fill(soloSku);
    await page.getByRole("button", { name: LINE_EDITOR_MESSAGES.existingAdd }).click();
    await expect(page.getByText(LINE_EDITOR_MESSAGES.productsToAdd(1))).toBeVisible();
    // Its flavor is read from its name after the line's; its strength is the admin's to give.
    await expect(field(page, "Flavor", soloName)).toHaveValue("Grape");
    await field(page, "Nicotine", soloName).fill("5%");
    await page.getByRole("button", { name: LINE_EDITOR_MESSAGES.saveLine }).click();
    await toast(page, LINE_EDITOR_MESSAGES.lineSaved(renamed));
    await expect(table.getByRole("link", { name: `${renamed} Grape 5%`, exact: true })).toBeVisible();
    expect(await productRow(solo)).toMatchObject({ name: `${renamed} Grape 5%`, category: "disposable-vapes" });

    // Removing a variant asks first.
    const mint = (await getDb()
      .selectFrom("products")
      .select("id")
      .where("name", "=", `${renamed} Mint 5%`)
      .executeTakeFirstOrThrow()) as { id: number };
    await table.getByRole("checkbox", { name: LINE_EDITOR_MESSAGES.removeVariant(`${renamed} Mint 5%`) }).check();
    await answerQuestion(
      page,
      page.getByRole("button", { name: LINE_EDITOR_MESSAGES.saveLine }),
      LINE_EDITOR_MESSAGES.removeQuestion(1),
      true,
    );
    await toast(page, LINE_EDITOR_MESSAGES.lineSaved(renamed));
    await expect(table.getByRole("link", { name: `${renamed} Mint 5%`, exact: true })).toHaveCount(0);
    expect(await productRow(mint.id)).toBeUndefined();
    await expect(table.getByRole("row")).toHaveCount(1 + 4 + 1);
  });

  test("from a product's page: its line, and a variant like it with its facts", async ({ page }) => {
    const t = tag();
    const name = `Like Cloud ${t}`;
    await logIn(page, await createAdminAccount());
    const id = await freshProduct({ name, priceCents: 9_00, stock: 4, category: "disposable-vapes" });
    await saveProductCompliance(
      getDb(),
      id,
      { ...(await findProductCompliance(getDb(), id)), brand: `Like Co ${t}`, nicotineMgMl: 50 },
      { id: null, name: "Test" },
    );
    await page.goto(`/admin/products/${id}`);
    await expect(page.getByRole("link", { name: LINE_EDITOR_MESSAGES.editLine })).toHaveAttribute(
      "href",
      /^\/admin\/lines\/\d+$/,
    );
    await expectNoSeriousViolations(page, "a product's page with its line");
    await page.getByRole("link", { name: LINE_EDITOR_MESSAGES.addVariantLikeThis }).click();
    await expect(page.getByRole("heading", { name: LINE_EDITOR_MESSAGES.editLineTitle(name) })).toBeVisible();
    const like = LINE_EDITOR_MESSAGES.newVariant(1);
    await expect(variantsTable(page).getByText(LINE_EDITOR_MESSAGES.likeProduct(name))).toBeVisible();
    await expect(field(page, LINE_EDITOR_MESSAGES.columnPrice, like)).toHaveValue("9.00");
    // Two variants need an option that tells them apart.
    await page.getByRole("textbox", { name: LINE_EDITOR_MESSAGES.optionNameLabel(1) }).fill("Flavor");
    await field(page, "Flavor", name).fill("Original");
    await field(page, "Flavor", like).fill("Menthol");
    await field(page, LINE_EDITOR_MESSAGES.columnSku, like).fill(`LIKE-${t}`);
    await field(page, LINE_EDITOR_MESSAGES.columnStock, like).fill("3");
    await page.getByRole("button", { name: LINE_EDITOR_MESSAGES.saveLine }).click();
    await toast(page, LINE_EDITOR_MESSAGES.lineSaved(name));
    const made = await getDb()
      .selectFrom("products")
      .select("id")
      .where("sku", "=", `LIKE-${t}`)
      .executeTakeFirstOrThrow();
    expect(await findProductCompliance(getDb(), made.id)).toMatchObject({ brand: `Like Co ${t}`, nicotineMgMl: 50 });

    // The products list names the line of each of its variants and leads to it.
    await page.goto(`/admin/products?q=${encodeURIComponent(name)}`);
    const lineLinks = page
      .getByRole("table", { name: "Products" })
      .getByRole("link", { name: LINE_EDITOR_MESSAGES.lineOfProduct(name, 2) });
    await expect(lineLinks).toHaveCount(2);
    await expectNoSeriousViolations(page, "the products list with a line");
    await lineLinks.first().click();
    await expect(page.getByRole("heading", { name: LINE_EDITOR_MESSAGES.editLineTitle(name) })).toBeVisible();
  });
});

import type { Page } from "@playwright/test";
import { createLine } from "../../app/.server/catalog/lines";
import { insertProduct } from "../../app/.server/catalog/product-writes";
import { getDb } from "../../app/.server/db/instance";
import { replaceTiers } from "../../app/.server/pricing/tiers";
import * as LINE_MESSAGES from "../../app/lib/messages/lines";
import * as SELLING_MESSAGES from "../../app/lib/messages/selling";
import { tag } from "./support/admin";
import { expectNoSeriousViolations } from "./support/axe";
import { createCustomer } from "./support/data";
import { expect, holdScripts, logIn, money, test } from "./support/fixtures";

/**
 * Product lines in flavors and strengths (issue 38): a buyer orders a line's flavors from one grid
 * on a phone, before the page's script has run too; a visitor sees the grid without a price; a
 * product's old address leads to its line.
 */
const FLAVORS = ["Blue Razz", "Mango Ice", "Mint"];
const STRENGTHS = ["5%", "3%"];

async function line(): Promise<{ slug: string; name: string; ids: Map<string, number> }> {
  const name = `Grid Cloud ${tag()}`;
  const db = getDb();
  const id = await createLine(db, {
    name,
    description: "A disposable line in three flavors and two strengths.",
    category: "disposable-vapes",
    optionNames: ["Flavor", "Nicotine"],
  });
  const ids = new Map<string, number>();
  let position = 0;
  for (const flavor of FLAVORS) {
    for (const strength of STRENGTHS) {
      // No Mint at 3%: not every combination need exist.
      if (flavor === "Mint" && strength === "3%") continue;
      const variant = await insertProduct(
        db,
        {
          sku: `GRID-${tag()}`,
          name: `${name} ${flavor} ${strength}`,
          description: "",
          priceCents: 10_00,
          // Mango Ice 3% is out of stock.
          stock: flavor === "Mango Ice" && strength === "3%" ? 0 : 50,
          category: "disposable-vapes",
          line: { id, options: [flavor, strength], position: position++ },
        },
        [],
      );
      // Ten of the line, any flavor: $8.00 each.
      await replaceTiers(db, variant, [{ minQuantity: 10, priceCents: 8_00 }], { id: null, name: "Test" });
      ids.set(`${flavor} ${strength}`, variant);
    }
  }
  const row = await db.selectFrom("product_lines").select("slug").where("id", "=", id).executeTakeFirstOrThrow();
  return { slug: row.slug, name, ids };
}

function box(page: Page, lineName: string, variant: string) {
  return page.getByRole("spinbutton", { name: LINE_MESSAGES.quantityOf(`${lineName} ${variant}`) });
}

function cartLink(page: Page) {
  return page
    .getByRole("banner")
    .getByRole("link", { name: /^Cart: / })
    .first();
}

test.describe("product lines", () => {
  test("a buyer orders three flavors from the grid in one tap; the line's quantity reaches its break", async ({
    page,
  }) => {
    const { slug, name, ids } = await line();
    await logIn(page, await createCustomer());
    await page.goto(`/lines/${slug}`);
    const grid = page.getByRole("table", { name: new RegExp(name) });
    await expect(grid.getByRole("columnheader", { name: "5%" })).toBeVisible();
    await expect(grid.getByRole("rowheader", { name: "Mango Ice" })).toBeVisible();
    // Mint at 3% is not made; Mango Ice at 3% is out of stock and offers the alert.
    await expect(grid.getByText(LINE_MESSAGES.gridNoCombination)).toBeVisible();
    await expect(grid.getByRole("link", { name: LINE_MESSAGES.notifyMeOf(`${name} Mango Ice 3%`) })).toBeVisible();
    await box(page, name, "Blue Razz 5%").fill("4");
    await box(page, name, "Mango Ice 5%").fill("4");
    await box(page, name, "Mint 5%").fill("2");
    // Ten of the line: every unit at the break's $8.00.
    await expect(page.getByTestId("grid-total")).toContainText(money(80_00));
    await expect(page.getByTestId("grid-total")).toContainText(LINE_MESSAGES.gridUnits(10));
    await page.getByRole("button", { name: LINE_MESSAGES.gridAddToCart }).click();
    await expect(page.getByText(LINE_MESSAGES.gridAdded(name, 3, 10))).toBeVisible();
    await expect(cartLink(page)).toHaveAccessibleName(/10 items/);
    await page.goto("/cart");
    await expect(page.getByTestId("cart-total")).toHaveText(money(80_00));
    expect(ids.size).toBe(5);
  });

  test("before the page's script has run, the grid posts every quantity and the next page adds them all", async ({
    page,
  }) => {
    const { slug, name } = await line();
    await logIn(page, await createCustomer());
    const release = await holdScripts(page);
    await page.goto(`/lines/${slug}`, { waitUntil: "commit" });
    await box(page, name, "Blue Razz 3%").fill("3");
    await box(page, name, "Mint 5%").fill("2");
    await page.getByRole("button", { name: LINE_MESSAGES.gridAddToCart }).click();
    await release();
    await expect(page.getByText(LINE_MESSAGES.gridAdded(name, 2, 5))).toBeVisible();
    await expect(cartLink(page)).toHaveAccessibleName(`Cart: ${money(50_00)}, 5 items`);
  });

  test("a grid post naming another line's product, or a quantity it cannot take, adds nothing and says why", async ({
    page,
  }) => {
    const { slug, name, ids } = await line();
    const other = await line();
    await logIn(page, await createCustomer());
    await page.goto(`/lines/${slug}`);
    const origin = new URL(page.url()).origin;
    const post = (form: Record<string, string>) =>
      page.request.post(`/lines/${slug}`, { form, headers: { Origin: origin }, maxRedirects: 0 });
    const cases: [Record<string, string>, string][] = [
      [{ [`q.${other.ids.get("Mint 5%")}`]: "2" }, LINE_MESSAGES.gridWrongLine],
      [{ [`q.${ids.get("Mint 5%")}`]: "-2" }, LINE_MESSAGES.gridQuantityNotWhole(`${name} Mint 5%`)],
      [{ [`q.${ids.get("Mint 5%")}`]: "2.5" }, LINE_MESSAGES.gridQuantityNotWhole(`${name} Mint 5%`)],
      [{ [`q.${ids.get("Mint 5%")}`]: "51" }, SELLING_MESSAGES.quantityAboveStock(`${name} Mint 5%`, 50)],
      [{ [`q.${ids.get("Mango Ice 3%")}`]: "1" }, LINE_MESSAGES.gridNotOrderable(`${name} Mango Ice 3%`)],
      [{ [`q.${ids.get("Blue Razz 5%")}`]: "0", [`q.${ids.get("Mint 5%")}`]: "" }, LINE_MESSAGES.gridNothingChosen],
    ];
    for (const [form, message] of cases) {
      const res = await post({ [`q.${ids.get("Blue Razz 5%")}`]: "2", ...form });
      expect(res.status(), message).toBe(302);
      await page.goto(res.headers().location ?? "/");
      await expect(page.getByText(message), message).toBeVisible();
    }
    await expect(cartLink(page)).toHaveAccessibleName(/^Cart: \$0\.00/);
  });

  test("a visitor sees which flavors exist and are in stock, never a price; the old address leads to the line", async ({
    page,
  }) => {
    const { slug, name, ids } = await line();
    const res = await page.goto(`/products/details/${ids.get("Mint 5%")}`);
    expect(res?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe(`/lines/${slug}`);
    expect(new URL(page.url()).searchParams.get("variant")).toBe(String(ids.get("Mint 5%")));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
    const grid = page.getByRole("table", { name: new RegExp(name) });
    await expect(grid.getByText(LINE_MESSAGES.cellInStock).first()).toBeVisible();
    await expect(grid.getByRole("spinbutton")).toHaveCount(0);
    await expect(page.getByRole("main")).not.toContainText("$");
    const html = await (await page.request.get(`/lines/${slug}`)).text();
    expect(html).not.toContain("priceCents");
  });

  test("the grid passes axe and fits a phone", async ({ page }, testInfo) => {
    const { slug } = await line();
    await logIn(page, await createCustomer());
    await page.goto(`/lines/${slug}`);
    await expect(page.getByRole("button", { name: LINE_MESSAGES.gridAddToCart })).toBeVisible();
    await expectNoSeriousViolations(page, `line page (${testInfo.project.name})`);
    // Nothing wider than the screen but the grid's own scroll box.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

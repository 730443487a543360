import "./support/env";
import type { Locator, Page } from "@playwright/test";
import { getDb } from "../../app/.server/db/instance";
import { freshProduct, tag } from "./support/admin";
import { createCustomer } from "./support/data";
import { expect, holdScripts, logIn, test } from "./support/fixtures";

/** The price a card shows (cents). */
function priceOf(text: string): number {
  const match = /\$([\d,]+)\.(\d\d)/.exec(text);
  if (!match) throw new Error(`a card without a price: ${text}`);
  return Number((match[1] ?? "").replace(/,/g, "")) * 100 + Number(match[2]);
}

/**
 * Waits until the cards, read at once, stand as `holds` wants: the address changes a moment before
 * the list shows the new order, as a person sees it happen.
 */
async function expectCards(list: Locator, holds: (cards: string[]) => boolean, message: string): Promise<void> {
  await expect.poll(async () => holds(await list.getByRole("article").allInnerTexts()), { message }).toBe(true);
}

/** `first` is on the list before `second` (which may be on a later page when `secondMayBeLater`). */
function standsBefore(cards: string[], first: string, second: string, secondMayBeLater = false): boolean {
  const a = cards.findIndex((text) => text.includes(first));
  const b = cards.findIndex((text) => text.includes(second));
  return a !== -1 && (b > a || (secondMayBeLater && b === -1));
}

const inOrder = (prices: number[], compare: (a: number, b: number) => number) =>
  prices.every((p, i) => i === 0 || compare(prices[i - 1] as number, p) <= 0);

function productList(page: Page): Locator {
  return page.getByRole("main").getByRole("list").first();
}

test.describe("sorting and filtering a category", () => {
  test("a customer sorts a category by price both ways and keeps only what is in stock", async ({ page }) => {
    const t = tag();
    // Names that sort first, in a category of their own: one sold out, one cheap, one dear.
    const soldOut = await freshProduct({ name: `0 Sold Out Bong ${t}`, priceCents: 100, stock: 0, category: "glass" });
    await freshProduct({ name: `0 Cheap Bowl ${t}`, priceCents: 1, stock: 5, category: "glass" });
    await freshProduct({ name: `0 Dear Rig ${t}`, priceCents: 9_999_900, stock: 5, category: "glass" });
    await getDb()
      .insertInto("product_compliance")
      .values({ product_id: soldOut, upc: "012345678905", updated_at: new Date().toISOString() })
      .execute();
    await logIn(page, await createCustomer());
    await page.goto("/products/glass");
    const list = productList(page);
    const soldOutCard = list.getByRole("article").filter({ hasText: `0 Sold Out Bong ${t}` });
    await expect(soldOutCard).toBeVisible();
    // A buyer sees the SKU, UPC and how it is sold on the card.
    await expect(soldOutCard.getByText("UPC 012345678905")).toBeVisible();

    const sortBy = page.getByLabel("Sort by");
    const cheapCard = list.getByRole("article").filter({ hasText: `0 Cheap Bowl ${t}` });
    const dearCard = list.getByRole("article").filter({ hasText: `0 Dear Rig ${t}` });
    await sortBy.selectOption({ label: "Price: low to high" });
    await expect(page).toHaveURL(/sort=price-asc/);
    // The cheapest product is on the first page; the dearest is not before it.
    await expect(cheapCard).toBeVisible();
    await expectCards(
      list,
      (cards) =>
        standsBefore(cards, `0 Cheap Bowl ${t}`, `0 Dear Rig ${t}`, true) &&
        inOrder(cards.map(priceOf), (a, b) => a - b),
      "cards from the lowest price up",
    );

    await sortBy.selectOption({ label: "Price: high to low" });
    await expect(page).toHaveURL(/sort=price-desc/);
    await expect(dearCard).toBeVisible();
    await expectCards(
      list,
      (cards) =>
        standsBefore(cards, `0 Dear Rig ${t}`, `0 Cheap Bowl ${t}`, true) &&
        inOrder(cards.map(priceOf), (a, b) => b - a),
      "cards from the highest price down",
    );

    await sortBy.selectOption({ label: "Name (A to Z)" });
    await expect(soldOutCard).toBeVisible();
    await page.getByLabel("In stock only").check();
    await expect(page).toHaveURL(/instock=1/);
    await expect(cheapCard).toBeVisible();
    await expect(soldOutCard).toHaveCount(0);
    await expect(list.getByText("Out of Stock")).toHaveCount(0);
    // The choice stays in the address: a reload keeps it.
    await page.reload();
    await expect(page.getByLabel("In stock only")).toBeChecked();
    await expect(soldOutCard).toHaveCount(0);
  });

  test("a visitor may sort by name or newest, never by a price they cannot see", async ({ page }) => {
    const t = tag();
    await freshProduct({ name: `0 Visitor Cheap ${t}`, priceCents: 1, stock: 5, category: "accessories" });
    await freshProduct({ name: `0 Visitor Alpha ${t}`, priceCents: 9_999_900, stock: 5, category: "accessories" });
    await page.goto("/products/accessories");
    const options = await page.getByLabel("Sort by").locator("option").allInnerTexts();
    expect(options).toEqual(["Name (A to Z)", "Newest first"]);
    // Asking for a price order by address gives the name order: nothing tells which costs more.
    const list = productList(page);
    for (const sort of ["price-asc", "price-desc"]) {
      await page.goto(`/products/accessories?sort=${sort}`);
      await expect(page.getByLabel("Sort by")).toHaveValue("name");
      await expect(list.getByRole("article").filter({ hasText: `0 Visitor Cheap ${t}` })).toBeVisible();
      await expectCards(
        list,
        (cards) => standsBefore(cards, `0 Visitor Alpha ${t}`, `0 Visitor Cheap ${t}`),
        "name order",
      );
    }
    await page.getByLabel("Sort by").selectOption({ label: "Newest first" });
    await expect(page).toHaveURL(/sort=newest/);
    // The newest of the two (made last) comes first.
    await expect(list.getByRole("article").filter({ hasText: `0 Visitor Alpha ${t}` })).toBeVisible();
    await expectCards(
      list,
      (cards) => standsBefore(cards, `0 Visitor Alpha ${t}`, `0 Visitor Cheap ${t}`),
      "newest first",
    );
  });

  test("the filter works before the page's JavaScript has run", async ({ page }) => {
    const t = tag();
    await freshProduct({ name: `0 Early Sold Out ${t}`, priceCents: 500, stock: 0, category: "kratom" });
    const release = await holdScripts(page);
    await page.goto("/products/kratom", { waitUntil: "commit" });
    const list = productList(page);
    await expect(list.getByRole("article").filter({ hasText: `0 Early Sold Out ${t}` })).toBeVisible();
    await page.getByLabel("In stock only").check();
    // The form is sent as it is (the page reloads, its scripts still held back).
    await page.getByRole("button", { name: "Show" }).click({ noWaitAfter: true });
    await expect(page).toHaveURL(/instock=1/);
    await expect(list.getByRole("article").first()).toBeVisible();
    await expect(list.getByRole("article").filter({ hasText: `0 Early Sold Out ${t}` })).toHaveCount(0);
    await release();
  });
});

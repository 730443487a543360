import "./support/env";
import type { Page } from "@playwright/test";
import { subscribeAlert } from "../../app/.server/catalog/stock-alerts";
import { getDb } from "../../app/.server/db/instance";
import { createList, listItems, saveToList } from "../../app/.server/lists/saved-lists";
import * as ACCOUNT_MESSAGES from "../../app/lib/messages/account";
import * as CART_MESSAGES from "../../app/lib/messages/cart";
import { freshProduct, placeOrderFor, tag } from "./support/admin";
import { createCustomer } from "./support/data";
import { expect, logIn, money, test } from "./support/fixtures";

/** A product sold in cases of 10, at least 20 and at most 40 per order. */
async function casedProduct(name: string, priceCents: number, stock = 100): Promise<number> {
  const id = await freshProduct({ name, priceCents, stock });
  await getDb()
    .updateTable("products")
    .set({ case_pack: 10, min_quantity: 20, max_quantity: 40 })
    .where("id", "=", id)
    .execute();
  return id;
}

/** The page's JavaScript never arrives until `release` is called (a tap before hydration). */
async function withoutScripts(page: Page): Promise<() => Promise<void>> {
  const pattern = /\/assets\/.*\.js$/;
  await page.route(pattern, (route) => route.abort());
  return () => page.unroute(pattern);
}

function cartLink(page: Page) {
  return page.getByRole("banner").getByRole("link", { name: /^Cart: / });
}

test.describe("saved lists", () => {
  test("a customer names a list on a product page, adds the cart and a past order to it, and puts the whole list in the cart in one tap", async ({
    page,
  }) => {
    // A long journey across five pages (two of them waiting for the cart check) on a shared machine.
    test.setTimeout(120_000);
    const t = tag();
    const listName = `Weekly restock ${t}`;
    const soda = `List Soda ${t}`;
    const gum = `List Gum ${t}`;
    const chips = `List Chips ${t}`;
    const sodaId = await casedProduct(soda, 1290);
    const gumId = await freshProduct({ name: gum, priceCents: 500, stock: 50 });
    const chipsId = await freshProduct({ name: chips, priceCents: 300, stock: 40 });
    const customer = await createCustomer();
    const orderId = await placeOrderFor(customer, [{ id: chipsId, quantity: 4 }]);
    await logIn(page, customer);

    // The product page: a new list, 3 cases.
    await page.goto(`/products/details/${sodaId}`);
    await page.getByText("Add to list", { exact: true }).click();
    await page.getByLabel("New list name").fill(listName);
    const forList = page.getByLabel("Units for the list");
    await expect(forList).toHaveValue("20");
    await forList.fill("30");
    await page.getByRole("button", { name: `Save to list ${soda}` }).click();
    await expect(page.getByText(ACCOUNT_MESSAGES.addedToList(30, soda, listName))).toBeVisible();
    await expect(page.getByTestId("in-lists")).toContainText(`${listName} (30)`);

    // The cart: two of the gum.
    await page.goto(`/products/details/${gumId}`);
    await page.getByLabel("Quantity", { exact: true }).fill("2");
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page.getByText(CART_MESSAGES.addedToCart(gum))).toBeVisible();
    await page.goto("/cart");
    await page.getByText("Save cart as a list", { exact: true }).click();
    await expect(page.getByLabel("List", { exact: true })).toHaveValue(/\d+/);
    await page.getByRole("button", { name: "Save list" }).click();
    await expect(page.getByText(ACCOUNT_MESSAGES.savedToList(listName, 1, 0, 0))).toBeVisible();

    // A past order: its 4 bags of chips.
    await page.goto(`/orders/${orderId}`);
    const panel = page.getByRole("region", { name: `Order #${orderId}` });
    await panel.getByText("Save as list", { exact: true }).click();
    await panel.getByRole("button", { name: "Save list" }).click();
    await expect(panel.getByText(ACCOUNT_MESSAGES.savedToList(listName, 1, 0, 0))).toBeVisible();
    await panel.getByRole("link", { name: ACCOUNT_MESSAGES.openList(listName) }).click();

    // The list: each line at today's price and stock.
    await expect(page.getByRole("heading", { level: 2, name: listName })).toBeVisible();
    const lines = page.getByRole("list", { name: `Products in ${listName}` }).getByRole("listitem");
    await expect(lines).toHaveCount(3);
    await expect(page.getByRole("status", { name: `Line price of ${soda}` })).toHaveText(money(30 * 1290));
    await expect(page.getByRole("status", { name: `Line price of ${gum}` })).toHaveText(money(2 * 500));
    await expect(page.getByRole("status", { name: `Line price of ${chips}` })).toHaveText(money(4 * 300));
    await expect(lines.filter({ hasText: chips }).getByText(ACCOUNT_MESSAGES.inStockCount(36))).toBeVisible();

    // One tap: the whole list goes in the cart, merged with the gum already there.
    await page.getByRole("button", { name: "Add all to cart" }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByRole("status", { name: `Quantity of ${soda}` })).toHaveText("30");
    await expect(page.getByRole("status", { name: `Quantity of ${gum}` })).toHaveText("4");
    await expect(page.getByRole("status", { name: `Quantity of ${chips}` })).toHaveText("4");
    await expect(page.getByTestId("cart-total")).toHaveText(money(30 * 1290 + 4 * 500 + 4 * 300));
    await expect(cartLink(page).first()).toHaveAccessibleName(
      `Cart: ${money(30 * 1290 + 4 * 500 + 4 * 300)}, 38 items`,
    );
  });

  test("on a list, the steppers move a whole case, a line can be removed, the list renamed, and Delete asks first", async ({
    page,
  }) => {
    const t = tag();
    const soda = `Stepper Soda ${t}`;
    const gum = `Stepper Gum ${t}`;
    const sodaId = await casedProduct(soda, 1000);
    const gumId = await freshProduct({ name: gum, priceCents: 250, stock: 0 });
    const customer = await createCustomer();
    const list = await createList(getDb(), customer.id, `Steps ${t}`);
    await saveToList(
      getDb(),
      customer.id,
      { listId: list.id },
      [
        { productId: sodaId, quantity: 20 },
        { productId: gumId, quantity: 3 },
      ],
      "fit",
    );
    await logIn(page, customer);
    await page.goto(`/account/lists/${list.id}`);

    const shown = page.getByRole("status", { name: `Quantity of ${soda}` });
    await expect(shown).toHaveText("20");
    await expect(page.getByRole("button", { name: `Decrease quantity of ${soda}` })).toBeDisabled();
    await page.getByRole("button", { name: `Increase quantity of ${soda}` }).click();
    await expect(shown).toHaveText("30");
    await expect(page.getByRole("status", { name: `Line price of ${soda}` })).toHaveText("$300.00");
    await page.getByRole("button", { name: `Increase quantity of ${soda}` }).click();
    await expect(shown).toHaveText("40");
    await expect(page.getByRole("button", { name: `Increase quantity of ${soda}` })).toBeDisabled();
    await page.getByRole("button", { name: `Decrease quantity of ${soda}` }).click();
    await expect(shown).toHaveText("30");
    await expect(page.getByText(ACCOUNT_MESSAGES.listQuantitySaving)).toHaveCount(0);
    await expect(page.getByRole("status", { name: `Line price of ${soda}` })).toHaveText("$300.00");
    // Kept after a reload: the server holds the list, and the last tap won.
    await page.reload();
    await expect(shown).toHaveText("30");

    // The gum is out of stock: said on its line; Remove takes it out.
    const gumLine = page.getByRole("listitem").filter({ hasText: gum });
    await expect(gumLine.getByText("Out of Stock")).toBeVisible();
    await page.getByRole("button", { name: `Remove ${gum}` }).click();
    await expect(gumLine).toHaveCount(0);

    await page.getByText("Rename list", { exact: true }).click();
    await page.getByLabel(ACCOUNT_MESSAGES.listNameLabel).fill(`Renamed ${t}`);
    await page.getByRole("button", { name: "Save name" }).click();
    await expect(page.getByRole("heading", { level: 2, name: `Renamed ${t}` })).toBeVisible();

    await page.getByText("Delete list", { exact: true }).click();
    await expect(page.getByText(ACCOUNT_MESSAGES.confirmDeleteList(`Renamed ${t}`))).toBeVisible();
    await page.getByRole("button", { name: "Yes, delete" }).click();
    await expect(page).toHaveURL(/\/account\/lists$/);
    await expect(page.getByText(ACCOUNT_MESSAGES.listDeleted(`Renamed ${t}`))).toBeVisible();
    await expect(page.getByRole("link", { name: new RegExp(`Renamed ${t}`) })).toHaveCount(0);
  });

  test("taps made faster than the server answers are kept in order: the last one wins", async ({ page }) => {
    const t = tag();
    const soda = `Rapid Soda ${t}`;
    const sodaId = await casedProduct(soda, 1000);
    const customer = await createCustomer();
    const list = await createList(getDb(), customer.id, `Rapid ${t}`);
    await saveToList(getDb(), customer.id, { listId: list.id }, [{ productId: sodaId, quantity: 20 }], "fit");
    await logIn(page, customer);
    // The change to 40 reaches the server late, as on a slow network: a page that sent the next tap
    // meanwhile (and gave up on the first) would have the two land in the other order, and 40 stay.
    // (When the first tap's answer is slow, the page may never send 40 at all: the taps made while
    // it waits go as one, the last.)
    await page.route(`**/account/lists/${list.id}*`, async (route) => {
      const request = route.request();
      if (request.method() !== "POST" || !/quantity=40/.test(request.postData() ?? "")) return route.continue();
      await new Promise((r) => setTimeout(r, 800));
      const response = await route.fetch();
      await route.fulfill({ response }).catch(() => undefined);
    });
    await page.goto(`/account/lists/${list.id}`);
    const shown = page.getByRole("status", { name: `Quantity of ${soda}` });
    await expect(shown).toHaveText("20");
    const up = page.getByRole("button", { name: `Increase quantity of ${soda}` });
    const down = page.getByRole("button", { name: `Decrease quantity of ${soda}` });
    await up.click();
    await expect(shown).toHaveText("30");
    await up.click();
    await expect(shown).toHaveText("40");
    await down.click();
    await expect(shown).toHaveText("30");
    // "Saving…" stays until the last tap has landed (the late 40 first, when it was sent).
    await expect(page.getByText(ACCOUNT_MESSAGES.listQuantitySaving)).toBeVisible();
    await expect(page.getByText(ACCOUNT_MESSAGES.listQuantitySaving)).toHaveCount(0, { timeout: 15_000 });
    await expect(page.getByRole("status", { name: `Line price of ${soda}` })).toHaveText("$300.00");
    await page.reload();
    await expect(shown).toHaveText("30");
    expect((await listItems(getDb(), list.id)).map((l) => l.quantity)).toEqual([30]);
  });

  test("before the page's JavaScript has run, Add to list and Delete list work as plain forms", async ({ page }) => {
    const t = tag();
    const name = `Early List ${t}`;
    const id = await freshProduct({ name, priceCents: 700, stock: 9 });
    const customer = await createCustomer();
    await createList(getDb(), customer.id, `Early ${t}`);
    await logIn(page, customer);
    await withoutScripts(page);
    await page.goto(`/products/details/${id}`);
    // The product page is shared by everyone in the customer's audience: their lists arrive with
    // its script. Before that, the list is chosen on the lists page.
    await page.getByText("Add to list", { exact: true }).click();
    await page.getByRole("link", { name: ACCOUNT_MESSAGES.chooseListFor(name) }).click();
    await expect(page.getByRole("heading", { level: 2, name: ACCOUNT_MESSAGES.addingToList(name) })).toBeVisible();
    await expect(page.getByLabel("List", { exact: true })).toHaveValue(/\d+/);
    await page.getByLabel("Units for the list").fill("6");
    await page.getByRole("button", { name: `Save to list ${name}` }).click();
    await expect(page).toHaveURL(/\/account\/lists$/);
    await page.getByRole("link", { name: new RegExp(`Early ${t}`) }).click();
    await expect(page.getByRole("link", { name })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: `Early ${t}` })).toBeVisible();
    await page.getByText("Delete list", { exact: true }).click();
    await expect(page.getByText(ACCOUNT_MESSAGES.confirmDeleteList(`Early ${t}`))).toBeVisible();
    await page.getByRole("button", { name: "Yes, delete" }).click();
    await expect(page).toHaveURL(/\/account\/lists$/);
    await expect(page.getByText(ACCOUNT_MESSAGES.noListsYet)).toBeVisible();
  });

  test("the customer's own lists and alert arrive after the shared page without moving it", async ({ page }) => {
    const t = tag();
    const name = `Shared Page ${t}`;
    const id = await freshProduct({ name, priceCents: 900, stock: 0 });
    const customer = await createCustomer();
    const list = await createList(getDb(), customer.id, `Mine ${t}`);
    await saveToList(getDb(), customer.id, { listId: list.id }, [{ productId: id, quantity: 4 }], "fit");
    await subscribeAlert(getDb(), customer.id, id);
    await logIn(page, customer);
    // Every layout shift of the page's life, as the browser reports it (Cumulative Layout Shift).
    await page.addInitScript(() => {
      const w = window as unknown as { shifted: number };
      w.shifted = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.shifted += (entry as unknown as { value: number }).value;
      }).observe({ type: "layout-shift", buffered: true });
    });
    await page.goto(`/products/details/${id}`);
    await expect(page.getByTestId("in-lists")).toContainText(`Mine ${t} (4)`);
    await expect(page.getByText(ACCOUNT_MESSAGES.alertSubscribed(name))).toBeVisible();
    await page.screenshot({ path: test.info().outputPath("customer-product.png"), fullPage: true });
    expect(await page.evaluate(() => (window as unknown as { shifted: number }).shifted)).toBeLessThan(0.01);
  });

  test("a list name already used is refused next to the field, and another customer's list is not found", async ({
    page,
  }) => {
    const t = tag();
    const owner = await createCustomer();
    const theirs = await createList(getDb(), owner.id, `Theirs ${t}`);
    const customer = await createCustomer();
    await createList(getDb(), customer.id, `Mine ${t}`);
    await logIn(page, customer);
    await page.goto("/account/lists");
    await page.getByLabel(ACCOUNT_MESSAGES.listNameLabel).fill(`mine ${t}`);
    await page.getByRole("button", { name: "Create list" }).click();
    await expect(page.getByText(ACCOUNT_MESSAGES.listNameTaken(`mine ${t}`))).toBeVisible();
    await page.getByLabel(ACCOUNT_MESSAGES.listNameLabel).fill(`Fridays ${t}`);
    await page.getByRole("button", { name: "Create list" }).click();
    await expect(page.getByText(ACCOUNT_MESSAGES.listCreated(`Fridays ${t}`))).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: `Fridays ${t}` })).toBeVisible();
    await expect(page.getByText(ACCOUNT_MESSAGES.listIsEmpty)).toBeVisible();

    const res = await page.goto(`/account/lists/${theirs.id}`);
    expect(res?.status()).toBe(404);
    await expect(page.getByText(ACCOUNT_MESSAGES.listNotFound)).toBeVisible();
    await expect(page.getByText(`Theirs ${t}`)).toHaveCount(0);
  });
});

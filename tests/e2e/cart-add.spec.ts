import type { Page } from "@playwright/test";
import * as MESSAGES from "../../app/lib/messages";
import * as CART_MESSAGES from "../../app/lib/messages/cart";
import { freshProduct, tag } from "./support/admin";
import { productPage } from "./support/catalog";
import { createCustomer } from "./support/data";
import { expect, logIn, test } from "./support/fixtures";

/** The page's JavaScript never arrives until `release` is called (a tap before hydration). */
async function withoutScripts(page: Page): Promise<() => Promise<void>> {
  const pattern = /\/assets\/.*\.js$/;
  await page.route(pattern, (route) => route.abort());
  return () => page.unroute(pattern);
}

function cartLink(page: Page) {
  return page.getByRole("banner").getByRole("link", { name: /^Cart: / });
}

test.describe("Add to Cart", () => {
  test("tapped before the page's JavaScript has run, the server takes it and the next page puts it in the cart", async ({
    page,
  }) => {
    const name = `Early Tap ${tag()}`;
    const id = await freshProduct({ name, priceCents: 1200, stock: 10 });
    const productUrl = await productPage(id);
    await logIn(page, await createCustomer());
    const release = await withoutScripts(page);
    await page.goto(`/products/details/${id}`);
    await page.getByLabel("Quantity").fill("2");
    await release();
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page.getByText(CART_MESSAGES.addedToCart(name))).toBeVisible();
    await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === productUrl);
    await expect(cartLink(page).first()).toHaveAccessibleName("Cart: $24.00, 2 items");
    // Shown once: reloading does not add it again.
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(cartLink(page).first()).toHaveAccessibleName("Cart: $24.00, 2 items");
  });

  test("a visitor's tap before the page's JavaScript has run is sent to log in with the spec's message", async ({
    page,
  }) => {
    const id = await freshProduct({ name: `Visitor Tap ${tag()}`, priceCents: 900, stock: 4 });
    const release = await withoutScripts(page);
    await page.goto(`/products/details/${id}`);
    await release();
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page).toHaveURL(`/login?redirectTo=${encodeURIComponent(await productPage(id))}`);
    await expect(page.getByText(MESSAGES.loginToAdd)).toBeVisible();
  });

  test("with stock 3, adding 2 then 2 more says only 1 went in; a third add says nothing did", async ({ page }) => {
    const name = `Three Left ${tag()}`;
    const id = await freshProduct({ name, priceCents: 500, stock: 3 });
    await logIn(page, await createCustomer());
    await page.goto(`/products/details/${id}`);
    const quantity = page.getByLabel("Quantity");
    const add = page.getByRole("button", { name: "Add to Cart" });
    await quantity.fill("2");
    await add.click();
    await expect(page.getByText(CART_MESSAGES.addedToCart(name))).toBeVisible();

    await quantity.fill("2");
    await add.click();
    await expect(
      page.getByText(`Only 1 of 2 added: there are only 3 in stock. Your cart now holds 3 of ${name}.`),
    ).toBeVisible();
    await expect(cartLink(page).first()).toHaveAccessibleName("Cart: $15.00, 3 items");

    await quantity.fill("1");
    await add.click();
    await expect(
      page.getByText(`Not added: your cart already holds 3 of ${name}, and there are only 3 in stock.`),
    ).toBeVisible();
    await expect(page.getByText(CART_MESSAGES.addedToCart(name))).toHaveCount(0);
    await expect(cartLink(page).first()).toHaveAccessibleName("Cart: $15.00, 3 items");
  });
});

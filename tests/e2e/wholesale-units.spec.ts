import "./support/env";
import type { Page } from "@playwright/test";
import { getDb } from "../../app/.server/db/instance";
import * as MESSAGES from "../../app/lib/messages";
import * as CART_MESSAGES from "../../app/lib/messages/cart";
import * as SELLING_MESSAGES from "../../app/lib/messages/selling";
import { freshProduct, ORIGIN, productRow, tag } from "./support/admin";
import { productPage } from "./support/catalog";
import { createAdminAccount, createCustomer } from "./support/data";
import { expect, logIn, test } from "./support/fixtures";

/** A product sold in cases of 10, at least 20 and at most 40 per order. */
async function casedProduct(name: string, stock = 100): Promise<number> {
  const id = await freshProduct({ name, priceCents: 1290, stock });
  await getDb()
    .updateTable("products")
    .set({ case_pack: 10, min_quantity: 20, max_quantity: 40 })
    .where("id", "=", id)
    .execute();
  return id;
}

function cartLink(page: Page) {
  return page.getByRole("banner").getByRole("link", { name: /^Cart: / });
}

test.describe("selling units", () => {
  test("the admin sets a case pack, minimum and maximum; a bad combination is answered next to its field @desktop-only", async ({
    page,
  }) => {
    const id = await freshProduct({ name: `Pack Edit ${tag()}`, priceCents: 500, stock: 50 });
    await logIn(page, await createAdminAccount());
    await page.goto(`/admin/products/${id}`);
    await page.getByLabel("Case pack").fill("12");
    await page.getByLabel("Minimum order").fill("18");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText(MESSAGES.minimumNotPackMultiple)).toBeVisible();
    expect(await productRow(id)).toMatchObject({ case_pack: 1, min_quantity: 1 });
    await page.getByLabel("Minimum order").fill("24");
    await page.getByLabel("Maximum per order").fill("120");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page).toHaveURL(/\/admin\/products$/);
    expect(await productRow(id)).toMatchObject({ case_pack: 12, min_quantity: 24, max_quantity: 120 });
  });

  test("a customer sees the SKU and case pack, orders whole cases from the minimum, and the steppers move a case", async ({
    page,
  }) => {
    const name = `Case Buy ${tag()}`;
    const id = await casedProduct(name);
    const sku = (await productRow(id))?.sku ?? "";
    await logIn(page, await createCustomer());
    await page.goto(`/products/details/${id}`);
    await expect(
      page.getByText(`${SELLING_MESSAGES.skuLabel(sku)} · ${SELLING_MESSAGES.caseOf(10)}`, { exact: true }),
    ).toBeVisible();
    const quantity = page.getByLabel("Quantity");
    await expect(quantity).toHaveValue("20");
    const add = page.getByRole("button", { name: "Add to Cart" });

    await quantity.fill("25");
    await add.click();
    await expect(page.getByText(SELLING_MESSAGES.quantityNotPackMultiple(name, 10))).toBeVisible();
    await quantity.fill("50");
    await add.click();
    await expect(page.getByText(SELLING_MESSAGES.quantityAboveMaximum(name, 40))).toBeVisible();
    await quantity.fill("20");
    await add.click();
    await expect(page.getByText(CART_MESSAGES.addedToCart(name))).toBeVisible();
    await expect(cartLink(page).first()).toHaveAccessibleName("Cart: $258.00, 20 items");

    await page.goto("/cart");
    await expect(page.getByText(`$12.90 each · ${SELLING_MESSAGES.caseOf(10)}`)).toBeVisible();
    const shown = page.getByRole("status", { name: `Quantity of ${name}` });
    await page.getByRole("button", { name: `Increase quantity of ${name}` }).click();
    await expect(shown).toHaveText("30");
    await page.getByRole("button", { name: `Increase quantity of ${name}` }).click();
    await expect(shown).toHaveText("40");
    await expect(page.getByRole("button", { name: `Increase quantity of ${name}` })).toBeDisabled();
    await page.getByRole("button", { name: `Decrease quantity of ${name}` }).click();
    await page.getByRole("button", { name: `Decrease quantity of ${name}` }).click();
    await expect(shown).toHaveText("20");
    await page.getByRole("button", { name: `Decrease quantity of ${name}` }).click();
    await expect(page.getByText("Your cart is empty.")).toBeVisible();
  });

  test("a visitor sees neither the SKU nor the case pack", async ({ page }) => {
    const id = await casedProduct(`Visitor Pack ${tag()}`);
    await page.goto(`/products/details/${id}`);
    await expect(page.getByRole("link", { name: MESSAGES.loginToViewPricing }).first()).toBeVisible();
    await expect(page.getByTestId("selling-unit")).toHaveCount(0);
    expect(await page.content()).not.toContain(SELLING_MESSAGES.caseOf(10));
  });

  test("a cart edited in the browser to an odd quantity is fitted to whole cases by the server, and says so", async ({
    page,
  }) => {
    const name = `Odd Cart ${tag()}`;
    const id = await casedProduct(name);
    await logIn(page, await createCustomer());
    await page.addInitScript(
      ([productId, productName]) => {
        if (window.sessionStorage.getItem("seeded")) return;
        window.sessionStorage.setItem("seeded", "1");
        window.localStorage.setItem(
          "cart",
          JSON.stringify([{ id: productId, name: productName, priceCents: 1, quantity: 7, stock: 100, image: null }]),
        );
      },
      [id, name] as const,
    );
    await page.goto("/cart");
    await expect(page.getByText(CART_MESSAGES.quantityAdjusted(7, 20))).toBeVisible();
    await expect(page.getByRole("status", { name: `Quantity of ${name}` })).toHaveText("20");
    await expect(page.getByTestId("cart-total")).toHaveText("$258.00");
  });
});

test.describe("selling units refused by the server whatever the browser sends @desktop-only", () => {
  test("Add to Cart without JavaScript and placing an order refuse odd, fractional, negative and huge quantities", async ({
    page,
  }) => {
    const name = `Server Pack ${tag()}`;
    const id = await casedProduct(name);
    const customer = await createCustomer();
    await logIn(page, customer);
    const request = page.request;
    for (const [asked, message] of [
      ["25", SELLING_MESSAGES.quantityNotPackMultiple(name, 10)],
      ["10", SELLING_MESSAGES.quantityBelowMinimum(name, 20)],
      ["2.5", MESSAGES.quantityNotWhole],
      ["-20", MESSAGES.enterQuantityAtLeastOne],
      ["99999999999", SELLING_MESSAGES.quantityTooLarge(10_000)],
      ["1e3", MESSAGES.quantityNotWhole],
    ] as const) {
      await page.goto(`/products/details/${id}`);
      const res = await request.post(await productPage(id), {
        form: { quantity: asked },
        headers: { Origin: ORIGIN },
        maxRedirects: 0,
      });
      expect(res.status(), asked).toBe(302);
      await page.goto(`/products/details/${id}`);
      await expect(page.getByText(message), asked).toBeVisible();
    }

    const address = await getDb()
      .selectFrom("addresses")
      .select("id")
      .where("user_id", "=", customer.id)
      .executeTakeFirstOrThrow();
    for (const [quantity, status, message] of [
      [35, 409, SELLING_MESSAGES.quantityNotPackMultiple(name, 10)],
      [50, 409, SELLING_MESSAGES.quantityAboveMaximum(name, 40)],
      [2.5, 400, "Quantities must be whole numbers."],
      [-10, 400, "Quantities must be at least 1."],
    ] as const) {
      const res = await request.post("/checkout.data", {
        form: { idempotencyKey: crypto.randomUUID(), addressId: address.id, lines: JSON.stringify([{ id, quantity }]) },
        headers: { Origin: ORIGIN },
      });
      expect(res.status(), String(quantity)).toBe(status);
      expect(await res.text(), String(quantity)).toContain(message);
    }
    const orders = await getDb().selectFrom("orders").select("id").where("user_id", "=", customer.id).execute();
    expect(orders).toEqual([]);
    expect((await productRow(id))?.stock).toBe(100);
  });
});

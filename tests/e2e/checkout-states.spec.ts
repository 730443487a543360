import type { Page } from "@playwright/test";
import { getDb } from "../../app/.server/db/instance";
import * as MESSAGES from "../../app/lib/messages";
import * as ACCOUNT_MESSAGES from "../../app/lib/messages/account";
import { freshProduct, stockOf, tag } from "./support/admin";
import { createCustomer } from "./support/data";
import { expect, logIn, money, test } from "./support/fixtures";

/** Puts `lines` in the browser cart before the first page of the store loads. */
async function cartHolds(
  page: Page,
  lines: { id: number; name: string; priceCents: number; quantity: number; stock: number }[],
) {
  await page.addInitScript(
    (value) => {
      if (!window.localStorage.getItem("cart")) window.localStorage.setItem("cart", value);
    },
    JSON.stringify(lines.map((l) => ({ ...l, image: null }))),
  );
}

async function product(label: string, priceCents: number, stock: number) {
  const name = `${label} ${tag()}`;
  return { id: await freshProduct({ name, priceCents, stock }), name, priceCents, stock };
}

test.describe("checkout before the cart is read", () => {
  test("never says 'Your cart is empty.' while the cart holds lines, and offers no Place Order until it can work", async ({
    page,
  }) => {
    const p = await product("Loading", 700, 5);
    await logIn(page, await createCustomer());
    await cartHolds(page, [{ ...p, quantity: 1 }]);
    // The page as painted before its JavaScript has run.
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await page.goto("/checkout");
    await expect(page.getByText("Loading your cart...")).toBeVisible();
    await expect(page.getByText("Your cart is empty.")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Place Order" })).toHaveCount(0);
    await page.unroute(/\/assets\/.*\.js$/);
    await page.reload();
    await expect(page.getByTestId("checkout-total")).toHaveText(money(700));
    await expect(page.getByText("Your cart is empty.")).toHaveCount(0);
  });
});

test.describe("checkout before the cart is checked", () => {
  test("Place Order is never enabled until the server has checked these lines and this address", async ({ page }) => {
    const p = await product("Unchecked", 900, 4);
    const customer = await createCustomer();
    await logIn(page, customer);
    await cartHolds(page, [{ ...p, quantity: 1 }]);
    // Every state the button is drawn in, as the page draws it (not only what a poll happens to see).
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { placeOrderStates: string[] }).placeOrderStates = seen;
      new MutationObserver(() => {
        for (const b of document.querySelectorAll("button")) {
          if (b.textContent?.trim() !== "Place Order") continue;
          const state = `${b.disabled ? "disabled" : "enabled"}:${document.body.dataset.checks ?? "0"}`;
          if (seen.at(-1) !== state) seen.push(state);
        }
      }).observe(document, { subtree: true, childList: true, attributes: true });
    });
    // Mark in the page that the server has answered a check, just before the answer reaches it.
    await page.route("**/api/cart-check*", async (route) => {
      const response = await route.fetch();
      await page.evaluate(() => {
        document.body.dataset.checks = String(Number(document.body.dataset.checks ?? "0") + 1);
      });
      await route.fulfill({ response });
    });
    await page.goto("/checkout");
    const place = page.getByRole("button", { name: "Place Order" });
    await expect(place).toBeEnabled();
    await expect(page.getByTestId("checkout-total")).toHaveText(money(900));
    const states = await page.evaluate(() => (window as unknown as { placeOrderStates: string[] }).placeOrderStates);
    expect(states.filter((s) => s.endsWith(":0"))).not.toContain("enabled:0");
  });
});

test.describe("a lost connection", () => {
  test("Place Order offline keeps the page and says 'Failed to place order.'; online again it goes through", async ({
    page,
    context,
  }) => {
    const p = await product("Offline", 1100, 6);
    await logIn(page, await createCustomer());
    await cartHolds(page, [{ ...p, quantity: 2 }]);
    await page.goto("/checkout");
    const place = page.getByRole("button", { name: "Place Order" });
    await expect(page.getByTestId("checkout-total")).toHaveText(money(2200));
    await expect(place).toBeEnabled();
    await context.setOffline(true);
    const shown = new Promise<string>((resolve) => {
      page.once("dialog", (dialog) => {
        resolve(dialog.message());
        void dialog.accept();
      });
    });
    await place.click();
    expect(await shown).toBe(MESSAGES.failedToPlaceOrder);
    await expect(page.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();
    await expect(page.getByText("Connection problem")).toHaveCount(0);
    expect(await stockOf(p.id)).toBe(6);

    await context.setOffline(false);
    await place.click();
    await expect(page).toHaveURL(/\/order-confirmation\?order=\d+/);
    expect(await stockOf(p.id)).toBe(4);
  });

  test("Account Settings offline keeps the page and the typed phone number, and says what failed", async ({
    page,
    context,
  }) => {
    await logIn(page, await createCustomer());
    await page.goto("/account/settings");
    const phone = page.getByRole("textbox", { name: "Phone number" });
    await phone.fill("(214) 555-0177");
    await context.setOffline(true);
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByRole("alert")).toHaveText(
      "Error: We could not reach the store, so nothing was saved. Check your connection and try again.",
    );
    await expect(page.getByRole("heading", { level: 1, name: "Account Settings" })).toBeVisible();
    await expect(phone).toHaveValue("(214) 555-0177");
    await expect(page.getByText("Connection problem")).toHaveCount(0);

    await context.setOffline(false);
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText(ACCOUNT_MESSAGES.accountUpdated)).toBeVisible();
    await expect(phone).toHaveValue("(214) 555-0177");
  });
});

test.describe("one out-of-stock rule in cart and checkout", () => {
  test("a line that ran out is shown the same way in both, with Remove beside it; the order waits until it is removed", async ({
    page,
  }) => {
    const keep = await product("Keep", 300, 10);
    const gone = await product("Sold Out", 500, 4);
    await logIn(page, await createCustomer());
    await cartHolds(page, [
      { ...keep, quantity: 2 },
      { ...gone, quantity: 1 },
    ]);
    await getDb().updateTable("products").set({ stock: 0 }).where("id", "=", gone.id).execute();
    const notice = "Out of stock: remove it to place your order.";

    await page.goto("/cart");
    const cartLine = page.getByRole("listitem").filter({ hasText: gone.name });
    await expect(cartLine.getByText(notice)).toBeVisible();
    await expect(cartLine.getByRole("button", { name: `Remove ${gone.name}` }).first()).toBeVisible();
    await expect(page.getByText("Remove the lines marked unavailable to place your order.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Proceed to Checkout" })).toHaveAttribute("aria-disabled", "true");

    await page.goto("/checkout");
    const checkoutLine = page
      .getByRole("region", { name: "Items" })
      .getByRole("listitem")
      .filter({ hasText: gone.name });
    await expect(checkoutLine.getByText(notice)).toBeVisible();
    await expect(page.getByRole("button", { name: "Place Order" })).toBeDisabled();
    await checkoutLine.getByRole("button", { name: `Remove ${gone.name}` }).click();
    await expect(page.getByRole("region", { name: "Items" }).getByRole("listitem")).toHaveCount(1);
    await expect(page.getByTestId("checkout-total")).toHaveText(money(600));
    await page.getByRole("button", { name: "Place Order" }).click();
    await expect(page).toHaveURL(/\/order-confirmation\?order=\d+/);
    expect(await stockOf(keep.id)).toBe(8);
  });

  test("a line that runs out while the customer is at checkout fails the order and shows Remove where it says so", async ({
    page,
  }) => {
    const keep = await product("Stays", 200, 10);
    const late = await product("Runs Out", 400, 3);
    await logIn(page, await createCustomer());
    await cartHolds(page, [
      { ...keep, quantity: 1 },
      { ...late, quantity: 1 },
    ]);
    await page.goto("/checkout");
    await expect(page.getByTestId("checkout-total")).toHaveText(money(600));
    await expect(page.getByRole("button", { name: "Place Order" })).toBeEnabled();
    await getDb().updateTable("products").set({ stock: 0 }).where("id", "=", late.id).execute();
    await page.getByRole("button", { name: "Place Order" }).click();
    await expect(page.getByRole("alert")).toHaveText(`${late.name} is out of stock. Remove it to place your order.`);
    const line = page.getByRole("region", { name: "Items" }).getByRole("listitem").filter({ hasText: late.name });
    await expect(line.getByText("Out of stock: remove it to place your order.")).toBeVisible();
    await line.getByRole("button", { name: `Remove ${late.name}` }).click();
    await page.getByRole("button", { name: "Place Order" }).click();
    await expect(page).toHaveURL(/\/order-confirmation\?order=\d+/);
    expect(await stockOf(keep.id)).toBe(9);
  });
});

test("the header's cart total and count leave out what is out of stock", async ({ page }) => {
  const keep = await product("Header Keep", 300, 10);
  const gone = await product("Header Sold Out", 500, 4);
  await logIn(page, await createCustomer());
  await cartHolds(page, [
    { ...keep, quantity: 2 },
    { ...gone, quantity: 1 },
  ]);
  const cartLink = page
    .getByRole("banner")
    .getByRole("link", { name: /^Cart: / })
    .first();
  await page.goto("/");
  await expect(cartLink).toHaveAccessibleName("Cart: $11.00, 3 items");

  await getDb().updateTable("products").set({ stock: 0 }).where("id", "=", gone.id).execute();
  await page.goto("/cart");
  const line = page.getByRole("listitem").filter({ hasText: gone.name });
  await expect(line.getByText("Out of stock: remove it to place your order.")).toBeVisible();
  await expect(cartLink).toHaveAccessibleName("Cart: $6.00, 2 items");
  await expect(cartLink).toContainText("$6.00");
  // On every page after, until the line is back in stock or removed.
  await page.goto("/");
  await expect(cartLink).toHaveAccessibleName("Cart: $6.00, 2 items");
});

import {
  outOfStockProduct,
  productPage,
  productsInCategory,
  productWithImages,
  waitForHydration,
} from "./support/catalog";
import { expect, test } from "./support/fixtures";

test.describe("product detail", () => {
  test("a visitor sees name, stock, description and the login prompt instead of a price", async ({ page }) => {
    const product = await productWithImages(3);
    const sameCategory = await productsInCategory(product.category);
    await page.goto(`/products/details/${product.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(product.name);
    const main = page.getByRole("main");
    await expect(main.getByText("In Stock", { exact: true })).toBeVisible();
    // None about this product (a related card may say its product is out of stock).
    const related = page.getByRole("region", { name: "Customers Also Viewed" });
    await expect(main.getByText("Out of Stock", { exact: true })).toHaveCount(
      await related.getByText("Out of Stock", { exact: true }).count(),
    );
    await expect(main.getByRole("link", { name: "Login to view pricing" }).first()).toBeVisible();
    await expect(main).not.toContainText("$");
    await expect(main.getByRole("button", { name: "Add to Cart" })).toBeEnabled();
    await expect(main.getByRole("spinbutton", { name: "Quantity" })).toHaveCount(0);

    // Customers Also Viewed: up to 6 other products of the same category, each linking to its page.
    const others = sameCategory.filter((p) => p.id !== product.id);
    const links = related.getByRole("article").getByRole("heading").getByRole("link");
    await expect(links).toHaveCount(Math.min(6, others.length));
    const names = await links.allInnerTexts();
    expect(names).not.toContain(product.name);
    for (const name of names) expect(others.map((p) => p.name)).toContain(name);
    const hrefs = await links.evaluateAll((els) => els.map((e) => e.getAttribute("href")));
    for (const [i, name] of names.entries()) {
      expect(hrefs[i]).toBe(await productPage(others.find((p) => p.name === name)?.id ?? 0));
    }
    await links.first().click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(names[0] ?? "");
  });

  test("the detail page shows the whole description", async ({ page }) => {
    const product = await productWithImages(2);
    await page.goto(`/products/details/${product.id}`);
    const description = product.description;
    expect(description.length).toBeGreaterThan(20);
    await expect(page.getByRole("main").getByText(description, { exact: true })).toBeVisible();
  });

  test("a visitor pressing Add to Cart is told to log in and sent to the login page", async ({ page }) => {
    const product = await productWithImages(2);
    await page.goto(`/products/details/${product.id}`);
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page.getByText("Please login to add items to your cart.")).toBeVisible();
    await expect(page).toHaveURL(/\/login\?/);
    const url = new URL(page.url());
    expect(url.pathname).toBe("/login");
    expect(url.searchParams.get("redirectTo")).toBe(await productPage(product.id));
    await expect(page.getByRole("heading", { level: 1, name: "Log In" })).toBeVisible();
  });

  test("an out-of-stock product cannot be added to the cart", async ({ page }) => {
    const product = await outOfStockProduct();
    await page.goto(`/products/details/${product.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(product.name);
    const main = page.getByRole("main");
    // Its own badge comes first (other products' cards below may be out of stock too).
    await expect(main.getByText("Out of Stock", { exact: true }).first()).toBeVisible();
    await expect(main.getByText("In Stock", { exact: true })).toHaveCount(0);
    await expect(main.getByRole("button", { name: "Add to Cart" })).toBeDisabled();
    await expect(main.getByText("This product is currently out of stock.")).toBeVisible();
  });

  test("the image lightbox steps with the arrow keys, wraps, and closes by Escape or click", async ({ page }) => {
    const product = await productWithImages(3);
    await page.goto(`/products/details/${product.id}`);
    await waitForHydration(page);
    const thumbs = page.getByRole("button", { name: /^Enlarge image \d of 3\b/ });
    await expect(thumbs).toHaveCount(3);

    const lightbox = page.getByRole("dialog");
    const expectImage = async (n: number) => {
      await expect(lightbox).toHaveAccessibleName(`${product.name}: image ${n} of 3`);
      await expect(lightbox.getByRole("img")).toHaveAttribute("alt", `${product.name}, view ${n} of 3`);
    };

    await page.getByRole("button", { name: `Enlarge image 1 of 3 ${product.name}, view 1 of 3` }).click();
    await expectImage(1);
    await page.keyboard.press("ArrowRight");
    await expectImage(2);
    await page.keyboard.press("ArrowRight");
    await expectImage(3);
    await page.keyboard.press("ArrowRight");
    await expectImage(1);
    await page.keyboard.press("ArrowLeft");
    await expectImage(3);
    await page.keyboard.press("ArrowLeft");
    await expectImage(2);
    await page.keyboard.press("Escape");
    await expect(lightbox).toHaveCount(0);

    // Opening on the second image starts there; the on-screen buttons step too.
    await page.getByRole("button", { name: `Enlarge image 2 of 3 ${product.name}, view 2 of 3` }).click();
    await expectImage(2);
    await lightbox.getByRole("button", { name: "Next image" }).click();
    await expectImage(3);
    await lightbox.getByRole("button", { name: "Previous image" }).click();
    await expectImage(2);
    // A click on the backdrop closes it.
    await lightbox.click({ position: { x: 5, y: 5 } });
    await expect(lightbox).toHaveCount(0);

    await page.getByRole("button", { name: `Enlarge image 3 of 3 ${product.name}, view 3 of 3` }).click();
    await expectImage(3);
    await lightbox.getByRole("button", { name: "Close" }).click();
    await expect(lightbox).toHaveCount(0);
  });

  for (const path of ["/products/details/999999", "/products/details/abc"]) {
    test(`${path} answers 404 with 'Product not found.'`, async ({ page, request }) => {
      const res = await request.get(path);
      expect(res.status()).toBe(404);
      expect(await res.text()).toContain("Product not found.");

      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Product not found.");
    });
  }
});

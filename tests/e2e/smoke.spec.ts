import { catalogProducts } from "./support/catalog";
import { createCustomer } from "./support/data";
import { expect, logIn, money, test } from "./support/fixtures";

test("a verified customer logs in and sees prices that a visitor does not", { tag: "@smoke" }, async ({ page }) => {
  await page.goto("/products/disposable-vapes");
  await expect(page.getByRole("heading", { level: 1, name: "Vapes" })).toBeVisible();
  await expect(page.getByText("Login to view pricing").first()).toBeVisible();
  const customer = await createCustomer();
  await logIn(page, customer);
  await page.goto("/products/disposable-vapes");
  const firstName = (await page.getByRole("article").first().getByRole("heading").textContent()) ?? "";
  // A card a line, named as the line (issue 38), priced as its first variant.
  const product = (await catalogProducts()).find((p) => p.name === firstName);
  expect(product).toBeDefined();
  await expect(
    page
      .getByRole("article")
      .first()
      .getByText(money(product?.priceCents ?? -1)),
  ).toBeVisible();
});

import { expect, test } from "./support/fixtures";

const CATEGORY_LINKS = [
  { name: "Disposable Vapes", href: "/products/disposable-vapes" },
  { name: "Kratom", href: "/products/kratom" },
  { name: "Novelty", href: "/products/novelty" },
  { name: "Glass", href: "/products/glass" },
  { name: "Delta", href: "/products/delta" },
  { name: "Accessories", href: "/products/accessories" },
];

test.describe("404 page", () => {
  test("an unknown address answers 404 with the designed page", async ({ page }) => {
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
    await expect(page).toHaveTitle("Page not found");
    const main = page.getByRole("main");
    for (const { name, href } of CATEGORY_LINKS) {
      await expect(main.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
    await expect(main.getByRole("link", { name: "Back to the home page" })).toHaveAttribute("href", "/");
    // The site chrome stays, so the visitor can search or navigate.
    await expect(page.getByRole("search")).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();

    await main.getByRole("link", { name: "Kratom", exact: true }).click();
    await expect(page).toHaveURL(/\/products\/kratom$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Kratom");
  });

  test("a deep unknown address is a 404 too", async ({ request }) => {
    const res = await request.get("/products/details/1/extra");
    expect(res.status()).toBe(404);
    expect(await res.text()).toContain("Page not found");
  });
});

test.describe("lost connection", () => {
  /** The route data a client navigation fetches. */
  const pageData = (url: URL) => url.pathname.endsWith(".data");

  test("a page the phone could not fetch says so, not 'Error 500', and Try again loads it", async ({ page }) => {
    await page.goto("/no-such-page");
    // The signal drops: the next page's data never reaches the store.
    await page.route(pageData, (route) => route.abort("internetdisconnected"));
    await page.getByRole("main").getByRole("link", { name: "Kratom", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Connection problem");
    await expect(
      page.getByText("We could not reach the store. Please check your connection and try again."),
    ).toBeVisible();
    await expect(page.getByText(/Error \d+/)).toHaveCount(0);
    await expect(page).toHaveTitle("Connection problem");

    await page.unroute(pageData);
    await page.getByRole("link", { name: "Try again" }).click();
    await expect(page).toHaveURL(/\/products\/kratom$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Kratom");
  });

  test("a server error still reads as one", async ({ page }) => {
    await page.goto("/no-such-page");
    await page.route(pageData, (route) => route.fulfill({ status: 500, contentType: "text/plain", body: "boom" }));
    await page.getByRole("main").getByRole("link", { name: "Kratom", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Something went wrong");
    await expect(page.getByRole("link", { name: "Back to the store" })).toBeVisible();
  });
});

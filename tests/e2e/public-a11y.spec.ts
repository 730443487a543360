import { expectNoSeriousViolations } from "./support/axe";
import { productWithImages, waitForHydration } from "./support/catalog";
import { expect, test } from "./support/fixtures";

const PAGES = [
  "/",
  "/products/disposable-vapes",
  "/products/kratom",
  "/products/novelty",
  "/products/glass",
  "/products/delta",
  "/products/accessories",
  "/products/all",
  "/search?q=kratom",
  "/search?q=zzqxnothing",
  "/contact",
  "/about",
  "/services",
  "/support",
  "/faq",
  "/privacy-policy",
  "/terms",
  "/shipping",
  "/return",
  "/disclaimer",
  "/login",
  "/register",
  "/forgot",
  "/no-such-page",
  "/products/details/999999",
];

/**
 * Each scan runs in one viewport project only (desktop; the phone menu's scan on the phone
 * project, where it exists): the suite's time goes to journeys, not to scanning twice.
 */
const DESKTOP_ONLY = "axe scans run on the desktop project only";

test.describe("accessibility (axe): no serious or critical violations", () => {
  test.beforeEach(({ isMobile }, testInfo) => {
    test.skip(isMobile && !testInfo.title.startsWith("mobile menu"), DESKTOP_ONLY);
  });

  for (const path of PAGES) {
    test(path, async ({ page }) => {
      await page.goto(path);
      await expectNoSeriousViolations(page, path);
    });
  }

  test("product detail page, and its open lightbox", async ({ page }) => {
    const product = await productWithImages(3);
    await page.goto(`/products/details/${product.id}`);
    await waitForHydration(page);
    await expectNoSeriousViolations(page, "product detail");
    await page.getByRole("button", { name: /^Enlarge image 1 of 3/ }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expectNoSeriousViolations(page, "product lightbox");
  });

  test("contact form showing its errors", async ({ page }) => {
    await page.goto("/contact");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("checkbox", { name: "I'm not a robot" })).toHaveAccessibleDescription(/robot/);
    await expectNoSeriousViolations(page, "contact errors");
  });

  test("search suggestions open", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("combobox", { name: "Search products" }).fill("kratom");
    await expect(page.getByRole("option")).toHaveCount(5);
    await expectNoSeriousViolations(page, "search suggestions");
  });

  test("mobile menu open", async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== "phone", "the menu button exists on narrow screens only");
    await page.goto("/");
    await page.getByRole("button", { name: "Menu" }).click();
    await expect(page.getByRole("navigation", { name: "Menu" })).toBeVisible();
    await expectNoSeriousViolations(page, "mobile menu");
  });

  test("/cart, if the store has one", async ({ page }) => {
    const response = await page.goto("/cart");
    test.skip(response?.status() === 404, "no /cart route yet");
    expect(response?.status()).toBe(200);
    await expect(page.getByText("Your cart is empty.")).toBeVisible();
    await expectNoSeriousViolations(page, "/cart");
  });
});

test.describe("accessibility (axe): the age gate", () => {
  test.use({ ageVerified: false });
  test.skip(({ isMobile }) => isMobile, DESKTOP_ONLY);

  test("the open age gate", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("dialog", { name: "Age Verification" })).toBeVisible();
    await expectNoSeriousViolations(page, "age gate");
  });
});

import type { Locator, Page } from "@playwright/test";
import { waitForHydration } from "./support/catalog";
import { expect, test } from "./support/fixtures";

const SLIDES = ["1 of 3: Disposable Vapes", "2 of 3: Kratom", "3 of 3: Novelty"];
const SLIDE_LINKS = ["/products/disposable-vapes", "/products/kratom", "/products/novelty"];

/** The hero carousel and its one visible slide (hidden slides leave the accessibility tree). */
function carousel(page: Page) {
  const root = page.getByRole("region", { name: "Featured categories" });
  return { root, visibleSlide: root.getByRole("group") };
}

function row(page: Page, title: string): Locator {
  return page.getByRole("region", { name: title });
}

async function scrollLeftOf(page: Page, testId: string): Promise<number> {
  return page.getByTestId(testId).evaluate((el) => el.scrollLeft);
}

test.describe("home page", () => {
  test("hero carousel has three slides; Next and Previous step and wrap around", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    const { root, visibleSlide } = carousel(page);
    await expect(root.getByRole("group", { includeHidden: true })).toHaveCount(3);
    for (const [i, name] of SLIDES.entries()) {
      const slide = root.getByRole("group", { name, includeHidden: true });
      await expect(slide.getByRole("link", { includeHidden: true })).toHaveAttribute("href", SLIDE_LINKS[i] ?? "");
    }
    await expect(visibleSlide).toHaveCount(1);
    await expect(visibleSlide).toHaveAccessibleName(SLIDES[0] ?? "");

    const next = root.getByRole("button", { name: "Next slide" });
    const previous = root.getByRole("button", { name: "Previous slide" });
    await next.click();
    await expect(visibleSlide).toHaveAccessibleName(SLIDES[1] ?? "");
    await next.click();
    await expect(visibleSlide).toHaveAccessibleName(SLIDES[2] ?? "");
    await next.click();
    await expect(visibleSlide).toHaveAccessibleName(SLIDES[0] ?? "");
    await previous.click();
    await expect(visibleSlide).toHaveAccessibleName(SLIDES[2] ?? "");
    await previous.click();
    await expect(visibleSlide).toHaveAccessibleName(SLIDES[1] ?? "");

    // The visible slide's call to action opens its category.
    await visibleSlide.getByRole("link", { name: "Shop kratom" }).click();
    await expect(page).toHaveURL(/\/products\/kratom$/);
    await expect(page.getByRole("heading", { level: 1, name: "Kratom" })).toBeVisible();
  });

  test("hero carousel advances by itself every 5 seconds", async ({ page }) => {
    await page.clock.install({ time: new Date("2030-01-07T15:00:00Z") });
    await page.clock.pauseAt(new Date("2030-01-07T15:00:01Z"));
    await page.goto("/");
    await waitForHydration(page);
    const { visibleSlide } = carousel(page);
    await expect(visibleSlide).toHaveAccessibleName(SLIDES[0] ?? "");

    await page.clock.runFor(4_900);
    await expect(visibleSlide).toHaveAccessibleName(SLIDES[0] ?? "");
    await page.clock.runFor(100);
    await expect(visibleSlide).toHaveAccessibleName(SLIDES[1] ?? "");
    await page.clock.runFor(5_000);
    await expect(visibleSlide).toHaveAccessibleName(SLIDES[2] ?? "");
    await page.clock.runFor(5_000);
    await expect(visibleSlide).toHaveAccessibleName(SLIDES[0] ?? "");
  });

  test("three value blurbs and two rows of seven products", async ({ page }) => {
    await page.goto("/");
    const blurbs = page.getByRole("region", { name: "Why buy from us" });
    await expect(blurbs.getByRole("heading")).toHaveText(["Fast local delivery", "Bulk inventory", "Friendly support"]);
    await expect(blurbs).toContainText("Dallas-Fort Worth");

    const names: Record<string, string[]> = {};
    for (const title of ["New Products", "Best Sellers"]) {
      const section = row(page, title);
      await expect(section.getByRole("heading", { level: 2, name: title })).toBeVisible();
      const cards = section.getByRole("article");
      await expect(cards).toHaveCount(7);
      // Visitors see the login prompt instead of a price on every card.
      await expect(section.getByRole("link", { name: "Login to view pricing" })).toHaveCount(7);
      await expect(section).not.toContainText("$");
      const links = cards.getByRole("heading").getByRole("link");
      await expect(links).toHaveCount(7);
      for (const href of await links.evaluateAll((els) => els.map((e) => e.getAttribute("href")))) {
        expect(href).toMatch(/^\/lines\/[a-z0-9-]+$/);
      }
      names[title] = await links.allInnerTexts();
    }
    // Best Sellers never repeats a New Product.
    const overlap = (names["New Products"] ?? []).filter((n) => (names["Best Sellers"] ?? []).includes(n));
    expect(overlap).toEqual([]);
  });

  test("product strips scroll by themselves, and stop when paused", async ({ page }) => {
    await page.clock.install({ time: new Date("2030-01-07T15:00:00Z") });
    await page.clock.pauseAt(new Date("2030-01-07T15:00:01Z"));
    await page.goto("/");
    await waitForHydration(page);
    const strip = "new-products-scroller";
    await expect
      .poll(() => page.getByTestId(strip).evaluate((el) => el.scrollWidth - el.clientWidth))
      .toBeGreaterThan(100);

    const start = await scrollLeftOf(page, strip);
    await page.clock.runFor(1_000); // 50 ticks of 1 px every 20 ms
    await expect.poll(() => scrollLeftOf(page, strip)).toBeGreaterThanOrEqual(start + 40);
    const moved = await scrollLeftOf(page, strip);
    await page.clock.runFor(400);
    await expect.poll(() => scrollLeftOf(page, strip)).toBeGreaterThan(moved);

    const pause = row(page, "New Products").getByRole("button", { name: "Pause scrolling" });
    await expect(pause).toHaveAttribute("aria-pressed", "false");
    await pause.click();
    const resume = row(page, "New Products").getByRole("button", { name: "Resume scrolling" });
    await expect(resume).toHaveAttribute("aria-pressed", "true");
    const stoppedAt = await scrollLeftOf(page, strip);
    await page.clock.runFor(2_000);
    expect(await scrollLeftOf(page, strip)).toBe(stoppedAt);

    // The other strip keeps moving: pausing is per strip.
    const other = "best-sellers-scroller";
    const otherStart = await scrollLeftOf(page, other);
    await page.mouse.move(0, 0);
    await page.clock.runFor(1_000);
    await expect.poll(() => scrollLeftOf(page, other)).toBeGreaterThan(otherStart);

    await resume.click();
    await page.mouse.move(0, 0);
    await page.clock.runFor(1_000);
    await expect.poll(() => scrollLeftOf(page, strip)).toBeGreaterThan(stoppedAt);
  });
});

test("the public pages describe themselves to search engines, and again after moving within the store @desktop-only", async ({
  page,
}) => {
  const description = page.locator('meta[name="description"]');
  const shared = page.locator('meta[property="og:description"]');
  const STORE = "Trinity Wholesale Supply";
  const HOME = `${STORE}: wholesale disposable vapes, kratom, glass, novelty, accessories and delta products for retailers, with fast local delivery in Dallas-Fort Worth.`;
  const CONTACT = `Call, email or message ${STORE}: wholesale support Monday to Saturday, 10am to 6pm.`;
  const KRATOM = "Wholesale kratom for retailers in Dallas-Fort Worth: browse the range and order in bulk.";

  // As the server sends them.
  for (const [path, text] of [
    ["/", HOME],
    ["/contact", CONTACT],
    ["/products/kratom", KRATOM],
  ] as const) {
    await page.goto(path);
    await expect(description).toHaveAttribute("content", text);
    await expect(shared).toHaveAttribute("content", text);
  }

  // Moving by the store's links, without reloading the page.
  await page.goto("/contact");
  await waitForHydration(page);
  await page.getByRole("navigation", { name: "Categories" }).getByRole("link", { name: "Kratom" }).click();
  await expect(page).toHaveURL(/\/products\/kratom$/);
  await expect(description).toHaveAttribute("content", KRATOM);
  await page.getByRole("contentinfo").getByRole("link", { name: "Contact", exact: true }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(description).toHaveAttribute("content", CONTACT);
});

import type { Page } from "@playwright/test";
import { catalogProducts, productPage, productsInCategory, waitForHydration } from "./support/catalog";
import { expect, test } from "./support/fixtures";

const PAGE_SIZE = 24;

function grid(page: Page) {
  return page
    .getByRole("main")
    .getByRole("list")
    .filter({ has: page.getByRole("article") });
}

/** How many cards share the first row of the grid (distinct x positions at the first row's top). */
async function columnsOfFirstRow(page: Page): Promise<number> {
  const boxes = await grid(page)
    .getByRole("listitem")
    .evaluateAll((items) => items.map((li) => li.getBoundingClientRect()).map((r) => ({ x: r.x, y: r.y })));
  const top = boxes[0]?.y ?? 0;
  return new Set(boxes.filter((b) => Math.abs(b.y - top) < 2).map((b) => Math.round(b.x))).size;
}

test.describe("category listing", () => {
  test("category headings follow the slug; an unknown slug lists everything as All", async ({ page }) => {
    const cases = [
      { slug: "kratom", heading: "Kratom", category: "kratom" },
      { slug: "disposable-vapes", heading: "Vapes", category: "disposable-vapes" },
      { slug: "glass", heading: "Glass", category: "glass" },
    ];
    for (const c of cases) {
      const expected = (await productsInCategory(c.category)).map((p) => p.name);
      await page.goto(`/products/${c.slug}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(c.heading);
      const names = await grid(page).getByRole("article").getByRole("heading").allInnerTexts();
      expect(names.length).toBe(Math.min(expected.length, PAGE_SIZE));
      for (const name of names) expect(expected).toContain(name);
    }

    const all = await catalogProducts();
    const categories = new Set(all.map((p) => p.category));
    await page.goto("/products/no-such-category");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("All");
    const names = await grid(page).getByRole("article").getByRole("heading").allInnerTexts();
    expect(names).toHaveLength(Math.min(all.length, PAGE_SIZE));
    // 'All' mixes categories: the first page (ordered by name) is not one category only.
    const seen = new Set(names.map((n) => all.find((p) => p.name === n)?.category));
    expect(seen.size).toBeGreaterThan(1);
    expect(categories.size).toBeGreaterThan(1);
  });

  test("cards show name and description and link to the detail page", async ({ page }) => {
    await page.goto("/products/kratom");
    await waitForHydration(page);
    const card = grid(page).getByRole("article").first();
    const link = card.getByRole("heading").getByRole("link");
    const name = (await link.textContent()) ?? "";
    // Read after the page: other journeys add products while this one runs.
    const product = (await productsInCategory("kratom")).find((p) => p.name === name);
    expect(product, `card "${name}" is a kratom product`).toBeDefined();
    const href = await productPage(product?.id ?? 0);
    await expect(link).toHaveAttribute("href", href);
    await expect(card.getByRole("paragraph").first()).not.toBeEmpty();
    await expect(card.getByRole("link", { name: "Login to view pricing" })).toBeVisible();
    await link.click();
    await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === href);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  });

  test("the grid has 2 columns on a phone and 5 on a wide screen", async ({ page }, testInfo) => {
    await page.goto("/products/all");
    await expect(grid(page).getByRole("article")).toHaveCount(PAGE_SIZE);
    const width = page.viewportSize()?.width ?? 0;
    const expected = testInfo.project.name === "phone" ? 2 : 5;
    expect(width).toBe(testInfo.project.name === "phone" ? 390 : 1280);
    expect(await columnsOfFirstRow(page)).toBe(expected);
  });

  test("the first page is server-rendered and scrolling loads the rest of the catalog", async ({ page, request }) => {
    const total = (await catalogProducts()).length;
    expect(total).toBeGreaterThan(PAGE_SIZE * 2);

    const html = await (await request.get("/products/all")).text();
    expect(html.match(/<article/g) ?? []).toHaveLength(PAGE_SIZE);

    await page.goto("/products/all");
    await waitForHydration(page);
    const cards = grid(page).getByRole("article");
    await expect(cards).toHaveCount(PAGE_SIZE);

    const footer = page.getByRole("contentinfo");
    await footer.scrollIntoViewIfNeeded();
    await expect.poll(() => cards.count()).toBeGreaterThan(PAGE_SIZE);
    await expect(async () => {
      await footer.scrollIntoViewIfNeeded();
      expect(await cards.count()).toBe(total);
    }).toPass({ timeout: 20_000 });

    // Every product exactly once, and nothing more to load.
    const names = await cards.getByRole("heading").allInnerTexts();
    expect(new Set(names).size).toBe(total);
    await expect(page.getByRole("link", { name: "Show more products" })).toHaveCount(0);
    await expect(page.getByText("Loading more products...")).toHaveCount(0);
  });
});

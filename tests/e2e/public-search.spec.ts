import type { Page } from "@playwright/test";
import { catalogProducts, pageHeading, productPageUrl, searchMatches } from "./support/catalog";
import { expect, holdScripts, test } from "./support/fixtures";

const NAV = [
  "Home",
  "Disposable Vapes",
  "Kratom",
  "Novelty",
  "Glass",
  "Delta",
  "Accessories",
  "All products",
  "Support",
];

function searchBox(page: Page) {
  const form = page.getByRole("search");
  return {
    input: form.getByRole("combobox", { name: "Search products" }),
    list: form.getByRole("listbox", { name: "Product suggestions" }),
    options: form.getByRole("option"),
  };
}

/** Names in the store's order (by name, as SQLite compares them). */
function byName(names: string[]): string[] {
  return [...names].sort((a, b) => (Buffer.from(a) < Buffer.from(b) ? -1 : Buffer.from(a) > Buffer.from(b) ? 1 : 0));
}

test.describe("header search", () => {
  test("text typed before the page's JavaScript has run stays in the box and gets its suggestions", async ({
    page,
  }) => {
    const release = await holdScripts(page);
    await page.goto("/", { waitUntil: "commit" });
    const { input, options } = searchBox(page);
    await input.click();
    await input.pressSequentially("kratom");
    await release();
    await expect(options).toHaveCount(5);
    await expect(input).toHaveValue("kratom");
    await expect(input).toBeFocused();
  });

  test("suggests at most 5 case-insensitive matches; ArrowDown + Enter opens one", async ({ page }) => {
    const found = await searchMatches("kratom");
    const matches = found.map((p) => p.name);
    expect(matches.length).toBeGreaterThan(5);
    await page.goto("/");
    const { input, list, options } = searchBox(page);
    await input.click();
    await input.pressSequentially("KrAtOm");
    await expect(list).toBeVisible();
    await expect(input).toHaveAttribute("aria-expanded", "true");
    await expect(options).toHaveCount(5);
    await expect(options).toHaveText(matches.slice(0, 5));
    await expect(list).not.toContainText("$");

    await input.press("ArrowDown");
    await expect(options.nth(0)).toHaveAttribute("aria-selected", "true");
    await input.press("ArrowDown");
    await expect(options.nth(1)).toHaveAttribute("aria-selected", "true");
    await expect(options.nth(0)).toHaveAttribute("aria-selected", "false");
    await input.press("ArrowUp");
    await expect(options.nth(0)).toHaveAttribute("aria-selected", "true");
    await input.press("Enter");

    // A variant's page is its line's, it chosen (issue 38).
    const first = found[0]?.id ?? 0;
    await expect(page).toHaveURL(await productPageUrl(first));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(await pageHeading(first));
  });

  test("Enter without a selection opens the results page with every match", async ({ page }) => {
    const query = "Kratom Maeng";
    // The suggestions are products (variants); the results page has a card a line, named after it.
    const matches = byName((await catalogProducts()).filter((p) => /maeng da kratom/i.test(p.name)).map((p) => p.name));
    expect(matches.length).toBeGreaterThan(1);
    await page.goto("/products/glass");
    const { input, options } = searchBox(page);
    await input.fill(query);
    await expect(options).toHaveCount(Math.min(5, (await searchMatches(query)).length));
    await input.press("Enter");
    await expect(page).toHaveURL(`/search?${new URLSearchParams({ q: query })}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Results for “${query}”`);
    const names = page.getByRole("main").getByRole("article").getByRole("heading");
    await expect(names).toHaveText(matches);
  });

  test("a search with no match says so", async ({ page }) => {
    await page.goto("/search?q=zzqxnothing");
    await expect(page.getByText("No products found.")).toBeVisible();
    await expect(page.getByRole("main").getByRole("article")).toHaveCount(0);
  });

  test("Escape closes the suggestion list", async ({ page }) => {
    await page.goto("/");
    const { input, list, options } = searchBox(page);
    await input.fill("delta");
    await expect(list).toBeVisible();
    await expect(options).not.toHaveCount(0);
    await input.press("Escape");
    await expect(list).toBeHidden();
    await expect(input).toHaveAttribute("aria-expanded", "false");
    // The first Escape only closes the list; the typed text stays for another try.
    await expect(input).toHaveValue("delta");
    await expect(input).toBeFocused();
    // ArrowDown brings the list back; Escape closes it again, and a second Escape clears the box.
    await input.press("ArrowDown");
    await expect(list).toBeVisible();
    await expect(options.first()).toHaveAttribute("aria-selected", "true");
    await input.press("Escape");
    await expect(list).toBeHidden();
    await expect(input).toHaveValue("delta");
    await input.press("Escape");
    await expect(input).toHaveValue("");
    await expect(list).toBeHidden();
  });
});

test.describe("header", () => {
  test("shows the free-shipping banner and the support phone", async ({ page }) => {
    await page.goto("/");
    const header = page.getByRole("banner");
    await expect(header.getByText("Free Shipping on all orders $500+")).toBeVisible();
    await expect(header).toContainText("Support:");
    const phone = header.getByRole("link", { name: "(214) 555-0147" });
    await expect(phone).toBeVisible();
    await expect(phone).toHaveAttribute("href", /^tel:\+?1?2145550147$/);
  });

  test("on a phone the Menu button opens and closes the category menu", async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== "phone", "the collapsible menu exists below the md breakpoint only");
    await page.goto("/");
    const menuButton = page.getByRole("button", { name: "Menu" });
    const menu = page.getByRole("navigation", { name: "Menu" });
    await expect(page.getByRole("navigation", { name: "Categories" })).toBeHidden();
    await expect(menuButton).toHaveAttribute("aria-expanded", "false");
    await expect(menu).toBeHidden();

    await menuButton.click();
    await expect(menuButton).toHaveAttribute("aria-expanded", "true");
    await expect(menu).toBeVisible();
    await expect(menu.getByRole("list").first().getByRole("link")).toHaveText(NAV);
    // The menu hangs under the header, over the page, as wide as the screen.
    const header = await page.getByRole("banner").boundingBox();
    const box = await menu.boundingBox();
    expect(Math.abs((box?.y ?? 0) - ((header?.y ?? 0) + (header?.height ?? 0)))).toBeLessThanOrEqual(1);
    expect(box?.width).toBe(page.viewportSize()?.width);

    await menuButton.click();
    await expect(menu).toBeHidden();
    await expect(menuButton).toHaveAttribute("aria-expanded", "false");

    await menuButton.click();
    await menu.getByRole("link", { name: "Kratom" }).click();
    await expect(page).toHaveURL(/\/products\/kratom$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Kratom");
    await expect(menu).toBeHidden();
    await expect(menuButton).toHaveAttribute("aria-expanded", "false");
  });

  test("on a phone the menu opens at first paint, before the page's JavaScript runs", async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== "phone", "the collapsible menu exists below the md breakpoint only");
    const release = await holdScripts(page);
    await page.goto("/", { waitUntil: "commit" });
    const menu = page.getByRole("navigation", { name: "Menu" });
    await page.getByRole("button", { name: "Menu" }).click();
    await expect(menu).toBeVisible();
    await expect(menu.getByRole("list").first().getByRole("link")).toHaveText(NAV);
    await menu.getByRole("link", { name: "Support" }).click();
    await expect(page).toHaveURL(/\/support$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Customer Support");
    await release();
  });

  test("on a phone a menu opened before the page's JavaScript runs stays open when it arrives", async ({
    page,
  }, testInfo) => {
    test.skip(testInfo.project.name !== "phone", "the collapsible menu exists below the md breakpoint only");
    const release = await holdScripts(page);
    await page.goto("/", { waitUntil: "commit" });
    const menuButton = page.getByRole("button", { name: "Menu" });
    const menu = page.getByRole("navigation", { name: "Menu" });
    await menuButton.click();
    await expect(menu).toBeVisible();
    await release();
    // Once the page's script has run, the button tells a screen reader the menu is expanded, and
    // the menu the person opened is still there.
    await expect(menuButton).toHaveAttribute("aria-expanded", "true");
    await expect(menu).toBeVisible();
    await menuButton.click();
    await expect(menu).toBeHidden();
    await expect(menuButton).toHaveAttribute("aria-expanded", "false");
  });

  test("on a wide screen the category nav is always shown @desktop-only", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Categories" });
    await expect(nav.getByRole("link")).toHaveText(NAV);
    await expect(page.getByRole("button", { name: "Menu" })).toBeHidden();
    await nav.getByRole("link", { name: "Disposable Vapes" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Vapes");
    await nav.getByRole("link", { name: "Support" }).click();
    await expect(page).toHaveURL(/\/support$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Customer Support");
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("on a phone the Menu button opens the menu and its links work", async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== "phone", "the collapsible menu exists below the md breakpoint only");
    await page.goto("/support");
    // No script at all runs, the age gate's neither: a person who turned JavaScript off cannot
    // answer it, so this test takes it out of the way to reach the header.
    await page.locator("#age-gate").evaluate((gate) => gate.remove());
    const menu = page.getByRole("navigation", { name: "Menu" });
    await expect(menu).toBeHidden();
    await page.getByRole("button", { name: "Menu" }).click();
    await expect(menu).toBeVisible();
    await menu.getByRole("link", { name: "Kratom" }).click();
    await expect(page).toHaveURL(/\/products\/kratom$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Kratom");
    await page.locator("#age-gate").evaluate((gate) => gate.remove());
    await expect(menu).toBeHidden();
    await page.getByRole("button", { name: "Menu" }).click();
    await expect(menu).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
  });
});

import "./support/env";
import { createAddress } from "../../app/.server/accounts/addresses";
import { brandNamed, createLine } from "../../app/.server/catalog/lines";
import { insertProduct } from "../../app/.server/catalog/product-writes";
import { createRule } from "../../app/.server/compliance/rules";
import { getDb } from "../../app/.server/db/instance";
import * as LINE_MESSAGES from "../../app/lib/messages/lines";
import { ruleSchema } from "../../app/lib/schemas/compliance";
import { tag } from "./support/admin";
import { expectNoSeriousViolations } from "./support/axe";
import { createCustomer } from "./support/data";
import { expect, holdScripts, logIn, test } from "./support/fixtures";

/**
 * "Sold to my address" (issue 38): a customer with an address filters a listing to the lines
 * they may buy there, with the count beside the filter, before the page's script has run too;
 * a visitor is not offered it.
 */
async function brandWithTwoLines() {
  const db = getDb();
  const brand = `Sold Here ${tag()}`;
  const brandId = await brandNamed(db, brand);
  const variants: number[] = [];
  for (const [name, flavor] of [
    [`${brand} Allowed`, "Mint"],
    [`${brand} Banned`, "Grape"],
  ] as const) {
    const lineId = await createLine(db, {
      name,
      description: "",
      category: "disposable-vapes",
      brandId,
      optionNames: ["Flavor"],
    });
    variants.push(
      await insertProduct(
        db,
        {
          sku: `SOLD-${tag()}`,
          name: `${name} ${flavor}`,
          description: "",
          priceCents: 9_00,
          stock: 20,
          category: "disposable-vapes",
          line: { id: lineId, options: [flavor], position: 0 },
        },
        [],
      ),
    );
  }
  await createRule(
    db,
    ruleSchema.parse({
      name: `Sold here rule ${tag()}`,
      productIds: String(variants[1]),
      states: "WY",
      effectiveFrom: "2025-01-01",
      effect: "block",
      reason: "This line cannot be shipped to {state}.",
      label: "line ban",
    }),
    { id: null, name: "Test" },
  );
  const row = await db
    .selectFrom("brands")
    .select("slug")
    .where("id", "=", brandId as number)
    .executeTakeFirstOrThrow();
  return { brand, slug: row.slug };
}

test.describe("sold to my address", () => {
  test("a Wyoming buyer keeps the lines sold there, counted, before the script runs", async ({ page }) => {
    const { brand, slug } = await brandWithTwoLines();
    const customer = await createCustomer({ withAddress: false });
    await createAddress(getDb(), customer.id, {
      businessName: `Cheyenne Stop ${tag()}`,
      street: "100 Capitol Ave",
      city: "Cheyenne",
      state: "WY",
      zip: "82001",
      phone: "(307) 555-0100",
      isDefault: true,
    });
    await logIn(page, customer);
    const release = await holdScripts(page);
    await page.goto(`/brands/${slug}`, { waitUntil: "commit" });
    const cards = page.getByRole("article");
    await expect(cards.filter({ hasText: `${brand} Banned` })).toBeVisible();
    await expect(cards.filter({ hasText: `${brand} Allowed` })).toBeVisible();
    const filter = page.getByRole("checkbox", { name: `${LINE_MESSAGES.soldToMyAddress} (1)` });
    await expect(page.getByRole("checkbox", { name: `${LINE_MESSAGES.inStockOnly} (2)` })).toBeVisible();
    await filter.check();
    await page.getByRole("button", { name: "Show" }).click();
    await expect(page).toHaveURL(/[?&]sold=here/);
    await expect(cards.filter({ hasText: `${brand} Allowed` })).toBeVisible();
    await expect(cards.filter({ hasText: `${brand} Banned` })).toHaveCount(0);
    await expect(page.getByRole("checkbox", { name: `${LINE_MESSAGES.soldToMyAddress} (1)` })).toBeChecked();
    await release();

    // With the script (its Show buttons gone): unticking shows both again at once.
    await expect(page.getByRole("button", { name: "Show" })).toHaveCount(0);
    await page.getByRole("checkbox", { name: `${LINE_MESSAGES.soldToMyAddress} (1)` }).uncheck();
    await expect(cards.filter({ hasText: `${brand} Banned` })).toBeVisible();
    await expect(page).not.toHaveURL(/sold=here/);
    await expectNoSeriousViolations(page, "brand page filtered to sold here");
  });

  test("a visitor is not offered the filter, and asking for it changes nothing", async ({ page }) => {
    const { brand, slug } = await brandWithTwoLines();
    await page.goto(`/brands/${slug}?sold=here`);
    await expect(page.getByRole("article").filter({ hasText: `${brand} Banned` })).toBeVisible();
    await expect(page.getByRole("checkbox", { name: new RegExp(LINE_MESSAGES.soldToMyAddress) })).toHaveCount(0);
  });

  test("a flavor filter keeps the lines in that flavor, for a visitor and a buyer, before the script runs", async ({
    page,
  }) => {
    const { brand, slug } = await brandWithTwoLines();
    for (const who of ["visitor", "buyer"] as const) {
      if (who === "buyer") await logIn(page, await createCustomer());
      const release = await holdScripts(page);
      await page.goto(`/brands/${slug}`, { waitUntil: "commit" });
      const filters = page.getByRole("group", { name: "Flavor" });
      // The filters fold under one summary until one is chosen.
      await page.getByText(LINE_MESSAGES.filtersSummary(0), { exact: true }).click();
      await filters.getByRole("checkbox", { name: "Grape (1)" }).check();
      await page
        .getByRole("form", { name: LINE_MESSAGES.filtersHeading })
        .getByRole("button", { name: "Show" })
        .click();
      await expect(page).toHaveURL(/[?&]flavor=grape/);
      const cards = page.getByRole("article");
      await expect(cards.filter({ hasText: `${brand} Banned` })).toBeVisible();
      await expect(cards.filter({ hasText: `${brand} Allowed` })).toHaveCount(0);
      await release();
      await page.unrouteAll({ behavior: "ignoreErrors" });
    }
  });

  test("a search's results filter by flavor and stock, kept when paging, before the script runs", async ({
    page,
  }, testInfo) => {
    const { brand } = await brandWithTwoLines();
    const release = await holdScripts(page);
    await page.goto(`/search?${new URLSearchParams({ q: brand })}`, { waitUntil: "commit" });
    const cards = page.getByRole("article");
    await expect(cards).toHaveCount(2);
    await expect(page.getByRole("checkbox", { name: `${LINE_MESSAGES.inStockOnly} (2)` })).toBeVisible();
    await page.getByText(LINE_MESSAGES.filtersSummary(0), { exact: true }).click();
    await page.getByRole("group", { name: "Flavor" }).getByRole("checkbox", { name: "Grape (1)" }).check();
    await page.getByRole("form", { name: LINE_MESSAGES.filtersHeading }).getByRole("button", { name: "Show" }).click();
    await expect(page).toHaveURL(/[?&]flavor=grape/);
    await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(brand).replace(/%20/g, "[+]")}`));
    await expect(cards).toHaveCount(1);
    await expect(cards.filter({ hasText: `${brand} Banned` })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Results for “${brand}”`);
    await release();
    await page.screenshot({ path: testInfo.outputPath("search-filtered.png"), fullPage: true });
    await expectNoSeriousViolations(page, "search filtered by flavor");
  });
});

import "./support/env";
import type { Locator, Page } from "@playwright/test";
import { isPhone, siteNav } from "./support/account";
import {
  freshProduct,
  imageKeys,
  jpegImage,
  logInOn,
  mediaFileExists,
  mediaKeyOf,
  otherPerson,
  pngImage,
  productRow,
  productsNamed,
  tag,
} from "./support/admin";
import { expectNoSeriousViolations } from "./support/axe";
import { productPageUrl } from "./support/catalog";
import { answerQuestion } from "./support/confirm";
import { createAdminAccount, createCustomer, refuseInserts } from "./support/data";
import { expect, logIn, test } from "./support/fixtures";

/** One random colour per run, so every upload has a key of its own. */
function randomColour(): [number, number, number] {
  const b = crypto.getRandomValues(new Uint8Array(3));
  return [b[0] as number, b[1] as number, b[2] as number];
}

function productsTable(page: Page): Locator {
  return page.getByRole("table", { name: "Products" });
}

function rowOf(page: Page, name: string): Locator {
  return productsTable(page)
    .getByRole("row")
    .filter({ has: page.getByRole("link", { name, exact: true }) });
}

/** Searches the admin product table by name with the filter form. */
async function searchProducts(page: Page, q: string) {
  await page.getByRole("searchbox", { name: "Search name" }).fill(q);
  await page.getByRole("button", { name: "Apply", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(q).replace(/%20/g, "(\\+|%20)")}`));
}

/** The figure shown next to `label` in the dashboard's strip of figures. */
function figure(page: Page, label: string): Locator {
  return page
    .getByLabel("Store figures")
    .locator("div")
    .filter({ has: page.getByRole("term").filter({ hasText: new RegExp(`^${label}$`) }) })
    .getByRole("definition");
}

test.describe("the product back office", () => {
  test("@desktop-only admin adds a product with two images, edits price, stock and images; the store follows", async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    const admin = await createAdminAccount();
    const t = tag();
    const name = `Adm Glass ${t}`;
    const first = await pngImage(800, 600, randomColour());
    const second = await jpegImage(900, 700, randomColour());

    await logIn(page, admin);
    await page.goto("/");
    const nav = await siteNav(page);
    await nav.getByRole("link", { name: "Admin Dashboard" }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
    for (const label of ["Orders today", "Orders, last 7 days", "Orders waiting", "Out of stock"]) {
      await expect(figure(page, label)).toHaveText(/^\d{1,3}(,\d{3})*$/);
    }
    await expect(figure(page, "Revenue, last 7 days")).toHaveText(/^\$[\d,]+\.\d{2}$/);

    // Add the product with two images.
    await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Products" }).click();
    await page.getByRole("link", { name: "Add product" }).click();
    await expect(page).toHaveURL(/\/admin\/products\/new$/);
    await page.getByRole("textbox", { name: "Name", exact: true }).fill(name);
    await page.getByRole("textbox", { name: "Price (USD)" }).fill("12.50");
    await page.getByRole("textbox", { name: "Quantity in stock" }).fill("40");
    await page.getByRole("combobox", { name: "Category" }).selectOption("glass");
    await page.getByRole("textbox", { name: "Description" }).fill("Hand-blown test piece.");
    await page.getByLabel("Images", { exact: true }).setInputFiles([
      { name: "front.png", mimeType: "image/png", buffer: first },
      { name: "side.jpg", mimeType: "image/jpeg", buffer: second },
    ]);
    await page.getByRole("button", { name: "Add product" }).click();
    await expect(page.getByText(`${name} added.`)).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/products\?created=\d+/);
    const id = Number(new URL(page.url()).searchParams.get("created"));

    const stored = await productRow(id);
    expect(stored).toMatchObject({ name, price_cents: 1250, stock: 40, category: "glass" });
    const [k1, k2] = [mediaKeyOf(first), mediaKeyOf(second)];
    expect(await imageKeys(id)).toEqual([k1, k2]);
    expect(await mediaFileExists(`${k1.slice(0, 2)}/${k1}-400.webp`)).toBe(true);
    expect(await mediaFileExists(`${k2.slice(0, 2)}/${k2}-800.webp`)).toBe(true);

    await searchProducts(page, name);
    const row = rowOf(page, name);
    await expect(row).toHaveCount(1);
    await expect(row.getByRole("cell", { name: "$12.50" })).toBeVisible();
    await expect(row.getByRole("cell", { name: "40", exact: true })).toBeVisible();
    await expect(row.getByRole("cell", { name: "Glass", exact: true })).toBeVisible();

    // A visitor finds it in its category and on its page, with both images and no price.
    const visitorContext = await otherPerson(browser);
    const visitor = await visitorContext.newPage();
    await visitor.goto("/products/glass");
    const card = visitor.getByRole("article").filter({ has: visitor.getByRole("link", { name, exact: true }) });
    await expect(card.getByRole("img", { name, exact: true })).toHaveAttribute(
      "src",
      `/media/${k1.slice(0, 2)}/${k1}-400.webp`,
    );
    await expect(card.getByRole("link", { name: "Login to view pricing" })).toBeVisible();
    await card.getByRole("link", { name, exact: true }).click();
    await expect(visitor).toHaveURL(await productPageUrl(id));
    await expect(visitor.getByRole("heading", { level: 1, name })).toBeVisible();
    const view1 = visitor.getByRole("img", { name: `${name}, view 1 of 2` });
    const view2 = visitor.getByRole("img", { name: `${name}, view 2 of 2` });
    await expect(view1).toHaveAttribute("src", new RegExp(`/media/${k1.slice(0, 2)}/${k1}-\\d+\\.webp$`));
    await expect(view2).toHaveAttribute("src", new RegExp(`/media/${k2.slice(0, 2)}/${k2}-\\d+\\.webp$`));
    for (const img of [view1, view2]) {
      await img.scrollIntoViewIfNeeded();
      await expect
        .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth))
        .toBeGreaterThan(0);
    }
    // The product's own price box (related products below have theirs too).
    await expect(visitor.getByRole("link", { name: "Login to view pricing" }).first()).toBeVisible();
    await expect(visitor.getByRole("main")).not.toContainText("$12.50");
    await expect(visitor.getByRole("main")).not.toContainText(/\$\d/);
    await visitorContext.close();

    // Edit price and stock.
    await row.getByRole("link", { name: `Edit ${name}` }).click();
    await expect(page.getByRole("heading", { name: `Edit ${name}` })).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Price (USD)" })).toHaveValue("12.50");
    await page.getByRole("textbox", { name: "Price (USD)" }).fill("19.99");
    await page.getByRole("textbox", { name: "Quantity in stock" }).fill("7");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText(`${name} saved.`)).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/products$/);
    expect(await productRow(id)).toMatchObject({ price_cents: 1999, stock: 7 });
    // Saving without touching the images keeps them, in order.
    expect(await imageKeys(id)).toEqual([k1, k2]);

    // The audit log names who changed what, with the values before and after.
    await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Audit log" }).click();
    await page.getByRole("combobox", { name: "Record type" }).selectOption("product");
    await page.getByRole("textbox", { name: "Record number" }).fill(String(id));
    await page.getByRole("button", { name: "Filter" }).click();
    // The filtered list, not the one still on screen while it loads.
    await expect(page).toHaveURL(new RegExp(`[?&]id=${id}(&|$)`));
    const edit = page.getByRole("listitem").filter({ hasText: /^Edited .+: price, stock/ });
    await expect(edit).toHaveCount(1);
    await expect(edit).toContainText(admin.email);
    await expect(edit.getByRole("definition")).toHaveText(["$12.50", "40", "$19.99", "7"]);
    await expect(page.getByRole("listitem").filter({ hasText: /^Added / })).toContainText(name);

    const customerContext = await otherPerson(browser);
    const customerPage = await customerContext.newPage();
    await logInOn(customerPage, await createCustomer());
    await customerPage.goto(`/products/details/${id}`);
    // The product's own column (related products below show their prices too).
    const info = customerPage.getByRole("heading", { level: 1, name }).locator("..");
    await expect(info.getByText("$19.99", { exact: true })).toBeVisible();
    await expect(info.getByText("7 available")).toBeVisible();
    await expect(customerPage.getByLabel("Quantity")).toHaveAttribute("max", "7");

    // Reorder: the second image moves first.
    await page.goto(`/admin/products/${id}`);
    const images = page.getByRole("group", { name: "Current images" });
    await expect(images.getByRole("img", { name: "Image 1" })).toHaveAttribute("src", new RegExp(k1));
    await images.getByRole("button", { name: "Move image 2 earlier" }).click();
    await expect(images.getByRole("img", { name: "Image 1" })).toHaveAttribute("src", new RegExp(k2));
    await expect(images.getByRole("button", { name: "Move image 1 earlier" })).toBeDisabled();
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText(`${name} saved.`)).toBeVisible();
    expect(await imageKeys(id)).toEqual([k2, k1]);
    await customerPage.reload();
    await expect(customerPage.getByRole("img", { name: `${name}, view 1 of 2` })).toHaveAttribute(
      "src",
      new RegExp(k2),
    );

    // Remove the (now second) first upload: the store shows one image and its files are gone.
    await page.goto(`/admin/products/${id}`);
    await images.getByRole("button", { name: "Remove image 2" }).click();
    await expect(images.getByRole("img")).toHaveCount(1);
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText(`${name} saved.`)).toBeVisible();
    expect(await imageKeys(id)).toEqual([k2]);
    expect(await mediaFileExists(`${k1.slice(0, 2)}/${k1}-400.webp`)).toBe(false);
    expect(await mediaFileExists(`${k2.slice(0, 2)}/${k2}-400.webp`)).toBe(true);
    await customerPage.reload();
    await expect(customerPage.getByRole("img", { name: `${name}, view 1 of 1` })).toHaveAttribute(
      "src",
      new RegExp(k2),
    );
    await expect(customerPage.getByRole("img", { name: new RegExp(`${name}, view \\d of 2`) })).toHaveCount(0);
    await customerContext.close();
  });

  test("@desktop-only bulk update applies the filled-in fields to the selected products only", async ({ page }) => {
    const admin = await createAdminAccount();
    const t = tag();
    const names = [`Bulk ${t} A`, `Bulk ${t} B`, `Bulk ${t} C`, `Bulk ${t} D`];
    const ids = [
      await freshProduct({ name: names[0] as string, priceCents: 1000, stock: 5 }),
      await freshProduct({ name: names[1] as string, priceCents: 2000, stock: 6 }),
      await freshProduct({ name: names[2] as string, priceCents: 3000, stock: 7 }),
      await freshProduct({ name: names[3] as string, priceCents: 4000, stock: 8 }),
    ];
    await logIn(page, admin);
    await page.goto("/admin/products");
    await searchProducts(page, `Bulk ${t}`);
    await expect(productsTable(page).getByRole("link", { name: /^Bulk / })).toHaveText(names);
    await expect(page.getByRole("button", { name: "Bulk Update (0)" })).toBeDisabled();

    for (const n of names.slice(0, 3)) await page.getByRole("checkbox", { name: `Select ${n}`, exact: true }).check();
    await page.getByRole("button", { name: "Bulk Update (3)" }).click();
    const dialog = page.getByRole("dialog", { name: "Update 3 selected products" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("textbox", { name: "Price (USD)" }).fill("7.25");
    await dialog.getByRole("textbox", { name: "Quantity in stock" }).fill("33");
    await dialog.getByRole("button", { name: "Apply to 3" }).click();
    await expect(page.getByText("3 products updated.")).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("button", { name: "Bulk Update (0)" })).toBeVisible();

    for (const id of ids.slice(0, 3)) {
      expect(await productRow(id)).toMatchObject({ price_cents: 725, stock: 33, category: "novelty" });
    }
    expect(await productRow(ids[3] as number)).toMatchObject({ price_cents: 4000, stock: 8 });
    await expect(rowOf(page, names[0] as string).getByRole("cell", { name: "$7.25" })).toBeVisible();
    await expect(rowOf(page, names[3] as string).getByRole("cell", { name: "$40.00" })).toBeVisible();

    // Only the quantity this time: prices stay; a product already at that value does not count.
    await page.getByRole("checkbox", { name: `Select ${names[2]}`, exact: true }).check();
    await page.getByRole("checkbox", { name: `Select ${names[3]}`, exact: true }).check();
    await page.getByRole("button", { name: "Bulk Update (2)" }).click();
    const second = page.getByRole("dialog", { name: "Update 2 selected products" });
    // The form starts empty again: nothing of the last update is applied by accident.
    await expect(second.getByRole("textbox", { name: "Price (USD)" })).toHaveValue("");
    await expect(second.getByRole("textbox", { name: "Quantity in stock" })).toHaveValue("");
    await second.getByRole("textbox", { name: "Quantity in stock" }).fill("8");
    await second.getByRole("button", { name: "Apply to 2" }).click();
    await expect(page.getByText("1 product updated.")).toBeVisible();
    expect(await productRow(ids[2] as number)).toMatchObject({ price_cents: 725, stock: 8 });
    expect(await productRow(ids[3] as number)).toMatchObject({ price_cents: 4000, stock: 8 });
    expect(await productRow(ids[0] as number)).toMatchObject({ price_cents: 725, stock: 33 });
  });

  test("the product table is the back office's one table: axe finds nothing serious; on a phone it scrolls in its own box with each row's checkbox in view", async ({
    page,
  }) => {
    const name = `Wide ${tag()}`;
    await freshProduct({ name, priceCents: 1250, stock: 3 });
    await logIn(page, await createAdminAccount());
    await page.goto("/admin/products");
    await searchProducts(page, name);
    const table = productsTable(page);
    const row = rowOf(page, name);
    await expect(row.getByRole("cell", { name: "$12.50" })).toBeVisible();
    await expectNoSeriousViolations(page, "admin products");
    const select = row.getByRole("checkbox", { name: `Select ${name}`, exact: true });
    const stock = table.getByRole("columnheader", { name: "Stock" });
    if (isPhone(page)) {
      // Wider than the phone: the table's box scrolls sideways (from the keyboard too), never the page.
      const scroller = table.locator("xpath=..");
      await scroller.focus();
      await expect(scroller).toBeFocused();
      await expect(stock).not.toBeInViewport();
      await scroller.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
      await expect(stock).toBeInViewport();
      await expect(row.getByRole("button", { name: `Delete ${name}` })).toBeInViewport();
      await expect(select).toBeInViewport();
      await select.check();
      await expect(page.getByRole("button", { name: "Bulk Update (1)" })).toBeEnabled();
    } else {
      await expect(stock).toBeInViewport();
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      page.viewportSize()?.width ?? 0,
    );
  });

  test("@desktop-only delete asks first: a dismissed confirmation deletes nothing, an accepted one deletes", async ({
    page,
  }) => {
    const admin = await createAdminAccount();
    const name = `Doomed ${tag()}`;
    const id = await freshProduct({ name, priceCents: 999, stock: 4 });
    await logIn(page, admin);
    await page.goto("/admin/products");
    await searchProducts(page, name);
    const button = rowOf(page, name).getByRole("button", { name: `Delete ${name}` });
    await answerQuestion(page, button, "Are you sure you want to delete this product?", false);
    await expect(rowOf(page, name)).toHaveCount(1);
    expect(await productRow(id)).toBeDefined();

    await answerQuestion(page, button, "Are you sure you want to delete this product?", true);
    await expect(page.getByText("Product deleted.")).toBeVisible();
    await expect(page.getByText("No products available.")).toBeVisible();
    expect(await productRow(id)).toBeUndefined();
  });

  test("the add form refuses missing and malformed fields and creates nothing @desktop-only", async ({ page }) => {
    const admin = await createAdminAccount();
    await logIn(page, admin);
    await page.goto("/admin/products/new");
    const nameField = page.getByRole("textbox", { name: "Name", exact: true });
    const price = page.getByRole("textbox", { name: "Price (USD)" });
    const quantity = page.getByRole("textbox", { name: "Quantity in stock" });
    const category = page.getByRole("combobox", { name: "Category" });

    await page.getByRole("button", { name: "Add product" }).click();
    await expect(nameField).toHaveAccessibleDescription("Name is required.");
    await expect(price).toHaveAccessibleDescription("Price is required.");
    await expect(quantity).toHaveAccessibleDescription("Quantity is required.");
    await expect(category).toHaveAccessibleDescription("Category is required.");
    for (const field of [nameField, price, quantity, category])
      await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(page).toHaveURL(/\/admin\/products\/new$/);

    const name = `Invalid ${tag()}`;
    const priceError = "Enter the price as dollars and cents, like 1,234.56.";
    const quantityError = "Quantity must be a whole number, 0 or more.";
    for (const [p, q] of [
      ["abc", "2.5"],
      ["1.234", "-1"],
      ["12,50", "1e3"],
    ] as const) {
      await nameField.fill(name);
      await price.fill(p);
      await quantity.fill(q);
      await category.selectOption("glass");
      await page.getByRole("button", { name: "Add product" }).click();
      await expect(price).toHaveAccessibleDescription(priceError);
      await expect(quantity).toHaveAccessibleDescription(quantityError);
      await expect(nameField).not.toHaveAttribute("aria-invalid", "true");
      await expect(category).not.toHaveAttribute("aria-invalid", "true");
    }
    // A good price with a bad quantity is still refused (each field is checked on its own).
    await price.fill("3.50");
    await quantity.fill("2.5");
    await page.getByRole("button", { name: "Add product" }).click();
    await expect(quantity).toHaveAccessibleDescription(quantityError);
    await expect(price).not.toHaveAttribute("aria-invalid", "true");
    await expect(page).toHaveURL(/\/admin\/products\/new$/);
    expect(await productsNamed(name)).toEqual([]);
  });

  test("a product the database refuses to store answers 'Failed to add product.' @desktop-only", async ({ page }) => {
    test.skip(!refuseInserts.supported(), "simulated on SQLite");
    const admin = await createAdminAccount();
    await logIn(page, admin);
    await page.goto("/admin/products/new");
    const name = `Refused ${tag()}`;
    const restore = await refuseInserts.on("products", "name", name);
    try {
      await page.getByRole("textbox", { name: "Name", exact: true }).fill(name);
      await page.getByRole("textbox", { name: "Price (USD)" }).fill("4.00");
      await page.getByRole("textbox", { name: "Quantity in stock" }).fill("5");
      await page.getByRole("combobox", { name: "Category" }).selectOption("glass");
      await page.getByRole("button", { name: "Add product" }).click();
      await expect(page.getByRole("alert").filter({ hasText: "Failed to add product." })).toBeVisible();
      await expect(page).toHaveURL(/\/admin\/products\/new$/);
      // What was typed stays, so nothing is lost.
      await expect(page.getByRole("textbox", { name: "Name", exact: true })).toHaveValue(name);
      expect(await productsNamed(name)).toEqual([]);
    } finally {
      await restore();
    }
  });

  test("@desktop-only the Name and Price headers sort the table, keep the search, and say how it is sorted", async ({
    page,
  }) => {
    const t = tag();
    const [cheap, dear, middle] = [`Hdr ${t} Cheap`, `Hdr ${t} Dear`, `Hdr ${t} Middle`];
    await freshProduct({ name: middle, priceCents: 300, stock: 2 });
    await freshProduct({ name: dear, priceCents: 900, stock: 2 });
    await freshProduct({ name: cheap, priceCents: 100, stock: 2 });
    await logIn(page, await createAdminAccount());
    await page.goto("/admin/products");
    await searchProducts(page, `Hdr ${t}`);
    const table = productsTable(page);
    const names = table.getByRole("link", { name: /^Hdr / });
    const price = table.getByRole("columnheader", { name: "Price" });
    const name = table.getByRole("columnheader", { name: "Name" });
    const sortBy = page.getByRole("combobox", { name: "Sort by" });
    await expect(names).toHaveText([cheap, dear, middle]);
    await expect(name).toHaveAttribute("aria-sort", "ascending");
    await expect(price).not.toHaveAttribute("aria-sort");

    await price.getByRole("link", { name: "Price" }).click();
    await expect(names).toHaveText([cheap, middle, dear]);
    await expect(price).toHaveAttribute("aria-sort", "ascending");
    await expect(sortBy).toHaveValue("price-asc");
    await price.getByRole("link", { name: "Price" }).click();
    await expect(names).toHaveText([dear, middle, cheap]);
    await expect(price).toHaveAttribute("aria-sort", "descending");
    await expect(sortBy).toHaveValue("price-desc");

    await name.getByRole("link", { name: "Name" }).click();
    await expect(names).toHaveText([cheap, dear, middle]);
    await expect(name).toHaveAttribute("aria-sort", "ascending");
    await expect(price).not.toHaveAttribute("aria-sort");
    await expect(page.getByRole("searchbox", { name: "Search name" })).toHaveValue(`Hdr ${t}`);
  });

  test("@desktop-only the product table sorts by price, filters by stock and exact category, and searches names", async ({
    page,
  }) => {
    const admin = await createAdminAccount();
    const t = tag();
    const alpha = `Filt ${t} Alpha`;
    const bravo = `Filt ${t} Bravo`;
    const charlie = `Filt ${t} Charlie`;
    await freshProduct({ name: alpha, priceCents: 500, stock: 3, category: "glass" });
    await freshProduct({ name: bravo, priceCents: 100, stock: 0, category: "glass" });
    await freshProduct({ name: charlie, priceCents: 300, stock: 9, category: "novelty" });
    await logIn(page, admin);
    await page.goto("/admin/products");
    const names = productsTable(page).getByRole("link", { name: /^Filt / });

    await searchProducts(page, `filt ${t.toUpperCase()}`);
    await expect(names).toHaveText([alpha, bravo, charlie]);

    const sort = page.getByRole("combobox", { name: "Sort by" });
    const stock = page.getByRole("combobox", { name: "Stock" });
    // A select of the categories by name.
    const category = page.getByRole("combobox", { name: "Category", exact: true });
    const apply = page.getByRole("button", { name: "Apply", exact: true });

    await sort.selectOption({ label: "Price: low to high" });
    await apply.click();
    await expect(page).toHaveURL(/sort=price-asc/);
    await expect(names).toHaveText([bravo, charlie, alpha]);
    await sort.selectOption({ label: "Price: high to low" });
    await apply.click();
    await expect(page).toHaveURL(/sort=price-desc/);
    await expect(names).toHaveText([alpha, charlie, bravo]);

    await stock.selectOption({ label: "In stock" });
    await apply.click();
    await expect(page).toHaveURL(/stock=in/);
    await expect(names).toHaveText([alpha, charlie]);
    await stock.selectOption({ label: "Out of stock" });
    await apply.click();
    await expect(page).toHaveURL(/stock=out/);
    await expect(names).toHaveText([bravo]);
    await stock.selectOption({ label: "All" });

    await category.selectOption({ label: "Glass" });
    await apply.click();
    await expect(page).toHaveURL(/category=glass/);
    await expect(names).toHaveText([alpha, bravo]);
    // The address still filters by exact, case-insensitive match: a part of a slug finds nothing.
    await page.goto(`/admin/products?q=${encodeURIComponent(`filt ${t}`)}&category=GLASS`);
    await expect(category).toHaveValue("glass");
    await expect(names).toHaveText([alpha, bravo]);
    await page.goto(`/admin/products?q=${encodeURIComponent(`filt ${t}`)}&category=gla`);
    await expect(page.getByText("No products available.")).toBeVisible();
    await expect(productsTable(page)).toHaveCount(0);

    // Across the whole catalog: every row of an out-of-stock page is at 0, prices go down.
    await page.goto("/admin/products?stock=out");
    const stockCells = productsTable(page).getByRole("row").locator("td:nth-child(7)");
    await expect(stockCells.first()).toBeVisible();
    for (const text of await stockCells.allTextContents()) expect(Number(text)).toBeLessThanOrEqual(0);
    await page.goto("/admin/products?sort=price-desc&category=Glass");
    const priceCells = productsTable(page).getByRole("row").locator("td:nth-child(6)");
    await expect(priceCells.first()).toBeVisible();
    const prices = (await priceCells.allTextContents()).map((p) => Number(p.replace(/[$,]/g, "")));
    expect(prices.length).toBeGreaterThan(2);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
    const categories = await productsTable(page).getByRole("row").locator("td:nth-child(5)").allTextContents();
    expect(new Set(categories)).toEqual(new Set(["Glass"]));
  });
});

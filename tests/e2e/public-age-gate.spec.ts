import { productsInCategory, waitForHydration } from "./support/catalog";
import { expect, test } from "./support/fixtures";

const UNDERAGE_MESSAGE = "You must be 21 or older to enter this site.";

test.describe("age gate", () => {
  test.use({ ageVerified: false });

  test("a new visitor must confirm their age; ENTER remembers it across reloads", async ({ page }) => {
    await page.goto("/");
    const gate = page.getByRole("dialog", { name: "Age Verification" });
    await expect(gate).toBeVisible();
    await expect(gate).toContainText("21 or older");
    expect(await page.evaluate(() => window.localStorage.getItem("ageVerified"))).toBeNull();

    await gate.getByRole("button", { name: "ENTER" }).click();
    await expect(gate).toBeHidden();
    expect(await page.evaluate(() => window.localStorage.getItem("ageVerified"))).toBe("true");
    // The page behind the gate is usable again.
    await expect(page.getByRole("button", { name: "Next slide" })).toBeEnabled();
    await page.getByRole("button", { name: "Next slide" }).click();
    await expect(page.getByRole("group", { name: "2 of 3: Kratom" })).toBeVisible();

    await page.reload();
    await expect(page.getByRole("dialog", { name: "Age Verification" })).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "New Products" })).toBeVisible();
  });

  test("UNDERAGE shows the alert and leaves the site", async ({ page }) => {
    await page.route("https://www.google.com/**", (route) =>
      route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>Search</title><p>away</p>" }),
    );
    await page.goto("/products/kratom");
    const gate = page.getByRole("dialog", { name: "Age Verification" });
    await expect(gate).toBeVisible();

    const alerts: { type: string; message: string }[] = [];
    page.on("dialog", async (dialog) => {
      alerts.push({ type: dialog.type(), message: dialog.message() });
      await dialog.accept();
    });
    await gate.getByRole("button", { name: "UNDERAGE" }).click();
    await expect(page).toHaveURL("https://www.google.com/");
    expect(alerts).toEqual([{ type: "alert", message: UNDERAGE_MESSAGE }]);
    await expect(page.getByText("away")).toBeVisible();
  });

  test("the gated page still carries its content in the server HTML", async ({ request }) => {
    const kratom = (await productsInCategory("kratom")).map((p) => p.name).sort();
    expect(kratom.length).toBeGreaterThan(0);
    const res = await request.get("/products/kratom");
    expect(res.status()).toBe(200);
    const html = await res.text();
    expect(html).toContain('id="age-gate"');
    expect(html).toContain("Age Verification");
    // Listing is ordered by name, so the alphabetically first kratom product is on the first page.
    expect(html).toContain(kratom[0]);
    expect(html).toMatch(/<h1[^>]*>Kratom<\/h1>/);
  });
});

test.describe("age gate from the first paint", () => {
  test("a verified visitor's page never becomes inert, so typing at first paint keeps its text and focus", async ({
    page,
  }) => {
    // Records every change of #page's inert attribute from the start of the document.
    await page.addInitScript(() => {
      const w = window as unknown as { inertChanges: number };
      w.inertChanges = 0;
      new MutationObserver((records) => {
        for (const r of records) if ((r.target as Element).id === "page") w.inertChanges += 1;
      }).observe(document, { attributes: true, attributeFilter: ["inert"], subtree: true });
    });
    await page.goto("/login");
    const field = page.getByLabel("Email or username");
    await field.click();
    await field.pressSequentially("first-paint@shop.test");
    await waitForHydration(page);
    await expect(field).toBeFocused();
    await expect(field).toHaveValue("first-paint@shop.test");
    expect(await page.evaluate(() => (window as unknown as { inertChanges: number }).inertChanges)).toBe(0);
    await expect(page.getByRole("dialog", { name: "Age Verification" })).toHaveCount(0);
  });

  test.describe("a new visitor", () => {
    test.use({ ageVerified: false });

    test("sees the gate with the page behind it inert before any script of the page has loaded; ENTER works", async ({
      page,
    }) => {
      // The page's JavaScript never arrives (a slow phone, a dropped connection).
      await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
      await page.goto("/");
      const gate = page.getByRole("dialog", { name: "Age Verification" });
      await expect(gate).toBeVisible();
      expect(await page.locator("#page").evaluate((el) => (el as HTMLElement).inert)).toBe(true);
      await expect(gate.getByRole("button", { name: "ENTER" })).toBeFocused();

      await gate.getByRole("button", { name: "ENTER" }).click();
      await expect(gate).toBeHidden();
      expect(await page.evaluate(() => window.localStorage.getItem("ageVerified"))).toBe("true");
      expect(await page.locator("#page").evaluate((el) => (el as HTMLElement).inert)).toBe(false);
      await page.getByRole("link", { name: "Kratom" }).first().click();
      await expect(page).toHaveURL(/\/products\/kratom$/);
      await expect(page.getByRole("dialog", { name: "Age Verification" })).toHaveCount(0);
    });
  });
});

import { productsInCategory, waitForHydration } from "./support/catalog";
import { expect, test } from "./support/fixtures";

const UNDERAGE_MESSAGE = "You must be 21 or older to enter this site.";

test.describe("age gate", () => {
  test.use({ ageVerified: false });

  test("a new visitor must confirm their age; ENTER remembers it across reloads", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
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
    await waitForHydration(page);
    await expect(page.getByRole("dialog", { name: "Age Verification" })).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "New Products" })).toBeVisible();
  });

  test("UNDERAGE shows the alert and leaves the site", async ({ page }) => {
    await page.route("https://www.google.com/**", (route) =>
      route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>Search</title><p>away</p>" }),
    );
    await page.goto("/products/kratom");
    await waitForHydration(page);
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

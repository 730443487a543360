import "./support/env";
import * as MESSAGES from "../../app/lib/messages";
import * as API_MESSAGES from "../../app/lib/messages/api";
import { freshProduct, ORIGIN, otherPerson, tag } from "./support/admin";
import { expectNoSeriousViolations } from "./support/axe";
import { answerQuestion } from "./support/confirm";
import { createAdminAccount } from "./support/data";
import { expect, logIn, test } from "./support/fixtures";

/**
 * The public REST API (issue 42): an admin makes a key on the API page and sees it once; a program
 * sets a variant's stock with it and the store's product page shows the product back in stock;
 * the admin revokes the key and the program's next call is refused.
 */
test.describe("the REST API's keys @desktop-only", () => {
  test("a key made on the API page sets stock through the API; revoked, it is refused", async ({
    page,
    browser,
    request,
  }) => {
    const name = `API Vape ${tag()}`;
    const productId = await freshProduct({ name, priceCents: 1800, stock: 0 });
    const visitorContext = await otherPerson(browser);
    const visitor = await visitorContext.newPage();
    await visitor.goto(`/products/details/${productId}`);
    await expect(visitor.getByText(MESSAGES.outOfStock)).toBeVisible();

    await logIn(page, await createAdminAccount());
    await page.goto("/admin");
    await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "API" }).click();
    await expect(page.getByRole("heading", { level: 2, name: API_MESSAGES.keysTitle })).toBeVisible();
    await expectNoSeriousViolations(page, "the API keys page");

    // Create: a name and scopes; the secret is shown once.
    const keyName = `Feed ${tag()}`;
    await page.getByLabel("Name").fill(keyName);
    await page.getByRole("checkbox", { name: "catalog:read" }).check();
    await page.getByRole("checkbox", { name: "catalog:write" }).check();
    await page.getByRole("button", { name: "Create key" }).click();
    await expect(page.getByRole("heading", { name: API_MESSAGES.keyCreated(keyName) })).toBeVisible();
    const secret = await page.getByLabel("Secret key").inputValue();
    expect(secret).toMatch(/^sk_live_/);
    await expect(page.getByRole("button", { name: "Copy" })).toBeVisible();
    await expectNoSeriousViolations(page, "the API keys page with a new key");
    const row = page.getByRole("listitem").filter({ hasText: keyName });
    await expect(row.getByText(`${secret.slice(0, 16)}…`)).toBeVisible();
    await expect(row.getByText(API_MESSAGES.neverUsed)).toBeVisible();
    // Never again: a reload shows the key's prefix only.
    await page.reload();
    await expect(page.getByLabel("Secret key")).toHaveCount(0);
    await expect(page.getByText(secret)).toHaveCount(0);

    // A program sets the variant's stock with the key.
    const headers = { Authorization: `Bearer ${secret}` };
    const set = await request.post(`${ORIGIN}/api/v1/products/bulk-update`, {
      headers: { ...headers, "Idempotency-Key": `e2e-${tag()}` },
      data: { items: [{ id: productId, stock: 25 }] },
    });
    expect(set.status()).toBe(200);
    expect(((await set.json()) as { products: { stock: number }[] }).products[0]?.stock).toBe(25);

    // The store's product page shows it in stock.
    await visitor.reload();
    await expect(visitor.getByRole("main").getByText("In Stock", { exact: true })).toBeVisible();
    await expect(visitor.getByRole("button", { name: "Add to Cart" })).toBeEnabled();
    await visitorContext.close();

    // The key's last use is on the page; the admin revokes it.
    await page.reload();
    await expect(row.getByText(/^Last used /)).toBeVisible();
    await answerQuestion(
      page,
      row.getByRole("button", { name: `Revoke ${keyName}` }),
      API_MESSAGES.confirmRevoke(keyName),
      true,
    );
    await expect(page.getByText(API_MESSAGES.keyRevoked(keyName))).toBeVisible();
    await expect(row.getByText("Revoked", { exact: true })).toBeVisible();

    const refused = await request.get(`${ORIGIN}/api/v1/products?limit=1`, { headers });
    expect(refused.status()).toBe(401);
    expect(refused.headers()["content-type"]).toContain("application/problem+json");
  });

  test("the API reference is a page for people, drawn without scripts", async ({ page }) => {
    const scripts: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "script") scripts.push(r.url());
    });
    await page.goto("/api/v1/docs");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("heading", { name: "POST /api/v1/products/bulk-update" })).toBeVisible();
    await expect(page.getByRole("link", { name: "openapi.json" })).toBeVisible();
    expect(scripts).toEqual([]);
    await expectNoSeriousViolations(page, "the API reference");
  });
});

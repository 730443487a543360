import "./support/env";
import { getDb } from "../../app/.server/db/instance";
import { createPriceGroup } from "../../app/.server/pricing/groups";
import * as BACK_OFFICE_MESSAGES from "../../app/lib/messages/back-office";
import { TEST_ADMIN } from "../support/actors";
import { APP_ORIGIN } from "./support/account";
import { freshProduct, orderStatus, placeOrderFor, productRow, stockOf, tag } from "./support/admin";
import { confirmStep } from "./support/confirm";
import { createAdminAccount, createCustomer } from "./support/data";
import { expect, holdScripts, logIn, test } from "./support/fixtures";

/**
 * What cannot be taken back (delete a product or a price group, remove an order's line, cancel an
 * order) happens only once the admin has said yes. A tap that comes before the page's JavaScript
 * runs posts the plain form: the server changes nothing and asks, on the page; Cancel leaves
 * everything as it was, Confirm does it. A script posting without the answer gets the question.
 */
test.describe("a destructive tap before the page's JavaScript runs @desktop-only", () => {
  test("deleting a product asks on the page first", async ({ page }) => {
    const name = `Early Delete ${tag()}`;
    const id = await freshProduct({ name, priceCents: 700, stock: 3 });
    const sku = (await productRow(id))?.sku as string;
    const release = await holdScripts(page);
    await logIn(page, await createAdminAccount());
    await page.goto(`/admin/products?q=${encodeURIComponent(name)}`, { waitUntil: "commit" });
    const button = page.getByRole("button", { name: `Delete ${name}` });

    await button.click();
    const step = confirmStep(page, "Are you sure you want to delete this product?");
    await expect(step).toBeVisible();
    await expect(step).toContainText(`${name} (${sku})`);
    await page.screenshot({ path: "test-results/confirm-step-desktop.png" });
    expect(await productRow(id)).toBeDefined();
    await step.getByRole("link", { name: "Cancel", exact: true }).click();
    await expect(step).toBeHidden();
    expect(await productRow(id)).toBeDefined();

    await button.click();
    await step.getByRole("button", { name: "Confirm", exact: true }).click();
    await expect(page.getByText(BACK_OFFICE_MESSAGES.productDeleted)).toBeVisible();
    expect(await productRow(id)).toBeUndefined();
    await release();
  });

  test("removing a line and cancelling an order ask on the page first", async ({ page }) => {
    const customer = await createCustomer();
    const kept = await freshProduct({ name: `Early Kept ${tag()}`, priceCents: 1000, stock: 10 });
    const removed = await freshProduct({ name: `Early Removed ${tag()}`, priceCents: 500, stock: 10 });
    const removedName = (await productRow(removed))?.name as string;
    const orderId = await placeOrderFor(customer, [
      { id: kept, quantity: 2 },
      { id: removed, quantity: 3 },
    ]);
    const release = await holdScripts(page);
    await logIn(page, await createAdminAccount());
    await page.goto(`/admin/orders/${orderId}`, { waitUntil: "commit" });

    await page.getByRole("button", { name: `Remove ${removedName}` }).click();
    const removeStep = confirmStep(page, BACK_OFFICE_MESSAGES.confirmRemoveLine(removedName));
    await expect(removeStep).toBeVisible();
    expect(await stockOf(removed)).toBe(7);
    await removeStep.getByRole("button", { name: "Confirm", exact: true }).click();
    await expect(page.getByText(`New total $20.00.`)).toBeVisible();
    expect(await stockOf(removed)).toBe(10);

    await page.getByRole("button", { name: `Cancel order #${orderId}` }).click();
    const cancelStep = confirmStep(page, BACK_OFFICE_MESSAGES.confirmCancelOrder);
    await expect(cancelStep).toBeVisible();
    await expect(cancelStep).toContainText(`Order #${orderId}`);
    expect(await orderStatus(orderId)).toBe("Processing");
    await cancelStep.getByRole("link", { name: "Cancel", exact: true }).click();
    await expect(cancelStep).toBeHidden();
    expect(await orderStatus(orderId)).toBe("Processing");
    await page.getByRole("button", { name: `Cancel order #${orderId}` }).click();
    await cancelStep.getByRole("button", { name: "Confirm", exact: true }).click();
    await expect(page.getByText(BACK_OFFICE_MESSAGES.orderNotEditable("Cancelled"))).toBeVisible();
    expect(await orderStatus(orderId)).toBe("Cancelled");
    expect(await stockOf(kept)).toBe(10);
    await release();
  });

  test("deleting a price group asks on the page first", async ({ page }) => {
    const name = `Early Group ${tag()}`;
    const groupId = await createPriceGroup(getDb(), { name, kind: "percent", percentOffBp: 500 }, TEST_ADMIN);
    const release = await holdScripts(page);
    await logIn(page, await createAdminAccount());
    await page.goto(`/admin/price-groups?group=${groupId}`, { waitUntil: "commit" });
    await page.getByRole("button", { name: "Delete group" }).click();
    const step = confirmStep(page, BACK_OFFICE_MESSAGES.confirmDeleteGroup(name));
    await expect(step).toBeVisible();
    await expect(page.getByRole("heading", { name, exact: true })).toBeVisible();
    await step.getByRole("button", { name: "Confirm", exact: true }).click();
    await expect(step).toBeHidden();
    await expect(page.getByRole("link", { name })).toHaveCount(0);
    const left = await getDb().selectFrom("price_groups").select("id").where("id", "=", groupId).executeTakeFirst();
    expect(left).toBeUndefined();
    await release();
  });

  test("a script posting a delete or a cancel without the answer gets the question, and nothing changes", async ({
    page,
  }) => {
    const customer = await createCustomer();
    const product = await freshProduct({ name: `Scripted ${tag()}`, priceCents: 800, stock: 4 });
    const orderId = await placeOrderFor(customer, [{ id: product, quantity: 1 }]);
    await logIn(page, await createAdminAccount());
    const headers = { Origin: APP_ORIGIN };
    const del = await page.request.post("/admin/products", {
      form: { intent: "delete", id: String(product) },
      headers,
    });
    expect(del.status()).toBe(200);
    expect(await del.text()).toContain(BACK_OFFICE_MESSAGES.confirmDeleteProduct);
    expect(await productRow(product)).toBeDefined();
    // The cancel form names the status its page showed (issue 26); without it nothing is asked or done.
    const blind = await page.request.post(`/admin/orders/${orderId}`, { form: { intent: "cancel" }, headers });
    expect(blind.status()).toBe(400);
    const cancel = await page.request.post(`/admin/orders/${orderId}`, {
      form: { intent: "cancel", seen: "Processing" },
      headers,
    });
    expect(cancel.status()).toBe(200);
    expect(await cancel.text()).toContain(BACK_OFFICE_MESSAGES.confirmCancelOrder);
    expect(await orderStatus(orderId)).toBe("Processing");
  });
});

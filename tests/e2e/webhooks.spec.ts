import "./support/env";
import { freshProduct, placeOrderFor, tag } from "./support/admin";
import { expectNoSeriousViolations } from "./support/axe";
import { createAdminAccount, createCustomer } from "./support/data";
import { expect, logIn, test } from "./support/fixtures";

/**
 * Webhooks (issue 42), as an admin uses them: an http:// URL and a private address are refused
 * at the URL field; an endpoint is registered and its secret shown; an order placed through the
 * real checkout is in its delivery log (written with the order), and is replayed. The server
 * runs with the default settings (https only, no private addresses): this endpoint's name does
 * not resolve, so its attempts fail and are logged; the endpoint is disabled at the end.
 */
test("an admin registers a webhook endpoint, sees its secret and an order's delivery, and replays it @desktop-only", async ({
  page,
}) => {
  const admin = await createAdminAccount();
  await logIn(page, admin);
  await page.goto("/admin/webhooks");
  await expect(page.getByRole("heading", { name: "Webhooks", exact: true })).toBeVisible();
  await expectNoSeriousViolations(page, "webhooks list");

  const url = page.getByLabel("URL");
  const add = page.getByRole("button", { name: "Add endpoint" });
  await url.fill(`http://hooks-${tag()}.example.com/in`);
  await add.click();
  await expect(url).toHaveAccessibleDescription("The URL must start with https://.");

  await url.fill("https://10.0.0.8/hook");
  await add.click();
  await expect(url).toHaveAccessibleDescription(
    "This URL points to a private, loopback or internal address. Webhooks go only to public addresses.",
  );

  const host = `hooks-${tag()}.example.invalid`;
  await url.fill(`https://${host}/in`);
  await page.getByLabel("Description").fill("Accounting sync");
  await add.click();
  await expect(page.getByText("Webhook endpoint added. Copy its signing secret below.")).toBeVisible();
  await expect(page.getByRole("heading", { name: `https://${host}/in` })).toBeVisible();
  await expect(page.getByText(/^whsec_[A-Za-z0-9+/=]{40,}$/)).toBeVisible();
  await expectNoSeriousViolations(page, "webhook endpoint");

  const customer = await createCustomer({ withAddress: true });
  const product = await freshProduct({ name: `Hook Pod ${tag()}`, priceCents: 1500, stock: 50 });
  const orderId = await placeOrderFor(customer, [{ id: product, quantity: 2 }]);

  await page.reload();
  const delivery = page
    .getByRole("listitem")
    .filter({ hasText: "Order placed" })
    .filter({ hasText: `"orderId":${orderId},` });
  await expect(delivery).toBeVisible();
  await delivery.getByText("Payload").click();
  await expect(delivery.getByText(`"orderId":${orderId},`)).toBeVisible();
  await delivery.getByRole("button", { name: /Replay/ }).click();
  await expect(page.getByText("Delivery queued again.")).toBeVisible();

  // Off again, so the other journeys' orders are not sent to it.
  await page.getByRole("button", { name: "Disable", exact: true }).click();
  await expect(page.getByText("Endpoint disabled.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Enable", exact: true })).toBeVisible();
});

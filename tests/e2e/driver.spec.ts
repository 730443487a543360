import "./support/env";
import type { Page } from "@playwright/test";
import { getDb } from "../../app/.server/db/instance";
import { driverUser, routeWithStops } from "../support/delivery";
import { freshProduct, placeOrderFor, tag } from "./support/admin";
import { expectNoSeriousViolations } from "./support/axe";
import { createAdminAccount, createCustomer } from "./support/data";
import { expect, logIn, logInWithForm, test } from "./support/fixtures";
import { sign } from "./support/signature";

async function shot(page: Page, name: string) {
  const project = test.info().project.name;
  if (process.env.SHOTS) await page.screenshot({ path: `${process.env.SHOTS}/${project}-${name}.png`, fullPage: true });
}

/**
 * The driver's day (issue 40) on a 390 px phone: the driver logs in and opens today's manifest;
 * the signal goes halfway through the route; they deliver a stop with a printed name and a drawn
 * signature, collect a check with its number, and partly deliver the next stop; the phone keeps
 * it all and says so (even across a reload without signal); back online, the actions are sent,
 * each once, and the admin sees them on the settlement page.
 */
test.describe("the driver's phone app", () => {
  test("delivers, collects and partly delivers without signal, then syncs once", async ({ page, browser }) => {
    test.setTimeout(120_000);
    const db = getDb();
    const suffix = tag();
    const driver = await driverUser(db, `driver-${suffix}@drivers.test`, `pw-${suffix}-driver`);
    await db
      .updateTable("users")
      .set({ username: `driver_${suffix}` })
      .where("id", "=", driver.id)
      .execute();
    const shopA = await createCustomer();
    const shopB = await createCustomer();
    const product = await freshProduct({ name: `Coil Pack ${suffix}`, priceCents: 1_500, stock: 100 });
    const orderA = await placeOrderFor(shopA, [{ id: product, quantity: 2 }]);
    const orderB = await placeOrderFor(shopB, [{ id: product, quantity: 4 }]);
    const zoneName = `North ${suffix}`;
    await routeWithStops(db, { driverId: driver.id, orderIds: [orderA, orderB], zoneName });

    await logInWithForm(page, { email: driver.email, password: `pw-${suffix}-driver` });
    const manifest = await page.goto("/driver");
    // The phone may be asked where it is (proof of delivery); no other page may ask.
    expect(manifest?.headers()["permissions-policy"]).toContain("geolocation=(self)");
    await expect(page.getByRole("heading", { name: "Today's deliveries" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Open stop 1" })).toBeVisible();
    await expect(page.getByRole("link", { name: /1500 Main St, Dallas, TX 75201/ }).first()).toHaveAttribute(
      "href",
      /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=1500%20Main%20St/,
    );
    await expect(page.getByRole("link", { name: "(214) 555-0100" }).first()).toHaveAttribute("href", "tel:2145550100");
    await expect(page.getByText("Everything is sent.")).toBeVisible();
    await expectNoSeriousViolations(page, "driver manifest at 390 px");
    await shot(page, "driver-manifest");
    // The page and its assets are kept for use without signal once the service worker runs it.
    await page.waitForFunction(async () => (await navigator.serviceWorker.getRegistration("/driver"))?.active != null);

    // The signal goes.
    await page.context().setOffline(true);
    await page.getByRole("link", { name: "Open stop 1" }).click();
    await page.getByLabel("Receiver's printed name").fill("Rosa Diaz");
    await sign(page);
    await shot(page, "driver-stop-signed");
    await page.getByRole("button", { name: "Delivered", exact: true }).click();
    await expect(page.getByText("1 action waits to be sent.")).toBeVisible();
    await expect(page.getByText("No signal:")).toBeVisible();
    await page.getByLabel("Method").selectOption("check");
    await page.getByLabel("Check number").fill("1042");
    await page.getByLabel("Amount ($)").fill("40.00");
    await page.getByRole("button", { name: "Record collection" }).click();
    await expect(page.getByText("2 actions wait to be sent.")).toBeVisible();
    await expect(page.getByText("Collected: $40.00")).toBeVisible();
    await shot(page, "driver-stop-offline");

    await page.getByRole("button", { name: "← All stops" }).click();
    await page.getByRole("link", { name: "Open stop 2" }).click();
    await page.getByRole("button", { name: "Partly delivered" }).click();
    await page.getByLabel(`Delivered of Coil Pack ${suffix}`).fill("3");
    await page.getByLabel(`Why less of Coil Pack ${suffix}`).selectOption("short");
    await page.getByLabel("Receiver's printed name").fill("Sam Lee");
    await sign(page);
    await page.getByRole("button", { name: "Save partial delivery" }).click();
    await expect(page.getByText("3 actions wait to be sent.")).toBeVisible();

    // A reload without signal: the service worker answers with the kept page; the queue is still there.
    await page.reload();
    await expect(page.getByRole("heading", { name: "Today's deliveries" })).toBeVisible();
    await expect(page.getByText("3 actions wait to be sent.")).toBeVisible();
    const before = await db
      .selectFrom("delivery_sync_actions")
      .select("key")
      .where("driver_id", "=", driver.id)
      .execute();
    expect(before).toEqual([]);

    // The signal is back: the queue is sent, in order, each action once.
    await page.context().setOffline(false);
    await expect(page.getByText("Everything is sent.")).toBeVisible();
    await expect(page.getByRole("listitem").filter({ hasText: "Partly delivered" })).toHaveCount(1);
    const applied = await db
      .selectFrom("delivery_sync_actions")
      .select(["kind", "result"])
      .where("driver_id", "=", driver.id)
      .orderBy("received_at")
      .execute();
    expect(applied.map((a) => a.kind).sort()).toEqual(["collection", "delivered", "partial"]);
    expect(applied.every((a) => a.result !== null)).toBe(true);
    const payments = await db
      .selectFrom("payments")
      .select(["amount_cents", "reference"])
      .where("recorded_by", "=", driver.id)
      .execute();
    expect(payments).toEqual([{ amount_cents: 4_000, reference: "Check 1042" }]);
    const orders = await db
      .selectFrom("orders")
      .select(["id", "status", "goods_cents"])
      .where("id", "in", [orderA, orderB])
      .orderBy("id")
      .execute();
    expect(orders).toEqual([
      { id: orderA, status: "Completed", goods_cents: 3_000 },
      { id: orderB, status: "Completed", goods_cents: 4_500 },
    ]);
    await expectNoSeriousViolations(page, "driver manifest after sync");

    // The admin sees what the driver collected, and settles the route.
    const admin = await createAdminAccount();
    const adminContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await adminContext.addInitScript(() => window.localStorage.setItem("ageVerified", "true"));
    const adminPage = await adminContext.newPage();
    await logIn(adminPage, admin);
    await adminPage.goto("/admin/settlements");
    const route = adminPage.getByRole("article").filter({ hasText: zoneName });
    await expect(route.getByText("check 1042 for $40.00")).toBeVisible();
    await expect(route.getByText("Differs")).toHaveCount(0);
    await expectNoSeriousViolations(adminPage, "settlements on desktop");
    await route.getByLabel(`Cash counted, ${zoneName}`).fill("0.00");
    await route.getByLabel(`Checks counted, ${zoneName}`).fill("40.00");
    await route.getByRole("button", { name: "Mark settled" }).click();
    await expect(route.getByText("Counted matches collected.")).toBeVisible();
    await adminContext.close();

    // The business reads who received its order, when, and sees the signature; a delivery mail is queued.
    const shopContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await shopContext.addInitScript(() => window.localStorage.setItem("ageVerified", "true"));
    const shopPage = await shopContext.newPage();
    await logIn(shopPage, shopA);
    await shopPage.goto(`/orders/${orderA}`);
    await expect(shopPage.getByText("Rosa Diaz")).toBeVisible();
    await expect(shopPage.getByRole("img", { name: "Signature of Rosa Diaz" })).toBeVisible();
    await shot(shopPage, "order-proof");
    await shopContext.close();
    const mails = await db
      .selectFrom("jobs")
      .select("id")
      .where("name", "=", "mail")
      .where("payload", "like", `%Order #${orderA} was delivered%`)
      .execute();
    expect(mails).toHaveLength(1);
  });

  test("@desktop-only the manifest on a desktop has no serious accessibility problem", async ({ page }) => {
    const db = getDb();
    const suffix = tag();
    const driver = await driverUser(db, `driver-${suffix}@drivers.test`);
    const shop = await createCustomer();
    const product = await freshProduct({ name: `Tank ${suffix}`, priceCents: 900, stock: 10 });
    const order = await placeOrderFor(shop, [{ id: product, quantity: 1 }]);
    await routeWithStops(db, { driverId: driver.id, orderIds: [order] });
    await logIn(page, driver);
    await page.goto("/driver");
    await expect(page.getByRole("link", { name: "Open stop 1" })).toBeVisible();
    await expectNoSeriousViolations(page, "driver manifest on desktop");
    await page.getByRole("link", { name: "Open stop 1" }).click();
    await expect(page.getByLabel("Receiver's printed name")).toBeVisible();
    await expectNoSeriousViolations(page, "driver stop on desktop");
    // Another driver's stop is not found for this one.
    const other = await driverUser(db, `other-${suffix}@drivers.test`);
    const otherOrder = await placeOrderFor(shop, [{ id: product, quantity: 1 }]);
    const { stopIds } = await routeWithStops(db, { driverId: other.id, orderIds: [otherOrder] });
    const response = await page.goto(`/driver/stops/${stopIds[0]}`);
    expect(response?.status()).toBe(404);
  });
});

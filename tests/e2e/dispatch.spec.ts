import "./support/env";
import type { Page } from "@playwright/test";
import { extractText, getDocumentProxy } from "unpdf";
import { ensureAccount } from "../../app/.server/accounts/admins";
import { getDb } from "../../app/.server/db/instance";
import { freshProduct, placeOrderFor, productRow, tag } from "./support/admin";
import { expectNoSeriousViolations } from "./support/axe";
import { createAdminAccount, createCustomer } from "./support/data";
import { expect, logIn, test } from "./support/fixtures";

async function pdfText(body: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(body)), { mergePages: true });
  return text.replace(/\s+/g, " ");
}

async function shot(page: Page, name: string) {
  if (process.env.SHOTS) await page.screenshot({ path: `${process.env.SHOTS}/${name}.png`, fullPage: true });
}

/** A day no other test delivers on: a random day of 2031 (the dispatch page shows any day). */
function freeDay(): string {
  const d = new Date(Date.UTC(2031, 0, 1 + Math.floor(Math.random() * 360)));
  return d.toISOString().slice(0, 10);
}

/** The stops' business names, in the order the route page lists them. */
async function stopNames(page: Page): Promise<string[]> {
  const items = page.getByRole("list", { name: "Stops in delivery order" }).getByRole("listitem");
  return (await items.allInnerTexts()).map((t) => /Corner Store \S+/.exec(t)?.[0] ?? t);
}

/**
 * Dispatch of local delivery (issue 40), as the dispatcher uses it: the day's delivery orders are
 * built into their zone's route, a stop is moved, the stops are ordered by distance from the
 * warehouse, the route gets a driver and a truck and is loaded, and the pick list names the bin.
 */
test.describe("dispatch @desktop-only", () => {
  test("builds the day's routes, reorders and suggests stops, assigns a driver and a truck, prints the pick list", async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const db = getDb();
    const day = freeDay();
    const admin = await createAdminAccount();
    const driverEmail = `driver-${tag()}@store.test`;
    const driverName = `Dana Driver ${tag()}`;
    await ensureAccount(db, { email: driverEmail, name: driverName, role: "customer" });
    await db.updateTable("users").set({ role: "driver" }).where("email", "=", driverEmail).execute();
    const now = new Date().toISOString();
    const zoneName = `North Dallas ${tag()}`;
    const zone = await db
      .insertInto("delivery_zones")
      .values({ name: zoneName, name_key: zoneName.toLowerCase(), route_days: "1,4", created_at: now, updated_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    const productId = await freshProduct({ name: `Route Pod ${tag()}`, priceCents: 900, stock: 100 });
    const bin = `R-${tag().slice(0, 4).toUpperCase()}`;
    await db.updateTable("products").set({ bin }).where("id", "=", productId).execute();
    const sku = (await productRow(productId))?.sku as string;
    // Three shops: McKinney (far north), next to the warehouse, downtown. Ordered in that order.
    const shops: { zip: string; street: string; name: string; orderId: number }[] = [];
    for (const [zip, street] of [
      ["75069", "200 Virginia St"],
      ["75207", "2500 Irving Blvd"],
      ["75201", "1500 Main St"],
    ] as const) {
      const customer = await createCustomer();
      const orderId = await placeOrderFor(customer, [{ id: productId, quantity: 2 }]);
      const order = await db
        .updateTable("orders")
        .set({ delivery_date: day, delivery_zone_id: zone.id, ship_zip: zip, ship_street: street })
        .where("id", "=", orderId)
        .returning("ship_business_name")
        .executeTakeFirstOrThrow();
      shops.push({ zip, street, name: order.ship_business_name, orderId });
    }
    const [mckinney, irving, downtown] = shops.map((s) => s.name) as [string, string, string];

    await logIn(page, admin);
    await page.goto(`/admin/dispatch?day=${day}`);
    await expect(page.getByRole("heading", { name: `Dispatch · ${day}` })).toBeVisible();
    const unrouted = page.getByRole("table", { name: `Delivery orders of ${day} on no route` });
    await expect(unrouted.getByRole("row")).toHaveCount(4);
    await expectNoSeriousViolations(page, "dispatch day before building");
    await page.getByRole("button", { name: "Build routes" }).click();
    await expect(page.getByText("3 stops added on 1 route.")).toBeVisible();
    await expect(page.getByText("Every delivery order of the day is on a route.")).toBeVisible();
    const routes = page.getByRole("table", { name: `Routes of ${day}` });
    await expect(routes.getByRole("row", { name: new RegExp(zoneName) })).toContainText("Planned");
    await shot(page, "dispatch-day-desktop");

    // A truck, added in the vehicles section.
    const truck = `Truck ${tag()}`;
    await page.getByRole("link", { name: "Vehicles" }).click();
    await page.getByRole("textbox", { name: "Name" }).last().fill(truck);
    await page.getByRole("textbox", { name: "Plate" }).last().fill("TX 4411");
    await page.getByRole("button", { name: "Add vehicle" }).click();
    await expect(page.getByText(`Vehicle ${truck} added.`)).toBeVisible();
    // Checked once the toast is gone (it fades in: axe reads it half transparent).
    await page.reload();
    await expectNoSeriousViolations(page, "vehicles");

    await page.goto(`/admin/dispatch?day=${day}`);
    await page.getByRole("link", { name: zoneName }).click();
    await expect(page.getByRole("heading", { name: `${zoneName} · ${day}` })).toBeVisible();
    expect(await stopNames(page)).toEqual([mckinney, irving, downtown]);
    // The stop next to the warehouse goes first: one place up.
    await page.getByRole("button", { name: `Move stop 2, ${irving}, up` }).click();
    await expect.poll(() => stopNames(page)).toEqual([irving, mckinney, downtown]);
    // Suggested: from the warehouse (75207) to downtown, then north to McKinney.
    await page.getByRole("button", { name: "Suggest stop order" }).click();
    await expect(page.getByText("Stops ordered by distance from the warehouse.")).toBeVisible();
    await expect.poll(() => stopNames(page)).toEqual([irving, downtown, mckinney]);

    // Loading needs a driver and a truck.
    await page.getByRole("button", { name: "Mark loaded" }).click();
    await expect(page.getByText("A route is loaded only once it has a driver and a vehicle.")).toBeVisible();
    await page.getByLabel("Driver").selectOption({ label: driverName });
    await page.getByLabel("Vehicle").selectOption({ label: `${truck} (TX 4411)` });
    await page.getByRole("button", { name: "Save driver and vehicle" }).click();
    await expect(page.getByText("Driver and vehicle saved.")).toBeVisible();
    await page.getByRole("button", { name: "Mark loaded" }).click();
    await expect(page.getByText("Route marked loaded.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Mark out for delivery" })).toBeVisible();
    await page.reload();
    await expectNoSeriousViolations(page, "a route");
    await shot(page, "dispatch-route-desktop");

    // The pick list: a PDF naming the bin, the SKU and the 6 units of the three orders.
    const href = (await page.getByRole("link", { name: "Pick list (PDF)" }).getAttribute("href")) as string;
    const pick = await page.request.get(href);
    expect(pick.status()).toBe(200);
    expect(pick.headers()["content-type"]).toBe("application/pdf");
    const body = await pick.body();
    expect(body.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const text = await pdfText(body);
    expect(text).toContain(bin);
    expect(text).toContain(sku);
    expect(text).toContain(`Pick list: ${zoneName}`);
    const loadHref = (await page.getByRole("link", { name: "Loading list (PDF)" }).getAttribute("href")) as string;
    const loading = await pdfText(await (await page.request.get(loadHref)).body());
    // The last stop goes on the truck first.
    expect(loading.indexOf(mckinney)).toBeLessThan(loading.indexOf(irving));
    const routeUrl = page.url();

    // To a position: the last stop first.
    await page.getByLabel("Stop", { exact: true }).selectOption({ label: `3. ${mckinney}` });
    await page.getByLabel("To position").fill("1");
    await page.getByRole("button", { name: "Move stop", exact: true }).click();
    await expect.poll(() => stopNames(page)).toEqual([mckinney, irving, downtown]);
    await page.getByLabel("To position").fill("9");
    await page.getByRole("button", { name: "Move stop", exact: true }).click();
    await expect(page.getByText("Position must be a whole number from 1 to the number of stops.")).toBeVisible();

    // Without the page's script, the Up and Down buttons are plain forms that still move the stop.
    const noScript = await browser.newContext({ javaScriptEnabled: false });
    const plain = await noScript.newPage();
    await logIn(plain, admin);
    await plain.goto(routeUrl);
    // No script runs, the age gate's neither: the gate is taken away, as account-addresses.spec.ts does.
    await plain.locator("#age-gate").evaluate((gate) => gate.remove());
    await plain.getByRole("button", { name: `Move stop 1, ${mckinney}, down` }).click();
    await expect.poll(() => stopNames(plain)).toEqual([irving, mckinney, downtown]);
    await noScript.close();

    // On a phone: the day and the route fit the screen and pass axe.
    const phoneContext = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const phone = await phoneContext.newPage();
    await phone.addInitScript(() => window.localStorage.setItem("ageVerified", "true"));
    await logIn(phone, admin);
    for (const [path, name] of [
      [`/admin/dispatch?day=${day}`, "dispatch-day-phone"],
      [new URL(routeUrl).pathname, "dispatch-route-phone"],
      ["/admin/dispatch/vehicles", "vehicles-phone"],
    ] as const) {
      await phone.goto(path);
      await expect(phone.getByRole("heading", { level: 2 }).first()).toBeVisible();
      expect(await phone.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
      await expectNoSeriousViolations(phone, `${path} on a phone`);
      await shot(phone, name);
    }
    await phoneContext.close();
  });
});

import "./support/env";
import { createAddress } from "../../app/.server/accounts/addresses";
import { getDb } from "../../app/.server/db/instance";
import { saveZone } from "../../app/.server/delivery/zones";
import { creditPosition } from "../../app/.server/receivables/credit";
import { deliveryDayLabel, storeDateTime } from "../../app/lib/delivery";
import * as DELIVERY_MESSAGES from "../../app/lib/messages/delivery";
import { driverUser } from "../support/delivery";
import { freshProduct, tag } from "./support/admin";
import { createAdminAccount, createCustomer } from "./support/data";
import { expect, logIn, logInWithForm, money, test } from "./support/fixtures";
import { sign } from "./support/signature";

/**
 * Local delivery end to end (issue 40): a buyer picks today's route day at checkout, the admin
 * builds the day's route, gives it a driver and a truck and prints its pick list, the driver on a
 * 390 px phone loses the signal, delivers with a signature and collects a check, syncs once back
 * online, and the settlement and the business's receivables agree to the cent.
 */
test.describe("local delivery end to end @desktop-only", () => {
  test("checkout day → dispatch and pick list → driver offline → settlement and receivables", async ({
    page,
    browser,
  }) => {
    test.setTimeout(150_000);
    // The zone runs every day and closes at 23:59 the same day: today is open unless it is that late.
    const clock = storeDateTime();
    test.skip(clock.slice(11) >= "23:50", "the same-day zone has closed for today (Dallas time)");
    const today = clock.slice(0, 10);
    const db = getDb();
    const suffix = tag();
    const zip = `79${String(Math.floor(Math.random() * 1000)).padStart(3, "0")}`;
    const zoneName = `Same Day ${suffix}`;
    await saveZone(
      db,
      undefined,
      {
        name: zoneName,
        zips: [zip],
        routeDays: [1, 2, 3, 4, 5, 6, 7],
        cutoffDaysBefore: 0,
        cutoffTime: "23:59",
        feeCents: 10_00,
        freeFromCents: 1_000_00,
        minimumCents: 0,
        active: true,
      },
      { id: null, name: "Test" },
    );
    const shop = await createCustomer({ withAddress: false });
    const shopName = `Sunrise Mart ${suffix}`;
    await createAddress(db, shop.id, {
      businessName: shopName,
      street: "10 Route Rd",
      city: "Lubbock",
      state: "TX",
      zip,
      phone: "(806) 555-0100",
      isDefault: true,
    });
    const name = `Journey Papers ${suffix}`;
    const productId = await freshProduct({ name, priceCents: 30_00, stock: 40 });
    const password = `pw-${suffix}-driver`;
    const driver = await driverUser(db, `driver-${suffix}@drivers.test`, password);
    const truck = await db
      .insertInto("vehicles")
      .values({ name: `Van ${suffix}`, plate: "TX 7001" })
      .returning("id")
      .executeTakeFirstOrThrow();

    // The buyer: today's route day is offered first; $60.00 of goods and the $10.00 fee.
    await logIn(page, shop);
    await page.goto(`/products/details/${productId}`);
    await page.getByLabel("Quantity", { exact: true }).fill("2");
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page.getByText(`${name} added to cart!`)).toBeVisible();
    await page.goto("/checkout");
    const days = page.getByRole("group", { name: DELIVERY_MESSAGES.deliveryDayHeading });
    await expect(days.getByRole("radio", { name: deliveryDayLabel(today) })).toBeChecked();
    await expect(page.getByTestId("checkout-total")).toHaveText(money(70_00));
    await page.getByRole("button", { name: "Place Order" }).click();
    await expect(page).toHaveURL(/\/order-confirmation\?order=\d+/);
    const orderId = Number(new URL(page.url()).searchParams.get("order"));

    // The admin builds the day's routes, gives this one a driver and a truck, and prints its pick list.
    const admin = await createAdminAccount();
    const adminContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await adminContext.addInitScript(() => window.localStorage.setItem("ageVerified", "true"));
    const office = await adminContext.newPage();
    await logIn(office, admin);
    await office.goto(`/admin/dispatch?day=${today}`);
    await office.getByRole("button", { name: "Build routes" }).click();
    await expect(office.getByRole("link", { name: zoneName })).toBeVisible();
    await office.getByRole("link", { name: zoneName }).click();
    await expect(office.getByRole("list", { name: "Stops in delivery order" })).toContainText(shopName);
    await office.getByLabel("Driver").selectOption({ label: driver.name });
    await office.getByLabel("Vehicle").selectOption({ label: `Van ${suffix} (TX 7001)` });
    await office.getByRole("button", { name: "Save driver and vehicle" }).click();
    await expect(office.getByText("Driver and vehicle saved.")).toBeVisible();
    await office.getByRole("button", { name: "Mark loaded" }).click();
    await expect(office.getByText("Route marked loaded.")).toBeVisible();
    const href = (await office.getByRole("link", { name: "Pick list (PDF)" }).getAttribute("href")) as string;
    const pick = await office.request.get(href);
    expect(pick.headers()["content-type"]).toBe("application/pdf");
    expect((await pick.body()).subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(truck.id).toBeGreaterThan(0);

    // The driver on a phone: the signal goes before the stop.
    const phoneContext = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    await phoneContext.addInitScript(() => window.localStorage.setItem("ageVerified", "true"));
    const phone = await phoneContext.newPage();
    await logInWithForm(phone, { email: driver.email, password });
    await phone.goto("/driver");
    await expect(phone.getByRole("heading", { name: "Today's deliveries" })).toBeVisible();
    await expect(phone.getByText(shopName).first()).toBeVisible();
    await phone.waitForFunction(async () => (await navigator.serviceWorker.getRegistration("/driver"))?.active != null);
    await phoneContext.setOffline(true);
    await phone.getByRole("link", { name: "Open stop 1" }).click();
    await phone.getByLabel("Receiver's printed name").fill("Ana Ruiz");
    await sign(phone);
    await phone.getByRole("button", { name: "Delivered", exact: true }).click();
    await expect(phone.getByText("1 action waits to be sent.")).toBeVisible();
    await phone.getByLabel("Method").selectOption("check");
    await phone.getByLabel("Check number").fill("5521");
    await phone.getByLabel("Amount ($)").fill("70.00");
    await phone.getByRole("button", { name: "Record collection" }).click();
    await expect(phone.getByText("2 actions wait to be sent.")).toBeVisible();
    await phoneContext.setOffline(false);
    await expect(phone.getByText("Everything is sent.")).toBeVisible();
    await phoneContext.close();

    // Delivered: completed and invoiced for its one total, the check paid it, the business owes nothing.
    const order = await db
      .selectFrom("orders")
      .select(["status", "delivery_date", "delivery_cents", "total_cents"])
      .where("id", "=", orderId)
      .executeTakeFirstOrThrow();
    expect(order).toEqual({ status: "Completed", delivery_date: today, delivery_cents: 10_00, total_cents: 70_00 });
    const invoice = await db
      .selectFrom("invoices")
      .select("total_cents")
      .where("order_id", "=", orderId)
      .where("kind", "=", "invoice")
      .executeTakeFirstOrThrow();
    expect(invoice.total_cents).toBe(70_00);
    expect((await creditPosition(db, shop.id))?.balanceCents).toBe(0);

    // The back office's order page shows the proof of delivery: who received it, and the signature.
    await office.goto(`/admin/orders/${orderId}`);
    const proof = office.getByRole("region", { name: "Delivered" });
    await expect(proof.getByText("Ana Ruiz")).toBeVisible();
    await expect(proof.getByRole("img", { name: /Ana Ruiz/ })).toBeVisible();

    // The settlement: the check collected is what receivables recorded, and what is counted in.
    await office.goto(`/admin/settlements?day=${today}`);
    const route = office.getByRole("article").filter({ hasText: zoneName });
    await expect(route.getByText(`check 5521 for ${money(70_00)}`)).toBeVisible();
    await route.getByLabel(`Cash counted, ${zoneName}`).fill("0.00");
    await route.getByLabel(`Checks counted, ${zoneName}`).fill("70.00");
    await route.getByRole("button", { name: "Mark settled" }).click();
    await expect(route.getByText("Counted matches collected.")).toBeVisible();
    await adminContext.close();
  });
});

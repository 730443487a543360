import "./support/env";
import type { Page } from "@playwright/test";
import { getDb } from "../../app/.server/db/instance";
import { isPhone, siteNav } from "./support/account";
import {
  freshProduct,
  logInOn,
  orderStatus,
  otherPerson,
  placeOrderFor,
  setOrderStatusInDb,
  stockOf,
  tag,
} from "./support/admin";
import { createAdminAccount, createCustomer } from "./support/data";
import { expect, logIn, test } from "./support/fixtures";

function orderCard(page: Page, id: number) {
  return page.getByRole("article", { name: `Order #${id}`, exact: true });
}

function statusSelect(page: Page, id: number) {
  return page.getByRole("combobox", { name: `Status of order #${id}`, exact: true });
}

/** Mails queued (sent or not) whose subject says `subject`. */
async function mailJobsAbout(subject: string): Promise<number> {
  const rows = await getDb().selectFrom("jobs").select("payload").where("name", "=", "mail").execute();
  return rows.filter((r) => (JSON.parse(r.payload) as { mail: { subject: string } }).mail.subject === subject).length;
}

async function ordersWaiting(): Promise<number> {
  const row = await getDb()
    .selectFrom("orders")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("status", "in", ["Processing", "In Review"])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

test.describe("orders in the back office", () => {
  test("@desktop-only admin sets an order's status; the customer sees it; Cancelled puts the stock back", async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const admin = await createAdminAccount();
    const customer = await createCustomer();
    const productName = `Ordered ${tag()}`;
    const product = await freshProduct({ name: productName, priceCents: 1250, stock: 10 });
    const orderId = await placeOrderFor(customer, [{ id: product, quantity: 3 }]);
    expect(await stockOf(product)).toBe(7);

    await logIn(page, admin);
    await page.goto("/admin/orders");
    const card = orderCard(page, orderId);
    await expect(card).toContainText(customer.name);
    await expect(card).toContainText(`3 × ${productName}`);
    await expect(card).toContainText("Total $37.50");
    await expect(statusSelect(page, orderId)).toHaveValue("Processing");

    await statusSelect(page, orderId).selectOption("Completed");
    await expect(page.getByText(`Order #${orderId} is now Completed.`)).toBeVisible();
    expect(await orderStatus(orderId)).toBe("Completed");
    expect(await stockOf(product)).toBe(7);
    await page.reload();
    await expect(statusSelect(page, orderId)).toHaveValue("Completed");

    const customerContext = await otherPerson(browser);
    const shopper = await customerContext.newPage();
    await logInOn(shopper, customer);
    await shopper.goto(`/orders/${orderId}`);
    const panel = shopper.getByRole("region", { name: `Order #${orderId}` });
    await expect(panel.getByText("Completed", { exact: true })).toBeVisible();
    await expect(panel.getByText("Processing", { exact: true })).toHaveCount(0);

    await statusSelect(page, orderId).selectOption("Cancelled");
    await expect(page.getByText(`Order #${orderId} is now Cancelled.`)).toBeVisible();
    expect(await orderStatus(orderId)).toBe("Cancelled");
    expect(await stockOf(product)).toBe(10);
    await shopper.reload();
    await expect(panel.getByText("Cancelled", { exact: true })).toBeVisible();

    // Reopening a cancelled order takes its stock again.
    await statusSelect(page, orderId).selectOption("In Review");
    await expect(page.getByText(`Order #${orderId} is now In Review.`)).toBeVisible();
    expect(await orderStatus(orderId)).toBe("In Review");
    expect(await stockOf(product)).toBe(7);
    await customerContext.close();
  });

  test("@desktop-only a status chosen on a page opened before another admin cancelled the order is refused", async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const customer = await createCustomer();
    const product = await freshProduct({ name: `Stale ${tag()}`, priceCents: 900, stock: 10 });
    const orderId = await placeOrderFor(customer, [{ id: product, quantity: 4 }]);
    // Two admins open the orders list while the order is Processing.
    await logIn(page, await createAdminAccount());
    await page.goto("/admin/orders");
    await expect(statusSelect(page, orderId)).toHaveValue("Processing");
    const secondContext = await otherPerson(browser);
    const second = await secondContext.newPage();
    await logInOn(second, await createAdminAccount());
    await second.goto("/admin/orders");
    // The second cancels it.
    await statusSelect(second, orderId).selectOption("Cancelled");
    await expect(second.getByText(`Order #${orderId} is now Cancelled.`)).toBeVisible();
    expect(await stockOf(product)).toBe(10);
    // The first, on the page that still says Processing, chooses Completed: refused, and told why.
    await expect(statusSelect(page, orderId)).toHaveValue("Processing");
    await statusSelect(page, orderId).selectOption("Completed");
    await expect(
      page.getByText(
        `Order #${orderId} changed since you opened it: it is now Cancelled. The page now shows it as it is; make your change again.`,
      ),
    ).toBeVisible();
    await expect(statusSelect(page, orderId)).toHaveValue("Cancelled");
    // Still Cancelled: the stock was not taken again and the customer was not told it completed.
    expect(await orderStatus(orderId)).toBe("Cancelled");
    expect(await stockOf(product)).toBe(10);
    expect(await mailJobsAbout(`Order #${orderId} is now Completed`)).toBe(0);
    expect(await mailJobsAbout(`Order #${orderId} is now Cancelled`)).toBe(1);
    // From the page as it is now, the change is made.
    await statusSelect(page, orderId).selectOption("Completed");
    await expect(page.getByText(`Order #${orderId} is now Completed.`)).toBeVisible();
    expect(await stockOf(product)).toBe(6);
    await secondContext.close();
  });

  test("@desktop-only the orders list filters by All, Processing, In Review, Completed and Cancelled", async ({
    page,
  }) => {
    const admin = await createAdminAccount();
    const customer = await createCustomer();
    const product = await freshProduct({ name: `Filtered ${tag()}`, priceCents: 100, stock: 50 });
    const statuses = ["Processing", "In Review", "Completed", "Cancelled"] as const;
    const ids: Record<string, number> = {};
    for (const s of statuses) {
      ids[s] = await placeOrderFor(customer, [{ id: product, quantity: 1 }]);
      await setOrderStatusInDb(ids[s] as number, s);
    }

    await logIn(page, admin);
    await page.goto("/admin/orders");
    const filters = page.getByRole("navigation", { name: "Filter orders by status" });
    await expect(filters.getByRole("link", { name: "All" })).toHaveAttribute("aria-current", "page");
    for (const s of statuses) await expect(orderCard(page, ids[s] as number)).toBeVisible();

    for (const s of statuses) {
      await filters.getByRole("link", { name: s, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`\\?status=${encodeURIComponent(s)}$`));
      await expect(filters.getByRole("link", { name: s, exact: true })).toHaveAttribute("aria-current", "page");
      await expect(orderCard(page, ids[s] as number)).toBeVisible();
      for (const other of statuses.filter((o) => o !== s)) {
        await expect(orderCard(page, ids[other] as number)).toHaveCount(0);
      }
      const selects = page.getByRole("list", { name: "Orders" }).getByRole("combobox");
      for (const value of await selects.evaluateAll((els) => els.map((e) => (e as HTMLSelectElement).value))) {
        expect(value).toBe(s);
      }
    }
    await filters.getByRole("link", { name: "All" }).click();
    await expect(page).toHaveURL(/\/admin\/orders\?$|\/admin\/orders$/);
    for (const s of statuses) await expect(orderCard(page, ids[s] as number)).toBeVisible();

    // Changing a status inside a filtered list: the order leaves the list and the admin is still told.
    const processing = ids.Processing as number;
    await filters.getByRole("link", { name: "Processing", exact: true }).click();
    await expect(page).toHaveURL(/\?status=Processing$/);
    await statusSelect(page, processing).selectOption("Completed");
    await expect(page.getByText(`Order #${processing} is now Completed.`)).toBeVisible();
    await expect(orderCard(page, processing)).toHaveCount(0);
    expect(await orderStatus(processing)).toBe("Completed");
  });

  test("at phone width the admin sees the figures, scrolls the product table and changes an order's status", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const admin = await createAdminAccount();
    const customer = await createCustomer();
    const product = await freshProduct({ name: `Pocket ${tag()}`, priceCents: 2500, stock: 20 });
    const orderId = await placeOrderFor(customer, [{ id: product, quantity: 2 }]);

    await logIn(page, admin);
    await page.goto("/");
    const nav = await siteNav(page);
    await nav.getByRole("link", { name: "Admin Dashboard" }).click();
    await expect(page).toHaveURL(/\/admin$/);
    const figures = page.getByLabel("Store figures");
    await expect(figures).toBeVisible();
    const waiting = figures
      .locator("div")
      .filter({ has: page.getByRole("term").filter({ hasText: /^Orders waiting$/ }) })
      .getByRole("definition");
    await expect(waiting).toBeInViewport();
    // The figure is the database's count (other journeys may place orders meanwhile: reload until settled).
    await expect(async () => {
      const expected = await ordersWaiting();
      await page.reload();
      await expect(waiting).toHaveText(expected.toLocaleString("en-US"), { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    // Nothing on the page is wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      page.viewportSize()?.width ?? 0,
    );

    await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Products" }).click();
    await expect(page).toHaveURL(/\/admin\/products$/);
    const table = page.getByRole("table", { name: "Products" });
    const stockHeader = table.getByRole("columnheader", { name: "Stock" });
    const scroller = table.locator("xpath=..");
    // Bring the table up the screen (page scroll only), then look along its header row. The page may
    // still be settling from the tab's navigation (its scroll to the top): scroll again, as a person
    // would, until the header is there.
    await expect(async () => {
      await scroller.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 80));
      await expect(table.getByRole("columnheader", { name: "Name" })).toBeInViewport({ timeout: 1_000 });
    }).toPass({ timeout: 10_000 });
    if (isPhone(page)) {
      // The table is wider than the phone: its own box scrolls sideways, the page does not.
      await expect(stockHeader).not.toBeInViewport();
      expect(await scroller.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
      const box = await scroller.boundingBox();
      await page.mouse.move((box?.x ?? 0) + 100, (box?.y ?? 0) + 40);
      await expect(async () => {
        await page.mouse.wheel(300, 0);
        await expect(stockHeader).toBeInViewport({ timeout: 1_000 });
      }).toPass({ timeout: 15_000 });
      expect(await scroller.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    } else {
      await expect(stockHeader).toBeInViewport();
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      page.viewportSize()?.width ?? 0,
    );

    await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Orders" }).click();
    await expect(page).toHaveURL(/\/admin\/orders$/);
    const select = statusSelect(page, orderId);
    await select.scrollIntoViewIfNeeded();
    await expect(select).toBeInViewport();
    await select.selectOption("In Review");
    await expect(page.getByText(`Order #${orderId} is now In Review.`)).toBeVisible();
    expect(await orderStatus(orderId)).toBe("In Review");
    await expect(select).toHaveValue("In Review");
  });
});

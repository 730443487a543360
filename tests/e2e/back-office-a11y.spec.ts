import "./support/env";
import { getDb } from "../../app/.server/db/instance";
import { freshProduct, placeOrderFor, tag } from "./support/admin";
import { expectNoSeriousViolations } from "./support/axe";
import { createAdminAccount, createCustomer } from "./support/data";
import { expect, logIn, test } from "./support/fixtures";

/**
 * Every back-office screen on a phone (decision 0077): the back office's journeys run on a wide
 * screen only (where each checks its screens with axe), so this sweep is what proves each screen
 * at 390 px: it answers, shows its heading, passes axe with nothing serious, and the page itself
 * never scrolls sideways (a wide table scrolls in its own box). A screen added to the back office
 * is added here.
 */
const SCREENS: string[][] = [
  ["/admin", "/admin/products", "/admin/products/new", "/admin/lines/new", "/admin/import", "/admin/images"],
  ["/admin/stock", "/admin/orders", "/admin/users", "/admin/reps", "/admin/price-groups", "/admin/approvals"],
  [
    "/admin/audit",
    "/admin/compliance",
    "/admin/taxes",
    "/admin/sales-tax",
    "/admin/sales-tax/rules",
    "/admin/sales-tax/report",
  ],
  ["/admin/certificates", "/admin/reports", "/admin/reports/margin", "/admin/reports/excise", "/admin/reports/pact"],
  ["/admin/suppliers", "/admin/purchase-orders", "/admin/lots", "/admin/receivables", "/admin/payments"],
  ["/admin/settlements", "/admin/dispatch", "/admin/dispatch/vehicles", "/admin/delivery-zones"],
  ["/admin/api-keys", "/admin/webhooks"],
];

async function expectScreenWhole(page: import("@playwright/test").Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  await expect(page.getByRole("heading", { level: 1 }).first(), path).toBeVisible();
  await expectNoSeriousViolations(page, path);
  const { overflow, culprits } = await page.evaluate(() => {
    // The elements reaching past the window's right edge that no scrolling box clips, to say what
    // to fix.
    const clipped = (el: Element) => {
      for (let box = el.parentElement; box && box !== document.body; box = box.parentElement) {
        if (getComputedStyle(box).overflowX !== "visible" && box.getBoundingClientRect().right <= window.innerWidth + 1)
          return true;
      }
      return false;
    };
    const past = [...document.body.querySelectorAll("*")].filter(
      (el) => el.getBoundingClientRect().right > window.innerWidth + 1 && !clipped(el),
    );
    const outermost = past.filter((el) => !past.some((other) => other !== el && other.contains(el)));
    return {
      overflow: document.documentElement.scrollWidth - window.innerWidth,
      culprits: outermost
        .slice(0, 5)
        .map((el) => `<${el.tagName.toLowerCase()} class="${el.getAttribute("class") ?? ""}">`),
    };
  });
  expect(overflow, `${path} scrolls sideways by ${overflow} px: ${culprits.join(" ")}`).toBeLessThanOrEqual(0);
}

test.describe("the back office on a phone @phone-only", () => {
  for (const [i, paths] of SCREENS.entries()) {
    test(`screens ${i + 1}: ${paths.join(", ")}`, async ({ page }) => {
      await logIn(page, await createAdminAccount());
      for (const path of paths) await expectScreenWhole(page, path);
    });
  }

  test("an order's, a product's and a line's screens", async ({ page }) => {
    const id = await freshProduct({ name: `Sweep ${tag()}`, priceCents: 1500, stock: 10 });
    const product = await getDb()
      .selectFrom("products")
      .select(["id", "line_id"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    const orderId = await placeOrderFor(await createCustomer(), [{ id: product.id, quantity: 1 }]);
    await logIn(page, await createAdminAccount());
    for (const path of [
      `/admin/orders/${orderId}`,
      `/admin/products/${product.id}`,
      `/admin/lines/${product.line_id}`,
    ]) {
      await expectScreenWhole(page, path);
    }
  });
});

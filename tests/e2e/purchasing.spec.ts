import "./support/env";
import type { Page } from "@playwright/test";
import { getDb } from "../../app/.server/db/instance";
import { freshProduct, placeOrderFor, productRow, stockOf, tag } from "./support/admin";
import { expectNoSeriousViolations } from "./support/axe";
import { createAdminAccount, createCustomer } from "./support/data";
import { expect, logIn, test } from "./support/fixtures";
import { waitForMail } from "./support/mail";

/** A small PDF, as a lab's certificate of analysis would be (header and end-of-file marker). */
const LAB_REPORT = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n", "latin1");

/**
 * A phone's camera and the browser's own barcode detector, as Android's: the camera is a blank
 * canvas's picture, and the detector reads whatever window.shownCode holds.
 */
async function cameraReading(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { shownCode: string | null; BarcodeDetector: unknown };
    w.shownCode = null;
    w.BarcodeDetector = class {
      static async getSupportedFormats() {
        return ["ean_13", "upc_a", "code_128"];
      }
      async detect() {
        return w.shownCode ? [{ rawValue: w.shownCode, format: "code_128" }] : [];
      }
    };
    navigator.mediaDevices.getUserMedia = async () => {
      const canvas = document.createElement("canvas");
      canvas.width = 320;
      canvas.height = 180;
      const g = canvas.getContext("2d");
      if (g) {
        g.fillStyle = "#fff";
        g.fillRect(0, 0, 320, 180);
      }
      return canvas.captureStream(5);
    };
  });
}

async function shot(page: Page, name: string) {
  if (process.env.SHOTS) await page.screenshot({ path: `${process.env.SHOTS}/${name}.png`, fullPage: true });
}

/**
 * Stock coming in (issue 39), as the back office uses it: an admin adds a supplier and what it
 * sells, drafts a purchase order from the store's suggestion, sends it (its PDF reaches the
 * supplier over SMTP); a warehouse hand receives it on a phone in two lots with expiry dates and a
 * lab report; a customer's order takes the lot that expires first; one lot is recalled and the
 * business that received it is told by mail.
 */
test.describe("purchasing, receiving and recalls @desktop-only", () => {
  test("orders from a supplier, receives on a phone in lots, sells first-expiry-first-out and recalls a lot", async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    const admin = await createAdminAccount();
    const customer = await createCustomer();
    const name = `Cloud Pod ${tag()}`;
    const productId = await freshProduct({ name, priceCents: 1_200, stock: 0 });
    const sku = (await productRow(productId))?.sku as string;
    const supplierName = `Vapor Source ${tag()}`;
    const supplierEmail = `orders-${tag()}@supplier.test`;

    await logIn(page, admin);
    await page.goto("/admin/suppliers");
    await page.getByLabel("Supplier name").fill(supplierName);
    await page.getByLabel("Order email").fill(supplierEmail);
    await page.getByLabel("Lead time (days)").fill("5");
    await page.getByLabel("Terms").fill("Net 30");
    await page.getByRole("button", { name: "Add supplier" }).click();
    await expect(page.getByText(`Supplier ${supplierName} added.`)).toBeVisible();

    // What it sells: the product, at $4.50 in packs of 10, to be reordered at 20 units.
    await page.getByLabel("Our SKU").fill(sku);
    await page.getByLabel("Unit cost").fill("4.50");
    await page.getByLabel("Pack size").fill("10");
    await page.getByLabel("Reorder point (units)").fill("20");
    await page.getByRole("button", { name: "Save product" }).click();
    await expect(page.getByText(`${sku} saved to this supplier's products.`)).toBeVisible();
    // The same name twice is refused beside the field.
    const supplierPath = new URL(page.url()).pathname;
    const suggested = page.getByRole("table", { name: "Suggested purchase" });
    await expect(suggested.getByRole("row", { name: new RegExp(sku) })).toContainText("20");
    // Checked as the page is when opened (a toast fading in is not the page).
    await page.reload();
    await expectNoSeriousViolations(page, "supplier page");
    await shot(page, "supplier");

    await page.getByRole("button", { name: "Draft a purchase order of these" }).click();
    await expect(page.getByText(/Purchase order PO-\d+ created\./)).toBeVisible();
    await page.getByLabel("Products (SKU, quantity)").fill(`${sku}, 30`);
    await page.getByRole("button", { name: "Save draft" }).click();
    await expect(page.getByText(/Purchase order PO-\d+ saved\./)).toBeVisible();
    await page.getByRole("button", { name: `Send to ${supplierEmail}` }).click();
    await expect(page.getByText(new RegExp(`Purchase order PO-\\d+ sent to ${supplierEmail}\\.`))).toBeVisible();
    const mail = await waitForMail(supplierEmail, /purchase order PO-\d+/);
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]?.contentType).toBe("application/pdf");
    expect(mail.attachments[0]?.head.startsWith("%PDF-")).toBe(true);
    const poUrl = page.url();

    // Receiving on a phone: the code scanned jumps to its line; two lots come in.
    const phoneContext = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const phone = await phoneContext.newPage();
    await phone.addInitScript(() => window.localStorage.setItem("ageVerified", "true"));
    await cameraReading(phone);
    await logIn(phone, admin);
    await phone.goto(poUrl);
    const scan = phone.getByLabel("Scan or type a code");
    await scan.fill("NOT-A-CODE");
    await scan.press("Enter");
    await expect(phone.getByText("No line of this purchase order matches NOT-A-CODE.")).toBeVisible();
    await scan.fill(sku);
    await scan.press("Enter");
    await expect(phone.getByLabel("Count")).toBeFocused();
    // The camera reads the carton's barcode (its Code 128 SKU): the same line is chosen.
    await phone.getByLabel("Count").blur();
    await phone.getByRole("button", { name: "Scan a barcode" }).click();
    await phone.evaluate((code) => {
      (window as unknown as { shownCode: string | null }).shownCode = code;
    }, sku);
    await expect(phone.getByRole("status").filter({ hasText: `${sku}: type the count.` })).toBeVisible();
    await expect(phone.getByLabel("Count")).toBeFocused();
    await phone.getByRole("button", { name: "Stop scanning" }).click();
    await phone.getByLabel("Count").fill("12");
    const late = `LATE-${tag()}`;
    await phone.getByLabel("Lot code").fill(late);
    await phone.getByLabel("Expiry").fill("2099-03-01");
    await phone.getByLabel("Lab report (PDF)").setInputFiles({
      name: "coa.pdf",
      mimeType: "application/pdf",
      buffer: LAB_REPORT,
    });
    await expectNoSeriousViolations(phone, "receiving on a phone");
    await shot(phone, "receive-phone");
    await phone.getByRole("button", { name: "Receive" }).click();
    await expect(phone.getByText("12 units received in 1 lot.")).toBeVisible();
    await expect(phone.getByText("18 still to come")).toBeVisible();
    // A lot code already used is refused, and nothing changes.
    await phone.getByLabel("Count").fill("18");
    await phone.getByLabel("Lot code").fill(late.toLowerCase());
    await phone.getByRole("button", { name: "Receive" }).click();
    await expect(
      phone.getByText(`Lot code ${late} is already used; check the carton and type it again.`),
    ).toBeVisible();
    expect(await stockOf(productId)).toBe(12);
    const early = `EARLY-${tag()}`;
    await phone.getByLabel("Count").fill("18");
    await phone.getByLabel("Lot code").fill(early);
    await phone.getByLabel("Expiry").fill("2098-06-01");
    await phone.getByRole("button", { name: "Receive" }).click();
    await expect(phone.getByText("18 units received in 1 lot.")).toBeVisible();
    await expect(phone.getByText("Received", { exact: true }).first()).toBeVisible();
    // The back office's new pages fit a phone: nothing wider than the screen but inside its table.
    for (const path of [new URL(poUrl).pathname, supplierPath, "/admin/lots", "/admin/reports/margin"]) {
      await phone.goto(path);
      await expect(phone.getByRole("heading", { level: 2 }).first()).toBeVisible();
      expect(await phone.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
      await expectNoSeriousViolations(phone, `${path} on a phone`);
    }
    await phoneContext.close();
    expect(await stockOf(productId)).toBe(30);

    // A customer orders 20: the lot that expires first goes first.
    const orderId = await placeOrderFor(customer, [{ id: productId, quantity: 20 }]);
    await page.goto(`/admin/lots?q=${early}`);
    await page.getByRole("link", { name: early }).click();
    const received = page.getByRole("table", { name: "Orders that received this lot" });
    await expect(received.getByRole("row", { name: new RegExp(`#${orderId}`) })).toContainText("18");
    await page.goto(`/admin/lots?q=${late}`);
    await page.getByRole("link", { name: late }).click();
    await expect(
      page
        .getByRole("table", { name: "Orders that received this lot" })
        .getByRole("row", { name: new RegExp(`#${orderId}`) }),
    ).toContainText("2");
    await expectNoSeriousViolations(page, "lot page");
    await shot(page, "lot");

    // Gross margin: 20 units at $12.00 that cost $4.50 each.
    await page.goto("/admin/reports/margin?by=product");
    const margin = page.getByRole("table", { name: /Gross margin by product/ });
    await expect(margin.getByRole("row", { name: new RegExp(name) })).toContainText("$150.00");
    await expectNoSeriousViolations(page, "gross margin report");
    await page.goto(`/admin/lots?q=${late}`);
    await page.getByRole("link", { name: late }).click();

    // The later lot is recalled: it leaves the stock, the business is told what to do.
    await page.getByLabel("Why the lot is recalled").fill("The lab found lead above the limit.");
    await page.getByLabel("What the stores must do").fill("Stop selling it and set it aside for pickup.");
    page.once("dialog", (dialog) => dialog.accept());
    await page.getByRole("button", { name: `Recall lot ${late}` }).click();
    await expect(page.getByText(`Lot ${late} recalled; 1 notice queued.`)).toBeVisible();
    await expect(page.getByText("Recall open")).toBeVisible();
    expect(await stockOf(productId)).toBe(0);
    const notice = await waitForMail(customer.email, new RegExp(`recall of lot ${late}`));
    expect(notice.text).toContain(`Order #${orderId}`);
    expect(notice.text).toContain("Stop selling it and set it aside for pickup.");
    const csv = await page.request.get(`${page.url()}/recall.csv`);
    expect(csv.status()).toBe(200);
    expect(await csv.text()).toContain(`${late}`);
    const recalled = await getDb().selectFrom("lots").select("status").where("code", "=", late).executeTakeFirst();
    expect(recalled?.status).toBe("recalled");
  });
});

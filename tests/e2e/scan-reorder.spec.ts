import "./support/env";
import type { Page } from "@playwright/test";
import { saveProductCompliance } from "../../app/.server/compliance/facts";
import { getDb } from "../../app/.server/db/instance";
import { gtinCheckDigit } from "../../app/lib/gtin";
import * as QUICK_ORDER_MESSAGES from "../../app/lib/messages/quick-order";
import { TEST_ADMIN } from "../support/actors";
import { freshProduct, productRow, tag } from "./support/admin";
import { expectNoSeriousViolations } from "./support/axe";
import { createCustomer } from "./support/data";
import { expect, logIn, test } from "./support/fixtures";

/**
 * Scan to reorder (issue 38): on quick order a phone reads a box's barcode with its camera and the
 * product goes in a line; typing the UPC, in any of the forms a box prints it, works everywhere.
 * The camera is a canvas's picture (a test has none): a real barcode drawn for the real decoder,
 * or, for the browser's own detector, a stand-in that reads what the test shows it.
 */

/** A new UPC-A (12 digits, its check digit last), unique to this run. */
function newUpc(): string {
  const body = `8${String(Date.now() % 1e6).padStart(6, "0")}${String(Math.floor(Math.random() * 1e4)).padStart(4, "0")}`;
  return `${body}${gtinCheckDigit(body)}`;
}

async function scannable(name: string, unit: { casePack: number; minQuantity: number }) {
  const id = await freshProduct({ name, priceCents: 1500, stock: 500 });
  await getDb()
    .updateTable("products")
    .set({ case_pack: unit.casePack, min_quantity: unit.minQuantity })
    .where("id", "=", id)
    .execute();
  const upc = newUpc();
  await saveProductCompliance(
    getDb(),
    id,
    {
      brand: null,
      productClass: null,
      flavorClass: null,
      nicotineMgMl: null,
      country: null,
      upc,
      thcMg: null,
      sevenOhPercent: null,
    },
    TEST_ADMIN,
  );
  return { id, name, upc, sku: (await productRow(id))?.sku ?? "" };
}

/** The camera: a canvas showing the UPC-A `code` as printed (bars drawn module by module), or nothing. */
async function cameraShowing(page: Page, code: string | null) {
  await page.addInitScript((upc) => {
    const L = [
      "0001101",
      "0011001",
      "0010011",
      "0111101",
      "0100011",
      "0110001",
      "0101111",
      "0111011",
      "0110111",
      "0001011",
    ];
    const R = L.map((bits) => [...bits].map((b) => (b === "1" ? "0" : "1")).join(""));
    const modules = upc
      ? `101${[...upc.slice(0, 6)].map((d) => L[Number(d)]).join("")}01010${[...upc.slice(6)].map((d) => R[Number(d)]).join("")}101`
      : "";
    navigator.mediaDevices.getUserMedia = async () => {
      const canvas = document.createElement("canvas");
      canvas.width = 640;
      canvas.height = 360;
      const draw = () => {
        const g = canvas.getContext("2d");
        if (!g) return;
        g.fillStyle = "#fff";
        g.fillRect(0, 0, canvas.width, canvas.height);
        g.fillStyle = "#000";
        [...modules].forEach((m, i) => {
          if (m === "1") g.fillRect(130 + i * 4, 80, 4, 200);
        });
      };
      draw();
      setInterval(draw, 100);
      return canvas.captureStream(10);
    };
  }, code);
}

/** The browser's own BarcodeDetector, as Android's: it reads whatever window.shownCode holds. */
async function nativeDetector(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { shownCode: string | null; BarcodeDetector: unknown };
    w.shownCode = null;
    w.BarcodeDetector = class {
      static async getSupportedFormats() {
        return ["ean_13", "ean_8", "upc_a", "qr_code"];
      }
      async detect() {
        return w.shownCode ? [{ rawValue: w.shownCode, format: "ean_13" }] : [];
      }
    };
  });
}

const show = (page: Page, code: string | null) =>
  page.evaluate((c) => {
    (window as unknown as { shownCode: string | null }).shownCode = c;
  }, code);

test.describe("scan to reorder", () => {
  test("a box's barcode read by the camera adds its product to a line, with the decoder from this store", async ({
    page,
    baseURL,
  }) => {
    const vape = await scannable(`Vaporlux Blue Razz 5% ${tag()}`, { casePack: 10, minQuantity: 20 });
    const requests: string[] = [];
    page.on("request", (r) => requests.push(r.url()));
    const decoder = page.waitForResponse((r) => /\/assets\/zxing_reader-[\w-]+\.wasm$/.test(r.url()));
    await cameraShowing(page, vape.upc);
    await logIn(page, await createCustomer());
    await page.goto("/quick-order");

    await page.getByRole("button", { name: "Scan a barcode" }).click();
    await expect(page.getByLabel("Camera view")).toBeVisible();
    await expect(page.getByText(QUICK_ORDER_MESSAGES.scanAdded(vape.name, 20, 10))).toBeVisible();
    expect(QUICK_ORDER_MESSAGES.scanAdded(vape.name, 20, 10)).toBe(`Added ${vape.name} — 2 cases of 10`);
    await expect(page.getByRole("combobox", { name: "SKU or UPC, line 1" })).toHaveValue(vape.sku);
    await expect(page.getByRole("textbox", { name: "Quantity, line 1" })).toHaveValue("20");
    await expect(page.getByRole("paragraph").filter({ hasText: vape.name }).first()).toBeVisible();
    await expectNoSeriousViolations(page, "quick order while scanning");

    await page.getByRole("button", { name: "Stop scanning" }).click();
    await expect(page.getByText(QUICK_ORDER_MESSAGES.scanStopped)).toBeVisible();
    await expect(page.getByLabel("Camera view")).toHaveCount(0);
    // Held still in front of the camera, the box was added once.
    await expect(page.getByRole("textbox", { name: "Quantity, line 1" })).toHaveValue("20");
    await expect(page.getByRole("combobox", { name: "SKU or UPC, line 2" })).toHaveValue("");

    // The decoder came from this store, and nothing from anywhere else.
    const origin = new URL(baseURL ?? "").origin;
    expect(requests.filter((u) => /^https?:/.test(u) && new URL(u).origin !== origin)).toEqual([]);
    // Sent compressed (1.1 MB as it is), as the scripts are.
    const wasm = await decoder;
    expect(wasm.headers()["content-type"]).toBe("application/wasm");
    expect(wasm.headers()["content-encoding"]).toMatch(/^(br|gzip)$/);

    await page.getByRole("button", { name: "Check lines" }).click();
    await expect(page.getByText(QUICK_ORDER_MESSAGES.quickOrderSummary(1, 0, 0))).toBeVisible();
  });

  test("the browser's own detector: an unknown code said, a second box a second line, the first again one case more; by keyboard", async ({
    page,
  }) => {
    const gum = await scannable(`Mint Gum Display ${tag()}`, { casePack: 12, minQuantity: 12 });
    const soda = await scannable(`Cola Can 12 oz ${tag()}`, { casePack: 1, minQuantity: 1 });
    const requests: string[] = [];
    page.on("request", (r) => requests.push(r.url()));
    await cameraShowing(page, null);
    await nativeDetector(page);
    await logIn(page, await createCustomer());
    await page.goto("/quick-order");

    const scan = page.getByRole("button", { name: "Scan a barcode" });
    await scan.focus();
    await page.keyboard.press("Enter");
    const stop = page.getByRole("button", { name: "Stop scanning" });
    await expect(stop).toBeFocused();
    await expect(page.getByText(QUICK_ORDER_MESSAGES.scanReady)).toBeVisible();

    const unknown = newUpc();
    await show(page, unknown);
    await expect(page.getByText(QUICK_ORDER_MESSAGES.scanNoProduct(unknown))).toBeVisible();
    expect(QUICK_ORDER_MESSAGES.scanNoProduct(unknown)).toBe(`No product has barcode ${unknown}.`);
    // Read as its EAN-13, the gum's UPC-A.
    await show(page, `0${gum.upc}`);
    await expect(page.getByText(QUICK_ORDER_MESSAGES.scanAdded(gum.name, 12, 12))).toBeVisible();
    await show(page, soda.upc);
    await expect(page.getByText(QUICK_ORDER_MESSAGES.scanAdded(soda.name, 1, 1))).toBeVisible();
    expect(QUICK_ORDER_MESSAGES.scanAdded(soda.name, 1, 1)).toBe(`Added ${soda.name} — 1 unit`);
    await show(page, gum.upc);
    await expect(page.getByText(QUICK_ORDER_MESSAGES.scanAdded(gum.name, 24, 12))).toBeVisible();
    await expect(page.getByRole("combobox", { name: "SKU or UPC, line 1" })).toHaveValue(gum.sku);
    await expect(page.getByRole("textbox", { name: "Quantity, line 1" })).toHaveValue("24");
    await expect(page.getByRole("combobox", { name: "SKU or UPC, line 2" })).toHaveValue(soda.sku);
    await expect(page.getByRole("textbox", { name: "Quantity, line 2" })).toHaveValue("1");

    await page.keyboard.press("Escape");
    await expect(page.getByText(QUICK_ORDER_MESSAGES.scanStopped)).toBeVisible();
    await expect(scan).toBeFocused();
    // The browser read the codes itself: the decoder was never downloaded.
    expect(requests.filter((u) => /zxing|ponyfill/.test(u))).toEqual([]);
  });

  test("a camera refused says so, and the UPC typed in any form finds the product", async ({ page }) => {
    const vape = await scannable(`Vaporlux Mango 3% ${tag()}`, { casePack: 10, minQuantity: 10 });
    await page.addInitScript(() => {
      navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException("Denied", "NotAllowedError"));
    });
    await logIn(page, await createCustomer());
    await page.goto("/quick-order");
    await page.getByRole("button", { name: "Scan a barcode" }).click();
    await expect(page.getByText(QUICK_ORDER_MESSAGES.scanRefused)).toBeVisible();
    await expect(page.getByLabel("Camera view")).toHaveCount(0);
    await expectNoSeriousViolations(page, "quick order, camera refused");

    // Typed as the GTIN-14 a case prints, and pasted as the EAN-13: one line of the product.
    await page.getByRole("combobox", { name: "SKU or UPC, line 1" }).fill(`00${vape.upc}`);
    await page.getByRole("textbox", { name: "Quantity, line 1" }).fill("10");
    await page.getByLabel("Paste from a spreadsheet").fill(`0${vape.upc}\t10`);
    await page.getByRole("button", { name: "Check lines" }).click();
    await expect(page.getByText(QUICK_ORDER_MESSAGES.quickOrderSummary(1, 0, 0))).toBeVisible();
    const line = page.getByRole("list", { name: "Checked lines" }).getByRole("listitem").filter({ hasText: vape.name });
    await expect(line).toContainText("Ready");
    await expect(line).toContainText(QUICK_ORDER_MESSAGES.quickOrderMerged(["Typed line 1", "Line 1"]));

    // A digit mistyped: the line says which digit the number should end in.
    const wrong = `${vape.upc.slice(0, 11)}${(Number(vape.upc.slice(11)) + 1) % 10}`;
    await page.getByLabel("Paste from a spreadsheet").fill(`${wrong}\t10`);
    await page.getByRole("combobox", { name: "SKU or UPC, line 1" }).fill("");
    await page.getByRole("textbox", { name: "Quantity, line 1" }).fill("");
    await page.getByRole("button", { name: "Check lines" }).click();
    await expect(
      page.getByText(QUICK_ORDER_MESSAGES.quickOrderCheckDigit(wrong, Number(vape.upc.slice(11)))),
    ).toBeVisible();
  });

  test("without a camera API there is no scan button; only quick order may use the camera", async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, "mediaDevices", { get: () => undefined });
    });
    await logIn(page, await createCustomer());
    const answer = await page.goto("/quick-order");
    expect(answer?.headers()["permissions-policy"]).toContain("camera=(self)");
    expect(answer?.headers()["content-security-policy"]).toContain("'wasm-unsafe-eval'");
    // The page has run its script (Add a line works only then): still no scan button.
    await expect(page.getByRole("button", { name: "Add a line" })).toBeEnabled();
    await expect(page.getByRole("button", { name: "Scan a barcode" })).toHaveCount(0);

    const home = await page.goto("/");
    expect(home?.headers()["permissions-policy"]).toContain("camera=()");
    expect(home?.headers()["content-security-policy"]).not.toContain("wasm-unsafe-eval");
  });
});

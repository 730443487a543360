import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as INVENTORY_MESSAGES from "~/lib/messages/inventory";
import type { ReceivedLine } from "~/lib/schemas/inventory";
import { TEST_ADMIN } from "../../../tests/support/actors";
import { customerWithAddress } from "../../../tests/support/customers";
import { setupTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { loader as labelsLoader } from "../../routes/admin/lot-labels";
import { loader as lotLoader } from "../../routes/store/lot";
import { loader as lotReportLoader } from "../../routes/store/lot-report";
import { productPath } from "../catalog/lines";
import { insertProduct } from "../catalog/product-writes";
import { VISITOR_AUDIENCE } from "../flows/audience";
import { findLinePage } from "../flows/line-page";
import { findOrderDocument } from "../flows/order-documents";
import { placeOrder } from "../flows/place-order";
import { productPageData } from "../flows/product-page";
import { storeDocument } from "../media/documents";
import { invoicePdf, packingSlipPdf } from "../orders/documents";
import { env } from "../runtime/env";
import { findPublishedLot, nextLotReport, publishLot, recallLot } from "./lot-admin";
import { findLabelLot, lotLabelsPdf, lotPageUrl, qrModules, SHEET } from "./lot-labels";
import { createPurchaseOrder, findPurchaseOrder, receivePurchaseOrder, sendPurchaseOrder } from "./purchase-orders";
import { createSupplier, saveSupplierItem } from "./suppliers";

/**
 * Lots in public and through an order's life (issue 39): a lot's page and report answer only once
 * it is published (and the same for an unknown code), the product page names the lot an order
 * would be sold from, the packing slip and invoice print the lots sold, and a sheet of QR labels
 * is drawn for a published lot.
 */
const ON = process.env.DATABASE_URL ? "PostgreSQL" : "SQLite";
const TAG = ON.slice(0, 2).toUpperCase();
const TODAY = new Date().toISOString().slice(0, 10);
const REPORT = Buffer.from("%PDF-1.4\n% lot report\n%%EOF\n");

let t: TestDatabase;
let buyer: { id: string; address: string };
let productId: number;
let sku: string;
/** Two lots of the product: the first expires sooner (FEFO sells it first). */
const soon = { code: `SOON-${TAG}/1`, id: 0 };
const later = { code: `LATE-${TAG}`, id: 0 };

function inDays(days: number): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

async function pdfText(bytes: Buffer): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: true });
  return text.replace(/\s+/g, " ");
}

/** Receives one lot of the product against a new purchase order, with its lab report kept. */
async function receiveLot(supplierId: number, code: string, quantity: number, extra: Partial<ReceivedLine>) {
  const po = await createPurchaseOrder(t.db, supplierId, [{ sku, quantity }], TEST_ADMIN);
  await sendPurchaseOrder(t.db, po.id, TEST_ADMIN);
  const lineId = (await findPurchaseOrder(t.db, po.id))?.lines[0]?.id ?? 0;
  const report = await storeDocument(REPORT, "report.pdf");
  await receivePurchaseOrder(
    t.db,
    po.id,
    [
      {
        lineId,
        quantity,
        lotCode: code,
        expiresOn: null,
        batchDate: null,
        delta9Ug: null,
        thcaUg: null,
        index: 0,
        ...extra,
      },
    ],
    new Map([[0, report]]),
    TEST_ADMIN,
  );
  return (await t.db.selectFrom("lots").select("id").where("code", "=", code).executeTakeFirstOrThrow()).id;
}

/** A route's loader as React Router calls it, with the route's params. */
function args(path: string, params: Record<string, string>) {
  const url = new URL(`http://store.test${path}`);
  return { url, request: new Request(url), params, context: undefined } as never;
}

/** What a loader threw: the status and message of a `data(...)` answer. */
async function refusal(call: () => Promise<unknown>): Promise<{ status: number; message: unknown }> {
  try {
    await call();
  } catch (e) {
    const thrown = e as { init?: { status?: number }; data?: unknown };
    return { status: thrown.init?.status ?? 0, message: thrown.data };
  }
  throw new Error("the loader answered");
}

beforeAll(async () => {
  t = await setupTestDatabase();
  const customer = await customerWithAddress(t.db, `lots-public-${TAG}@shop.test`, { businessName: "Lot Shop" });
  buyer = { id: customer.id, address: customer.addressId };
  sku = `LOTP-${TAG}`;
  productId = await insertProduct(
    t.db,
    { sku, name: "Gummies 10 ct", description: "", priceCents: 2500, stock: 0, category: "novelty" },
    [],
  );
  const supplierId = await createSupplier(
    t.db,
    {
      name: `Lot Labs ${TAG}`,
      email: "lots@labs.test",
      phone: "",
      leadTimeDays: 7,
      terms: "",
      notes: "",
      active: true,
    },
    TEST_ADMIN,
  );
  await saveSupplierItem(
    t.db,
    supplierId,
    { sku, supplierSku: `S-${sku}`, unitCostCents: 987, packSize: 1, preferred: true },
    TEST_ADMIN,
  );
  later.id = await receiveLot(supplierId, later.code, 20, { expiresOn: inDays(400), batchDate: inDays(-30) });
  soon.id = await receiveLot(supplierId, soon.code, 10, {
    expiresOn: inDays(90),
    batchDate: inDays(-60),
    delta9Ug: 2500,
    thcaUg: 250,
  });
});

afterAll(async () => {
  await t.cleanup();
});

describe(`a lot's public page on ${ON}`, () => {
  it("knows no unpublished lot, nor an unknown code, and names no lot for the product", async () => {
    expect(await findPublishedLot(t.db, soon.code)).toBeNull();
    expect(await findPublishedLot(t.db, "NO-SUCH-LOT")).toBeNull();
    expect(await nextLotReport(t.db, productId, TODAY)).toBeNull();
    expect(await findLabelLot(t.db, soon.id)).toBeNull();
  });

  it("answers the unpublished and the unknown alike: the same 404 and message", async () => {
    const unpublished = await refusal(() => lotLoader(args("/lots/x", { code: soon.code })));
    const unknown = await refusal(() => lotLoader(args("/lots/x", { code: "NO-SUCH-LOT" })));
    expect(unpublished).toEqual({ status: 404, message: INVENTORY_MESSAGES.lotPageNotFound });
    expect(unknown).toEqual(unpublished);
    expect(await refusal(() => lotReportLoader(args("/lots/x/report", { code: soon.code })))).toEqual(unpublished);
    expect(await refusal(() => lotReportLoader(args("/lots/x/report", { code: "NO-SUCH-LOT" })))).toEqual(unpublished);
    expect(await refusal(() => labelsLoader(args("/admin/lots/1/labels.pdf", { lotId: String(soon.id) })))).toEqual({
      status: 404,
      message: INVENTORY_MESSAGES.labelsNotFound,
    });
  });

  it("names the lot an order would be sold from only when that lot (first expiry first out) is published", async () => {
    await publishLot(t.db, later.id, true, TEST_ADMIN);
    // The later lot is public, but an order would be sold from the sooner one, which is not.
    expect(await nextLotReport(t.db, productId, TODAY)).toBeNull();
    await publishLot(t.db, soon.id, true, TEST_ADMIN);
    expect(await nextLotReport(t.db, productId, TODAY)).toBe(soon.code);
    // The line's page carries it for the chosen variant (a visitor sees it too: it is no price).
    const path = (await productPath(t.db, productId)) ?? "";
    const slug = path.split("/")[2]?.split("?")[0];
    const line = await findLinePage(t.db, slug, productId);
    expect(line?.chosen.id).toBe(productId);
    const { page } = await productPageData(t.db, VISITOR_AUDIENCE, line?.chosen as never, line);
    expect(page.lotReport).toBe(soon.code);
  });

  it("shows a published lot's facts, and nothing of its cost, supplier or report's storage", async () => {
    const found = await findPublishedLot(t.db, soon.code.toLowerCase());
    expect(found).toMatchObject({ code: soon.code, name: "Gummies 10 ct", sku, totalThcUg: 2750 });
    const page = (await lotLoader(args("/lots/x", { code: soon.code }))) as Record<string, unknown>;
    expect(page).toEqual({
      code: soon.code,
      name: "Gummies 10 ct",
      sku,
      batchDate: inDays(-60),
      expiresOn: inDays(90),
      receivedOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      recalled: false,
      totalThcUg: 2750,
    });
    const sent = JSON.stringify(page);
    for (const secret of ["987", "Lot Labs", found?.reportKey ?? "?", "cost"]) expect(sent).not.toContain(secret);
  });

  it("serves a published lot's report as lab-report.ts does: inline, never sniffed, sandboxed", async () => {
    const res = (await lotReportLoader(args("/lots/x/report", { code: soon.code }))) as Response;
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/pdf");
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(res.headers.get("Content-Security-Policy")).toBe("default-src 'none'; sandbox");
    expect(res.headers.get("Cross-Origin-Resource-Policy")).toBe("same-origin");
    expect(res.headers.get("Content-Disposition")).toMatch(/^inline; filename="lab-report-lot-[A-Za-z0-9._-]+\.pdf"$/);
    expect(Buffer.from(await res.arrayBuffer()).equals(REPORT)).toBe(true);
  });
});

describe(`lots through an order's life on ${ON}`, () => {
  let orderId: number;

  it("prints the lots an order was sold from on its packing slip and invoice", async () => {
    const { order } = await placeOrder(t.db, {
      userId: buyer.id,
      idempotencyKey: crypto.randomUUID(),
      addressId: buyer.address,
      lines: [{ id: productId, quantity: 12 }],
    });
    orderId = order.id;
    const doc = await findOrderDocument(t.db, orderId, { id: "admin", role: "admin" });
    expect(doc?.lots?.get(productId)?.map((l) => ({ code: l.code, quantity: l.quantity }))).toEqual([
      { code: soon.code, quantity: 10 },
      { code: later.code, quantity: 2 },
    ]);
    const line = `Lot ${soon.code} × 10, ${later.code} × 2`;
    expect(INVENTORY_MESSAGES.lotsShipped(doc?.lots?.get(productId) ?? [])).toBe(line);
    if (!doc) throw new Error("no document");
    expect(await pdfText(await packingSlipPdf(doc))).toContain(line);
    expect(await pdfText(await invoicePdf(doc))).toContain(line);
    // The buyer reads the same lots on their own invoice.
    const theirs = await findOrderDocument(t.db, orderId, { id: buyer.id, role: "customer" });
    expect(theirs?.lots?.get(productId)?.length).toBe(2);
  });

  it("prints the product's bin on the packing slip, not on the invoice", async () => {
    await t.db.updateTable("products").set({ bin: "A-03-2" }).where("id", "=", productId).execute();
    const doc = await findOrderDocument(t.db, orderId, { id: "admin", role: "admin" });
    if (!doc) throw new Error("no document");
    expect(await pdfText(await packingSlipPdf(doc))).toContain(`Bin A-03-2 · Lot ${soon.code}`);
    expect(await pdfText(await invoicePdf(doc))).not.toContain("Bin A-03-2");
    await t.db.updateTable("products").set({ bin: null }).where("id", "=", productId).execute();
  });

  it("names the next lot once the first is sold out", async () => {
    expect(await nextLotReport(t.db, productId, TODAY)).toBe(later.code);
  });

  it("says on the page that a lot is recalled", async () => {
    await recallLot(t.db, soon.id, { reason: "Label misprint", action: "Hold the units" }, TEST_ADMIN);
    const page = (await lotLoader(args("/lots/x", { code: soon.code }))) as { recalled: boolean };
    expect(page.recalled).toBe(true);
  });
});

describe(`a sheet of QR labels on ${ON}`, () => {
  it("leads each label to the lot's page, its code made safe for an address", () => {
    expect(lotPageUrl("https://shop.example/", "A/1 b")).toBe("https://shop.example/lots/A%2F1%20b");
  });

  it("computes a QR code with its three finder patterns", () => {
    const modules = qrModules(lotPageUrl("https://wholesale.example.com", "VL-2611"));
    const n = modules.length;
    expect(n).toBeGreaterThanOrEqual(21);
    expect((n - 17) % 4).toBe(0);
    // A finder pattern: a dark ring 7 modules wide around a light ring and a dark 3 × 3 center.
    const finder = (r: number, c: number) =>
      Array.from({ length: 7 }, (_, i) =>
        Array.from({ length: 7 }, (_, j) => modules[r + i]?.[c + j] ?? false)
          .map((d) => (d ? "#" : "."))
          .join(""),
      ).join("/");
    const expected = "#######/#.....#/#.###.#/#.###.#/#.###.#/#.....#/#######";
    expect([finder(0, 0), finder(0, n - 7), finder(n - 7, 0)]).toEqual([expected, expected, expected]);
  });

  it("draws a Letter PDF of 30 labels, each with the lot's code, product, SKU and expiry", async () => {
    const lot = await findLabelLot(t.db, later.id);
    expect(lot).toEqual({ code: later.code, name: "Gummies 10 ct", sku, expiresOn: inDays(400) });
    if (!lot) throw new Error("no lot");
    const bytes = await lotLabelsPdf(lot, "https://wholesale.example.com");
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const pdf = await getDocumentProxy(new Uint8Array(bytes));
    expect(pdf.numPages).toBe(1);
    const page = await pdf.getPage(1);
    const [, , width, height] = page.view;
    expect([width, height]).toEqual([612, 792]);
    const text = await pdfText(bytes);
    const per = (s: string) => text.split(s).length - 1;
    expect(per(`Lot ${later.code}`)).toBe(SHEET.columns * SHEET.rows);
    expect(per(`SKU ${sku}`)).toBe(30);
    expect(per(`Exp. ${inDays(400)}`)).toBe(30);
    expect(per("Gummies 10 ct")).toBe(30);
  });

  it("is answered to the back office as a private PDF, for a published lot", async () => {
    const res = (await labelsLoader(args("/admin/lots/1/labels.pdf", { lotId: String(later.id) }))) as Response;
    expect(res.headers.get("Content-Type")).toBe("application/pdf");
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    expect(
      Buffer.from(await res.arrayBuffer())
        .subarray(0, 5)
        .toString("latin1"),
    ).toBe("%PDF-");
    expect(env().BASE_URL).toMatch(/^https?:\/\//);
  });
});

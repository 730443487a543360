import fs from "node:fs";
import path from "node:path";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as MESSAGES from "~/lib/messages";
import { customerWithAddress } from "../../../tests/support/customers";
import { setupTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { saveBusiness } from "../business/profile";
import { insertProduct } from "../catalog/product-writes";
import { findOrderDocument } from "../flows/order-documents";
import { placeOrder } from "../flows/place-order";
import { runJobsUntilIdle } from "../jobs/run-due";
import { env } from "../runtime/env";
import { formatTaxPermit, invoicePdf, packingSlipPdf } from "./documents";

let t: TestDatabase;
let alice: string;
let bob: string;
let orderId: number;

/** The text of every page of a PDF, as a reader would copy it. */
async function pdfText(bytes: Buffer): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: true });
  return text.replace(/\s+/g, " ");
}

/** Each piece of text of a PDF with where it sits (points, from the page's bottom left) and its size. */
async function pdfItems(bytes: Buffer) {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const found: { page: number; str: string; x: number; y: number; right: number; size: number }[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    for (const item of content.items) {
      if (!("str" in item) || item.str.trim() === "") continue;
      const [a = 0, , , d = 0, x = 0, y = 0] = item.transform as number[];
      found.push({ page: n, str: item.str, x, y, right: x + item.width, size: Math.abs(d || a) });
    }
  }
  return found;
}

async function customer(email: string): Promise<[string, string]> {
  const { id, addressId } = await customerWithAddress(t.db, email, {
    name: `${email.split("@")[0]} Buyer`,
    businessName: "Corner Mart",
    phone: "(214) 555-0100",
  });
  return [id, addressId];
}

beforeAll(async () => {
  t = await setupTestDatabase();
  let aliceAddress: string;
  [alice, aliceAddress] = await customer("alice@shop.test");
  [bob] = await customer("bob@shop.test");
  await saveBusiness(
    t.db,
    alice,
    { legalName: "Alice Trading LLC", dba: "Corner Mart", businessType: "convenience-store", taxPermit: "12345678901" },
    { id: alice, name: "alice" },
  );
  const soda = await insertProduct(
    t.db,
    { sku: "SODA-24", name: "Soda Case", description: "", priceCents: 1250, stock: 40, category: "novelty" },
    [],
  );
  const gum = await insertProduct(
    t.db,
    { sku: "GUM-BOX", name: "Gum Box", description: "", priceCents: 399, stock: 10, category: "novelty" },
    [],
  );
  const { order } = await placeOrder(t.db, {
    userId: alice,
    idempotencyKey: crypto.randomUUID(),
    addressId: aliceAddress,
    lines: [
      { id: soda, quantity: 3 },
      { id: gum, quantity: 2 },
    ],
    poNumber: "PO-88-ALICE",
    notes: "Leave at the loading dock.",
  });
  orderId = order.id;
});

afterAll(async () => {
  await t.cleanup();
});

describe(`order documents on ${process.env.DATABASE_URL ? "PostgreSQL" : "SQLite"}`, () => {
  it("the invoice prints the store, the buyer's business and permit, the lines with prices and the total", async () => {
    const doc = await findOrderDocument(t.db, orderId, { id: alice, role: "customer" });
    expect(doc).not.toBeNull();
    const bytes = await invoicePdf(doc as NonNullable<typeof doc>);
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    const text = await pdfText(bytes);
    const e = env();
    for (const expected of [
      e.STORE_NAME,
      e.STORE_ADDRESS,
      e.STORE_PHONE,
      e.STORE_EMAIL,
      `Invoice · Order #${orderId}`,
      "Status: Processing",
      "Order date:",
      // The business as every page names it (issue 37): "Trade name (Legal name)".
      "Corner Mart (Alice Trading LLC)",
      "alice Buyer",
      "alice@shop.test",
      "Texas sales tax permit: 1-23-4567890-1",
      "1 Main St",
      "Dallas, TX 75201",
      "SODA-24",
      "Soda Case",
      "$12.50",
      "$37.50",
      "GUM-BOX",
      "$3.99",
      "$7.98",
      "Order total: $45.48",
      "PO number: PO-88-ALICE",
      "Order notes",
      "Leave at the loading dock.",
    ]) {
      expect(text, expected).toContain(expected);
    }
  });

  it("the packing slip prints the lines and quantities but no price", async () => {
    const doc = await findOrderDocument(t.db, orderId, { id: "admin", role: "admin" });
    const text = await pdfText(await packingSlipPdf(doc as NonNullable<typeof doc>));
    expect(text).toContain(`Packing slip · Order #${orderId}`);
    expect(text).toContain("SODA-24");
    expect(text).toContain("Gum Box");
    expect(text).toContain("Total units: 5 units");
    expect(text).toContain("PO number: PO-88-ALICE");
    expect(text).toContain("Leave at the loading dock.");
    expect(text).not.toMatch(/\$\d/);
  });

  it("another customer's order is not found; an admin's is", async () => {
    expect(await findOrderDocument(t.db, orderId, { id: bob, role: "customer" })).toBeNull();
    expect(await findOrderDocument(t.db, orderId + 1000, { id: alice, role: "customer" })).toBeNull();
    expect(await findOrderDocument(t.db, orderId, { id: "someone", role: "admin" })).not.toBeNull();
  });

  it("an order whose customer was deleted prints 'Unknown User'", async () => {
    await t.db.updateTable("orders").set({ user_id: null }).where("id", "=", orderId).execute();
    const doc = await findOrderDocument(t.db, orderId, { id: "admin", role: "admin" });
    const text = await pdfText(await invoicePdf(doc as NonNullable<typeof doc>));
    expect(text).toContain(MESSAGES.unknownUser);
    expect(text).not.toContain("Alice Trading LLC");
    await t.db.updateTable("orders").set({ user_id: alice }).where("id", "=", orderId).execute();
  });

  it("a long order runs over several pages", async () => {
    const doc = await findOrderDocument(t.db, orderId, { id: alice, role: "customer" });
    const many = doc as NonNullable<typeof doc>;
    const line = many.order.items[0] as (typeof many.order.items)[number];
    const items = Array.from({ length: 80 }, (_, i) => ({ ...line, sku: `LINE-${i + 1}` }));
    const bytes = await invoicePdf({ ...many, order: { ...many.order, items } });
    const pdf = await getDocumentProxy(new Uint8Array(bytes));
    expect(pdf.numPages).toBeGreaterThan(1);
    const text = await pdfText(bytes);
    expect(text).toContain("LINE-80");
  });

  it("prints a long SKU on one line of its column, never over the item's name (issue 26)", async () => {
    const doc = await findOrderDocument(t.db, orderId, { id: alice, role: "customer" });
    const base = doc as NonNullable<typeof doc>;
    const line = base.order.items[0] as (typeof base.order.items)[number];
    const skus = [
      "WHOLESALE-CASE-PACK-ASSORTED-FLAVORS-040", // 40 characters
      "MWMWMWMWMWMWMWMWMWMWMWMWMWMWMWMWMWMWMWMW", // 40 of the widest letters
      "SODA-24",
      "W".repeat(64), // the longest SKU the catalog takes, all wide letters
    ];
    expect(skus[0]).toHaveLength(40);
    const items = skus.map((sku, i) => ({
      ...line,
      sku,
      name: `Assorted fruit flavors disposable vape, ten count display box, ${i + 1}`,
    }));
    for (const draw of [invoicePdf, packingSlipPdf]) {
      const bytes = await draw({ ...base, order: { ...base.order, items } });
      const texts = await pdfItems(bytes);
      const names = texts.filter((t) => t.str.startsWith("Assorted fruit"));
      expect(names).toHaveLength(skus.length);
      for (const [i, sku] of skus.entries()) {
        const name = names[i] as (typeof names)[number];
        const next = names[i + 1];
        // Everything in the SKU column, from the row's first line down to the next row: one piece
        // of text, on the name's first line. The whole SKU, or for the 64 wide letters its start
        // and end around an ellipsis; it ends before the item's name begins.
        const column = texts.filter((t) => t.x < name.x && t.y < name.y + 6 && t.y > (next?.y ?? name.y - 36) + 6);
        expect(
          column.map((t) => t.str),
          `${draw.name} ${sku}`,
        ).toHaveLength(1);
        const shown = column[0] as (typeof column)[number];
        expect(Math.abs(shown.y - name.y)).toBeLessThan(1);
        // Whole, in smaller type if it must; shortened in the middle only past what 6-point type
        // holds: never a 40-character SKU of ordinary letters, and none up to 40 on the packing
        // slip (the packer reads it), whose SKU column has more room.
        if (i === 0 || i === 2 || (draw === packingSlipPdf && sku.length <= 40)) expect(shown.str).toBe(sku);
        else {
          const [head = "", tail = ""] = shown.str.split("…");
          expect(sku.startsWith(head) && sku.endsWith(tail)).toBe(true);
          expect(head.length + tail.length).toBeGreaterThan(24);
        }
        expect(shown.right, `${draw.name} ${sku}`).toBeLessThanOrEqual(name.x - 2);
        expect(shown.size).toBeGreaterThanOrEqual(6);
      }
      // The normal size for a SKU that fits: the same height as the name beside it.
      const soda = texts.find((t) => t.str === "SODA-24");
      expect(soda?.size).toBeCloseTo(names[2]?.size ?? 0, 1);
    }
  });

  it("the confirmation mail links the invoice", async () => {
    await runJobsUntilIdle({ db: t.db });
    const dir = path.join(t.dataDir, "outbox");
    const mails = fs.readdirSync(dir).map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), "utf8")));
    const confirmation = mails.find((m) => m.subject === `Order #${orderId} confirmed`);
    expect(confirmation?.text).toContain(`${env().BASE_URL}/orders/${orderId}/invoice.pdf`);
  });

  it("formats a Texas permit number as printed", () => {
    expect(formatTaxPermit("12345678901")).toBe("1-23-4567890-1");
    expect(formatTaxPermit("ABC")).toBe("ABC");
  });
});

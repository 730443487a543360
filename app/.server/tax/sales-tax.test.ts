import crypto from "node:crypto";
import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertProduct } from "~/.server/catalog/product-writes";
import { saveProductCompliance } from "~/.server/compliance/facts";
import { editOrder } from "~/.server/flows/order-edit";
import { changeOrderStatus } from "~/.server/flows/order-life";
import { placeOrder } from "~/.server/flows/place-order";
import { storeToday } from "~/lib/business";
import * as TAX_MESSAGES from "~/lib/messages/sales-tax";
import { jurisdictionSchema, taxStateSchema } from "~/lib/schemas/sales-tax";
import { TEST_ADMIN } from "../../../tests/support/actors";
import { addAddress, customerWithAddress } from "../../../tests/support/customers";
import { linesSeen } from "../../../tests/support/orders";
import { setupTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { dialectOf } from "../db/connect";
import { sqlNow } from "../db/time";
import { cartExcise } from "../flows/cart-excise";
import { billLines, findOrderMoney } from "../orders/money";
import { listJurisdictions, saveJurisdiction, saveTaxState } from "./rates";
import { salesTaxAuditZip, salesTaxCsv, salesTaxReport } from "./report";
import { findOrderSalesTax } from "./sales-tax";

let t: TestDatabase;
let buyer: { id: string; addressId: string };
let oklahoma: string;
let glass: { id: number; sku: string };
let kratom: { id: number; sku: string };

async function product(name: string, priceCents: number, productClass: string) {
  const sku = `TAX-${name}`;
  const id = await insertProduct(
    t.db,
    { sku, name, description: "", priceCents, stock: 100_000, category: "novelty" },
    [],
  );
  await saveProductCompliance(
    t.db,
    id,
    {
      brand: null,
      productClass: productClass as "glass",
      flavorClass: null,
      nicotineMgMl: null,
      country: null,
      upc: null,
      thcMg: null,
      sevenOhPercent: null,
      mlPerUnit: null,
      cartridgesPerUnit: null,
      vapeSystem: null,
      containsNicotine: false,
    },
    TEST_ADMIN,
  );
  return { id, sku };
}

async function order(addressId: string, lines: { id: number; quantity: number }[]) {
  const { order: placed } = await placeOrder(t.db, {
    userId: buyer.id,
    idempotencyKey: crypto.randomUUID(),
    addressId,
    lines,
  });
  return placed.id;
}

async function certificate(classes: string[], status: "verified" | "pending" = "verified") {
  const id = crypto.randomUUID();
  const now = sqlNow(dialectOf(t.db));
  await t.db
    .insertInto("resale_certificates")
    .values({
      id,
      user_id: buyer.id,
      kind: "signed",
      purchaser_name: "Tax Test Shop",
      purchaser_street: "1 Main St",
      purchaser_city: "Dallas",
      purchaser_state: "TX",
      purchaser_zip: "75201",
      permit_number: "32012345678",
      permit_pending_reason: null,
      items_description: "Goods for resale",
      product_classes: JSON.stringify(classes),
      signer_name: "Pat Owner",
      signed_on: "2026-01-05",
      signature_kind: "typed",
      signature_text: "Pat Owner",
      document_key: `${id}.pdf`,
      document_type: "application/pdf",
      document_size: 1,
      status,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

beforeAll(async () => {
  t = await setupTestDatabase();
  buyer = await customerWithAddress(t.db, "tax@shop.test", { zip: "76102", city: "Fort Worth" });
  oklahoma = await addAddress(t.db, buyer.id, { zip: "73102", city: "Oklahoma City", state: "OK" });
  glass = await product("Glass", 100_05, "glass");
  kratom = await product("Kratom", 40_00, "kratom");
  await saveTaxState(
    t.db,
    taxStateSchema.parse({
      state: "TX",
      collects: "on",
      sourcing: "origin",
      originZip: "75207",
      pendingGraceDays: "0",
    }),
    TEST_ADMIN,
  );
  const rate = (fields: Record<string, string>) =>
    jurisdictionSchema.parse({ state: "TX", effectiveFrom: "2020-01-01", ...fields });
  await saveJurisdiction(t.db, undefined, rate({ kind: "state", name: "Texas", rate: "6.25" }), TEST_ADMIN);
  await saveJurisdiction(t.db, undefined, rate({ kind: "city", name: "Dallas", rate: "1", zips: "75207" }), TEST_ADMIN);
  await saveJurisdiction(
    t.db,
    undefined,
    rate({ kind: "transit", name: "Dallas MTA", rate: "1", zips: "75207, 75201" }),
    TEST_ADMIN,
  );
  // Fort Worth's own rates: a Texas seller sources local tax to its place of business, not here.
  await saveJurisdiction(
    t.db,
    undefined,
    rate({ kind: "city", name: "Fort Worth", rate: "1", zips: "76102" }),
    TEST_ADMIN,
  );
});

afterAll(async () => {
  await t.cleanup();
});

describe(`sales tax on ${process.env.DATABASE_URL ? "PostgreSQL" : "SQLite"}`, () => {
  it("taxes a Texas sale without a certificate at the store's Dallas rate, in the order's one total", async () => {
    const id = await order(buyer.addressId, [{ id: glass.id, quantity: 2 }]);
    // 200.10 × 6.25% = 12.50625 → 12.51; × 1% = 2.001 → 2.00 twice: 16.51.
    const money = await findOrderMoney(t.db, id);
    expect(money).toMatchObject({ goodsCents: 200_10, taxCents: 16_51, totalCents: 216_61 });
    expect(
      (await findOrderSalesTax(t.db, id)).map((r) => [r.jurisdictionName, r.taxableCents, r.exemptCents, r.taxCents]),
    ).toEqual([
      ["Texas", 200_10, 0, 12_51],
      ["Dallas", 200_10, 0, 2_00],
      ["Dallas MTA", 200_10, 0, 2_00],
    ]);
    // The bill (invoice, accountant's CSV) carries the tax and sums to the total.
    const bill = await billLines(t.db, id);
    expect(bill.lines.find((l) => l.sku === "SALES-TAX")?.unitPriceCents).toBe(16_51);
    expect(bill.lines.reduce((s, l) => s + l.unitPriceCents * l.quantity, 0)).toBe(money?.totalCents);
  });

  it("exempts the classes a verified certificate describes, and taxes the rest", async () => {
    const cert = await certificate(["kratom"]);
    const id = await order(buyer.addressId, [
      { id: glass.id, quantity: 1 },
      { id: kratom.id, quantity: 1 },
    ]);
    const rows = await t.db.selectFrom("order_line_tax").selectAll().where("order_id", "=", id).execute();
    const kratomRows = rows.filter((r) => Number(r.product_id) === kratom.id);
    expect(kratomRows.every((r) => r.exempt === 1 && Number(r.tax_cents) === 0 && r.certificate_id === cert)).toBe(
      true,
    );
    expect((await findOrderMoney(t.db, id))?.taxCents).toBe(6_25 + 1_00 + 1_00);
    await t.db.updateTable("resale_certificates").set({ status: "rejected" }).where("id", "=", cert).execute();
  });

  it("taxes the next order once a certificate is revoked, and never the orders before it", async () => {
    const cert = await certificate(["glass", "kratom"]);
    const exempt = await order(buyer.addressId, [{ id: glass.id, quantity: 1 }]);
    expect((await findOrderMoney(t.db, exempt))?.taxCents).toBe(0);
    const now = sqlNow(dialectOf(t.db));
    await t.db
      .updateTable("resale_certificates")
      .set({ status: "revoked", revoked_at: now, revoked_reason: "Permit closed" })
      .where("id", "=", cert)
      .execute();
    const taxed = await order(buyer.addressId, [{ id: glass.id, quantity: 1 }]);
    expect((await findOrderMoney(t.db, taxed))?.taxCents).toBe(8_25);
    // An admin's edit of the earlier order recomputes it as of its own sale: still exempt.
    await editOrder(
      t.db,
      exempt,
      { kind: "add", sku: kratom.sku, quantity: 1, seen: await linesSeen(t.db, exempt) },
      TEST_ADMIN,
    );
    expect(await findOrderMoney(t.db, exempt)).toMatchObject({ goodsCents: 140_05, taxCents: 0 });
    // And the taxed one's edit taxes its new line too.
    await editOrder(
      t.db,
      taxed,
      { kind: "add", sku: kratom.sku, quantity: 1, seen: await linesSeen(t.db, taxed) },
      TEST_ADMIN,
    );
    expect(await findOrderMoney(t.db, taxed)).toMatchObject({ goodsCents: 140_05, taxCents: 8_25 + 3_30 });
  });

  it("keeps an order exempt on edit when its certificate was revoked in the very millisecond it was placed", async () => {
    const cert = await certificate(["glass", "kratom"]);
    const exempt = await order(buyer.addressId, [{ id: glass.id, quantity: 1 }]);
    const placed = await t.db
      .selectFrom("orders")
      .select("created_at")
      .where("id", "=", exempt)
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable("resale_certificates")
      .set({ status: "revoked", revoked_at: placed.created_at, revoked_reason: "Permit closed" })
      .where("id", "=", cert)
      .execute();
    await editOrder(
      t.db,
      exempt,
      { kind: "add", sku: kratom.sku, quantity: 1, seen: await linesSeen(t.db, exempt) },
      TEST_ADMIN,
    );
    expect(await findOrderMoney(t.db, exempt)).toMatchObject({ goodsCents: 140_05, taxCents: 0 });
  });

  it("keeps a pending certificate out unless the state gives a grace", async () => {
    const cert = await certificate(["glass"], "pending");
    expect((await findOrderMoney(t.db, await order(buyer.addressId, [{ id: glass.id, quantity: 1 }])))?.taxCents).toBe(
      8_25,
    );
    await saveTaxState(
      t.db,
      taxStateSchema.parse({
        state: "TX",
        collects: "on",
        sourcing: "origin",
        originZip: "75207",
        pendingGraceDays: "14",
      }),
      TEST_ADMIN,
    );
    expect((await findOrderMoney(t.db, await order(buyer.addressId, [{ id: glass.id, quantity: 1 }])))?.taxCents).toBe(
      0,
    );
    await t.db.updateTable("resale_certificates").set({ status: "rejected" }).where("id", "=", cert).execute();
  });

  it("does not tax a sale to a state where the store does not collect", async () => {
    const id = await order(oklahoma, [{ id: glass.id, quantity: 1 }]);
    expect((await findOrderMoney(t.db, id))?.taxCents).toBe(0);
    expect(await findOrderSalesTax(t.db, id)).toEqual([]);
  });

  it("bills the tax when the order completes", async () => {
    const id = await order(buyer.addressId, [{ id: glass.id, quantity: 1 }]);
    await changeOrderStatus(t.db, id, { seen: "Processing", next: "Completed" }, TEST_ADMIN);
    const invoice = await t.db
      .selectFrom("invoices")
      .select(["id", "total_cents"])
      .where("order_id", "=", id)
      .executeTakeFirstOrThrow();
    expect(Number(invoice.total_cents)).toBe(100_05 + 8_25);
    const lines = await t.db
      .selectFrom("invoice_lines")
      .select(["sku", "unit_price_cents"])
      .where("invoice_id", "=", invoice.id)
      .execute();
    expect(lines.find((l) => l.sku === "SALES-TAX")?.unit_price_cents).toBe(8_25);
  });

  it("keeps rates as data: a rate of the same jurisdiction may not overlap another", async () => {
    await expect(
      saveJurisdiction(
        t.db,
        undefined,
        jurisdictionSchema.parse({
          state: "TX",
          kind: "state",
          name: "Texas",
          rate: "6.5",
          effectiveFrom: "2026-01-01",
        }),
        TEST_ADMIN,
      ),
    ).rejects.toThrow(TAX_MESSAGES.overlappingRate("Texas"));
    const texas = (await listJurisdictions(t.db, "TX")).find((j) => j.name === "Texas");
    expect(texas?.ratePpm).toBe(62_500);
    const parsed = jurisdictionSchema.safeParse({
      state: "TX",
      kind: "city",
      name: "Nowhere",
      rate: "21",
      effectiveFrom: "2026-01-01",
    });
    expect(parsed.success ? [] : parsed.error.issues.map((i) => i.message)).toEqual([TAX_MESSAGES.rateInvalid]);
    const noZips = jurisdictionSchema.safeParse({
      state: "TX",
      kind: "city",
      name: "Nowhere",
      rate: "1",
      effectiveFrom: "2026-01-01",
    });
    expect(noZips.success ? [] : noZips.error.issues.map((i) => i.message)).toEqual([TAX_MESSAGES.localNeedsZips]);
  });

  it("shows the cart the tax the order will charge, to the cent", async () => {
    const lines = [
      { id: glass.id, quantity: 3 },
      { id: kratom.id, quantity: 2 },
    ];
    const cart = await cartExcise(t.db, { userId: buyer.id, addressId: buyer.addressId, lines });
    const id = await order(buyer.addressId, lines);
    expect(cart.salesTaxCents).toBe((await findOrderMoney(t.db, id))?.taxCents);
    expect(cart.salesTaxCents).toBeGreaterThan(0);
  });

  it("reports the month's taxable and exempt sales by jurisdiction, with the certificates behind them", async () => {
    const cert = await certificate(["glass"]);
    const exempt = await order(buyer.addressId, [{ id: glass.id, quantity: 1 }]);
    const month = storeToday().slice(0, 7);
    const report = await salesTaxReport(t.db, month);
    // The report and the orders agree to the cent.
    const orders = await t.db
      .selectFrom("orders")
      .select(["tax_cents"])
      .where("status", "<>", "Cancelled")
      .where("user_id", "=", buyer.id)
      .execute();
    expect(report.totals.taxCents).toBe(orders.reduce((s, o) => s + Number(o.tax_cents), 0));
    expect(report.jurisdictions.map((j) => j.name).sort()).toEqual(["Dallas", "Dallas MTA", "Texas"]);
    const sale = report.exemptSales.find((s) => s.orderId === exempt);
    expect(sale).toMatchObject({ certificateId: cert, permitNumber: "32012345678", exemptCents: 100_05 });
    const csv = salesTaxCsv(report);
    expect(csv).toContain(`${month},jurisdiction,TX,Texas,,6.25%`);
    expect(csv).toContain(`exempt sale`);
    // The audit ZIP lists every exempt sale; a certificate whose document is gone is named as missing.
    const files = unzipSync(await salesTaxAuditZip(t.db, [month]));
    const listed = new TextDecoder().decode(files["exempt-sales.csv"]);
    expect(listed).toContain(`${exempt},`);
    expect(listed).toContain("document missing");
  });

  it("keeps whether an order was taxed as it was when placed, whatever the store collects when it is edited", async () => {
    const untaxed = await order(oklahoma, [{ id: glass.id, quantity: 1 }]);
    const taxed = await order(buyer.addressId, [{ id: glass.id, quantity: 1 }]);
    const texas = (on: boolean) =>
      taxStateSchema.parse({
        state: "TX",
        collects: on ? "on" : undefined,
        sourcing: "origin",
        originZip: "75207",
        pendingGraceDays: "0",
      });
    await saveTaxState(
      t.db,
      taxStateSchema.parse({ state: "OK", collects: "on", sourcing: "destination", pendingGraceDays: "0" }),
      TEST_ADMIN,
    );
    await saveJurisdiction(
      t.db,
      undefined,
      jurisdictionSchema.parse({
        state: "OK",
        kind: "state",
        name: "Oklahoma",
        rate: "4.5",
        effectiveFrom: "2020-01-01",
      }),
      TEST_ADMIN,
    );
    await saveTaxState(t.db, texas(false), TEST_ADMIN);
    for (const id of [untaxed, taxed])
      await editOrder(
        t.db,
        id,
        { kind: "add", sku: kratom.sku, quantity: 1, seen: await linesSeen(t.db, id) },
        TEST_ADMIN,
      );
    expect((await findOrderMoney(t.db, untaxed))?.taxCents).toBe(0);
    // Its glass is covered by the certificate of the report's test; its kratom is taxed: $40.00 × 8.25%.
    expect((await findOrderMoney(t.db, taxed))?.taxCents).toBe(3_30);
    await saveTaxState(t.db, texas(true), TEST_ADMIN);
  });
});

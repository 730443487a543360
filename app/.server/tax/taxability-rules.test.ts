import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertProduct } from "~/.server/catalog/product-writes";
import { saveProductCompliance } from "~/.server/compliance/facts";
import { editOrder } from "~/.server/flows/order-edit";
import { placeOrder } from "~/.server/flows/place-order";
import { addDays, storeToday } from "~/lib/business";
import * as TAX_MESSAGES from "~/lib/messages/sales-tax";
import { salesTaxCents } from "~/lib/sales-tax";
import { jurisdictionSchema, taxStateSchema } from "~/lib/schemas/sales-tax";
import { taxabilityRuleSchema } from "~/lib/schemas/sales-tax-rules";
import { TEST_ADMIN } from "../../../tests/support/actors";
import { customerWithAddress } from "../../../tests/support/customers";
import { linesSeen } from "../../../tests/support/orders";
import { setupTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { findOrderMoney } from "../orders/money";
import { saveJurisdiction, saveTaxState } from "./rates";
import { salesTaxReport } from "./report";
import { computeSalesTax } from "./sales-tax";
import { feeAnswersOn, TAXABILITY_RULES, TaxabilityRuleError } from "./taxability-rules";

let t: TestDatabase;
let buyer: { id: string; addressId: string };
let glass: { id: number; sku: string };
let kratom: { id: number; sku: string };

async function product(name: string, priceCents: number, productClass: "glass" | "kratom") {
  const sku = `RULE-${name}`;
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
      productClass,
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

async function order(lines: { id: number; quantity: number }[]) {
  const { order: placed } = await placeOrder(t.db, {
    userId: buyer.id,
    idempotencyKey: crypto.randomUUID(),
    addressId: buyer.addressId,
    lines,
  });
  return placed.id;
}

const rule = (fields: Record<string, string>) =>
  taxabilityRuleSchema.parse({
    state: "TX",
    subject: "products",
    verdict: "exempt",
    effectiveFrom: "2020-01-01",
    ...fields,
  });

beforeAll(async () => {
  t = await setupTestDatabase();
  buyer = await customerWithAddress(t.db, "rules@shop.test", { zip: "76102", city: "Fort Worth" });
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
    rate({ kind: "transit", name: "Dallas MTA", rate: "1", zips: "75207" }),
    TEST_ADMIN,
  );
});

afterAll(async () => {
  await t.cleanup();
});

describe(`sales-tax taxability rules on ${process.env.DATABASE_URL ? "PostgreSQL" : "SQLite"}`, () => {
  it("does not tax a class a rule in force exempts, and names the rule in the month's report", async () => {
    await TAXABILITY_RULES.create(t.db, rule({ name: "Kratom exempt in Texas", classes: "kratom" }), TEST_ADMIN);
    const id = await order([
      { id: glass.id, quantity: 1 },
      { id: kratom.id, quantity: 1 },
    ]);
    // Only the glass is taxed: 100.05 at 6.25% + 1% + 1% = 6.25 + 1.00 + 1.00.
    expect(await findOrderMoney(t.db, id)).toMatchObject({ goodsCents: 140_05, taxCents: 8_25 });
    const rows = await t.db.selectFrom("order_line_tax").selectAll().where("order_id", "=", id).execute();
    const exempt = rows.filter((r) => Number(r.product_id) === kratom.id);
    expect(exempt).toHaveLength(3);
    expect(
      exempt.every(
        (r) =>
          r.exempt === 1 && Number(r.tax_cents) === 0 && r.rule_name === "Kratom exempt in Texas" && !r.certificate_id,
      ),
    ).toBe(true);
    const report = await salesTaxReport(t.db, storeToday().slice(0, 7));
    expect(report.exemptSales.find((s) => s.orderId === id)).toMatchObject({
      ruleName: "Kratom exempt in Texas",
      certificateId: null,
      exemptCents: 40_00,
    });
  });

  it("refuses a rule that contradicts an enabled one, with its message", async () => {
    const contradicting = rule({ name: "Kratom taxed", classes: "kratom", verdict: "taxable" });
    const refused = await TAXABILITY_RULES.create(t.db, contradicting, TEST_ADMIN).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(TaxabilityRuleError);
    expect((refused as Error).message).toBe(TAX_MESSAGES.taxabilityRuleContradicts("Kratom exempt in Texas"));
    // Other days, or another class, say nothing against it.
    const later = await TAXABILITY_RULES.create(
      t.db,
      rule({ name: "Glass taxed", classes: "glass", verdict: "taxable" }),
      TEST_ADMIN,
    );
    expect(later.verdict).toBe("taxable");
    await TAXABILITY_RULES.setEnabled(t.db, later.id, false, TEST_ADMIN);
    const audit = await t.db
      .selectFrom("audit_log")
      .select("action")
      .where("subject_type", "=", "sales-tax-rule")
      .orderBy("id")
      .execute();
    expect(audit.map((a) => a.action)).toEqual(["sales-tax-rule.add", "sales-tax-rule.add", "sales-tax-rule.disable"]);
  });

  it("respects a rule's days: a rule from tomorrow does not exempt today's sale", async () => {
    const tomorrow = addDays(storeToday(), 1);
    const glassRule = await TAXABILITY_RULES.create(
      t.db,
      rule({ name: "Glass exempt from tomorrow", classes: "glass", effectiveFrom: tomorrow }),
      TEST_ADMIN,
    );
    expect((await findOrderMoney(t.db, await order([{ id: glass.id, quantity: 1 }])))?.taxCents).toBe(8_25);
    const sale = {
      userId: buyer.id,
      destination: { state: "TX", zip: "76102" },
      lines: [{ position: 0, productId: glass.id, productClass: "glass", goodsCents: 100_05, exciseCents: 0 }],
      deliveryCents: 0,
    };
    const inTwoDays = new Date(Date.now() + 2 * 86_400_000).toISOString();
    expect(salesTaxCents(await computeSalesTax(t.db, { ...sale, at: inTwoDays }))).toBe(0);
    await TAXABILITY_RULES.setEnabled(t.db, glassRule.id, false, TEST_ADMIN);
    expect(salesTaxCents(await computeSalesTax(t.db, { ...sale, at: inTwoDays }))).toBe(8_25);
  });

  it("taxes the delivery fee and the excise only where a rule says they are taxable", async () => {
    const sale = {
      userId: buyer.id,
      destination: { state: "TX", zip: "76102" },
      lines: [{ position: 0, productId: glass.id, productClass: "glass", goodsCents: 100_00, exciseCents: 10_00 }],
      deliveryCents: 20_00,
    };
    // No fee rule: the goods alone, 100.00 at 8.25%.
    expect(salesTaxCents(await computeSalesTax(t.db, sale))).toBe(8_25);
    const fees = { all: "on", effectiveFrom: "2020-01-01" };
    await TAXABILITY_RULES.create(
      t.db,
      rule({ ...fees, name: "Delivery taxable", subject: "delivery", verdict: "taxable" }),
      TEST_ADMIN,
    );
    // The fee too: 20.00 at 6.25% + 1% + 1% = 1.25 + 0.20 + 0.20.
    expect(salesTaxCents(await computeSalesTax(t.db, sale))).toBe(8_25 + 1_65);
    const excise = await TAXABILITY_RULES.create(
      t.db,
      rule({ ...fees, name: "Excise taxable", subject: "excise", verdict: "taxable" }),
      TEST_ADMIN,
    );
    expect(excise.scope).toEqual({ all: true });
    // The line's price with its excise: 110.00 → 6.88 + 1.10 + 1.10.
    expect(salesTaxCents(await computeSalesTax(t.db, sale))).toBe(9_08 + 1_65);
    // A fee's opposite verdict on the same days is a contradiction.
    await expect(
      TAXABILITY_RULES.create(t.db, rule({ ...fees, name: "Excise not taxable", subject: "excise" }), TEST_ADMIN),
    ).rejects.toThrow(TAX_MESSAGES.taxabilityRuleContradicts("Excise taxable"));
    expect((await feeAnswersOn(t.db, storeToday())).TX).toEqual({ delivery: true, excise: true });
    await TAXABILITY_RULES.setEnabled(t.db, excise.id, false, TEST_ADMIN);
    expect(salesTaxCents(await computeSalesTax(t.db, sale))).toBe(8_25 + 1_65);
    // The states page says so: today, Texas taxes the delivery fee and not the excise.
    expect((await feeAnswersOn(t.db, storeToday())).TX).toEqual({ delivery: true, excise: false });
    expect((await feeAnswersOn(t.db, "2019-12-31")).TX).toEqual({ delivery: false, excise: false });
  });

  it("keeps a past order's tax after the rule changes, even when an admin edits the order", async () => {
    const past = await order([{ id: kratom.id, quantity: 1 }]);
    expect((await findOrderMoney(t.db, past))?.taxCents).toBe(0);
    const kratomRule = (await TAXABILITY_RULES.list(t.db)).find((r) => r.name === "Kratom exempt in Texas");
    if (!kratomRule) throw new Error("the kratom rule is listed");
    await TAXABILITY_RULES.setEnabled(t.db, kratomRule.id, false, TEST_ADMIN);
    // The next order is taxed: 40.00 at 8.25%.
    expect((await findOrderMoney(t.db, await order([{ id: kratom.id, quantity: 1 }])))?.taxCents).toBe(3_30);
    expect((await findOrderMoney(t.db, past))?.taxCents).toBe(0);
    // An edit recomputes the past order: its kratom stays exempt, the glass added is taxed.
    await editOrder(
      t.db,
      past,
      { kind: "add", sku: glass.sku, quantity: 1, seen: await linesSeen(t.db, past) },
      TEST_ADMIN,
    );
    expect(await findOrderMoney(t.db, past)).toMatchObject({ goodsCents: 140_05, taxCents: 8_25 });
    const kept = await t.db
      .selectFrom("order_line_tax")
      .select(["rule_name", "tax_cents"])
      .where("order_id", "=", past)
      .where("product_id", "=", kratom.id)
      .execute();
    expect(kept.every((r) => r.rule_name === "Kratom exempt in Texas" && Number(r.tax_cents) === 0)).toBe(true);
  });
});

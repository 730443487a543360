import crypto from "node:crypto";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertProduct } from "~/.server/catalog/product-writes";
import { saveProductCompliance } from "~/.server/compliance/facts";
import { cartExcise } from "~/.server/flows/cart-excise";
import { findOrderDocument } from "~/.server/flows/order-documents";
import { editOrder } from "~/.server/flows/order-edit";
import { placeOrder } from "~/.server/flows/place-order";
import { invoicePdf } from "~/.server/orders/documents";
import * as MESSAGES from "~/lib/messages";
import * as EXCISE_MESSAGES from "~/lib/messages/excise";
import { taxRuleSchema } from "~/lib/schemas/excise";
import { TEST_ADMIN } from "../../../tests/support/actors";
import { customerWithAddress } from "../../../tests/support/customers";
import { linesSeen } from "../../../tests/support/orders";
import { setupTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { moneyTextLines } from "../orders/money";
import { findOrderExcise } from "./orders";
import { exciseCsv, exciseReport } from "./report";
import { createExciseRule, ExciseRuleError, listExciseRules, setExciseRuleEnabled, updateExciseRule } from "./rules";

let t: TestDatabase;
let la: { id: string; addressId: string };
let ky: { id: string; addressId: string };
let n = 0;

async function vape(
  priceCents: number,
  facts: { ml: number | null; cartridges: number | null; system: "open" | "closed" },
) {
  const sku = `EX-${++n}`;
  const id = await insertProduct(
    t.db,
    { sku, name: `Vape ${n}`, description: "", priceCents, stock: 100_000, category: "disposable-vapes" },
    [],
  );
  await saveProductCompliance(
    t.db,
    id,
    {
      brand: "Test Brand",
      productClass: "nicotine-vape",
      flavorClass: "tobacco",
      nicotineMgMl: 50,
      country: "US",
      upc: null,
      thcMg: null,
      sevenOhPercent: null,
      mlPerUnit: facts.ml,
      cartridgesPerUnit: facts.cartridges,
      vapeSystem: facts.system,
      containsNicotine: true,
    },
    TEST_ADMIN,
  );
  return { id, sku };
}

const rule = (fields: Record<string, string>) =>
  taxRuleSchema.parse({
    effectiveFrom: "2025-01-01",
    owedBy: "store",
    classes: "nicotine-vape",
    wording: `${fields.name} wording`,
    ...fields,
  });

async function order(buyer: { id: string; addressId: string }, lines: { id: number; quantity: number }[]) {
  const { order: placed } = await placeOrder(t.db, {
    userId: buyer.id,
    idempotencyKey: crypto.randomUUID(),
    addressId: buyer.addressId,
    lines,
  });
  return placed;
}

beforeAll(async () => {
  t = await setupTestDatabase();
  la = await customerWithAddress(t.db, "la-excise@test.invalid", {
    state: "LA",
    zip: "70112",
    city: "New Orleans",
  });
  ky = await customerWithAddress(t.db, "ky-excise@test.invalid", { state: "KY", zip: "40202", city: "Louisville" });
  await createExciseRule(t.db, rule({ name: "LA per ml", state: "LA", method: "per-ml", rate: "0.15" }), TEST_ADMIN);
  await createExciseRule(
    t.db,
    rule({ name: "KY closed", state: "KY", method: "per-unit", rate: "1.50", systems: "closed" }),
    TEST_ADMIN,
  );
  await createExciseRule(
    t.db,
    rule({ name: "KY open", state: "KY", method: "percent", rate: "15", systems: "open", owedBy: "buyer" }),
    TEST_ADMIN,
  );
});

afterAll(async () => {
  await t.cleanup();
});

describe(`excise on ${process.env.DATABASE_URL ? "PostgreSQL" : "SQLite"}`, () => {
  it("refuses a rule that taxes the same products, state and dates twice, and changes nothing", async () => {
    const before = await listExciseRules(t.db);
    const clash = createExciseRule(
      t.db,
      rule({ name: "LA again", state: "LA", method: "percent", rate: "5" }),
      TEST_ADMIN,
    );
    await expect(clash).rejects.toBeInstanceOf(ExciseRuleError);
    await expect(clash).rejects.toThrow(EXCISE_MESSAGES.taxRuleContradicts("LA per ml"));
    expect(await listExciseRules(t.db)).toEqual(before);
    // Dates apart: no contradiction.
    const later = await createExciseRule(
      t.db,
      rule({
        name: "LA old",
        state: "LA",
        method: "per-ml",
        rate: "0.05",
        effectiveFrom: "2020-01-01",
        effectiveUntil: "2024-12-31",
      }),
      TEST_ADMIN,
    );
    // Widening it over the current one is refused, disabling then enabling a clash is refused.
    await expect(
      updateExciseRule(
        t.db,
        later.id,
        rule({ name: "LA old", state: "LA", method: "per-ml", rate: "0.05", effectiveFrom: "2020-01-01" }),
        null,
        TEST_ADMIN,
      ),
    ).rejects.toBeInstanceOf(ExciseRuleError);
    await setExciseRuleEnabled(t.db, later.id, false, TEST_ADMIN);
  });

  it("refuses bad input with a message on the field", () => {
    const bad = taxRuleSchema.safeParse({
      name: "",
      state: "ZZ",
      method: "percent",
      rate: "150",
      effectiveFrom: "2026-02-01",
      effectiveUntil: "2026-01-01",
      owedBy: "store",
      wording: "",
    });
    expect(bad.success).toBe(false);
    const byField = Object.fromEntries((bad.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));
    expect(byField).toMatchObject({
      name: EXCISE_MESSAGES.taxNameRequired,
      state: EXCISE_MESSAGES.taxStateUnknown,
      wording: EXCISE_MESSAGES.taxWordingRequired,
    });
    expect(
      taxRuleSchema.safeParse({
        name: "x",
        state: "LA",
        method: "percent",
        rate: "150",
        effectiveFrom: "2026-01-01",
        owedBy: "store",
        wording: "w",
        all: "on",
      }).error?.issues[0]?.message,
    ).toBe(EXCISE_MESSAGES.taxRatePercentTooHigh);
    expect(
      taxRuleSchema.safeParse({
        name: "x",
        state: "LA",
        method: "per-ml",
        rate: "-1",
        effectiveFrom: "2026-01-01",
        owedBy: "store",
        wording: "w",
        all: "on",
      }).error?.issues[0]?.message,
    ).toBe(EXCISE_MESSAGES.taxRateFormat);
    expect(
      taxRuleSchema.safeParse({
        name: "x",
        state: "LA",
        method: "per-ml",
        rate: "101",
        effectiveFrom: "2026-01-01",
        owedBy: "store",
        wording: "w",
        all: "on",
      }).error?.issues[0]?.message,
    ).toBe(EXCISE_MESSAGES.taxRateMoneyTooHigh);
    expect(
      taxRuleSchema.safeParse({
        name: "x",
        state: "LA",
        method: "per-ml",
        rate: "1",
        effectiveFrom: "2026-01-01",
        owedBy: "store",
        wording: "w",
      }).error?.issues[0]?.message,
    ).toBe(EXCISE_MESSAGES.taxScopeEmpty);
    expect(
      taxRuleSchema.safeParse({
        name: "x",
        state: "LA",
        method: "per-ml",
        rate: "1",
        effectiveFrom: "2026-02-01",
        effectiveUntil: "2026-01-01",
        owedBy: "store",
        wording: "w",
        all: "on",
      }).error?.issues[0]?.message,
    ).toBe(MESSAGES.ruleEndBeforeStart);
  });

  it("shows a Louisiana cart's per-ml tax, stores it with the order, and prints it on the invoice", async () => {
    const p = await vape(8_000, { ml: 120, cartridges: 10, system: "closed" });
    const cart = await cartExcise(t.db, { userId: la.id, addressId: null, lines: [{ id: p.id, quantity: 2 }] });
    // 2 × 120 ml × $0.15 = $36.00
    expect(cart).toMatchObject({
      state: "LA",
      collectedCents: 3600,
      lines: [{ wording: "LA per ml wording", amountCents: 3600 }],
    });
    const placed = await order(la, [{ id: p.id, quantity: 2 }]);
    expect(await findOrderExcise(t.db, placed.id)).toMatchObject({ collectedCents: 3600 });
    const doc = await findOrderDocument(t.db, placed.id, { id: la.id, role: "customer" });
    // The order owes the tax: its one total, and every document's lines above it (issue 36).
    expect(placed.money).toEqual({
      goodsCents: 16000,
      exciseCents: 3600,
      deliveryCents: 0,
      taxCents: 0,
      totalCents: 19600,
    });
    expect(moneyTextLines(doc?.order.money ?? placed.money, doc?.order.excise)).toEqual([
      "Subtotal: $160.00",
      "LA per ml wording: $36.00",
      "Total: $196.00",
    ]);
    expect((await invoicePdf(doc as NonNullable<typeof doc>)).length).toBeGreaterThan(1000);
    // The confirmation mail carries the tax and the total with it.
    const mail = await t.db
      .selectFrom("jobs")
      .select("payload")
      .where("payload", "like", `%Order #${placed.id}%`)
      .execute();
    expect(
      mail.some(
        (m) => String(m.payload).includes("LA per ml wording: $36.00") && String(m.payload).includes("$196.00"),
      ),
    ).toBe(true);
  });

  it("keeps an order's excise when a rule changes later, and recomputes it when an admin edits the order", async () => {
    const p = await vape(1_000, { ml: 10, cartridges: 1, system: "closed" });
    const placed = await order(la, [{ id: p.id, quantity: 3 }]);
    expect((await findOrderExcise(t.db, placed.id)).collectedCents).toBe(450);
    const [laRule] = (await listExciseRules(t.db)).filter((r) => r.name === "LA per ml");
    await updateExciseRule(
      t.db,
      laRule?.id ?? 0,
      rule({ name: "LA per ml", state: "LA", method: "per-ml", rate: "0.20" }),
      null,
      TEST_ADMIN,
    );
    expect((await findOrderExcise(t.db, placed.id)).collectedCents).toBe(450);
    await editOrder(
      t.db,
      placed.id,
      { kind: "add", sku: p.sku, quantity: 1, seen: await linesSeen(t.db, placed.id) },
      TEST_ADMIN,
    );
    // The edit recomputes with the rules as they are now for the order's lines: 4 × 10 ml × $0.20.
    expect((await findOrderExcise(t.db, placed.id)).collectedCents).toBe(800);
    await updateExciseRule(
      t.db,
      laRule?.id ?? 0,
      rule({ name: "LA per ml", state: "LA", method: "per-ml", rate: "0.15" }),
      null,
      TEST_ADMIN,
    );
  });

  it("taxes Kentucky closed cartridges for the store and open systems for the buyer (not in the total)", async () => {
    const closed = await vape(5_000, { ml: 50, cartridges: 5, system: "closed" });
    const open = await vape(1_999, { ml: 30, cartridges: null, system: "open" });
    const placed = await order(ky, [
      { id: closed.id, quantity: 2 },
      { id: open.id, quantity: 1 },
    ]);
    const excise = await findOrderExcise(t.db, placed.id);
    expect(excise.lines.map((l) => [l.wording, l.owedBy, l.amountCents])).toEqual([
      ["KY closed wording", "store", 1500],
      ["KY open wording", "buyer", 300],
    ]);
    expect(excise.collectedCents).toBe(1500);
  });

  it("makes the orders, the report and its CSV agree to the cent over random carts", async () => {
    const products = [
      await vape(1_234, { ml: 7.5, cartridges: 3, system: "closed" }),
      await vape(999, { ml: 0.7, cartridges: 1, system: "closed" }),
      await vape(4_321, { ml: 60, cartridges: null, system: "open" }),
    ];
    const month = new Date().toISOString().slice(0, 7);
    const before = await exciseReport(t.db, month);
    const taxOf = (states: typeof before) => Object.fromEntries(states.map((s) => [s.state, s.total.taxCents]));
    const start = taxOf(before);
    const placedTax: Record<string, number> = {};
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ p: fc.integer({ min: 0, max: 2 }), q: fc.integer({ min: 1, max: 40 }) }), {
          minLength: 1,
          maxLength: 4,
        }),
        fc.boolean(),
        async (cart, toKy) => {
          const buyer = toKy ? ky : la;
          const lines = cart.map((c) => ({ id: (products[c.p] as { id: number }).id, quantity: c.q }));
          const quoted = await cartExcise(t.db, { userId: buyer.id, addressId: buyer.addressId, lines });
          const placed = await order(buyer, lines);
          const stored = await findOrderExcise(t.db, placed.id);
          const all = (xs: { amountCents: number }[]) => xs.reduce((s, x) => s + x.amountCents, 0);
          // What the cart showed is what the order stored.
          expect(all(stored.lines)).toBe(all(quoted.lines));
          expect(stored.collectedCents).toBe(quoted.collectedCents);
          const state = toKy ? "KY" : "LA";
          placedTax[state] = (placedTax[state] ?? 0) + all(stored.lines);
        },
      ),
      { numRuns: 15 },
    );
    const after = await exciseReport(t.db, month);
    for (const s of after) {
      expect(s.total.taxCents - (start[s.state] ?? 0)).toBe(placedTax[s.state] ?? 0);
      expect(s.rows.reduce((sum, r) => sum + r.taxCents, 0)).toBe(s.total.taxCents);
    }
    // The CSV's total rows carry the same cents.
    const csv = exciseCsv(month, after);
    for (const s of after) {
      const total = csv.split("\n").find((line) => line.startsWith(`${month},${s.state},TOTAL`));
      expect(total?.split(",").at(-1)).toBe((s.total.taxCents / 100).toFixed(2));
    }
  });
});

import crypto from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as MESSAGES from "~/lib/messages";
import { type ProductScope, scopeCovers } from "~/lib/rule-book/scope";
import { type RuleInput, ruleSchema } from "~/lib/schemas/compliance";
import { TEST_ADMIN } from "../../../tests/support/actors";
import { customerWithAddress } from "../../../tests/support/customers";
import { setupTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { createLine } from "../catalog/lines";
import { insertProduct } from "../catalog/product-writes";
import { variantFilters } from "../catalog/variant-filters-sql";
import { dialectOf } from "../db/connect";
import { OrderRefusedError, placeOrder } from "../flows/place-order";
import { checkProducts } from "./check";
import { loadCatalogFacts, saveProductCompliance } from "./facts";
import { cartCompliance, productNotes } from "./for-buyer";
import { resetRuleCacheForTests } from "./rule-cache";
import { createRule, RuleError } from "./rules";
import { testSale } from "./test-sale";

/**
 * Rules that target variants (issue 38) on the database the run is on: a flavor ban that spares
 * tobacco and menthol, a nicotine cap, each decided per variant of a line — in the notes a buyer
 * reads, the cart, the order, the admin's "test a sale" and the contradiction check — and the same
 * decisions as SQL (variant-filters-sql.ts) for listings that filter in the database.
 */
const ON = process.env.DATABASE_URL ? "PostgreSQL" : "SQLite";
let t: TestDatabase;
let buyer: string;
let boston: string;
const v: Record<string, number> = {};

function input(fields: Record<string, string | undefined>): RuleInput {
  const parsed = ruleSchema.safeParse({
    name: "Massachusetts flavor ban",
    states: "MA",
    effectiveFrom: "2025-01-01",
    effect: "block",
    reason: "Flavored vapes cannot be shipped to {state}.",
    label: "flavor ban",
    ...fields,
  });
  if (!parsed.success) throw new Error(JSON.stringify(parsed.error.issues));
  return parsed.data;
}

const FLAVOR_BAN = { optionName: "Flavor", optionExcept: "except", optionValues: "Tobacco, Menthol" };

async function variant(line: number, flavor: string, strength: string, nicotineMgMl: number) {
  const id = await insertProduct(
    t.db,
    {
      sku: `CLOUD-${crypto.randomUUID().slice(0, 8)}`,
      name: `Cloud Bar ${flavor} ${strength}`,
      description: "",
      priceCents: 12_00,
      stock: 100,
      category: "disposable-vapes",
      line: { id: line, options: [flavor, strength], position: Object.keys(v).length, priceApart: false },
    },
    [],
  );
  await saveProductCompliance(
    t.db,
    id,
    {
      brand: "Cloud",
      productClass: "nicotine-vape",
      flavorClass: null,
      nicotineMgMl,
      country: null,
      upc: null,
      thcMg: null,
      sevenOhPercent: null,
    },
    TEST_ADMIN,
  );
  return id;
}

beforeAll(async () => {
  t = await setupTestDatabase();
  const line = await createLine(t.db, {
    name: "Cloud Bar",
    description: "",
    category: "disposable-vapes",
    optionNames: ["Flavor", "Nicotine"],
  });
  v.tobacco = await variant(line, "Tobacco", "50 mg", 50);
  v.menthol = await variant(line, "Menthol", "50 mg", 50);
  v.mango = await variant(line, "Mango", "50 mg", 50);
  v.mangoLight = await variant(line, "Mango", "20 mg", 20);
  v.tobaccoLight = await variant(line, "Tobacco", "20 mg", 20);
  // A product of its own line, without options: no flavor to ban.
  v.glass = await insertProduct(
    t.db,
    { sku: "PIPE-1", name: "Glass Pipe", description: "", priceCents: 9_00, stock: 10, category: "glass" },
    [],
  );
  const customer = await customerWithAddress(t.db, "boston@shop.test", { state: "MA", zip: "02108", city: "Boston" });
  buyer = customer.id;
  boston = customer.addressId;
});

afterAll(async () => {
  await t.cleanup();
});

beforeEach(async () => {
  await t.db.deleteFrom("compliance_rules").execute();
  resetRuleCacheForTests();
});

const ids = () => Object.values(v);

describe(`rules by variant on ${ON}`, () => {
  it("a flavor ban sparing tobacco and menthol refuses the other flavors, each variant on its own", async () => {
    await createRule(t.db, input(FLAVOR_BAN), TEST_ADMIN);
    const verdicts = await checkProducts(t.db, {
      userId: buyer,
      destination: { state: "MA", zip: "02108", addressId: boston },
      productIds: ids(),
    });
    const outcome = (id: number | undefined) => verdicts.get(id ?? 0)?.outcome;
    expect(outcome(v.mango)).toBe("blocked");
    expect(outcome(v.mangoLight)).toBe("blocked");
    expect(outcome(v.tobacco)).toBe("allowed");
    expect(outcome(v.menthol)).toBe("allowed");
    expect(outcome(v.glass)).toBe("allowed");
    // The grid's cells and the cards read these notes: the forbidden flavors say why.
    const notes = await productNotes(t.db, buyer, ids());
    expect(notes.get(v.mango ?? 0)?.text).toBe(MESSAGES.notAvailableFor("Massachusetts", "flavor ban"));
    expect(notes.has(v.tobacco ?? 0)).toBe(false);
  });

  it("the cart and the order refuse a banned flavor and take tobacco", async () => {
    await createRule(t.db, input(FLAVOR_BAN), TEST_ADMIN);
    const cart = await cartCompliance(t.db, buyer, boston, [v.mango ?? 0, v.tobacco ?? 0]);
    expect(cart.get(v.mango ?? 0)?.reason).toBe("Flavored vapes cannot be shipped to Massachusetts.");
    expect(cart.has(v.tobacco ?? 0)).toBe(false);
    const refused = await placeOrder(t.db, {
      userId: buyer,
      idempotencyKey: crypto.randomUUID(),
      addressId: boston,
      lines: [
        { id: v.tobacco ?? 0, quantity: 2 },
        { id: v.mango ?? 0, quantity: 2 },
      ],
    }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(OrderRefusedError);
    expect((refused as Error).message).toBe(
      "Cloud Bar Mango 50 mg: Flavored vapes cannot be shipped to Massachusetts.",
    );
    const { order } = await placeOrder(t.db, {
      userId: buyer,
      idempotencyKey: crypto.randomUUID(),
      addressId: boston,
      lines: [{ id: v.tobacco ?? 0, quantity: 2 }],
    });
    expect(order.items.map((i) => i.productId)).toEqual([v.tobacco]);
  });

  it("a nicotine cap refuses the stronger variants of every flavor", async () => {
    await createRule(
      t.db,
      input({
        name: "Nicotine cap",
        nicotineAboveMgMl: "20",
        reason: "Over 20 mg/mL nicotine.",
        label: "nicotine cap",
      }),
      TEST_ADMIN,
    );
    const verdicts = await checkProducts(t.db, {
      userId: buyer,
      destination: { state: "MA", zip: "02108", addressId: boston },
      productIds: ids(),
    });
    const blocked = ids().filter((id) => verdicts.get(id)?.outcome === "blocked");
    expect(blocked.sort()).toEqual([v.tobacco, v.menthol, v.mango].sort());
  });

  it("the admin's test of a sale decides by the variant's flavor", async () => {
    await createRule(t.db, input(FLAVOR_BAN), TEST_ADMIN);
    const test = (productId: number | undefined) =>
      testSale(t.db, { productId: productId ?? 0, product: "", state: "MA", zip: "02108", customer: "", date: "" });
    const mango = await test(v.mango);
    expect(mango.ok && mango.result.outcome).toBe("blocked");
    expect(mango.ok && mango.result.reason).toBe("Flavored vapes cannot be shipped to Massachusetts.");
    const tobacco = await test(v.tobacco);
    expect(tobacco.ok && tobacco.result.outcome).toBe("allowed");
  });

  it("refuses a tobacco ban over a tobacco license rule, not a flavor ban that spares tobacco", async () => {
    await createRule(
      t.db,
      input({
        name: "Tobacco license",
        optionName: "Flavor",
        optionValues: "Tobacco",
        effect: "require-license",
        licenseType: "state-tobacco-vape",
      }),
      TEST_ADMIN,
    );
    await createRule(t.db, input(FLAVOR_BAN), TEST_ADMIN);
    const refused = await createRule(
      t.db,
      input({ name: "Tobacco ban", optionName: "flavor", optionValues: "TOBACCO" }),
      TEST_ADMIN,
    ).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(RuleError);
    expect((refused as Error).message).toBe(MESSAGES.ruleContradicts("Tobacco license"));
  });

  it("the SQL of the variant filters covers the products scopeCovers covers", async () => {
    const catalog = await loadCatalogFacts(t.db);
    const dialect = dialectOf(t.db);
    const scopes: ProductScope[] = [
      { option: { name: "Flavor", values: ["Tobacco", "Menthol"], except: true } },
      { option: { name: " flavor ", values: ["mango "], except: false } },
      { option: { name: "Nicotine", values: ["20 mg"], except: false } },
      { option: { name: "Strength", values: ["x"], except: true } },
      { nicotineAboveMgMl: 20 },
      { nicotineAboveMgMl: 0 },
    ];
    for (const scope of scopes) {
      const filters = variantFilters(dialect);
      const condition = scope.option
        ? filters.option(scope.option)
        : filters.nicotineAboveMgMl(scope.nicotineAboveMgMl ?? 0);
      const rows = await sql<{
        id: number;
      }>`select v.id from products v left join product_compliance c on c.product_id = v.id where ${condition} order by v.id`.execute(
        t.db,
      );
      const expected = catalog.filter((p) => scopeCovers(scope, p)).map((p) => p.id);
      expect(
        rows.rows.map((r) => Number(r.id)),
        JSON.stringify(scope),
      ).toEqual(expected);
    }
  });
});

import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Refusal, soldUnder } from "~/lib/compliance/sold-here";
import { FLAVOR_CLASS_VALUES, PRODUCT_CLASS_VALUES } from "~/lib/compliance/vocabulary";
import type { ProductScope } from "~/lib/rule-book/scope";
import { TEST_ADMIN } from "../../../tests/support/actors";
import { setupTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { loadCatalogFacts, saveProductCompliance } from "../compliance/facts";
import { dialectOf } from "../db/connect";
import { createLine } from "./lines";
import { insertProduct } from "./product-writes";
import { soldProductIdsSql } from "./sold-here";

/**
 * "Sold to my address" (issue 38) filters a listing in SQL. Invariant: for every set of refusals,
 * the products the SQL keeps are exactly those soldUnder (the same decision evaluateSale takes)
 * keeps, over facts as loadFacts reads them, on the database the run is on. Products without a
 * compliance row, brands in another case and unknown facts are in the catalog on purpose.
 */
const ON = process.env.DATABASE_URL ? "PostgreSQL" : "SQLite";
let t: TestDatabase;
const productIds: number[] = [];

const CATEGORIES = ["disposable-vapes", "kratom", "glass"] as const;
const BRANDS = ["Vaporlux", "cloud king", "Geek Bar"] as const;
const COUNTRIES = ["US", "CN"] as const;
const STATES = ["TX", "LA"] as const;

beforeAll(async () => {
  t = await setupTestDatabase();
  const rand = fc.sample(
    fc.record({
      category: fc.constantFrom(...CATEGORIES),
      // A variant of a line with Flavor and Nicotine options (values in any case), or a line of its own.
      flavor: fc.option(fc.constantFrom("Tobacco", "menthol ", "Mango", "Piña Colada", "CRÈME BRÛLÉE", "")),
      facts: fc.option(
        fc.record({
          brand: fc.option(fc.constantFrom(...BRANDS, "VAPORLUX ", "Cloud King")),
          productClass: fc.option(fc.constantFrom(...PRODUCT_CLASS_VALUES)),
          flavorClass: fc.option(fc.constantFrom(...FLAVOR_CLASS_VALUES)),
          country: fc.option(fc.constantFrom(...COUNTRIES)),
          thcMg: fc.option(fc.constantFrom(0, 0.3, 5, 12.5)),
          nicotineMgMl: fc.option(fc.constantFrom(20, 35, 50)),
          directoryStates: fc.subarray([...STATES]),
        }),
      ),
    }),
    { numRuns: 40, seed: 38 },
  );
  for (const [i, p] of rand.entries()) {
    const line =
      p.flavor === null
        ? undefined
        : {
            id: await createLine(t.db, {
              name: `Sold line ${i}`,
              description: "",
              category: p.category,
              optionNames: i % 2 ? ["Flavor", "Nicotine"] : ["nicotine", " FLAVOR"],
            }),
            options: i % 2 ? [p.flavor, `${i}mg`] : [`${i}mg`, p.flavor],
            position: 0,
          };
    const id = await insertProduct(
      t.db,
      {
        sku: `SOLD-${i}`,
        name: `Sold ${i}`,
        description: "",
        priceCents: 100,
        stock: 1,
        category: p.category,
        ...(line ? { line } : {}),
      },
      [],
    );
    productIds.push(id);
    if (p.facts) await saveProductCompliance(t.db, id, { ...p.facts, upc: null, sevenOhPercent: null }, TEST_ADMIN);
  }
});

afterAll(async () => {
  await t.cleanup();
});

const scopeArb: fc.Arbitrary<ProductScope> = fc
  .record(
    {
      all: fc.boolean(),
      classes: fc.subarray([...PRODUCT_CLASS_VALUES], { minLength: 1 }),
      flavors: fc.subarray([...FLAVOR_CLASS_VALUES], { minLength: 1 }),
      categories: fc.subarray([...CATEGORIES, "novelty"], { minLength: 1 }),
      brands: fc.subarray(["vaporlux", "Cloud King", "Nobody"], { minLength: 1 }),
      countries: fc.subarray([...COUNTRIES, "MX"], { minLength: 1 }),
      productIds: fc.constant([] as number[]),
      minThcMg: fc.constantFrom(0, 0.3, 10),
      nicotineAboveMgMl: fc.constantFrom(0, 20, 40),
      option: fc.record({
        name: fc.constantFrom("Flavor", "flavor ", "Nicotine", "Size"),
        values: fc.subarray(["tobacco", "Menthol", "Mango", "1mg", "Grape", "PIÑA COLADA", "crème brûlée"]),
        except: fc.boolean(),
      }),
    },
    { requiredKeys: [] },
  )
  .chain((scope) =>
    scope.productIds
      ? fc.subarray(productIds, { minLength: 1, maxLength: 5 }).map((ids) => ({ ...scope, productIds: ids }))
      : fc.constant(scope),
  );

const refusalArb: fc.Arbitrary<Refusal> = fc.record({
  scope: scopeArb,
  unlessListedIn: fc.constantFrom(null, ...STATES),
});

describe(`sold to my address on ${ON}`, () => {
  it("keeps in SQL exactly the products the rules' own decision keeps", async () => {
    const facts = await loadCatalogFacts(t.db);
    expect(facts.length).toBe(productIds.length);
    await fc.assert(
      fc.asyncProperty(fc.array(refusalArb, { maxLength: 3 }), async (refusals) => {
        const expected = facts.filter((p) => soldUnder(refusals, p)).map((p) => p.id);
        const rows = (await soldProductIdsSql(refusals, dialectOf(t.db)).execute(t.db)).rows.map((r) => Number(r.id));
        expect(rows.sort((a, b) => a - b)).toEqual(expected.sort((a, b) => a - b));
      }),
      { numRuns: 150, seed: 3838 },
    );
  });

  it("keeps everything when nothing is refused, and nothing when everything is", async () => {
    expect((await soldProductIdsSql([], dialectOf(t.db)).execute(t.db)).rows.length).toBe(productIds.length);
    expect(
      (await soldProductIdsSql([{ scope: { all: true }, unlessListedIn: null }], dialectOf(t.db)).execute(t.db)).rows,
    ).toEqual([]);
  });
});
